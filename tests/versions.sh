#!/bin/sh
# The SDFormat versions come from one place, the library's table
# (src/target.c, u2s_sdf_versions(), which `u2s --help` prints): the manual
# and the README name the same versions, the default first, wherever they
# list them.
# Environment (set by `make check`): U2S, the program; U2S_MAN, the
# manual; U2S_SRCDIR, the source tree.
set -u
U2S=${U2S:-./u2s}
U2S_MAN=${U2S_MAN:-u2s.1}
README=${U2S_SRCDIR:-.}/README
list=$("$U2S" --help | sed -n 's/.*--sdf-version=V .*one of: //p')
set -- $list
[ $# -ge 1 ] || { echo "versions.sh: no versions in u2s --help" >&2; exit 1; }
default=$1
# "A, B or C", "A|B|C"
words=""
i=0
for v in "$@"; do
	i=$((i + 1))
	if [ $i -eq 1 ]; then words=$v
	elif [ $i -eq $# ]; then words="$words or $v"
	else words="$words, $v"
	fi
done
bars=$(echo $list | tr ' ' '|')
status=0
fail() {
	echo "versions.sh: $*" >&2
	status=1
}
has() {   # FILE TEXT
	grep -qF -- "$2" "$1" || fail "$1 does not say \"$2\" (u2s writes: $list)"
}

# The manual: the list of --sdf-version's values, the default in the
# description, the version list at the end, and no version in NAME.
man_list=$(sed -n '/^\.It Fl -sdf-version/,/^\.El/s/^\.It Cm //p' "$U2S_MAN" | tr '\n' ' ' |
	sed 's/ $//')
[ "$man_list" = "$list" ] || fail "the manual's --sdf-version lists '$man_list', u2s writes '$list'"
has "$U2S_MAN" "writes it as SDFormat ($default unless"
has "$U2S_MAN" "Writes SDFormat $words."
sed -n '/^\.Sh NAME/,/^\.Sh /p' "$U2S_MAN" | grep -q '[0-9]\.[0-9]' &&
	fail "the manual's NAME names a version"
# The README: its first lines, the options, and the table's last column.
has "$README" "to SDFormat ($words)."
has "$README" "--sdf-version=$bars"
table=$(sed -n '/^    simulator .*--sdf-version$/,/^$/p' "$README" | sed 1d |
	awk 'NF { print $NF == "(default)" ? $(NF-1) : $NF }' | awk '!seen[$0]++' | tr '\n' ' ' |
	sed 's/ $//')
[ "$table" = "$list" ] || fail "the README's table of versions gives '$table', u2s writes '$list'"
sed -n '/^    simulator .*--sdf-version$/,/^$/p' "$README" | grep -q " $default (default)\$" ||
	fail "the README's table does not mark $default the default"
[ $status -eq 0 ] && echo "versions.sh: the manual and the README list $list"
exit $status
