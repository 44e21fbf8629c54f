#!/usr/bin/env python3
"""gz_fortress: every robot u2s converts runs in a real gz-sim server.

Slow tier: not in `make check`; .ci/run runs it after installing the
headless Gazebo Fortress server of ../shared/gz-fortress (/opt/gzf).

For every corpus robot (tests/corpus/*/*.urdf, as scripts/sdf-load-check
finds them; SDFormat 1.9, what Fortress reads) and every robot of the
shared ROS packages (../shared/packages/robots/*.urdf, converted with
AMENT_PREFIX_PATH=../shared/packages and --uri-mode=file so package://
meshes become file:// paths), and for each u2s flag set (`--world`, and
`--migrate --world` when `u2s --help` lists --migrate):
  1. u2s FLAGS ROBOT.urdf -o WORK/ROBOT.sdf, WORK holding links to what
     lies beside the URDF, so that a relative mesh URI resolves against
     the world's folder as it would beside the input (gz-sim resolves it
     there); an input the corpus marks .fails and u2s rejects is skipped;
  2. `ign gazebo -s -r --iterations N` on the world (tests/gz/gzlib.py:
     a partition and profiler port of its own, JOBS runs at a time);
  3. the world must be made and stepped, and every `[Err]` line must
     match tests/gz/allowed-errors (`plain:` patterns only for the plain
     --world outputs: Gazebo Classic plugins, what --migrate removes);
  4. for --migrate outputs with a bridge YAML (u2s --bridge-config, when
     --help lists it, or --bridge-dir DIR/ROBOT.yaml) every topic the
     server should publish is read (tests/gz/run_world.py), with the frames
     of --expect-dir DIR/ROBOT.expect.yaml when there is one.
Also runs the hand-written migrated world tests/gz/data/imu_diffdrive.sdf
with its bridge YAML and expectations (IMU, odometry, a diff drive moved
by Twist messages).

Usage: tests/gz_fortress.py [--u2s ./u2s] [--flags 'FLAGS']... [-j 2]
         [--iterations 300] [--bridge-dir DIR] [--expect-dir DIR]
         [--keep DIR] [--only GLOB]... [--no-corpus] [--no-packages]
         [--no-data]
Prints one line per robot and flag set, a tally of the error kinds, and
"N passed, M failed"; exit 0 when nothing failed, 1 when something did,
2 when the server is not installed (scripts skip on 77 in make check:
this one is not there, it is asked for by name, so a missing server is
an error).
"""
import argparse
import collections
import concurrent.futures
import fnmatch
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "gz"))
import gzlib  # noqa: E402
import run_world  # noqa: E402

# The valid robots among the .fails cases (tests/corpus/README.md,
# scripts/sdf-load-check): u2s converts them although libsdformat computes
# NaN poses on them.
VALID_FAILS = {"example-robot-data__anymal_c", "isaacgymenvs__trifingerpro_with_stage"}
# shared/packages/README.md: spot_arm's root link has no <inertial>; without
# --repair the model has no link at all.
# spot_simple's legs reach 0.5 m below its base: at u2s's default pose
# (0 0 0) its collision meshes start deep in the ground plane and DART
# takes ~40 s for the first step (measured); dropped from 1 m it lands
# and 1000 steps take 5 s.
PACKAGE_FLAGS = {"spot_arm": ["--repair"],
                 "spot_simple": ["--pose", "0", "0", "1", "0", "0", "0"]}


def inputs(args):
    """(label, urdf, extra flags, env additions, corpus .fails?) of every robot."""
    out = []
    if not args.no_corpus:
        for u in sorted(glob.glob(os.path.join(args.corpus, "*", "*.urdf"))):
            stem = u[:-5]
            name = os.path.basename(stem)
            label = "%s/%s" % (os.path.basename(os.path.dirname(u)), name)
            fails = os.path.exists(stem + ".fails") and name not in VALID_FAILS
            out.append((label, u, [], {}, fails))
    if not args.no_packages and os.path.isdir(args.packages):
        for u in sorted(glob.glob(os.path.join(args.packages, "robots", "*.urdf"))):
            name = os.path.basename(u)[:-5]
            out.append(("packages/" + name, u,
                        ["--uri-mode=file"] + PACKAGE_FLAGS.get(name, []),
                        {"AMENT_PREFIX_PATH": os.path.abspath(args.packages)}, False))
    if args.only:
        out = [i for i in out if any(fnmatch.fnmatch(i[0], g) for g in args.only)]
    return out


def u2s_help(u2s):
    return subprocess.run([u2s, "--help"], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True).stdout


def workdir_for(base, label, urdf):
    """A folder for the world beside links to everything beside the URDF
    (not the URDFs): relative mesh URIs resolve from it as from the input."""
    d = os.path.join(base, label.replace("/", "__"))
    os.makedirs(d, exist_ok=True)
    src = os.path.dirname(os.path.abspath(urdf))
    for e in os.listdir(src):
        if e.endswith((".urdf", ".sdf", ".err", ".fails", ".txt", ".md", ".xml")):
            continue
        p = os.path.join(d, e)
        if not os.path.lexists(p):
            os.symlink(os.path.join(src, e), p)
    return d


def convert(args, flagset, extra, envadd, urdf, world, bridge):
    """u2s FLAGS -o WORLD URDF; its warnings in .stdout (the SDF goes to
    WORLD)."""
    cmd = [args.u2s] + flagset + extra + ["-o", world]
    if bridge:
        cmd.append("--bridge-config=" + bridge)
    cmd.append(urdf)
    return subprocess.run(cmd, env=dict(os.environ, **envadd), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)


def one(args, allow, known, flagset, item, base):
    label, urdf, extra, envadd, fails = item
    migrated = "--migrate" in flagset
    corpus = not label.startswith("packages/")
    d = workdir_for(base, label, urdf)
    world = os.path.join(d, "world.sdf")
    name = os.path.basename(urdf)[:-5]
    bridge = None
    if migrated and args.bridge_config:
        bridge = os.path.join(d, "bridge.yaml")
    expect = None
    if migrated and args.expect_dir:
        e = os.path.join(args.expect_dir, name + ".expect.yaml")
        if os.path.exists(e):
            expect = run_world.load_yaml(e)
            if expect.get("pose"):  # spawned yawed: world-referenced checks
                extra = extra + ["--pose"] + str(expect["pose"]).split()
    t0 = time.monotonic()
    p = convert(args, flagset, extra, envadd, urdf, world, bridge)
    rec = {"label": label, "flags": " ".join(flagset), "u2s": p.returncode,
           "status": "PASS", "errors": [], "allowed": [], "known": [], "notes": [],
           "wall": 0.0, "repaired": False}
    if p.returncode != 0:
        if fails and p.returncode == 1:
            rec["status"] = "SKIP"
            rec["notes"].append("input rejected (corpus .fails)")
        else:
            rec["status"] = "FAIL"
            rec["notes"].append("u2s exit %d: %s" % (p.returncode, p.stdout.strip()[-200:]))
        return rec
    # A --migrate world identical to the plain one (nothing Classic in the
    # robot) with no Gazebo Classic plugin in it is the world the --world
    # pass runs already: not run twice (the budget).  One that still holds
    # a Classic plugin runs, under --migrate's stricter rules.
    if migrated and not expect and not args.no_dedup:
        plainf = os.path.join(d, "plain-for-compare.sdf")
        p0 = convert(args, [f for f in flagset if f != "--migrate"], extra, envadd, urdf,
                     plainf, None)
        with open(world, "rb") as f1:
            w = f1.read()
        same = p0.returncode == 0 and open(plainf, "rb").read() == w
        os.unlink(plainf)
        if same and not re.search(rb"<plugin[^>]*filename=['\"]lib[^'\"]*\.so['\"]", w):
            rec["status"] = "SAME"
            rec["notes"].append("the --world output, unchanged: run by that pass")
            return rec
    if migrated and not args.bridge_config and args.bridge_dir:
        # NAME.bridge.yaml (tests/migrate's layout) or NAME.yaml
        bridge = next((b for b in (os.path.join(args.bridge_dir, name + ".bridge.yaml"),
                                   os.path.join(args.bridge_dir, name + ".yaml"))
                       if os.path.exists(b)), None)
    if bridge is not None and not os.path.exists(bridge):
        rec["notes"].append("FAIL  u2s wrote no bridge YAML")
        bridge = None
    iters = args.iterations if not expect else None
    res, run = run_world.check_world(world, bridge, expect, allow, migrated, iters,
                                     args.timeout, workdir=d, corpus=corpus)
    if args.keep:
        with open(os.path.join(d, "server.log"), "w") as f:
            f.write(run.log)
    # A world the server could not make at all, or that DART aborted on,
    # because of the input's own faults (invalid inertias, a link and a
    # joint of one name, no link with mass: libsdformat rejects the input
    # the same way; zero moments of inertia, on which DART asserts, as
    # tests/physics.expected records; u2s warns of each):
    # convert again with --repair, which must then change the output and
    # run.  If --repair changes nothing, the fault is u2s's: a failure.
    crashed = run.rc is not None and run.rc < 0 and not run.timed_out
    if (not run.world_made or crashed) and "--repair" not in flagset + extra:
        fixed = os.path.join(d, "world-repair.sdf")
        own = migrated and args.bridge_config  # u2s writes the bridge YAML
        fb = os.path.join(d, "bridge-repair.yaml") if own else bridge
        p2 = convert(args, flagset, extra + ["--repair"], envadd, urdf, fixed,
                     fb if own else None)
        with open(world, "rb") as f1:
            same = p2.returncode == 0 and os.path.exists(fixed) and open(fixed, "rb").read() == f1.read()
        if p2.returncode == 0 and not same:
            sdf_errs = [x for x in run.errors if "Error Code" in x]
            rec["repaired"] = True
            if crashed:
                abort = [x for x in run.log.splitlines() if "Assertion" in x or "Segmentation" in x]
                rec["notes"].append("server killed by signal %d as written (%s); with --repair:"
                                    % (-run.rc, (abort[-1] if abort else "")[-160:]))
            else:
                rec["notes"].append("no world as written (%d SDF errors from the input: %s); "
                                    "with --repair:" % (len(sdf_errs), "; ".join(
                                        sorted(set(gzlib.normalise_error(x) for x in sdf_errs)))[:300]))
            res, run = run_world.check_world(fixed, fb, expect, allow, migrated, iters,
                                             args.timeout, workdir=d, corpus=corpus)
            if args.keep:
                with open(os.path.join(d, "server-repair.log"), "w") as f:
                    f.write(run.log)
    # The server itself crashes now and then on a world it runs the next
    # time (seen: a repaired arm with missing meshes, 1 run in 4, the same
    # bytes): a crash counts only when it happens twice in a row.
    if run.rc is not None and run.rc < 0 and not run.timed_out:
        again = (fixed, fb) if rec.get("repaired") else (world, bridge)
        res2, run2 = run_world.check_world(again[0], again[1], expect, allow, migrated, iters,
                                           args.timeout, workdir=d, corpus=corpus)
        if not (run2.rc is not None and run2.rc < 0):
            rec["notes"].append("the server crashed (signal %d) and ran the same world on a "
                                "second try: counted as the second run" % -run.rc)
            res, run = res2, run2
    rec["wall"] = time.monotonic() - t0
    rec["server"] = run.version
    # The Classic plugins --migrate left with a U2S1202 warning (it names
    # the plugin's file): with --tolerate-warned they are counted apart
    # ("left"), not failed; by default they fail like any Classic plugin
    # in a --migrate output.  A Classic plugin left without a warning
    # fails either way.
    warned = set()
    if migrated:
        for line in p.stdout.splitlines():
            if "U2S1202" in line:
                warned.update(a or b for a, b in
                              re.findall(r"'([^']+\.so)'|\(([^)]+\.so)\)", line))
    for r in res:
        m = re.search(r"Failed to load system plugin \[([^\]]+)\]", r.detail) if r.check == "error" else None
        if migrated and m and m.group(1) in warned and r.status == "FAIL":
            rec.setdefault("left", []).append(m.group(1))
            if args.tolerate_warned:
                continue
            r.detail += " (left by --migrate with U2S1202)"
        if r.check == "error":
            if r.status == "ALLOW":
                rec["allowed"].append(r.detail.split(" (")[0])
            elif known.match(label, r.detail, migrated):
                rec["known"].append(r.detail)
            else:
                rec["errors"].append(r.detail)
        elif r.status in ("FAIL", "XFAIL"):
            rec["notes"].append(str(r))
        if r.check != "error" and r.check != "ran":
            rec.setdefault("checks", collections.Counter())[r.status] += 1
    if any(k.startswith("[crash]") for k in rec["known"]):
        # a known crash: its "ran" failure is the same fact, not another
        rec["notes"] = [n for n in rec["notes"]
                        if not (n.startswith("FAIL  ran:") and "killed by signal" in n)]
    if rec["errors"] or any(n.startswith("FAIL") for n in rec["notes"]):
        rec["status"] = "FAIL"
    elif rec["known"] or rec.get("left"):
        rec["status"] = "XFAIL"
    return rec


def data_worlds(args, allow):
    """The hand-written worlds of tests/gz/data: WORLD.sdf with
    WORLD.bridge.yaml and WORLD.expect.yaml."""
    recs = []
    for w in sorted(glob.glob(os.path.join(HERE, "gz", "data", "*.sdf"))):
        stem = w[:-4]
        if args.only and not any(fnmatch.fnmatch("data/" + os.path.basename(stem), g)
                                 for g in args.only):
            continue
        b = stem + ".bridge.yaml"
        e = stem + ".expect.yaml"
        t0 = time.monotonic()
        res, run = run_world.check_world(
            w, b if os.path.exists(b) else None,
            run_world.load_yaml(e) if os.path.exists(e) else None,
            allow, True, None, args.timeout)
        rec = {"label": "data/" + os.path.basename(stem), "flags": "(hand-written, migrated)",
               "status": "PASS", "errors": [], "allowed": [], "notes": [],
               "wall": time.monotonic() - t0, "server": run.version, "u2s": 0}
        for r in res:
            print("    %s" % r)
            if r.status == "FAIL":
                rec["status"] = "FAIL"
                if r.check == "error":
                    rec["errors"].append(r.detail)
                else:
                    rec["notes"].append(str(r))
        print("%-4s %-58s [%s] %5.1fs" % (rec["status"], rec["label"], rec["flags"], rec["wall"]),
              flush=True)
        recs.append(rec)
    return recs


def main():
    ap = argparse.ArgumentParser(description="every u2s world runs in gz-sim Fortress")
    ap.add_argument("--u2s", default=os.path.join(ROOT, "u2s"))
    ap.add_argument("--corpus", default=os.path.join(ROOT, "tests", "corpus"))
    ap.add_argument("--packages", default=os.path.join(ROOT, "..", "shared", "packages"))
    ap.add_argument("--allow", default=os.path.join(HERE, "gz", "allowed-errors"))
    ap.add_argument("--known", default=os.path.join(HERE, "gz", "known-failures"))
    ap.add_argument("--flags", action="append",
                    help="a u2s flag set (repeatable); default '--world', and "
                         "'--migrate --world' when u2s --help lists --migrate")
    ap.add_argument("--bridge-dir", help="ROBOT.bridge.yaml (or ROBOT.yaml) bridge files for "
                    "--migrate outputs, e.g. tests/migrate (instead of u2s --bridge-config)")
    ap.add_argument("--expect-dir", default=os.path.join(HERE, "gz", "expect"),
                    help="ROBOT.expect.yaml: frames and motion a migrated robot must show")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--keep", help="keep the worlds and logs in this folder")
    ap.add_argument("--only", action="append", help="label glob (seed/*, packages/so100)")
    ap.add_argument("--no-corpus", action="store_true")
    ap.add_argument("--no-packages", action="store_true")
    ap.add_argument("--no-data", action="store_true")
    ap.add_argument("--tolerate-warned", action="store_true",
                    help="in --migrate outputs, count the Classic plugins u2s left with a "
                         "U2S1202 warning apart (XFAIL) instead of failing on them")
    ap.add_argument("--no-dedup", action="store_true",
                    help="run --migrate worlds identical to the --world ones too")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the allowed errors too")
    args = ap.parse_args()

    if not os.path.exists(gzlib.GZF_ENV):
        print("gz_fortress: no server at %s: bash ../shared/gz-fortress/install" % gzlib.GZF_ENV,
              file=sys.stderr)
        return 2
    if not os.access(args.u2s, os.X_OK):
        print("gz_fortress: %s: not built (make u2s)" % args.u2s, file=sys.stderr)
        return 2
    helptext = u2s_help(args.u2s)
    if args.flags:
        flagsets = [f.split() for f in args.flags]
    else:
        flagsets = [["--world"]]
        if re.search(r"^\s*--migrate\b", helptext, re.M):
            flagsets.append(["--migrate", "--world"])
    args.bridge_config = bool(re.search(r"--bridge-config", helptext)) and not args.bridge_dir
    allow = gzlib.AllowList(args.allow)
    known = gzlib.KnownFailures(args.known)

    base = args.keep or tempfile.mkdtemp(prefix="gz-fortress-")
    os.makedirs(base, exist_ok=True)
    items = inputs(args)
    t0 = time.monotonic()
    recs = []
    if not args.no_data:
        recs += data_worlds(args, allow)
    jobs = [(fs, it) for fs in flagsets for it in items]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        futs = [ex.submit(one, args, allow, known, fs, it,
                          os.path.join(base, "-".join(f.strip("-") for f in fs)))
                for fs, it in jobs]
        for f in futs:
            recs.append(f.result())
            r = recs[-1]
            errs = collections.Counter(gzlib.normalise_error(e) for e in r["errors"])
            alw = collections.Counter(gzlib.normalise_error(e) for e in r["allowed"])
            line = "%-4s %-58s [%s] %5.1fs" % (r["status"], r["label"], r["flags"], r["wall"])
            if errs:
                line += "  errors: " + "; ".join("%dx %s" % (n, e) for e, n in errs.items())
            if r.get("checks"):
                line += "  checks: " + ", ".join("%d %s" % (n, k) for k, n in sorted(r["checks"].items()))
            if r.get("left"):
                c = collections.Counter(r["left"])
                line += "  left by --migrate (U2S1202): " + ", ".join(
                    "%s%s" % (k, " x%d" % n if n > 1 else "") for k, n in sorted(c.items()))
            if r.get("known"):
                line += "  known: " + "; ".join(sorted(set(gzlib.normalise_error(e) for e in r["known"])))
            if alw:
                line += "  allowed: %d" % sum(alw.values())
                if args.verbose:
                    line += " (" + "; ".join("%dx %s" % (n, e) for e, n in alw.items()) + ")"
            if r["notes"]:
                line += "  " + " | ".join(r["notes"])
            print(line, flush=True)
    wall = time.monotonic() - t0

    print("\nerror kinds (robots with it), by flag set:")
    for fs in ["(hand-written, migrated)"] + [" ".join(f) for f in flagsets]:
        kinds = collections.Counter()
        for r in recs:
            if r["flags"] != fs:
                continue
            for e in set(gzlib.normalise_error(x) for x in r["errors"]):
                kinds["FAIL  " + e] += 1
            for e in set(gzlib.normalise_error(x) for x in r["allowed"]):
                kinds["allow " + e] += 1
            for e in set(gzlib.normalise_error(x) for x in r.get("known", [])):
                kinds["known " + e] += 1
        n = sum(1 for r in recs if r["flags"] == fs and r["status"] not in ("SAME", "SKIP"))
        clean = sum(1 for r in recs if r["flags"] == fs and r["status"] == "PASS"
                    and not r["allowed"])
        if n:
            print("  [%s] %d worlds run, %d with no [Err] at all" % (fs, n, clean))
        for k, c in kinds.most_common():
            print("    %4d  %s" % (c, k))
    modes_run = {"any"} | {"migrate" if "--migrate" in fs else "plain" for fs in flagsets}
    for rule in known.rules:
        if rule[3] == 0 and not args.only and rule[4] in modes_run:
            print("XPASS %s: %s %s matched nothing: fixed? delete the entry" % (rule[2], rule[0], rule[1].pattern))
            recs.append({"status": "FAIL", "flags": "", "label": rule[2]})
    left = collections.Counter()
    for r in recs:
        for k in set(r.get("left", [])):
            left[k] += 1
    if left:
        print("Classic plugins --migrate left with U2S1202 (robots): %s%s" % (
            ", ".join("%s %d" % (k, n) for k, n in left.most_common()),
            "" if args.tolerate_warned else " -- failures (--tolerate-warned counts them apart)"))
    repaired = [r for r in recs if r.get("repaired")]
    if repaired:
        print("%d robots made no world as written (their input's own faults) and ran after --repair" % len(repaired))
    xfail = sum(1 for r in recs if r["status"] == "XFAIL")
    passed = sum(1 for r in recs if r["status"] == "PASS")
    failed = sum(1 for r in recs if r["status"] == "FAIL")
    skipped = sum(1 for r in recs if r["status"] == "SKIP")
    same = sum(1 for r in recs if r["status"] == "SAME")
    if same:
        print("%d --migrate outputs were the --world output unchanged (no Classic plugin): "
              "not run twice" % same)
    print("%d passed, %d failed, %d known failures (XFAIL), %d skipped; %.0f s wall, %d at a time" % (
        passed, failed, xfail, skipped, wall, args.jobs))
    if args.keep:
        print("worlds kept in %s" % base)
    else:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
