#!/bin/sh
# --migrate on the corpus: the expected migrated SDF and bridge YAML of the
# Classic ROS 2 robots, and nothing else changed (tests/migrate.py).
# Environment (set by `make check`): U2S, the program; U2S_SRCDIR, the
# source tree.
set -u
U2S=${U2S:-./u2s}
SRC=${U2S_SRCDIR:-.}
command -v python3 >/dev/null 2>&1 || { echo "migrate.sh: no python3: skipped"; exit 77; }
exec python3 "$SRC/tests/migrate.py" "$U2S" "$SRC"
