#!/bin/sh
# --check, plain conversion and --repair judge loadability alike, and say
# only what is true (src/loadable.c's rules).  For every small robot of
# tests/loadable/ (one or more per rule), in each SDFormat version (1.9,
# 1.11, 1.12), u2s runs three ways, and:
#  - --check reports exactly the messages plain conversion reports;
#  - a warning of the class "a loader rejects it" (U2S0607, 0608, 0611,
#    0701, 0702, 1108, 0417) is given exactly when that version's loader
#    refuses the plain output (libsdformat 12.9 for 1.9, 14.9 for 1.11,
#    16.1 for 1.12: sdf-validate-12.9, -14.9, -new);
#  - --repair changes exactly what was warned of: each rule's warning has
#    its repair at the same place (or the repair's own "cannot" message),
#    no repair comes without a warning, and every other message is the
#    same (the references that follow a rename, U2S0907, aside);
#  - the --repair output loads in that version's loader (unless --repair
#    says it cannot repair an inertia: U2S0901, U2S0903);
#  - in both outputs, a contact sensor's <collision> names a collision of
#    its link (renames and lumping followed).
# The loaders' verdicts are checked in, in tests/loadable/verdicts (made
# by `tests/loadable.sh --update`, which needs the loaders).  Where the
# loaders are installed, each output is also loaded now, and a verdict
# that differs from the file fails; where they are not (sdf-validate-12.9
# not on PATH), the live loads are skipped, saying so, and the file's
# verdicts are used.  In the quick tier (`make check`, U2S_TIER=quick)
# robot K (by name) is loaded live in version K mod 3 only, the rest
# taken from the file; `make check-full` (U2S_TIER=full) loads them all
# (tests/loadable.py).
# Environment (set by `make check`): U2S, the program; U2S_SRCDIR, the
# source tree.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
command -v python3 > /dev/null || {
	echo "loadable.sh: python3 is needed (Debian: python3)" >&2
	exit 1
}
exec python3 "$SRC/tests/loadable.py" "$U2S" "$SRC" "$@"
