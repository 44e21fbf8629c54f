#!/bin/sh
# Every --world output of the corpus lists exactly the world systems its
# written model needs (tests/world_systems.py reads them back), for each
# SDFormat version.  Environment (set by `make check`): U2S, the program;
# U2S_SRCDIR, the source tree.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
command -v python3 >/dev/null 2>&1 || { echo "world.sh: no python3: skipped"; exit 77; }
exec python3 "$SRC/tests/world_systems.py" "$U2S" "$SRC/tests/corpus"
