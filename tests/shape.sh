#!/bin/sh
# The shape HACKING promises: no function of src/ is longer than 60 lines
# (from its opening brace to its closing one, both in the first column;
# table initializers are data, not functions).
# Environment (set by `make check`): U2S_SRCDIR, the source tree.
set -u
SRC=${U2S_SRCDIR:-.}
exec python3 - "$SRC" <<'PY'
import glob, os, sys
src, longest, bad = sys.argv[1], 60, []
for path in sorted(glob.glob(os.path.join(src, "src", "*.c"))):
    lines = open(path, errors="replace").read().split("\n")
    start = None
    for i, line in enumerate(lines):
        if line.startswith("{") and start is None and i > 0:
            head = lines[i - 1].rstrip()
            start = None if head.endswith("=") or "[" in head else i
            name = head
        elif line.startswith("}") and start is not None:
            if i - start + 1 > longest:
                bad.append("%s:%d: %s is %d lines" % (os.path.basename(path), start,
                                                       name.strip(), i - start + 1))
            start = None
for b in bad:
    print("shape.sh: " + b, file=sys.stderr)
print("shape.sh: %s" % ("every function of src/ is at most %d lines" % longest if not bad
                         else "%d functions are longer than %d lines" % (len(bad), longest)))
sys.exit(1 if bad else 0)
PY
