#!/bin/sh
# Values in <gazebo> blocks that no SDFormat loader takes (src/blob.c,
# schema_check): u2s refuses them as the reference converters do, and
# --repair writes what loads.  For every robot of tests/loadable/refused/,
# in each SDFormat version (1.9, 1.11, 1.12), tests/loadable/refused/expected
# says what plain conversion does: status 1 with its first error's code and
# position, or status 0 (a value the readers take, which must pass
# silently); and:
#  - plain conversion exits so, its first error at that code and place;
#  - --repair exits 0 with no error, and, where plain conversion refused,
#    a repair warning (U2S0910, 0911, 0912) at the same place;
#  - where the reference converters are installed (sdf-oracle-12.9 on
#    PATH), that version's reference fails exactly where u2s refuses (and
#    its output, where it has one, loads); where the loaders are
#    (sdf-validate-12.9), every output u2s writes, plain or --repair, loads.
#    Without them those checks are skipped, saying so.  In the quick tier
#    (`make check`, U2S_TIER=quick) they run on robot K (by name) in
#    version K mod 3 only; `make check-full` (U2S_TIER=full) runs them on
#    every robot in every version (tests/refused.py).
# `tests/refused.sh --update` rewrites the expected file from u2s's
# messages (then read it: it is the specification).
# Environment (set by `make check`): U2S, the program; U2S_SRCDIR, the
# source tree.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
command -v python3 > /dev/null || {
	echo "refused.sh: python3 is needed (Debian: python3)" >&2
	exit 1
}
exec python3 "$SRC/tests/refused.py" "$U2S" "$SRC" "$@"
