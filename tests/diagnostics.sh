#!/bin/sh
# --diagnostics=json and --diagnostics=github say what the text form says.
# For every input of tests/fuzz (one or more per kind of message), the
# URDF 1.x cases and hostile inputs made here (names holding quotes,
# backslashes, control characters and non-ASCII text; a file name holding
# '%', ',', ':' and a byte that is not UTF-8; a message long enough to be
# cut), u2s --check runs in each form, and:
#  - the exit status is the same;
#  - every JSON line parses with Python's json module (a real parser), has
#    exactly the members file, line, column, severity, code, message, path,
#    and the file, position, severity, code and text of the text form's
#    line at the same place;
#  - every GitHub line is a workflow command whose properties and text,
#    unescaped as GitHub documents, are those of the JSON line;
#  - every text line ends with its code.
# (tests/diagnostics.py.)
# Environment (set by `make check`): U2S, the program; U2S_SRCDIR, the
# source tree.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
command -v python3 > /dev/null || {
	echo "diagnostics.sh: python3 is needed (Debian: python3)" >&2
	exit 1
}
exec python3 "$SRC/tests/diagnostics.py" "$U2S" "$SRC"
