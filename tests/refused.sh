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
#    Without them those checks are skipped, saying so.
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
exec python3 - "$U2S" "$SRC" "$@" <<'EOF'
import glob, os, re, shutil, subprocess, sys, tempfile

u2s, src = os.path.abspath(sys.argv[1]), sys.argv[2]
update = "--update" in sys.argv[3:]
cases_dir = os.path.join(src, "tests", "loadable", "refused")
expected_path = os.path.join(cases_dir, "expected")
# each version's suffix of sdf-oracle-/sdf-validate-: scripts/oracles
VERSIONS = dict(line.split() for line in open(os.path.join(src, "scripts", "oracles"))
                if line.strip() and line[0] != "#")
REPAIRS = {"0910", "0911", "0912"}
MSG = re.compile(r"^[^:]*:(\d+):(\d+): (\w+): .*\[U2S(\d{4})\]$")
oracles = shutil.which("sdf-oracle-12.9") is not None
loaders = shutil.which("sdf-validate-12.9") is not None
work = tempfile.mkdtemp(prefix="u2s-refused.")
bad, rows = [], []


def run(args, cwd):
    p = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace").splitlines()


def messages(lines):
    return [(m.group(3), m.group(4), "%s:%s" % (m.group(1), m.group(2)))
            for m in map(MSG.match, lines) if m]


def loads(version, sdf, what):
    path = os.path.join(work, "out.sdf")
    with open(path, "wb") as f:
        f.write(sdf)
    rc, _, _ = run(["sdf-validate-" + VERSIONS[version], path], work)
    if rc != 0:
        bad.append("%s: the output does not load in sdf-validate-%s" % (what, VERSIONS[version]))


def check(path, version, want):
    name = os.path.basename(path)[:-len(".urdf")]
    cwd, base = os.path.dirname(path), os.path.basename(path)
    what = "%s %s" % (name, version)
    rc, out, err = run([u2s, "--sdf-version=" + version, base], cwd)
    errors = [(code, at) for sev, code, at in messages(err) if sev == "error"]
    got = "1 U2S%s@%s" % errors[0] if rc == 1 and errors else "%d" % rc
    rows.append("%s %s %s" % (name, version, got))
    if not update and got != want:
        bad.append("%s: plain conversion gives '%s', expected '%s'\n  %s" %
                   (what, got, want, "\n  ".join(err)))
    rrc, rout, rerr = run([u2s, "--repair", "--sdf-version=" + version, base], cwd)
    rmsgs = messages(rerr)
    if rrc != 0 or any(sev == "error" for sev, _, _ in rmsgs):
        bad.append("%s: --repair exits %d:\n  %s" % (what, rrc, "\n  ".join(rerr)))
    for code, at in errors:
        if not any(c in REPAIRS and a == at for _, c, a in rmsgs):
            bad.append("%s: U2S%s at %s is not repaired" % (what, code, at))
    if rc == 0 and any(c in REPAIRS for _, c, _ in rmsgs):
        bad.append("%s: --repair repairs what plain conversion took" % what)
    if oracles:
        orc, oout, _ = run(["sdf-oracle-" + VERSIONS[version], base], cwd)
        if (orc != 0) != (rc == 1):
            bad.append("%s: the reference exits %d, u2s %d" % (what, orc, rc))
    if loaders:
        if rc == 0:
            loads(version, out, what + " plain")
        if rrc == 0:
            loads(version, rout, what + " --repair")


expected = {}
if os.path.exists(expected_path) and not update:
    for line in open(expected_path):
        if line.strip() and not line.startswith("#"):
            name, version, verdict = line.split(None, 2)
            expected[(name, version)] = verdict.strip()
cases = sorted(glob.glob(os.path.join(cases_dir, "*.urdf")))
for path in cases:
    name = os.path.basename(path)[:-len(".urdf")]
    for version in VERSIONS:
        want = expected.get((name, version))
        if want is None and not update:
            bad.append("%s %s: no line in tests/loadable/refused/expected" % (name, version))
            continue
        check(path, version, want)
shutil.rmtree(work)
if update:
    with open(expected_path, "w") as f:
        f.write("# tests/refused.sh: NAME VERSION, then plain conversion's status and its\n"
                "# first error (U2S code @ LINE:COL); made by tests/refused.sh --update\n")
        f.write("".join(r + "\n" for r in rows))
if not oracles:
    print("refused.sh: sdf-oracle-12.9 is not on PATH: the references are not compared")
if not loaders:
    print("refused.sh: sdf-validate-12.9 is not on PATH: the outputs are not loaded")
for b in bad:
    print("refused.sh: " + b, file=sys.stderr)
print("refused.sh: %d robots, 3 versions%s" % (len(cases), ", ok" if not bad else
                                              ", %d problems" % len(bad)))
sys.exit(1 if bad else 0)
EOF
