#!/bin/sh
# --migrate --output-format=urdf through the CLI, on every corpus robot
# (tests/corpus/*/*.urdf), in each SDFormat version:
#  - an accepted robot comes out byte for byte as it went in, but for its
#    <ros2_control> hardware plugin gazebo_ros2_control/GazeboSystem, named
#    for the version's gz_ros2_control (not inside a comment), and for what
#    the migration rewrites: a robot with a Gazebo Classic plugin or
#    material script may differ, and its output must then be accepted
#    again, as a URDF, giving the same SDF (tests/sdfcmp: children in
#    another order too, as lumping appends a sensor's pose before or after
#    what the migration appends);
#  - a rejected robot gets no output at all;
#  - -o writes the same bytes, and -d DIR writes DIR/NAME.urdf.
# (tests/test_write_urdf checks the same bytes read in two halves.)
# Environment (set by `make check`): U2S, the program; U2S_CORPUS;
# U2S_BUILDDIR, where tests/sdfcmp is.
set -u
U2S=${U2S:-./u2s}
CORPUS=${U2S_CORPUS:-tests/corpus}
SDFCMP=${U2S_BUILDDIR:-.}/tests/sdfcmp
[ -x "$SDFCMP" ] || { echo "write_urdf.sh: $SDFCMP is not built" >&2; exit 1; }
command -v python3 > /dev/null || {
	echo "write_urdf.sh: python3 is needed (Debian: python3)" >&2
	exit 1
}
exec python3 - "$U2S" "$CORPUS" "$SDFCMP" <<'EOF'
import glob, os, re, subprocess, sys, tempfile

u2s, corpus, sdfcmp = sys.argv[1], sys.argv[2], sys.argv[3]
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


def same_sdf(a, b):
    if a == b:
        return True
    with tempfile.TemporaryDirectory() as tmp:
        pa, pb = os.path.join(tmp, "a.sdf"), os.path.join(tmp, "b.sdf")
        open(pa, "wb").write(a)
        open(pb, "wb").write(b)
        return subprocess.run([sdfcmp, pa, pb], capture_output=True).returncode in (0, 1)


def run(args, data=None):
    p = subprocess.run([u2s, "-q"] + args, input=data, capture_output=True)
    return p.returncode, p.stdout


bad, counts = [], {"files": 0, "identical": 0, "migrated": 0, "rejected": 0}
files = sorted(glob.glob(os.path.join(corpus, "*", "*.urdf")))
for path in files:
    data = open(path, "rb").read()
    counts["files"] += 1
    for v, to in RENAMED.items():
        rc, out = run(["--migrate", "--output-format=urdf", "--sdf-version=" + v, path])
        if rc != 0:
            counts["rejected"] += v == "1.11"
            if out:
                bad.append("%s (%s): rejected (%d), yet %d bytes written" % (path, v, rc, len(out)))
            continue
        if out == expected(data, to):
            counts["identical"] += v == "1.11"
            continue
        if not MIGRATED.search(data):
            bad.append("%s (%s): not the input byte for byte" % (path, v))
            continue
        counts["migrated"] += v == "1.11"
        flags = ["--migrate", "--sdf-version=" + v]
        a, b = run(flags + [path]), run(flags + ["-"], out)
        if a[0] != 0 or b[0] != 0 or not same_sdf(a[1], b[1]):
            bad.append("%s (%s): the URDF written does not give the same SDF" % (path, v))

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

for b in bad:
    print("write_urdf.sh: " + b, file=sys.stderr)
print("write_urdf.sh: %(files)d robots: %(identical)d identical, %(migrated)d migrated, "
      "%(rejected)d rejected (in 1.11)" % counts)
sys.exit(1 if bad or counts["identical"] < 200 else 0)
EOF
