#!/bin/sh
# src/schema_data.c is what scripts/gen-schema makes of tests/spec/sdf-schema:
# a table edited by hand, or descriptions updated without regenerating it,
# fail here.  Skipped (77) without python3, which the generator needs.
set -u
srcdir=${srcdir:-.}
command -v python3 > /dev/null || {
	echo "schema.sh: python3 not found; skipped" >&2
	exit 77
}
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
python3 "$srcdir/scripts/gen-schema" "$srcdir/tests/spec/sdf-schema" > "$tmp" || exit 1
if ! cmp -s "$tmp" "$srcdir/src/schema_data.c"; then
	echo "schema.sh: src/schema_data.c is not what scripts/gen-schema makes; run" >&2
	echo "  scripts/gen-schema > src/schema_data.c" >&2
	diff "$srcdir/src/schema_data.c" "$tmp" | head -20 >&2
	exit 1
fi
