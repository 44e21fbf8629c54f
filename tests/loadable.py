#!/usr/bin/env python3
"""--check, plain conversion and --repair judge loadability alike, and say
only what is true (tests/loadable.sh says what is checked).

Usage: loadable.py [U2S [SRCDIR]] [--update]

Tiers (U2S_TIER): every robot runs in every version through u2s in both;
where the loaders are installed, the full tier loads every output live,
and the quick one (`make check`) only those of robot K (by name) in
version K mod 3 (1.9, 1.11, 1.12 in turn), taking the other verdicts from
tests/loadable/verdicts: every robot and every version is loaded, a third
of the pairs.  --update loads every output."""
import glob, os, shutil, sys, tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib

u2s, src, update, quick = testlib.script_args(sys.argv)
cases_dir = os.path.join(src, "tests", "loadable")
verdicts_path = os.path.join(cases_dir, "verdicts")
# each version's loader: scripts/oracles
LOADERS = {v: "sdf-validate-" + s for v, s in testlib.oracles().items()}
VERSIONS = ("1.9", "1.11", "1.12")

REJECTS = {"0607", "0608", "0611", "0701", "0702", "0705", "1108", "0417"}
# a rule's warning -> what --repair says instead at the same place
REPAIRS = {"0607": {"0902", "0901"}, "0608": {"0902", "0901"}, "0611": {"0903", "0901"},
           "0610": {"0909"}, "0601": {"0904"}, "0602": {"0904"}, "0613": {"0904"},
           "0702": {"0703", "0704", "0906"}, "0701": {"0703"}, "1108": {"0905"},
           "0417": {"0908"}, "0705": {"0913"}}
REPAIR_CODES = set().union(*REPAIRS.values())
# left out with a massless link above: what --repair, keeping it, repairs
REPAIRS["0612"] = REPAIR_CODES
FOLLOWS = {"0907"}
MSG = testlib.MSG
report = testlib.Report("loadable.sh")
bad = report.bad


def run(args, cwd):
    rc, out, err = testlib.run(args, cwd=cwd, prog=[u2s])
    return rc, out, testlib.lines(err)


def parse(lines, name, what):
    out = []
    for line in lines:
        m = MSG.match(line)
        if not m:
            bad.append("%s %s: a line that is not a message: %s" % (name, what, line))
            continue
        out.append((int(m.group(1)), int(m.group(2)), m.group(4), line))
    return out


live = shutil.which("sdf-validate-12.9") is not None
if update and not live:
    print("loadable.sh: --update needs the loaders (scripts/install-oracles)", file=sys.stderr)
    sys.exit(2)
if not live:
    print("loadable.sh: sdf-validate-12.9 is not on PATH: skipping the live loads, "
          "using the verdicts of tests/loadable/verdicts")
known = {}
if os.path.exists(verdicts_path) and not update:
    for line in open(verdicts_path):
        if line.strip() and not line.startswith("#"):
            name, version, mode, verdict = line.split()
            known[(name, version, mode)] = verdict

work = tempfile.mkdtemp(prefix="u2s-loadable.")
found = {}


def verdict(name, version, mode, sdf, load):
    key = (name, version, mode)
    if load:
        path = os.path.join(work, "%s.%s.%s.sdf" % key)
        with open(path, "wb") as f:
            f.write(sdf)
        rc, _, _ = testlib.run([path], prog=[LOADERS[version]])
        v = "loads" if rc == 0 else "rejects"
        if not update and known.get(key) not in (None, v):
            bad.append("%s %s %s: the loader %s it, tests/loadable/verdicts says it %s "
                       "(tests/loadable.sh --update)" % (name, version, mode, v, known[key]))
        found[key] = v
        return v
    if key not in known:
        bad.append("%s %s %s: no verdict in tests/loadable/verdicts" % key)
        return "loads"
    return known[key]


def check_contacts(name, version, mode, sdf):
    """Each contact sensor's <collision> names a collision of its link."""
    for link in ET.fromstring(sdf).iter("link"):
        have = {c.get("name") for c in link.findall("collision")}
        for c in link.findall("sensor/contact/collision"):
            if c.text not in have:
                bad.append("%s %s %s: link %s: a contact sensor names collision %r, which "
                           "the link has not (%s)" % (name, version, mode, link.get("name"),
                                                      c.text, ", ".join(sorted(have))))


def check_repair(name, version, plain, repair):
    """--repair changes exactly what plain conversion warned of."""
    rules = [(l, c, code) for l, c, code, _ in plain if code in REPAIRS]
    fixes = [(l, c, code) for l, c, code, _ in repair if code in REPAIR_CODES]
    for l, c, code in rules:
        if not any((l, c) == (fl, fc) and fcode in REPAIRS[code] for fl, fc, fcode in fixes):
            bad.append("%s %s: U2S%s at %d:%d is not repaired" % (name, version, code, l, c))
    for l, c, code in fixes:
        if not any((l, c) == (wl, wc) and code in REPAIRS[wcode] for wl, wc, wcode in rules):
            bad.append("%s %s: --repair's U2S%s at %d:%d was not warned of" %
                       (name, version, code, l, c))
    rest_plain = [line for _, _, code, line in plain if code not in REPAIRS]
    rest_repair = [line for _, _, code, line in repair
                   if code not in REPAIR_CODES and code not in FOLLOWS]
    if rest_plain != rest_repair:
        bad.append("%s %s: other messages differ with --repair:\n  %s\n  %s" %
                   (name, version, "\n  ".join(rest_plain), "\n  ".join(rest_repair)))


def check_case(path, version, load):
    name = os.path.basename(path)[:-len(".urdf")]
    cwd, base = os.path.dirname(path), os.path.basename(path)
    v = ["--sdf-version=" + version]
    rc_c, _, check = run(v + ["--check", base], cwd)
    rc_p, out_p, plain = run(v + [base], cwd)
    rc_r, out_r, repair = run(v + ["--repair", base], cwd)
    if rc_c or rc_p or rc_r:
        bad.append("%s %s: exit statuses %d %d %d" % (name, version, rc_c, rc_p, rc_r))
        return
    if check != plain:
        bad.append("%s %s: --check says\n  %s\nplain conversion\n  %s" %
                   (name, version, "\n  ".join(check), "\n  ".join(plain)))
    plain_m = parse(plain, name, "plain")
    repair_m = parse(repair, name, "--repair")
    warned = sorted({code for _, _, code, _ in plain_m if code in REJECTS})
    if verdict(name, version, "plain", out_p, load) == "rejects":
        if not warned:
            bad.append("%s %s: the loader rejects the output, and no warning says so" %
                       (name, version))
    elif warned:
        bad.append("%s %s: U2S%s say a loader rejects the output, which loads" %
                   (name, version, ", U2S".join(warned)))
    check_repair(name, version, plain_m, repair_m)
    check_contacts(name, version, "plain", out_p)
    check_contacts(name, version, "repair", out_r)
    # an inertia gz-math cannot compute (entries near 1e200) is beyond
    # repair, and --repair says so: that output alone may not load
    beyond = any(code in ("0901", "0903") for _, _, code, _ in repair_m)
    if verdict(name, version, "repair", out_r, load) != "loads" and not beyond:
        bad.append("%s %s: the --repair output does not load" % (name, version))


cases = sorted(glob.glob(os.path.join(cases_dir, "*.urdf")))
todo = [(path, version, live and (not quick or version == VERSIONS[k % len(VERSIONS)]))
        for k, path in enumerate(cases) for version in VERSIONS]
loaded = sum(load for _, _, load in todo)
# The runs wait on u2s and the loaders: as many at once as there are
# processors (the problems sorted afterwards, by robot and version).
testlib.parallel(lambda job: check_case(*job), todo)
bad.sort()
shutil.rmtree(work)
if update:
    with open(verdicts_path, "w") as f:
        f.write("# tests/loadable.sh: what each version's loader (libsdformat 12.9, 14.9,\n"
                "# 16.1) makes of u2s's output, plain and with --repair; made by\n"
                "# tests/loadable.sh --update\n")
        for key in sorted(found):
            f.write("%s %s %s %s\n" % (key + (found[key],)))
if live and quick:
    report.say("quick tier (U2S_TIER=quick): loaded live robot K (by name) in version "
               "K mod 3 only, %d of %d robot-version pairs, the others' verdicts from "
               "tests/loadable/verdicts (U2S_TIER=full: all)" % (loaded, len(cases) * len(VERSIONS)))
report.finish("%d robots, 3 versions, %s" % (
    len(cases), ("loaded live" if not quick else "%d pairs loaded live" % loaded)
    if live else "precomputed verdicts"))
