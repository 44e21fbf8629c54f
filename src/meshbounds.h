/* meshbounds: how low a mesh file reaches along given directions, for
 * placing a model on the ground (bounds.c).  The file is mapped, not
 * copied, and read once for all the directions asked of it:
 *
 *   STL      binary (80-byte header, a count, 50 bytes a triangle: told
 *            apart by its size) or ASCII (every "vertex X Y Z")
 *   OBJ      every "v X Y Z" line
 *   COLLADA  (.dae) read with expat, twice over the mapped bytes: first
 *            the scene (<scene><instance_visual_scene>), its <node>s'
 *            transforms as gz-common's ColladaLoader composes them (the
 *            first <matrix>; else the first <translate>, every <rotate>
 *            in order, the first <scale>), the geometries each node
 *            instantiates, the POSITION source of each geometry's
 *            <vertices>, <asset><unit meter>; then the <float_array> of
 *            those sources only, number by number; as gz-common, a
 *            source instantiated by several nodes is where the first node
 *            gz-common loads (children before their parent) put it: it
 *            keeps the transformed vertices by the source's id and every
 *            later instance reuses them.  <instance_node>,
 *            <instance_controller> (skinned meshes), <lookat> and <skew>
 *            are beyond it: the file is then unreadable, and says so.
 *
 * Every vertex as gz-common loads it (transforms and unit applied) is
 * seen, not only those a face uses. */
#ifndef U2S_MESHBOUNDS_H
#define U2S_MESHBOUNDS_H

#include <stddef.h>
#include <talloc.h>

#include "arena.h"

/* One direction asked of a file: LOW becomes the least D . V over its
 * vertices V (+infinity when it has none); set LOW to +infinity first. */
struct mesh_probe {
	double d[3];
	double low;
};

/* Fills PROBES[0..N-1].low from the mesh file PATH (its kind by its
 * suffix, in any case: .stl, .obj, .dae).  Returns NULL, or why the file
 * cannot be read (a text under TMP).  Out of memory jumps to JUMP. */
const char *meshbounds_read(TALLOC_CTX *tmp, oom_jump *jump, const char *path,
			    struct mesh_probe *probes, size_t n);

#endif
