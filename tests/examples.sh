#!/bin/sh
# examples/embed_mem (the in-memory example, against the shared library)
# writes what `u2s --sdf-version=1.11` writes, and nothing for a rejected
# input.  Needs U2S, U2S_SRCDIR and U2S_BUILDDIR (make check sets them).
set -eu
: "${U2S:?}" "${U2S_SRCDIR:?}" "${U2S_BUILDDIR:?}"
work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-examples-XXXXXX")
trap 'rm -rf "$work"' EXIT
arm=$U2S_SRCDIR/examples/arm.urdf

"$U2S_BUILDDIR/examples/embed_mem" "$arm" > "$work/mem.sdf" 2> "$work/mem.err"
"$U2S" --sdf-version=1.11 "$arm" > "$work/cli.sdf"
cmp "$work/mem.sdf" "$work/cli.sdf"
grep -q '^embed_mem: [0-9]* bytes of SDF, [0-9]* messages$' "$work/mem.err"

printf '<robot name="r"><link name="a"/><link name="a"/></robot>' > "$work/bad.urdf"
rc=0
"$U2S_BUILDDIR/examples/embed_mem" "$work/bad.urdf" > "$work/bad.sdf" 2> "$work/bad.err" || rc=$?
test "$rc" -eq 1
test ! -s "$work/bad.sdf"
grep -q 'error U2S0205' "$work/bad.err"
echo "examples.sh: embed_mem as the CLI"
