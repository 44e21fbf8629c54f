#!/usr/bin/env python3
"""world_systems: every --world output of the corpus lists exactly the world
systems its written model needs, read back from the output itself.

For each tests/corpus/*/*.urdf (and any folders given as arguments) and each
SDFormat version: `u2s --world --sdf-version V` (inputs u2s rejects are
skipped); then, from the output alone:
  - the model's <sensor>s give the systems they need (this file's own copy
    of gz-sim's table, src/gzsim.c: kept apart on purpose, a cross-check);
  - the model may hold no world-system <plugin> (they move to the world,
    where they may stand beside the systems the sensors need);
  - the world's <plugin>s must be Physics, UserCommands, SceneBroadcaster
    and those, each once, named for the version's Gazebo (1.9: Fortress's
    ignition-gazebo-*, later gz-sim-*), in no other form;
  - <render_engine> in Sensors, <spherical_coordinates> iff NavSat.
Usage: world_systems.py [U2S] [CORPUS_DIR]...   (U2S default ./u2s)
"""
import glob
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

# sensor type -> system stem; air_speed has no Fortress system
RENDERING = {"camera", "depth_camera", "depth", "rgbd_camera", "rgbd",
             "thermal_camera", "thermal", "segmentation_camera", "segmentation",
             "boundingbox_camera", "boundingbox", "wide_angle_camera",
             "gpu_lidar", "gpu_ray"}
OTHER = {"imu": "imu", "contact": "contact", "force_torque": "forcetorque",
         "navsat": "navsat", "gps": "navsat", "magnetometer": "magnetometer",
         "altimeter": "altimeter", "air_pressure": "air-pressure",
         "air_speed": "air-speed", "logical_camera": "logical-camera"}
ALWAYS = ["physics", "user-commands", "scene-broadcaster"]
CLASS = {"physics": "Physics", "user-commands": "UserCommands",
         "scene-broadcaster": "SceneBroadcaster", "sensors": "Sensors", "imu": "Imu",
         "contact": "Contact", "forcetorque": "ForceTorque", "navsat": "NavSat",
         "magnetometer": "Magnetometer", "altimeter": "Altimeter",
         "air-pressure": "AirPressure", "air-speed": "AirSpeed",
         "logical-camera": "LogicalCamera"}
WORLD_PLUGIN = re.compile(r"(?:^|/)(?:lib)?(?:gz-sim|ignition-gazebo)\d*-([a-z-]+)-system")


def stem_of_sensor(t):
    if t in RENDERING:
        return "sensors"
    return OTHER.get(t)


def check(u2s, urdf, version):
    p = subprocess.run([u2s, "--world", "-q", "--sdf-version", version, urdf],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if p.returncode == 1:
        return []          # rejected input: nothing to check
    if p.returncode != 0:
        return ["u2s exited %d" % p.returncode]
    # prefixed names (libsdformat's own <gz::corrected_offsets>, blobs'
    # xacro:...) read as plain names: only sensors and plugins matter here
    text = re.sub(rb"<(/?)([\w.-]+)::?", rb"<\1\2__", p.stdout)
    text = re.sub(rb"(\s[\w.-]+):([\w.-]+\s*=)", rb"\1__\2", text)
    root = ET.fromstring(text)
    worlds = root.findall("world")
    if len(worlds) != 1:
        return ["not one <world>"]
    w = worlds[0]
    models = w.findall("model")
    robot = [m for m in models if m.get("name") not in ("ground_plane", "ground")] or models
    robot = robot[-1]
    need = set(ALWAYS)
    for s in robot.iter("sensor"):
        stem = stem_of_sensor(s.get("type"))
        if stem and not (stem == "air-speed" and version == "1.9"):
            need.add(stem)
    errs = []
    for pl in robot.iter("plugin"):
        m = WORLD_PLUGIN.search(pl.get("filename", ""))
        if m and m.group(1) in CLASS:
            errs.append("a world system left in the model: " + pl.get("filename"))
    prefix, ns = ("ignition-gazebo-", "ignition::gazebo::systems::") if version == "1.9" \
        else ("gz-sim-", "gz::sim::systems::")
    got = []
    for pl in w.findall("plugin"):
        f, n = pl.get("filename", ""), pl.get("name", "")
        m = re.fullmatch(re.escape(prefix) + r"([a-z-]+)-system", f)
        if not m or n != ns + CLASS.get(m.group(1), "?"):
            errs.append("world plugin %s %s not named for %s" % (f, n, version))
            continue
        got.append(m.group(1))
    if len(got) != len(set(got)):
        errs.append("a system listed twice: %s" % got)
    # moved from the model: allowed on top of what the sensors need
    extra = set(got) - need
    missing = need - set(got)
    moved_ok = set()
    try:
        src = open(urdf, encoding="utf-8", errors="replace").read()
        for m in WORLD_PLUGIN.finditer(src):
            if m.group(1) in CLASS:
                moved_ok.add(m.group(1))
    except OSError:
        pass
    if extra - moved_ok:
        errs.append("systems no sensor needs: %s" % sorted(extra - moved_ok))
    if missing:
        errs.append("systems missing: %s" % sorted(missing))
    sensors = [pl for pl in w.findall("plugin") if pl.get("filename", "").endswith("sensors-system")]
    if sensors and sensors[0].find("render_engine") is None:
        errs.append("Sensors without <render_engine>")
    if ("navsat" in got) != (w.find("spherical_coordinates") is not None):
        errs.append("<spherical_coordinates> and NavSat disagree")
    return errs


def main():
    args = sys.argv[1:]
    u2s = args.pop(0) if args and not os.path.isdir(args[0]) else "./u2s"
    here = os.path.dirname(os.path.abspath(__file__))
    dirs = args or [os.path.join(here, "corpus")]
    urdfs = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "*", "*.urdf")))
    bad = checked = with_sensors = 0
    for urdf in urdfs:
        has_sensor = "<sensor" in open(urdf, errors="replace").read()
        for v in ("1.9", "1.11", "1.12"):
            errs = check(u2s, urdf, v)
            checked += 1
            with_sensors += has_sensor
            for e in errs:
                print("%s %s: %s" % (v, os.path.relpath(urdf), e))
            bad += bool(errs)
    print("world_systems: %d outputs checked (%d of robots with sensors), %d wrong"
          % (checked, with_sensors, bad))
    return 1 if bad or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
