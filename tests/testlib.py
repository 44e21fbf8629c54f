"""What the Python tests (tests/*.py) share: where u2s, the source tree,
the corpus and the build are, running u2s and reading its messages, the
loaders' table, temporary folders, the comparison of two SDF documents,
the test tier and the sample a quick run takes, and the report at the end.

The tests run from `make check` (through their tests/NAME.sh wrappers,
which set nothing beyond what the Makefile's AM_TESTS_ENVIRONMENT sets)
or by hand, from the top of a built tree: `python3 tests/loadable.py`.
Environment: U2S (the program, default ./u2s), U2S_SRCDIR (default: the
folder above this file), U2S_CORPUS (default: its tests/corpus),
U2S_BUILDDIR (default .), U2S_TIER (quick, the default, or full).
"""
import concurrent.futures
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

SRC = os.environ.get("U2S_SRCDIR") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
U2S = os.path.abspath(os.environ.get("U2S") or "./u2s")
CORPUS = os.environ.get("U2S_CORPUS") or os.path.join(SRC, "tests", "corpus")
BUILDDIR = os.environ.get("U2S_BUILDDIR") or "."

# One message: FILE:LINE:COL: SEVERITY: TEXT [U2SNNNN]; groups: line,
# column, severity, code (4 digits).
MSG = re.compile(r"^[^:]*:(\d+):(\d+): (\w+): .*\[U2S(\d{4})\]$")


def run(args, cwd=None, data=None, prog=None, timeout=300):
    """Runs u2s (or the command PROG) with ARGS, DATA on standard input:
    (exit status, standard output, standard error), both as bytes."""
    p = subprocess.run(([U2S] if prog is None else list(prog)) + list(args), cwd=cwd,
                       input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def lines(err):
    """Standard error's bytes as lines of text."""
    return err.decode(errors="replace").splitlines()


def messages(err_lines):
    """(line, column, severity, code, the line) of each message line."""
    out = []
    for line in err_lines:
        m = MSG.match(line)
        if m:
            out.append((int(m.group(1)), int(m.group(2)), m.group(3), m.group(4), line))
    return out


def oracles():
    """SDFormat version -> the suffix of its reference programs
    (sdf-oracle-SUFFIX, sdf-validate-SUFFIX): scripts/oracles."""
    with open(os.path.join(SRC, "scripts", "oracles")) as f:
        return dict(line.split() for line in f if line.strip() and line[0] != "#")


@contextlib.contextmanager
def workdir(name):
    """A temporary folder, removed afterwards whatever happens."""
    d = tempfile.mkdtemp(prefix="u2s-%s." % name)
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def same_sdf(a, b):
    """Whether two SDF documents (bytes) say the same, children in another
    order too: tests/sdfcmp, built beside the tests."""
    if a == b:
        return True
    sdfcmp = os.path.join(BUILDDIR, "tests", "sdfcmp")
    with workdir("sdfcmp") as tmp:
        pa, pb = os.path.join(tmp, "a.sdf"), os.path.join(tmp, "b.sdf")
        with open(pa, "wb") as f:
            f.write(a)
        with open(pb, "wb") as f:
            f.write(b)
        return subprocess.run([sdfcmp, pa, pb], capture_output=True).returncode in (0, 1)


def script_args(argv):
    """A table-driven test's command line, [--update] [U2S [SRC]]: (u2s,
    src, update, quick), quick when the tier is and nothing is updated."""
    args = [a for a in argv[1:] if a != "--update"]
    update = "--update" in argv[1:]
    return (os.path.abspath(args[0]) if args else U2S,
            args[1] if len(args) > 1 else SRC, update,
            tier() == "quick" and not update)


def tier():
    """The test tier: "quick" (`make check`, the default) or "full"
    (`make check-full`, U2S_TIER=full)."""
    t = os.environ.get("U2S_TIER") or "quick"
    if t not in ("quick", "full"):
        raise SystemExit("U2S_TIER is %r: quick or full" % t)
    return t


def every_nth(items, n, offset=0):
    """Items OFFSET, OFFSET+N, OFFSET+2N, ... of ITEMS (in their order)."""
    return [x for i, x in enumerate(items) if i % n == offset % n]


def parallel(func, items):
    """FUNC(item) for every item, as many at once as there are processors
    (threads: for tests that wait on programs); their results in order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(func, items))


class Report:
    """The problems a test finds, and its last line."""

    def __init__(self, name):
        self.name = name
        self.bad = []

    def fail(self, text):
        self.bad.append(text)

    def say(self, text):
        print("%s: %s" % (self.name, text))
        sys.stdout.flush()

    def finish(self, summary, limit=None):
        """Prints the problems (the first LIMIT) and SUMMARY with the
        verdict; exits 1 when there were problems, else 0."""
        for b in self.bad[:limit]:
            print("%s: %s" % (self.name, b), file=sys.stderr)
        print("%s: %s, %s" % (self.name, summary,
                              "ok" if not self.bad else "%d problems" % len(self.bad)))
        sys.exit(1 if self.bad else 0)
