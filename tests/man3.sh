#!/bin/sh
# The library's manual (u2s.3) lints clean and documents the whole public
# face, so that a new function, field or constant without its
# documentation fails here:
#  - every u2s_ function libu2s.so exports is in the SYNOPSIS (.Fn/.Fo);
#  - every u2s_ type of <u2s.h> (struct, enum, callback typedef) is named;
#  - every field of every struct u2s_* of <u2s.h> has a list entry of its
#    own (.It Va FIELD), and so does every enum constant U2S_* (.It Dv);
#    the header's other U2S_ macros (U2S_OPTIONS_INIT) are named (Dv);
#  - its EXAMPLES program compiles with the build's compiler and flags
#    against the built library, converts as the CLI does, and writes
#    nothing for a rejected input.
# Lint: mandoc -Tlint at warning level when mandoc is installed (its
# STYLE notes and the state of the system's man database left aside),
# and groff -ww either way.
# Environment (set by `make check`): U2S, U2S_SRCDIR, U2S_BUILDDIR.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
B=${U2S_BUILDDIR:-.}
MAN=$SRC/u2s.3
H=$SRC/src/u2s.h
status=0
fail() { echo "man3.sh: $*" >&2; status=1; }

command -v groff > /dev/null || {
	echo "man3.sh: groff is needed to render the manual (Debian: groff-base)" >&2
	exit 1
}
warnings=$(groff -mandoc -Tutf8 -ww -z "$MAN" 2>&1)
[ -z "$warnings" ] || fail "groff warns about $MAN:
$warnings"
if command -v mandoc > /dev/null; then
	warnings=$(mandoc -Tlint -Wwarning "$MAN" 2>&1 | grep -v 'mandoc\.db')
	[ -z "$warnings" ] || fail "mandoc -Tlint warns about $MAN:
$warnings"
fi

# The header without its comments, one line per line.
code=$(awk '{ s = s $0 "\n" }
	END {
		while ((i = index(s, "/*")) > 0) {
			rest = substr(s, i + 2)
			j = index(rest, "*/")
			gap = substr(rest, 1, j - 1)
			gsub(/[^\n]/, "", gap)
			s = substr(s, 1, i - 1) gap substr(rest, j + 2)
		}
		printf "%s", s
	}' "$H")
[ -n "$code" ] || { echo "man3.sh: cannot read $H" >&2; exit 1; }

# .It entries and the names the manual's source gives them.
has() { grep -Eq "$1" "$MAN"; }

# Functions: those libu2s.so exports (the header's when it is not built).
if [ -f "$B/.libs/libu2s.so" ] && command -v nm > /dev/null; then
	functions=$(nm -D --defined-only "$B/.libs/libu2s.so" | awk '$2 == "T" && $3 ~ /^u2s_/ { print $3 }' |
		    sed 's/@.*//' | sort -u)
else
	functions=$(echo "$code" | grep -o 'u2s_[a-z_]*(' | tr -d '(' | sort -u)
fi
[ -n "$functions" ] || fail "no u2s_ function found"
for f in $functions; do
	has "^\.(Fn|Fo) $f( |$)" || fail "the SYNOPSIS has no .Fn $f"
done

# Types: callback typedefs in the SYNOPSIS, structs and enums named.
for t in $(echo "$code" | sed -n 's/^typedef .* \(u2s_[a-z_]*\)(.*/\1/p'); do
	has "^\.(Fn|Fo) $t( |$)" || fail "the SYNOPSIS has no .Fn $t (a callback type)"
done
for t in $(echo "$code" | grep -o '\(struct\|enum\) u2s_[a-z_]*' | sort -u | tr ' ' '#'); do
	t=$(echo "$t" | tr '#' ' ')
	has "(Vt|Ft|Fa) .*$t([^a-z_]|$)" || fail "the manual never names $t"
done

# Fields of every public struct, each an entry of its own.
fields=$(echo "$code" | awk '
	/^struct u2s_[a-z_]* \{/ { inside = 1; next }
	inside && /^\};/ { inside = 0 }
	inside { print }' |
	grep -o '[A-Za-z_][A-Za-z0-9_]*[[:space:]]*[],;[]' | sed 's/[][[:space:],;]*$//' | sort -u)
[ -n "$fields" ] || fail "no struct fields found in $H"
for f in $fields; do
	has "^\.It .*Va $f([^A-Za-z0-9_]|$)" || fail "no entry (.It Va $f) for the field $f"
done

# Enum constants, each an entry of its own; other macros named.
constants=$(echo "$code" | awk '
	/^enum u2s_[a-z_]* \{/ { inside = 1; sub(/^[^{]*\{/, "") }
	inside { print }
	inside && /\}/ { inside = 0 }' | grep -o 'U2S_[A-Z0-9_]*' | sort -u)
[ -n "$constants" ] || fail "no enum constants found in $H"
for c in $constants; do
	has "^\.It Dv $c( |$)" || fail "no entry (.It Dv $c) for the constant $c"
done
for c in $(echo "$code" | sed -n 's/^#define \(U2S_[A-Z0-9_]*\).*/\1/p' | grep -v '^U2S_H$' | sort -u); do
	has "Dv $c([^A-Za-z0-9_]|$)" || fail "the manual never names the macro $c"
done

# The EXAMPLES program, as the reader copies it from the page.
if [ -f "$B/.libs/libu2s.so" ]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-man3-XXXXXX")
	trap 'rm -rf "$work"' EXIT
	sed -n '/^\.\\" BEGIN EXAMPLE/,/^\.\\" END EXAMPLE/p' "$MAN" | sed '/^\./d' |
		sed 's/\\e/\\/g; s/\\&//g' > "$work/example.c"
	cc=$(sed -n 's/^CC = //p' "$B/Makefile")
	cflags=$(sed -n 's/^CFLAGS = //p' "$B/Makefile")
	# shellcheck disable=SC2086 # the build's flags are words
	if ! ${cc:-cc} $cflags -std=c11 -Wall -Wextra -Werror -I"$SRC/src" -o "$work/example" \
		"$work/example.c" -L"$B/.libs" -Wl,-rpath,"$B/.libs" -lu2s 2> "$work/cc.err"; then
		fail "the EXAMPLES program does not compile:"
		cat "$work/cc.err" >&2
	else
		arm=$SRC/examples/arm.urdf
		"$work/example" "$arm" > "$work/ex.sdf" 2> "$work/ex.err" ||
			fail "the EXAMPLES program failed on $arm: $(cat "$work/ex.err")"
		"$U2S" --repair "$arm" > "$work/cli.sdf" 2> /dev/null
		cmp -s "$work/ex.sdf" "$work/cli.sdf" ||
			fail "the EXAMPLES program does not write what u2s --repair writes"
		printf '<robot name="r"><link name="a"/><link name="a"/></robot>' > "$work/bad.urdf"
		rc=0
		"$work/example" "$work/bad.urdf" > "$work/bad.sdf" 2> "$work/bad.err" || rc=$?
		[ "$rc" -eq 1 ] || fail "the EXAMPLES program: status $rc for a rejected input, not 1"
		[ ! -s "$work/bad.sdf" ] || fail "the EXAMPLES program wrote SDF for a rejected input"
		grep -q '"code":"U2S0205"' "$work/bad.err" ||
			fail "the EXAMPLES program did not give the error as JSON: $(cat "$work/bad.err")"
	fi
else
	echo "man3.sh: no $B/.libs/libu2s.so: the EXAMPLES program is not compiled" >&2
fi
[ $status -eq 0 ] && echo "man3.sh: u2s.3 lints clean and documents $(echo $functions | wc -w) functions," \
	"$(echo $fields | wc -w) fields and $(echo $constants | wc -w) constants"
exit $status
