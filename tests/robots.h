/* The robots that test_cli and test_lib both convert. */
#ifndef U2S_ROBOTS_H
#define U2S_ROBOTS_H

#define INERTIAL "<inertial><mass value='1'/>" \
	"<inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial>"

/* Three links, two joints: cam is lumped into arm.  Meshes of packages
 * pkg_a (the first <mesh> at 3:23) and pkg_b (at 4:26). */
static const char GOOD[] =
	"<robot name='r'>\n"
	"  <link name='base'>" INERTIAL "\n"
	"    <visual><geometry><mesh filename='package://pkg_a/meshes/base.stl'/></geometry></visual>\n"
	"    <collision><geometry><mesh filename='package://pkg_b/base.stl'/></geometry></collision>\n"
	"  </link>\n"
	"  <link name='arm'>" INERTIAL "</link>\n"
	"  <link name='cam'>" INERTIAL "\n"
	"    <visual><geometry><mesh filename='package://pkg_a/meshes/cam.dae'/></geometry></visual>\n"
	"  </link>\n"
	"  <joint name='j1' type='revolute'><parent link='base'/><child link='arm'/>"
	"<limit lower='-1' upper='1' effort='1' velocity='1'/></joint>\n"
	"  <joint name='j2' type='fixed'><parent link='arm'/><child link='cam'/></joint>\n"
	"</robot>\n";

/* Rejected: a joint names a link that is not there. */
static const char BAD[] =
	"<robot name='b'>\n"
	"  <link name='base'>" INERTIAL "</link>\n"
	"  <joint name='j' type='fixed'><parent link='base'/><child link='missing'/></joint>\n"
	"</robot>\n";

#endif
