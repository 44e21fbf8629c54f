#!/bin/sh
# The CLI is a client of libu2s like any other: ./u2s NEEDS the shared
# library by its SONAME, every symbol it takes from it is an exported u2s_
# name of <u2s.h>, and none of the library's internals is linked into it.
# Skipped (77) without nm and readelf (binutils).
# Environment (set by `make check`): U2S, the program; U2S_BUILDDIR.
set -u
U2S=${U2S:-./u2s}
B=${U2S_BUILDDIR:-.}
for tool in nm readelf; do
	command -v $tool > /dev/null || { echo "cli_links.sh: no $tool; skipped" >&2; exit 77; }
done
lib=$B/.libs/libu2s.so
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
case $soname in
libu2s.so.[0-9]*) ;;
*) echo "cli_links.sh: $lib has no SONAME libu2s.so.N ($soname)" >&2; exit 1 ;;
esac
status=0
if ! readelf -d "$U2S" | grep -q "(NEEDED).*\[$soname\]"; then
	echo "cli_links.sh: $U2S does not need $soname:" >&2
	readelf -d "$U2S" | grep NEEDED >&2
	status=1
fi
# What the library exports, and what the program takes from it.
exported=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVWi]$/ { print $3 }' | sed 's/@.*//' | sort -u)
bad=$(echo "$exported" | grep -v '^u2s_')
if [ -n "$bad" ]; then
	echo "cli_links.sh: libu2s.so exports names that are not u2s_: $bad" >&2
	status=1
fi
taken=$(nm -D --undefined-only "$U2S" | awk '{ print $NF }' | sed 's/@.*//' | sort -u)
from_lib=$(echo "$taken" | grep '^u2s_')
[ -n "$from_lib" ] || { echo "cli_links.sh: $U2S takes nothing from libu2s" >&2; status=1; }
for s in $from_lib; do
	echo "$exported" | grep -qx "$s" || {
		echo "cli_links.sh: $U2S needs $s, which libu2s.so does not export" >&2
		status=1
	}
	grep -q "^[a-z].*[ *]$s(" "${U2S_SRCDIR:-.}/src/u2s.h" || {
		echo "cli_links.sh: $U2S needs $s, which <u2s.h> does not declare" >&2
		status=1
	}
done
# No internal function of the library's is in the program itself.
work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-links-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
nm --defined-only "$B/.libs/libu2s_internal.a" 2> /dev/null | awk '$2 ~ /^[TDRB]$/ { print $3 }' |
	grep -v '^u2s_' | sort -u > "$work/internal"
nm --defined-only "$U2S" | awk '$2 ~ /^[TtDdRrBb]$/ { print $3 }' | sort -u > "$work/own"
[ -s "$work/internal" ] || { echo "cli_links.sh: no internal names in libu2s_internal.a" >&2; status=1; }
both=$(comm -12 "$work/internal" "$work/own")
if [ -n "$both" ]; then
	echo "cli_links.sh: $U2S holds the library's internals:" $both >&2
	status=1
fi
[ $status -eq 0 ] && echo "cli_links.sh: $U2S needs $soname and takes $(echo "$from_lib" | wc -l) u2s_ functions"
exit $status
