#!/bin/sh
# Linearity as a property the tests check: every construct a URDF can
# repeat, at N and 4N, must cost at most 4.5 times as many instructions
# (callgrind), as much memory (massif) and as many output bytes
# (tests/scaling.py says how; the quick tier, `make check`, measures at
# N/2 and 2N without memory, the full one, `make check-full`, as said
# here).  Needs valgrind and python3; skipped (77)
# under AddressSanitizer, whose binaries valgrind cannot run.
# Environment (set by `make check`): U2S, the program; U2S_SRCDIR.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
for tool in valgrind python3; do
	command -v $tool > /dev/null || {
		echo "scaling.sh: $tool is needed (Debian: $tool; scripts/quickstart installs it)" >&2
		exit 1
	}
done
if grep -q __asan_init "$U2S" 2> /dev/null; then
	echo "scaling.sh: $U2S is built with AddressSanitizer, which valgrind cannot run: skipped" >&2
	exit 77
fi
exec python3 "$SRC/tests/scaling.py" "$U2S"
