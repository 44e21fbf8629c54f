#!/bin/sh
# --world places every free robot of ../shared/packages where the physics
# check (scripts/physics_step.cc, which spawns a robot with its lowest
# collision point on the ground) places it, within 1 mm, with and without
# --repair: scripts/place-check.  Skipped (77) without
# libignition-physics-dev, without ../shared/packages, or with
# U2S_PHYSICS=0 (the slow tier, as tests/physics.sh: about 30 s, most of
# it building the checker).  Needs U2S and U2S_SRCDIR (make check sets them).
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
exec "$U2S_SRCDIR/scripts/place-check" -r
