#!/bin/sh
# A robot that loads is not yet a robot that simulates (issue 31): every
# corpus URDF, converted by u2s, then with --repair, is stepped in DART the
# way Gazebo Fortress's Physics system builds a world (scripts/physics-check,
# scripts/physics_step.cc), and each verdict (pass, fail, cannot, skip) must
# be the one tests/physics.expected lists: a new failure, or a robot that
# no longer passes, fails here, and so does a known failure that went away
# (then update the list).  Skipped (77) when libignition-physics-dev is not
# installed, or when U2S_PHYSICS=0 (CI runs it once, not again in distcheck
# and under the sanitizers: the stepping is the same, and takes minutes).
# Needs U2S and U2S_SRCDIR (make check sets them).
set -u
: "${U2S:?}" "${U2S_SRCDIR:?}"
if [ "${U2S_PHYSICS:-1}" = 0 ]; then
	echo "physics.sh: U2S_PHYSICS=0; skipped" >&2
	exit 77
fi
pcs="ignition-physics5 ignition-physics5-sdf ignition-physics5-mesh ignition-plugin1-loader ignition-common4-graphics sdformat12"
# shellcheck disable=SC2086
if ! command -v pkg-config > /dev/null || ! pkg-config --exists $pcs; then
	echo "physics.sh: libignition-physics-dev is not installed (pkg-config: $pcs); skipped" >&2
	exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-physics-test-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
jobs=$(nproc 2> /dev/null || echo 2)
export U2S
PHYSICS_STEP=$work/physics_step
export PHYSICS_STEP

for mode in plain repair; do
	flag=""
	[ "$mode" = repair ] && flag=-r
	bash "$U2S_SRCDIR/scripts/physics-check" $flag -j "$jobs" -c "$work/cache" \
		-o "$work/$mode.list" > "$work/$mode.out"
	rc=$?
	cat "$work/$mode.out"
	if [ "$rc" -gt 1 ] || [ ! -s "$work/$mode.list" ]; then
		echo "physics.sh: scripts/physics-check $flag could not run (exit $rc)" >&2
		exit 1
	fi
	sed "s/^/$mode	/" "$work/$mode.list" >> "$work/got"
done
# The expected list: MODE<TAB>CASE<TAB>CLASS, then an optional "# why".
sed -e 's/[ 	]*#.*//' -e '/^$/d' "$U2S_SRCDIR/tests/physics.expected" | sort > "$work/want"
sort "$work/got" > "$work/got.sorted"
if ! cmp -s "$work/want" "$work/got.sorted"; then
	echo "physics.sh: verdicts differ from tests/physics.expected (< expected, > now):" >&2
	diff "$work/want" "$work/got.sorted" >&2
	exit 1
fi
# --migrate rewrites plugins, sensors and material colours, never what
# DART steps: every verdict must be the plain conversion's (the worlds it
# leaves unchanged come from the cache).
bash "$U2S_SRCDIR/scripts/physics-check" -m -j "$jobs" -c "$work/cache" \
	-o "$work/migrate.list" > "$work/migrate.out"
rc=$?
tail -n 1 "$work/migrate.out"
if [ "$rc" -gt 1 ] || ! cmp -s "$work/plain.list" "$work/migrate.list"; then
	echo "physics.sh: with --migrate the verdicts differ from the plain ones (< plain, > migrate):" >&2
	diff "$work/plain.list" "$work/migrate.list" >&2
	exit 1
fi
echo "physics.sh: every verdict as tests/physics.expected lists, with --migrate as without"
