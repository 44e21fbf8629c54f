#!/bin/sh
# Only u2s_ names are global in either library: libu2s.so exports no other
# (cli_links.sh checks too) and libu2s.a defines no other global name, so
# that a program that links it statically and has a resolve() or a must()
# of its own links, and the library calls its own (tests/own_names).
# Skipped (77) without nm (binutils).
# Environment (set by `make check`): U2S_BUILDDIR, U2S_CORPUS.
set -u
B=${U2S_BUILDDIR:-.}
command -v nm > /dev/null || { echo "lib_names.sh: no nm; skipped" >&2; exit 77; }
status=0
if [ -f "$B/.libs/libu2s.a" ]; then
	bad=$(nm -g --defined-only "$B/.libs/libu2s.a" | awk 'NF == 3 && $3 !~ /^u2s_/ { print $3 }')
	if [ -n "$bad" ]; then
		echo "lib_names.sh: libu2s.a defines global names that are not u2s_:" $bad >&2
		status=1
	fi
fi
if [ -f "$B/.libs/libu2s.so" ]; then
	bad=$(nm -D --defined-only "$B/.libs/libu2s.so" | awk 'NF == 3 && $2 ~ /^[TDBRVWi]$/ { print $3 }' |
	      sed 's/@.*//' | grep -v '^u2s_')
	if [ -n "$bad" ]; then
		echo "lib_names.sh: libu2s.so exports names that are not u2s_:" $bad >&2
		status=1
	fi
fi
robot='<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link></robot>'
out=$(echo "$robot" | "$B/tests/own_names")
rc=$?
if [ $rc -ne 0 ]; then
	echo "lib_names.sh: tests/own_names: status $rc" >&2
	status=1
fi
case $out in
*"<model name='r'>"*) ;;
*) echo "lib_names.sh: tests/own_names wrote no model: $out" >&2; status=1 ;;
esac
exit $status
