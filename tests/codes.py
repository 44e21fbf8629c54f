#!/usr/bin/env python3
"""The message codes (src/diag_codes.def) agree with the source, the
manual and the README (tests/codes.sh says what is checked, after
scripts/gen-codes --check).  Usage: codes.py [SRCDIR]."""
import glob, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib

src = sys.argv[1] if len(sys.argv) > 1 else testlib.SRC
ROW = re.compile(r'^CODE\((\w+),\s*(\d+),\s*"((?:[^"\\]|\\.)*)"\)\s*$')
KIND = re.compile(r'^/\*\s*(\d\d):')
report = testlib.Report("codes.sh")
bad = report.bad
rows, kind, seen_num, retired = [], None, {}, set()
for line in open(os.path.join(src, "src", "diag_codes.def")):
    m = KIND.match(line)
    if m:
        kind = int(m.group(1))
        continue
    m = ROW.match(line)
    if not m:
        continue
    ident, num = m.group(1), int(m.group(2))
    rows.append(ident)
    if m.group(3).startswith("(retired"):
        retired.add(ident)
    if num in seen_num:
        bad.append("U2S%04d is both %s and %s" % (num, seen_num[num], ident))
    seen_num[num] = ident
    if num // 100 != kind:
        bad.append("%s (U2S%04d) is not in its kind's range %02dxx" % (ident, num, kind))
    if not m.group(3):
        bad.append("%s has no meaning" % ident)
if len(set(rows)) != len(rows):
    bad.append("an identifier is defined twice")

# Where each code is used: the C sources, but the table's own files.
uses = {ident: [] for ident in rows}
word = re.compile(r'\bD_[A-Z0-9_]+\b')
for path in sorted(glob.glob(os.path.join(src, "src", "*.c"))):
    if os.path.basename(path).startswith("diag_codes"):
        continue
    text = open(path).read()
    if os.path.basename(path) == "loadable.c":
        # loadable.c's table of rules names each rule's codes, as this
        # table does: not a use (its lines kept, for the line numbers)
        table = re.search(r'const struct load_rule LOAD_RULES\[[^]]*\] = \{.*?\n\};', text, re.S)
        if not table:
            bad.append("loadable.c: no LOAD_RULES table")
        else:
            for m in word.finditer(table.group(0)):
                if m.group(0) not in uses:
                    bad.append("loadable.c's LOAD_RULES names %s, which the table lacks" % m.group(0))
            text = text[:table.start()] + "\n" * table.group(0).count("\n") + text[table.end():]
    for m in word.finditer(text):
        if m.group(0) in uses:
            line = text.count("\n", 0, m.start()) + 1
            uses[m.group(0)].append("%s:%d" % (os.path.basename(path), line))
        elif m.group(0) not in ("D_CODE_SIZE",):
            bad.append("%s:%d uses %s, which the table lacks" %
                       (os.path.basename(path), text.count("\n", 0, m.start()) + 1, m.group(0)))
SHARED = {"D_OUT_OF_MEMORY": 2}   # the library's and the CLI's
for ident, where in uses.items():
    want = 0 if ident in retired else SHARED.get(ident, 1)
    if len(where) != want:
        bad.append("%s is used %d times (%s), not %d" %
                   (ident, len(where), ", ".join(where) or "nowhere", want))

# Standard error is written only through the formatter (and --stats' and
# --help's lines, which are not messages).
main = open(os.path.join(src, "src", "main.c")).read()
for m in re.finditer(r'(fprintf|fputs)\s*\([^;]*\bstderr\b', main):
    func = re.findall(r'\n(?:static )?[a-z][^\n(]*\b(\w+)\(', main[:m.start()])
    owner = func[-1] if func else "?"
    if owner not in ("print_diagnostic", "print_stats", "try_help"):
        bad.append("main.c:%d writes to stderr in %s(), not through a coded message" %
                   (main.count("\n", 0, m.start()) + 1, owner))
for path in glob.glob(os.path.join(src, "src", "*.c")):
    name = os.path.basename(path)
    if name in ("main.c", "diag.c"):
        continue
    text = open(path).read()
    for m in re.finditer(r'\bstderr\b', text):
        bad.append("%s:%d writes to stderr outside diag.c" % (name, text.count("\n", 0, m.start()) + 1))

numbers = {"U2S%04d" % n for n in seen_num}
docs = ["u2s.1", "u2s.3", "README", "python/README", "HACKING"]
docs += sorted(os.path.relpath(p, src) for p in glob.glob(os.path.join(src, "doc", "*.md")))
for doc in docs:
    for code in sorted(set(re.findall(r'U2S\d{4}', open(os.path.join(src, doc)).read()))):
        if code not in numbers:
            bad.append("%s names %s, which the table lacks" % (doc, code))

report.finish("%d codes" % len(rows))
