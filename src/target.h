/* target: the SDFormat versions u2s writes, one row each.  Everything
 * that differs between output versions is a field here; the writer and
 * the messages read the row of the version asked for, and no version
 * appears anywhere else: the library, its messages, the CLI and the
 * Python package ask u2s_sdf_versions(), and tests/versions.sh checks the
 * manual and doc/conversion.md against it.  Adding a version is adding a row
 * (target.c) and its folder of element descriptions (tests/spec/sdf-schema,
 * then scripts/gen-schema). */
#ifndef U2S_TARGET_H
#define U2S_TARGET_H

#include "gzsim.h"
#include "num.h"
#include "schema.h"

/* The vectors whose digits differ between versions. */
enum vector_use { VEC_BOX_SIZE, VEC_MESH_SCALE, VEC_AXIS, VEC_TAG, VEC_USE_COUNT };

struct sdf_target {
	const char *version;          /* <sdf version=...> */
	/* Who reads it, for the lists of versions of the manual and doc/
	 * (scripts/gen-versions makes them from this table's rows). */
	const char *read_by;
	/* The bounds an axis gets when it has none (continuous joints, and
	 * <axis> elements that extensions create): the version's defaults. */
	const char *unbounded_lower, *unbounded_upper;
	/* How each kind of vector is printed: libsdformat 12 prints them all
	 * with 6 significant digits; later ones keep some in full. */
	enum num_style vector_style[VEC_USE_COUNT];
	/* Sensor, light and projector poses moved by lumping are what the
	 * reference prints at each merge (6 digits) and then reads, kept in
	 * the output at full precision (else computed exactly). */
	int lumped_pose_printed;
	/* The frame a lumped link leaves has an explicit identity pose. */
	int link_frame_pose;
	/* <mimic> in a follower's <axis> (SDFormat 1.10 and later). */
	int has_mimic;
	/* Colours in full float precision (else libsdformat 12's 6 digits). */
	int colour_in_full;
	/* The element a sensor's frame id is in (--migrate): gz-sensors reads
	 * <ignition_frame_id> in Fortress (ignition-sensors6 from 6.2),
	 * <gz_frame_id> in gz-sensors 8; SDFormat 1.12's sensor.sdf has
	 * <frame_id>, which gz-sensors 9 and 10 read first. */
	const char *sensor_frame_elem;
	/* The Gazebo it is for: which names world systems have (gzsim.h). */
	enum gz_generation gz;
	/* The version's element descriptions, for what <gazebo> blobs hold. */
	const struct schema *schema;
};

/* The default: what every living simulator loads. */
const struct sdf_target *target_default(void);
/* The row of VERSION ("1.9"), or NULL when u2s does not write it. */
const struct sdf_target *target_find(const char *version);
/* The versions of the rows, in order, NULL-terminated (u2s_sdf_versions). */
const char *const *target_versions(void);
/* The versions joined by SEP ("1.9, 1.11, 1.12"), in BUF, for messages. */
#define TARGET_LIST_SIZE 256
const char *target_list(char buf[TARGET_LIST_SIZE], const char *sep);

#endif
