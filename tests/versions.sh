#!/bin/sh
# The SDFormat versions come from one place, the rows of src/target.c:
# the library lists them (u2s_sdf_versions(), which `u2s --help` prints),
# and the lists of the manual and of doc/conversion.md are made from the
# same rows by scripts/gen-versions.  This checks that the rows it reads
# are the ones compiled in, that both lists are what it makes of them,
# and that the manual's NAME line names no version.
# Environment (set by `make check`): U2S, the program; U2S_MAN, the
# manual; U2S_SRCDIR, the source tree.
set -u
U2S=${U2S:-./u2s}
U2S_MAN=${U2S_MAN:-u2s.1}
SRC=${U2S_SRCDIR:-.}
status=0
fail() {
	echo "versions.sh: $*" >&2
	status=1
}
# The option's label and its text share a line, or --help wraps a long
# label and the text is on the next.
list=$("$U2S" --help | sed -n '/--sdf-version=V/,/one of: /s/.*one of: //p')
[ -n "$list" ] || fail "no versions in u2s --help"
rows=$(python3 "$SRC/scripts/gen-versions" --list) || fail "scripts/gen-versions --list failed"
[ "$list" = "$rows" ] ||
	fail "u2s --help lists '$list', src/target.c's rows read as '$rows' (scripts/gen-versions)"
default=${list%% *}
"$U2S" --help | grep -q "SDFormat ($default unless --sdf-version)" ||
	fail "u2s --help does not name $default the default"
python3 "$SRC/scripts/gen-versions" --check || status=1
sed -n '/^\.Sh NAME/,/^\.Sh /p' "$U2S_MAN" | grep -q '[0-9]\.[0-9]' &&
	fail "the manual's NAME names a version"
[ $status -eq 0 ] && echo "versions.sh: the library, the manual and doc/conversion.md list $list"
exit $status
