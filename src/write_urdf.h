/* write_urdf: the migrated URDF (--migrate --output-format=urdf), what
 * robot_state_publisher publishes as robot_description and gz_ros2_control
 * reads its hardware plugin from.  It is the input byte for byte (the XML
 * declaration, comments, DOCTYPE, CDATA and entities of every untouched
 * part included), except:
 *   - each <gazebo> block the migration changed (struct gazebo's MIGRATED,
 *     model.h): its element tree printed in place of its bytes, indented
 *     as the block was (its own line's indentation, and its children's
 *     step), its attributes quoted as the input's are, text escaped as
 *     the SDF printer escapes it (comments inside it are not kept);
 *   - the blocks the migration added (ADDED), before </robot>, indented as
 *     the children of <robot> are;
 *   - <ros2_control><hardware><plugin> gazebo_ros2_control/GazeboSystem
 *     (Gazebo Classic) renamed to the target's gz_ros2_control plugin.
 * Its bytes are copied as they are, so the input must be UTF-8 (or
 * US-ASCII, or read as UTF-8 under U2S_INPUT_UTF8): the parts printed
 * anew are UTF-8, and one file cannot mix two encodings. */
#ifndef U2S_WRITE_URDF_H
#define U2S_WRITE_URDF_H

#include "diag.h"
#include "model.h"
#include "options.h"
#include "out.h"
#include "target.h"

/* Whether RB (read with U2S_OUTPUT_URDF) can be written as URDF for
 * TARGET: U2S_OK, with a note for each hardware plugin to be renamed, or
 * U2S_REJECTED having said why not (nothing is written then). */
int urdf_check(const struct robot *rb, struct diag *d, const struct options *opts,
	       const struct sdf_target *target);
/* Writes the URDF onto O; urdf_check said it can be. */
void write_urdf(const struct robot *rb, const struct sdf_target *target, struct out *o);

#endif
