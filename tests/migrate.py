#!/usr/bin/env python3
"""--migrate on the corpus (issue 37).

For each robot of tests/migrate/ROBOTS (the corpus robots carrying Gazebo
Classic ROS 2 plugins, and ROS 1 robots whose sensors migrate): the SDFormat 1.9 output and the bridge YAML are
the checked-in tests/migrate/NAME.sdf and NAME.bridge.yaml, byte for byte
(reviewed by hand against the Classic plugins' sources: the topics and
frames Classic used).  For every corpus robot and every version: nothing
in the model differs from the plain conversion but what migration
touches (plugins, and in sensors their type, <topic>, frame id, the
ray/gps element's name, <camera_info_topic>, the IMU's reference frame
and <contact><topic>; a visual's <material>, where Classic material
scripts become colours); a robot with nothing to migrate converts byte for
byte as without --migrate.  The YAML holds only ros_gz_bridge's keys.

Usage: migrate.py U2S SRCDIR [--update]   (--update rewrites the expected
files: review the diff before committing it)."""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib

VERSIONS = ("1.9", "1.11", "1.12")
FRAME_ELEMS = ("ignition_frame_id", "gz_frame_id", "frame_id")
KEYS = {"ros_topic_name", "gz_topic_name", "ros_type_name", "gz_type_name",
        "direction", "lazy"}


def run(u2s, args):
    p = subprocess.run([u2s, "-q"] + args, capture_output=True)
    return p.returncode, p.stdout


def normalise(root):
    """ROOT without what migration may touch."""
    for parent in list(root.iter()):
        for c in list(parent):
            if c.tag == "plugin":
                parent.remove(c)
    for s in root.iter("sensor"):
        s.attrib.pop("type", None)
        for c in list(s):
            if c.tag in ("topic",) + FRAME_ELEMS:
                s.remove(c)
            elif c.tag in ("ray", "lidar", "gps", "navsat"):
                c.tag = "RANGE_OR_FIX"
        for cam in s.findall("camera"):
            for c in cam.findall("camera_info_topic"):
                cam.remove(c)
        for imu in s.findall("imu"):
            for c in imu.findall("orientation_reference_frame"):
                imu.remove(c)
            if len(imu) == 0:
                s.remove(imu)
        for con in s.findall("contact"):
            for c in con.findall("topic"):
                con.remove(c)
    return root


def prefixed(xml):
    """XML with gz::name elements (libsdformat's, undeclared prefixes) as
    gz__name, so that ElementTree reads it."""
    return xml.replace(b"<gz::", b"<gz__").replace(b"</gz::", b"</gz__")


def canon(e):
    return (e.tag, sorted(e.attrib.items()), (e.text or "").strip(),
            [canon(c) for c in e])


def yaml_keys_ok(text):
    """Every entry line is '- KEY: V' or '  KEY: V' with a known KEY."""
    bad = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        body = line[2:] if line.startswith(("- ", "  ")) else None
        key = body.split(":", 1)[0] if body else None
        if key not in KEYS:
            bad.append(line)
    return bad


def check_expected(u2s, src, name, update, problems):
    urdf = os.path.join(src, "tests/corpus/real3", name + ".urdf")
    exp_sdf = os.path.join(src, "tests/migrate", name + ".sdf")
    exp_yaml = os.path.join(src, "tests/migrate", name + ".bridge.yaml")
    with tempfile.TemporaryDirectory() as tmp:
        yaml = os.path.join(tmp, "b.yaml")
        rc, out = run(u2s, ["--migrate", "--bridge-config=" + yaml, urdf])
        if rc != 0:
            problems.append(f"{name}: u2s --migrate exited {rc}")
            return
        with open(yaml, "rb") as f:
            ybytes = f.read()
    # the comment names the input: compare from the first entry
    ybytes = ybytes.replace(urdf.encode(), b"NAME.urdf")
    if update:
        with open(exp_sdf, "wb") as f:
            f.write(out)
        with open(exp_yaml, "wb") as f:
            f.write(ybytes)
        return
    for path, got in ((exp_sdf, out), (exp_yaml, ybytes)):
        with open(path, "rb") as f:
            if f.read() != got:
                problems.append(f"{name}: differs from {os.path.relpath(path, src)}")
    bad = yaml_keys_ok(ybytes.decode())
    if bad:
        problems.append(f"{name}: bridge YAML lines ros_gz_bridge does not read: {bad[:3]}")


# A visual's <material>: Classic material scripts become colours
# (src/classic_material.h).  Cut from the text, not the tree: some outputs
# hold names ElementTree refuses (gz::..., sensor:contact), as libsdformat
# writes them.
MATERIAL = re.compile(rb"<material>.*?</material>", re.S)


def check_rest(u2s, urdf, problems):
    for v in VERSIONS:
        rc1, plain = run(u2s, ["--sdf-version=" + v, urdf])
        rc2, mig = run(u2s, ["--migrate", "--sdf-version=" + v, urdf])
        if rc1 != rc2:
            problems.append(f"{urdf} {v}: status {rc1} plain, {rc2} with --migrate")
            continue
        plain, mig = MATERIAL.sub(b"", plain), MATERIAL.sub(b"", mig)
        if rc1 != 0 or plain == mig:
            continue
        a = canon(normalise(ET.fromstring(prefixed(plain))))
        b = canon(normalise(ET.fromstring(prefixed(mig))))
        if a != b:
            problems.append(f"{urdf} {v}: --migrate changed more than what it migrates")


def main():
    u2s, src = sys.argv[1], sys.argv[2]
    update = "--update" in sys.argv[3:]
    with open(os.path.join(src, "tests/migrate/ROBOTS")) as f:
        robots = [line.strip() for line in f if line.strip()]
    problems = []
    for name in robots:
        check_expected(u2s, src, name, update, problems)
    corpus = os.path.join(src, "tests/corpus")
    inputs = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus)
                    for f in fs if f.endswith(".urdf"))
    # As many robots at once as there are processors (each collects its
    # own problems, kept in the inputs' order).
    def rest(urdf):
        mine = []
        check_rest(u2s, urdf, mine)
        return mine
    for mine in testlib.parallel(rest, inputs):
        problems.extend(mine)
    for p in problems:
        print("migrate.py:", p)
    print(f"migrate.py: {len(robots)} expected robots, {len(inputs)} corpus robots x "
          f"{len(VERSIONS)} versions, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
