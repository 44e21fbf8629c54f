#!/bin/sh
# HACKING, the map of src/, stays true:
#  - every file of src/ (*.c, *.h, *.def) is named in it in backquotes
#    (`read.c` or `src/read.c`), so a new file cannot go unmapped;
#  - every name it gives in backquotes exists: a path (it holds a '/' or
#    ends in a file suffix) as a file or directory of the source tree or
#    of src/, an identifier (`world_plan`, `LOAD_RULES`, `u2s_convert()`)
#    as a whole word of a file of src/, so a function renamed or removed
#    leaves no stale statement behind.  Backquoted text with a blank, an
#    option (--x), or other characters (`<gazebo>`, `*.c`) is prose, not
#    checked.
# Environment (set by `make check`): U2S_SRCDIR, the source tree.
set -u
SRC=${U2S_SRCDIR:-.}
MAP=$SRC/HACKING
[ -f "$MAP" ] || { echo "hacking.sh: no $MAP" >&2; exit 1; }
status=0
fail() { echo "hacking.sh: $*" >&2; status=1; }

# Every backquoted token, one per line (a token never spans two lines).
quoted=$(grep -o '`[^`]*`' "$MAP" | sed 's/^`//; s/`$//' | sort -u)

# Every file of src/ is named.
nfiles=0
for f in "$SRC"/src/*.c "$SRC"/src/*.h "$SRC"/src/*.def; do
	[ -f "$f" ] || continue
	nfiles=$((nfiles + 1))
	base=${f##*/}
	echo "$quoted" | grep -Fqx -e "$base" -e "src/$base" ||
		fail "src/$base is not named in HACKING (write \`$base\` in its paragraph)"
done

# Every name given exists.
nnames=0
words=$(cat "$SRC"/src/*.c "$SRC"/src/*.h "$SRC"/src/*.def 2> /dev/null)
for q in $(echo "$quoted" | grep -E '^[A-Za-z0-9_./+-]+(\(\))?$' | grep -v '^-'); do
	name=${q%()}
	nnames=$((nnames + 1))
	case $name in
	*/* | *.c | *.h | *.def | *.py | *.sh | *.md | *.am | *.ac | *.in | *.1 | *.3 | .*)
		[ -e "$SRC/$name" ] || [ -e "$SRC/src/$name" ] ||
			fail "HACKING names \`$q\`, which is no file of the tree" ;;
	*)
		echo "$words" | grep -qwF -e "$name" ||
			fail "HACKING names \`$q\`, which src/ does not hold" ;;
	esac
done
[ $status -eq 0 ] &&
	echo "hacking.sh: HACKING names all $nfiles files of src/, and its $nnames names exist"
exit $status
