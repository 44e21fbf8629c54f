#!/bin/sh
# The message codes (src/diag_codes.def) agree with the source and the
# documents:
#  - every code's number is unique and lies in its kind's range;
#  - every code is given by exactly one message of src/ (a code listed with
#    no message, or one shared by two messages, fails; out of memory is one
#    message said by the library and by the CLI), but a retired one (its
#    meaning starts "(retired"), which no message gives;
#  - every call that prints a message passes a code (diag_error, diag_warn
#    and the CLI's say/usage_error take one: the compiler sees to that;
#    here, no other way of writing to standard error is left in src/);
#  - the manual's list is what scripts/gen-codes makes of the table, and
#    no document (the manuals, the READMEs, HACKING, doc/*.md) names a
#    code the table lacks.
# (scripts/gen-codes --check here, the rest in tests/codes.py.)
# Environment (set by `make check`): U2S_SRCDIR, the source tree.
set -u
SRC=${U2S_SRCDIR:-.}
command -v python3 > /dev/null || {
	echo "codes.sh: python3 is needed (Debian: python3)" >&2
	exit 1
}
"$SRC/scripts/gen-codes" --check || exit 1
exec python3 "$SRC/tests/codes.py" "$SRC"
