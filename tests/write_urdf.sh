#!/bin/sh
# --migrate --output-format=urdf through the CLI, on every corpus robot
# (tests/corpus/*/*.urdf), in each SDFormat version:
#  - an accepted robot comes out byte for byte as it went in, but for its
#    <ros2_control> hardware plugin gazebo_ros2_control/GazeboSystem, named
#    for the version's gz_ros2_control (not inside a comment), and for what
#    the migration rewrites: a robot with a Gazebo Classic plugin or
#    material script may differ, and its output must then be accepted
#    again, as a URDF, giving the same SDF (tests/sdfcmp: children in
#    another order too, as lumping appends a sensor's pose before or after
#    what the migration appends);
#  - a rejected robot gets no output at all;
#  - -o writes the same bytes, and -d DIR writes DIR/NAME.urdf.
# (tests/test_write_urdf checks the same bytes read in two halves.)
# Environment (set by `make check`): U2S, the program; U2S_CORPUS;
# U2S_BUILDDIR, where tests/sdfcmp is; U2S_SRCDIR (tests/write_urdf.py).
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
CORPUS=${U2S_CORPUS:-$SRC/tests/corpus}
SDFCMP=${U2S_BUILDDIR:-.}/tests/sdfcmp
[ -x "$SDFCMP" ] || { echo "write_urdf.sh: $SDFCMP is not built" >&2; exit 1; }
command -v python3 > /dev/null || {
	echo "write_urdf.sh: python3 is needed (Debian: python3)" >&2
	exit 1
}
exec python3 "$SRC/tests/write_urdf.py" "$U2S" "$CORPUS"
