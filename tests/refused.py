#!/usr/bin/env python3
"""Values in <gazebo> blocks that no SDFormat loader takes: u2s refuses
them as the reference converters do, and --repair writes what loads
(tests/refused.sh says what is checked).

Usage: refused.py [U2S [SRCDIR]] [--update]

Tiers (U2S_TIER): every robot runs in every version through u2s in both;
where the reference converters and loaders are installed, the full tier
runs them on every robot in every version, the quick one (`make check`)
on robot K (by name) in version K mod 3 (1.9, 1.11, 1.12 in turn) only:
every robot and every version, a third of the pairs."""
import glob, os, shutil, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib

u2s, src, update, quick = testlib.script_args(sys.argv)
cases_dir = os.path.join(src, "tests", "loadable", "refused")
expected_path = os.path.join(cases_dir, "expected")
# each version's suffix of sdf-oracle-/sdf-validate-: scripts/oracles
VERSIONS = testlib.oracles()
REPAIRS = {"0910", "0911", "0912"}
oracles = shutil.which("sdf-oracle-12.9") is not None
loaders = shutil.which("sdf-validate-12.9") is not None
work = tempfile.mkdtemp(prefix="u2s-refused.")
report = testlib.Report("refused.sh")
bad = report.bad


def run(args, cwd):
    rc, out, err = testlib.run(args, cwd=cwd, prog=[])
    return rc, out, testlib.lines(err)


def messages(lines):
    return [(sev, code, "%d:%d" % (line, col))
            for line, col, sev, code, _ in testlib.messages(lines)]


def loads(version, sdf, what):
    fd, path = tempfile.mkstemp(suffix=".sdf", dir=work)
    with os.fdopen(fd, "wb") as f:
        f.write(sdf)
    rc, _, _ = run(["sdf-validate-" + VERSIONS[version], path], work)
    if rc != 0:
        bad.append("%s: the output does not load in sdf-validate-%s" % (what, VERSIONS[version]))


def check(path, version, want, refer):
    name = os.path.basename(path)[:-len(".urdf")]
    cwd, base = os.path.dirname(path), os.path.basename(path)
    what = "%s %s" % (name, version)
    rc, out, err = run([u2s, "--sdf-version=" + version, base], cwd)
    errors = [(code, at) for sev, code, at in messages(err) if sev == "error"]
    got = "1 U2S%s@%s" % errors[0] if rc == 1 and errors else "%d" % rc
    row = "%s %s %s" % (name, version, got)
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
    if oracles and refer:
        orc, oout, _ = run(["sdf-oracle-" + VERSIONS[version], base], cwd)
        if (orc != 0) != (rc == 1):
            bad.append("%s: the reference exits %d, u2s %d" % (what, orc, rc))
    if loaders and refer:
        if rc == 0:
            loads(version, out, what + " plain")
        if rrc == 0:
            loads(version, rout, what + " --repair")
    return row


expected = {}
if os.path.exists(expected_path) and not update:
    for line in open(expected_path):
        if line.strip() and not line.startswith("#"):
            name, version, verdict = line.split(None, 2)
            expected[(name, version)] = verdict.strip()
cases = sorted(glob.glob(os.path.join(cases_dir, "*.urdf")))
todo = []
for k, path in enumerate(cases):
    name = os.path.basename(path)[:-len(".urdf")]
    for i, version in enumerate(VERSIONS):
        want = expected.get((name, version))
        if want is None and not update:
            bad.append("%s %s: no line in tests/loadable/refused/expected" % (name, version))
            continue
        todo.append((path, version, want, not quick or i == k % len(VERSIONS)))
# The runs wait on u2s and the references: as many at once as there are
# processors (the problems sorted afterwards, the rows kept in order).
rows = testlib.parallel(lambda job: check(*job), todo)
bad.sort()
referred = sum(refer for _, _, _, refer in todo)
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
if quick and (oracles or loaders):
    report.say("quick tier (U2S_TIER=quick): the references and loaders ran on robot K "
               "(by name) in version K mod 3 only, %d of %d robot-version pairs "
               "(U2S_TIER=full: all)" % (referred, len(todo)))
report.finish("%d robots, 3 versions" % len(cases))
