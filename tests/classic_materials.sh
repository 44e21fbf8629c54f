#!/bin/sh
# --migrate's Classic material colours (src/classic_material.h):
#  - the table is what scripts/gen-classic-materials makes of Classic's
#    gazebo.material, where that file is here: U2S_GAZEBO_MATERIAL, or
#    where gazebo-classic installs it (/usr/share/gazebo-11/...);
#  - the corpus robots that colour their links with Gazebo/ materials,
#    migrated, load in every version's loader (sdf-validate-SUFFIX,
#    scripts/oracles) where those are installed, as they do unmigrated:
#    the colours replace the scripts without making an SDF readers refuse.
# Skipped (77) when neither the file nor a loader is here.
# Environment (set by `make check`): U2S, U2S_CORPUS, U2S_SRCDIR.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
CORPUS=${U2S_CORPUS:-$SRC/tests/corpus}
status=0
checked=0
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
# (the loop below runs in a pipe's subshell: failures are kept in a file)
fail() {
	echo "classic_materials.sh: $*" >&2
	echo "$*" >>"$work/failed"
}

file=${U2S_GAZEBO_MATERIAL:-}
for f in /usr/share/gazebo-11/media/materials/scripts/gazebo.material \
	 /usr/share/gazebo/media/materials/scripts/gazebo.material; do
	[ -z "$file" ] && [ -f "$f" ] && file=$f
done
if [ -n "$file" ]; then
	python3 "$SRC/scripts/gen-classic-materials" --check "$file" || fail "the table is not $file's"
	checked=1
else
	echo "classic_materials.sh: no gazebo.material here (U2S_GAZEBO_MATERIAL): the table is not compared"
fi

robots=$(grep -l '<material>Gazebo/' "$CORPUS"/real/*.urdf "$CORPUS"/real3/*.urdf)
# The full tier (`make check-full`, U2S_TIER=full) loads every robot in
# every version; the quick one (`make check`) robot K (by name, from 0) in
# version K mod 3 (scripts/oracles' order) only: every robot and every
# version, a third of the pairs.
tier=${U2S_TIER:-quick}
n=$(echo "$robots" | wc -l)
[ "$tier" = full ] || echo "classic_materials.sh: quick tier (U2S_TIER=quick): robot K" \
	"(by name) loaded in version K mod 3 only: $n of $((n * 3)) robot-version pairs" \
	"(U2S_TIER=full: every pair)"
v=0
grep -v '^#' "$SRC/scripts/oracles" | while read -r version suffix; do
	i=$v
	v=$((v + 1))
	command -v "sdf-validate-$suffix" >/dev/null || continue
	k=0
	for urdf in $robots; do
		k=$((k + 1))
		[ "$tier" = full ] || [ $(((k - 1) % 3)) -eq "$i" ] || continue
		name=${urdf##*/}
		"$U2S" --sdf-version="$version" "$urdf" >"$work/plain.sdf" 2>/dev/null || continue
		sdf-validate-"$suffix" "$work/plain.sdf" >/dev/null 2>&1 || continue   # not ours
		"$U2S" --migrate --sdf-version="$version" "$urdf" >"$work/migrated.sdf" 2>/dev/null ||
			fail "$name: --migrate --sdf-version=$version failed"
		cmp -s "$work/plain.sdf" "$work/migrated.sdf" || echo "$name" >>"$work/coloured"
		sdf-validate-"$suffix" "$work/migrated.sdf" >"$work/err" 2>&1 ||
			fail "$name: migrated, SDFormat $version does not load in sdf-validate-$suffix: $(head -3 "$work/err")"
	done
	echo "$version" >>"$work/loaded"
done
[ -s "$work/loaded" ] && checked=1 &&
	echo "classic_materials.sh: migrated robots load in SDFormat $(tr '\n' ' ' <"$work/loaded")"
[ -s "$work/loaded" ] || echo "classic_materials.sh: no sdf-validate-* on PATH: the outputs are not loaded"
[ -s "$work/loaded" ] && [ ! -s "$work/coloured" ] && fail "--migrate changed no robot"
[ -s "$work/failed" ] && status=1
[ $checked -eq 1 ] || exit 77
exit $status
