#!/bin/sh
# --world places every free robot of ../shared/packages where the physics
# check (scripts/physics_step.cc, which spawns a robot with its lowest
# collision point on the ground) places it, within 1 mm, with and without
# --repair: scripts/place-check.  Skipped (77) without
# libignition-physics-dev, without ../shared/packages, or with
# U2S_PHYSICS=0 (the slow tier, as tests/physics.sh: about 30 s, most of
# it building the checker, which is kept in the build tree as
# tests/physics_step for the next run and for tests/physics.sh).  Needs U2S and U2S_SRCDIR (make check sets them).
set -u
: "${U2S:?}" "${U2S_SRCDIR:?}"
case $U2S in /*) ;; *) U2S=$PWD/$U2S ;; esac
if [ "${U2S_PHYSICS:-1}" = 0 ]; then
	echo "place.sh: U2S_PHYSICS=0; skipped" >&2
	exit 77
fi
SHARED_PACKAGES=${SHARED_PACKAGES:-$U2S_SRCDIR/../shared/packages}
if [ ! -d "$SHARED_PACKAGES/robots" ]; then
	echo "place.sh: no $SHARED_PACKAGES/robots; skipped" >&2
	exit 77
fi
pcs="ignition-physics5 ignition-physics5-sdf ignition-physics5-mesh ignition-plugin1-loader ignition-common4-graphics sdformat12"
# shellcheck disable=SC2086
if ! command -v pkg-config > /dev/null || ! pkg-config --exists $pcs; then
	echo "place.sh: libignition-physics-dev is not installed; skipped" >&2
	exit 77
fi
export U2S SHARED_PACKAGES
# The checker built once in the build tree, shared with tests/physics.sh.
PHYSICS_STEP=${U2S_BUILDDIR:-$U2S_SRCDIR}/tests/physics_step
export PHYSICS_STEP
# Beside the real robots, two made here: a COLLADA file of nested, turned,
# scaled and shared node transforms in centimetres (tests/test_bounds.c's),
# as a collision turned and scaled unevenly, and the same robot with
# SO-100's STL and spot's OBJ meshes on a moving joint.
work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-place-test-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cat > "$work/t.dae" <<'DAE'
<?xml version='1.0'?>
<COLLADA version='1.4.1'><asset><unit meter='0.01'/><up_axis>Z_UP</up_axis></asset><library_geometries><geometry id='g'><mesh><source id='g-pos'><float_array id='g-arr' count='9'>0 0 5 1 2 -3
 -1 -1 1</float_array><technique_common><accessor source='#g-arr' count='3' stride='3'/></technique_common></source><vertices id='g-v'><input semantic='POSITION' source='#g-pos'/></vertices><triangles count='1'><input semantic='VERTEX' source='#g-v' offset='0'/><p>0 1 2</p></triangles></mesh></geometry><geometry id='h'><mesh><source id='h-pos'><float_array id='h-arr' count='9'>0 -4 0 3 0 1 4 0 0</float_array><technique_common><accessor stride='3'/></technique_common></source><vertices id='h-v'><input semantic='POSITION' source='#h-pos'/></vertices></mesh></geometry><geometry id='unused'><mesh><source id='u-pos'><float_array id='u-arr' count='3'>0 0 -999</float_array><technique_common><accessor stride='3'/></technique_common></source><vertices id='u-v'><input semantic='POSITION' source='#u-pos'/></vertices></mesh></geometry></library_geometries><library_visual_scenes><visual_scene id='s'><node name='parent'><translate>0 0 100</translate><instance_geometry url='#g'/><node name='child'><translate>0 0 -200</translate><instance_geometry url='#g'/></node></node><node name='outer'><translate>2 0 0</translate><node name='turned'><rotate>1 0 0 90</rotate><instance_geometry url='#h'/></node></node></visual_scene></library_visual_scenes><scene><instance_visual_scene url='#s'/></scene></COLLADA>
DAE
I='<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>'
cat > "$work/collada.urdf" <<URDF
<robot name="collada"><link name="base">$I<collision><origin rpy="0.5 -0.3 0.2"/>
<geometry><mesh filename="t.dae" scale="1.5 0.5 2"/></geometry></collision></link></robot>
URDF
spot=$(ls "$SHARED_PACKAGES"/share/spot_description/meshes/*/collision/*.obj 2> /dev/null | head -n1)
cat > "$work/stl_obj.urdf" <<URDF
<robot name="stl_obj"><link name="base">$I<collision><origin rpy="0.4 0.1 0"/><geometry>
<mesh filename="file://$SHARED_PACKAGES/robots/assets/Base.stl" scale="0.002 0.001 0.003"/>
</geometry></collision></link><joint name="j" type="revolute"><parent link="base"/>
<child link="leg"/><origin xyz="0 0.05 -0.01" rpy="1.2 0 0.3"/><axis xyz="0 0 1"/>
<limit lower="-1" upper="1" effort="1" velocity="1"/></joint><link name="leg">$I
<collision><origin rpy="0.3 0.2 0"/><geometry><mesh filename="file://$spot" scale="2 3 1.5"/>
</geometry></collision></link></robot>
URDF
"$U2S_SRCDIR/scripts/place-check" -r "$SHARED_PACKAGES"/robots/*.urdf \
	"$SHARED_PACKAGES"/file-uri/*.urdf "$work/collada.urdf" "$work/stl_obj.urdf"
