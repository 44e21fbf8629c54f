#!/bin/sh
# A robot that loads is not yet a robot that simulates (issue 31): every
# corpus URDF, converted by u2s, then with --repair, is stepped in DART the
# way Gazebo Fortress's Physics system builds a world (scripts/physics-check,
# scripts/physics_step.cc), and each verdict (pass, fail, cannot, skip) must
# be the one tests/physics.expected lists: a new failure, or a robot that
# no longer passes, fails here, and so does a known failure that went away
# (then update the list).  In the quick tier (`make check`) a sample of
# the corpus, by the rule below; every robot in the full tier
# (`make check-full`).  Skipped (77) when libignition-physics-dev is not
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
# The checker is built once in the build tree (again when
# scripts/physics_step.cc is newer), not in every run.
PHYSICS_STEP=${U2S_BUILDDIR:-$work}/tests/physics_step
mkdir -p "${PHYSICS_STEP%/*}"
export PHYSICS_STEP

# The expected list: MODE<TAB>CASE<TAB>CLASS, then an optional "# why".
sed -e 's/[ 	]*#.*//' -e '/^$/d' "$U2S_SRCDIR/tests/physics.expected" | sort > "$work/want"
# The full tier (`make check-full`, U2S_TIER=full) steps every corpus
# robot.  The quick one (`make check`) steps a sample, by this rule: of
# each class of robots (corpus folder, expected verdict plain, expected
# verdict with --repair), the first by name, so that every verdict of every
# folder is seen; and every 25th robot by name besides.
set --
if [ "${U2S_TIER:-quick}" != full ]; then
	src=$(cd "$U2S_SRCDIR" && pwd -P)
	awk -F'\t' '{ v[$2] = v[$2] "|" $1 "=" $3 }
		END { for (c in v) { f = c; sub(/\/.*/, "", f); print c "\t" f v[c] } }' \
		"$work/want" | LC_ALL=C sort |
		awk -F'\t' -v every=25 '{ n++ } !($2 in seen) || (n - 1) % every == 0 { seen[$2]; print $1 }' \
		> "$work/sample"
	total=$(cut -f2 "$work/want" | sort -u | wc -l)
	echo "physics.sh: quick tier (U2S_TIER=quick): $(wc -l < "$work/sample") of $total robots," \
		"the first by name of each (folder, verdict, --repair verdict) and every 25th;" \
		"all in the full tier (U2S_TIER=full)"
	while read -r c; do
		set -- "$@" "$src/tests/corpus/$c.urdf"
	done < "$work/sample"
	awk -F'\t' 'NR == FNR { s[$1]; next } $2 in s' "$work/sample" "$work/want" > "$work/want.sample"
	mv "$work/want.sample" "$work/want"
fi

for mode in plain repair; do
	flag=""
	[ "$mode" = repair ] && flag=-r
	bash "$U2S_SRCDIR/scripts/physics-check" $flag -j "$jobs" -c "$work/cache" \
		-o "$work/$mode.list" "$@" > "$work/$mode.out"
	rc=$?
	cat "$work/$mode.out"
	if [ "$rc" -gt 1 ] || [ ! -s "$work/$mode.list" ]; then
		echo "physics.sh: scripts/physics-check $flag could not run (exit $rc)" >&2
		exit 1
	fi
	sed "s/^/$mode	/" "$work/$mode.list" >> "$work/got"
done
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
	-o "$work/migrate.list" "$@" > "$work/migrate.out"
rc=$?
tail -n 1 "$work/migrate.out"
if [ "$rc" -gt 1 ] || ! cmp -s "$work/plain.list" "$work/migrate.list"; then
	echo "physics.sh: with --migrate the verdicts differ from the plain ones (< plain, > migrate):" >&2
	diff "$work/plain.list" "$work/migrate.list" >&2
	exit 1
fi
echo "physics.sh: every verdict as tests/physics.expected lists, with --migrate as without" \
	"($(wc -l < "$work/plain.list") robots)"
