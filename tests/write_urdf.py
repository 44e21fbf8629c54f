#!/usr/bin/env python3
"""--migrate --output-format=urdf through the CLI, on every corpus robot,
in each SDFormat version (tests/write_urdf.sh says what is checked).

Usage: write_urdf.py [U2S [CORPUS]]"""
import glob, os, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib

u2s = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else testlib.U2S
corpus = sys.argv[2] if len(sys.argv) > 2 else testlib.CORPUS

CLASSIC = b"gazebo_ros2_control/GazeboSystem"
RENAMED = {"1.9": b"ign_ros2_control/IgnitionSystem",
           "1.11": b"gz_ros2_control/GazeboSimSystem",
           "1.12": b"gz_ros2_control/GazeboSimSystem"}
# What the migration may rewrite: a Classic plugin, a material script.
MIGRATED = re.compile(rb'filename\s*=\s*["\'][^"\']*gazebo_ros|Gazebo/[A-Z]')


def expected(data, to):
    """DATA with the Classic hardware plugin renamed, outside comments."""
    parts = re.split(rb"(<!--.*?-->)", data, flags=re.S)
    return b"".join(p if p.startswith(b"<!--") else
                    re.sub(rb"(<plugin>\s*)" + re.escape(CLASSIC) + rb"(\s*</plugin>)",
                           rb"\g<1>" + to + rb"\g<2>", p) for p in parts)


def run(args, data=None):
    rc, out, _ = testlib.run(["-q"] + args, data=data, prog=[u2s])
    return rc, out


report = testlib.Report("write_urdf.sh")
bad, counts = report.bad, {"files": 0, "identical": 0, "migrated": 0, "rejected": 0}
files = sorted(glob.glob(os.path.join(corpus, "*", "*.urdf")))


def one(path):
    """Checks one robot in each version: what 1.11 made of it, problems."""
    data = open(path, "rb").read()
    kind, problems = None, []
    for v, to in RENAMED.items():
        rc, out = run(["--migrate", "--output-format=urdf", "--sdf-version=" + v, path])
        if rc != 0:
            kind = "rejected" if v == "1.11" else kind
            if out:
                problems.append("%s (%s): rejected (%d), yet %d bytes written" %
                                (path, v, rc, len(out)))
            continue
        if out == expected(data, to):
            kind = "identical" if v == "1.11" else kind
            continue
        if not MIGRATED.search(data):
            problems.append("%s (%s): not the input byte for byte" % (path, v))
            continue
        kind = "migrated" if v == "1.11" else kind
        flags = ["--migrate", "--sdf-version=" + v]
        a, b = run(flags + [path]), run(flags + ["-"], out)
        if a[0] != 0 or b[0] != 0 or not testlib.same_sdf(a[1], b[1]):
            problems.append("%s (%s): the URDF written does not give the same SDF" % (path, v))
    return kind, problems


# As many robots at once as there are processors.
for kind, problems in testlib.parallel(one, files):
    counts["files"] += 1
    if kind:
        counts[kind] += 1
    bad.extend(problems)

# -o and -d, on three robots.
some = [f for f in files if run([f])[0] == 0][:3]
with tempfile.TemporaryDirectory() as tmp:
    rc, _ = run(["--migrate", "--output-format=urdf", "-d", os.path.join(tmp, "d")] + some)
    for f in some:
        name = os.path.basename(f)
        want = run(["--migrate", "--output-format=urdf", f])[1]
        got = os.path.join(tmp, "d", name)
        if rc != 0 or not os.path.exists(got) or open(got, "rb").read() != want:
            bad.append("-d: %s is not %s's URDF" % (got, f))
        o = os.path.join(tmp, "o.urdf")
        if run(["--migrate", "--output-format=urdf", "-o", o, f])[0] != 0 or \
           open(o, "rb").read() != want:
            bad.append("-o: not %s's URDF" % f)
    if os.listdir(os.path.join(tmp, "d")) != [] and \
       sorted(os.listdir(os.path.join(tmp, "d"))) != sorted(os.path.basename(f) for f in some):
        bad.append("-d wrote %s" % os.listdir(os.path.join(tmp, "d")))

if counts["identical"] < 200:
    bad.append("only %(identical)d robots came out identical (in 1.11): 200 at least" % counts)
report.finish("%(files)d robots: %(identical)d identical, %(migrated)d migrated, "
              "%(rejected)d rejected (in 1.11)" % counts)
