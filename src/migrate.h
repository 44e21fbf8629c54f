/* migrate: Gazebo Classic's <gazebo> content rewritten into what gz-sim
 * runs with the same ROS interface (--migrate, U2S_MIGRATE).
 *
 * One table (migrate.c, CLASSIC_ROWS): a row per Classic plugin, with its
 * file names, what replaces it, the parameters the Classic plugin reads
 * (name, unit, default) and the function that writes the replacement.
 * Adding a plugin is adding a row and its function.
 *
 * Runs once in resolve, after lumping has decided what is written (the
 * frame a Classic ROS plugin stamped its messages with is the link its
 * sensor ends up in) and before the blobs are read as the output version
 * reads them.  It rewrites the blobs in place (the writer copies them as
 * they are), marks each <gazebo> block it changed (struct gazebo
 * .migrated, for the URDF output), and collects the bridge entries of the
 * ROS interface (src/bridge.h).  Each plugin migrated is a note; each
 * approximation a warning naming the Classic element, the choice made and
 * why; a plugin it cannot migrate is left in place, for U2S1202.
 *
 * The ROS 2 dialect of every row is migrated; the ROS 1 (noetic) dialect
 * of the sensor plugins and of gazebo_ros_ft_sensor too, its names
 * resolved as roscpp did (rosname.h ros1_resolve), so that the robot keeps
 * its topic names as a ROS 2 robot. */
#ifndef U2S_MIGRATE_H
#define U2S_MIGRATE_H

#include "bridge.h"
#include "diag.h"
#include "model.h"
#include "options.h"
#include "target.h"

struct migration {
	struct bridge bridge;
	/* Plugins not migrated, by address ("%p"): why (U2S1202 says it). */
	struct index *refused;
	/* The Classic plugins gz-sim cannot load that were left out (not
	 * migrated: no equivalent, ROS 1 model plugins, vendors' own), in
	 * document order, for U2S1202 to name. */
	const struct xnode **dropped;
	unsigned ndropped, dropped_cap;
};

/* Migrates RB's written blocks for TARGET; RB->migration is the result. */
void migrate(struct robot *rb, struct diag *d, const struct options *opts,
	     const struct sdf_target *target);

/* Whether a plugin of file FILENAME is one --migrate rewrites (for the
 * advice of U2S1202 without it). */
int migrate_handles(const char *filename);

/* Why migration left PLUGIN in place, or NULL (not refused, or no
 * migration ran). */
const char *migrate_refusal(const struct robot *rb, const struct xnode *plugin);

#endif
