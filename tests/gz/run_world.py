#!/usr/bin/env python3
"""run_world: run one SDF world in the headless Gazebo Fortress server and
check what it did.

Usage: run_world.py WORLD [--bridge YAML] [--expect YAML] [--allow FILE]
                    [--migrated] [--iterations N] [--timeout S] [--json]

Runs `ign gazebo -s -r --iterations N -v 3 WORLD` under an IGN_PARTITION
and RMT_PORT of its own (gzlib.run_world), with subscribers started
before it, and checks:
  ran      the world was made ("Serving world controls") and stepped
           ("Publishing dynamic pose messages"), within the timeout;
  errors   every `[Err]` line of the server; with --allow, each must match
           a pattern of that file (tests/gz/allowed-errors), `plain:`
           patterns only without --migrated; without --allow every [Err]
           fails;
  topic    with --bridge (a ros_gz_bridge YAML: a list of maps with
           ros_topic_name, gz_topic_name, ros_type_name, gz_type_name,
           direction GZ_TO_ROS | ROS_TO_GZ | BIDIRECTIONAL, optional
           lazy): for every entry the server should publish (direction
           GZ_TO_ROS or BIDIRECTIONAL, gz type one a headless server makes:
           gzlib.HEADLESS_TYPES), one message must arrive on gz_topic_name;
           with --expect, its header frame_id / child_frame_id must be the
           expected ones, and an IMU's orientation must have the expected
           world yaw (`world_yaw`: the robot is spawned yawed, and an IMU
           reporting relative to its start orientation would say ~0);
  drive    with an expectation `drive:` (cmd_topic, odom_topic, heading,
           linear_x, min_advance): a Twist {linear: {x: linear_x}} is
           published on cmd_topic again and again while the world runs in
           real time, and the odometry on odom_topic must show the robot
           advancing at least min_advance metres along `heading` (rad, in
           the world) between its first and last message; cmd_topic must
           be in the bridge YAML as ROS_TO_GZ or BIDIRECTIONAL.

The expectation file (YAML), written by hand next to the test data:
    iterations: 4000          # optional: the run's length
    topics:
      /demo/imu: {frame_id: base_link, world_yaw: 0.7}
      /demo/odom: {frame_id: odom, child_frame_id: base_link}
    drive: {cmd_topic: /demo/cmd_vel, odom_topic: /demo/odom,
            heading: 0.7, linear_x: 0.3, min_advance: 0.3}
    xfail:                    # known limits of a server version, each
      - {check: "world_yaw /demo/imu", below: "6.9.0", why: "..."}
      - {check: "frame_id /gps", sensors_below: "6.7.0", why: "..."}
A check listed under xfail whose gz-sim is older than `below` (or whose
ign-sensors is older than `sensors_below`) and that fails is reported
XFAIL and does not fail the run (it is still printed); from that version
on it must pass.

Prints one line per check (PASS, FAIL, XFAIL, SKIP); --json prints the
results as JSON instead.  Exit 0 when nothing failed, 1 when a check
failed, 2 on a usage or setup problem (no server installed).
"""
import argparse
import json
import math
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gzlib  # noqa: E402

try:
    import yaml
except ImportError:  # pragma: no cover
    yaml = None

PUBLISHED = {"GZ_TO_ROS", "BIDIRECTIONAL"}
SUBSCRIBED = {"ROS_TO_GZ", "BIDIRECTIONAL"}


def load_yaml(path):
    if yaml is None:
        raise SystemExit("run_world.py: PyYAML is missing (apt-get install python3-yaml)")
    with open(path) as f:
        return yaml.safe_load(f)


def read_bridge(path):
    """The bridge entries, each checked for its keys."""
    data = load_yaml(path) or []
    if not isinstance(data, list):
        raise ValueError("%s: not a YAML list" % path)
    for i, e in enumerate(data):
        for k in ("ros_topic_name", "gz_topic_name", "ros_type_name",
                  "gz_type_name", "direction"):
            if k not in e:
                raise ValueError("%s: entry %d has no %s" % (path, i + 1, k))
        if e["direction"] not in ("GZ_TO_ROS", "ROS_TO_GZ", "BIDIRECTIONAL"):
            raise ValueError("%s: entry %d: direction %r" % (path, i + 1, e["direction"]))
    return data


class Result:
    def __init__(self, check, status, detail=""):
        self.check, self.status, self.detail = check, status, detail

    def as_dict(self):
        return {"check": self.check, "status": self.status, "detail": self.detail}

    def __str__(self):
        return "%-5s %s%s" % (self.status, self.check,
                              ": " + self.detail if self.detail else "")


def check_world(world, bridge=None, expect=None, allow=None, migrated=False,
                iterations=None, timeout=180, workdir=None, corpus=False):
    """Run WORLD and check it; returns (results, run)."""
    expect = expect or {}
    entries = read_bridge(bridge) if bridge else []
    exp_topics = expect.get("topics") or {}
    drive = expect.get("drive")
    if iterations is None:
        iterations = int(expect.get("iterations", 4000 if drive else 500))

    published = [e for e in entries if e["direction"] in PUBLISHED
                 and e["gz_type_name"] in gzlib.HEADLESS_TYPES]
    skipped = [e for e in entries if e["direction"] in PUBLISHED
               and e["gz_type_name"] not in gzlib.HEADLESS_TYPES]
    once = [e["gz_topic_name"] for e in published]
    stream = []
    if drive:
        # the odometry, and the commands themselves: a robot that did not
        # move because no Twist got through (each `ign topic -p` is a new
        # process that must discover the server first: slow on a loaded
        # machine) is told apart from one that did not obey
        stream += [drive["odom_topic"], drive["cmd_topic"]]
    once = [t for t in dict.fromkeys(once) if t not in stream]

    during = None
    if drive:
        payload = "linear: {x: %s}" % drive.get("linear_x", 0.3)

        def during(env, proc):  # noqa: F811
            # `ign topic -p` publishes once, after its own discovery; keep
            # publishing while the server runs (DiffDrive keeps the last).
            while proc.poll() is None:
                gzlib.publish(env, drive["cmd_topic"], "ignition.msgs.Twist", payload)
                time.sleep(0.3)

    run = gzlib.run_world(world, iterations=iterations, timeout=timeout,
                          once=once, stream=stream, during=during,
                          workdir=workdir)
    res = []
    crashed = run.rc is not None and run.rc < 0 and not run.timed_out
    ok = run.world_made and run.stepped and not run.timed_out and not crashed
    res.append(Result("ran", "PASS" if ok else "FAIL",
                      "%d iterations, %.1f s wall, exit %s%s%s%s%s" % (
                          iterations, run.wall, run.rc,
                          "" if run.world_made else ", no world made",
                          "" if run.stepped else ", never stepped",
                          ", killed by signal %d" % -run.rc if crashed else "",
                          ", timed out" if run.timed_out else "")))
    if crashed:
        # no [Err] line says so: the abort message is the last word
        last = [x for x in run.stderr.splitlines()
                if re.search(r"[Aa]ssert|ERROR|Segmentation|terminate", x)]
        run.errors.append("[crash] killed by signal %d: %s" % (-run.rc, last[-1] if last else ""))
    for line in run.errors:
        rule = allow.classify(line, migrated, corpus) if allow else None
        if rule:
            res.append(Result("error", "ALLOW", "%s (%s: %s)" % (line, rule[0], rule[1])))
        else:
            res.append(Result("error", "FAIL", line))

    for e in skipped:
        res.append(Result("topic " + e["gz_topic_name"], "SKIP",
                          "%s: a rendering sensor, none in a headless server" % e["gz_type_name"]))
    for e in published:
        topic = e["gz_topic_name"]
        msgs = run.messages.get(topic, [])
        name = "topic " + topic
        if not msgs:
            res.append(Result(name, "FAIL", "no %s message arrived" % e["gz_type_name"]))
            continue
        m = msgs[0]
        res.append(Result(name, "PASS", "%s arrived" % e["gz_type_name"]))
        want = exp_topics.get(topic) or {}
        for key in ("frame_id", "child_frame_id"):
            got = gzlib.header_data(m, key)
            if key in want:
                res.append(Result("%s %s" % (key, topic),
                                  "PASS" if got == want[key] else "FAIL",
                                  "%r (expected %r)" % (got, want[key])))
        if "world_yaw" in want:
            if "orientation" not in m and e["gz_type_name"] == "gz.msgs.IMU":
                res.append(Result("world_yaw " + topic, "FAIL", "no orientation in the message"))
            else:
                yaw = gzlib.quat_yaw(m.get("orientation") or m.get("pose", {}).get("orientation", {}))
                d = abs(gzlib.angle_diff(yaw, float(want["world_yaw"])))
                res.append(Result("world_yaw " + topic, "PASS" if d < 0.05 else "FAIL",
                                  "yaw %.3f rad (expected %.3f, the spawn yaw)" % (yaw, float(want["world_yaw"]))))

    if drive:
        cmd = drive["cmd_topic"]
        if bridge:
            bridged = any(e["gz_topic_name"] == cmd and e["direction"] in SUBSCRIBED
                          for e in entries)
            res.append(Result("bridged " + cmd, "PASS" if bridged else "FAIL",
                              "ROS_TO_GZ entry for the drive's command topic"
                              if bridged else "not in the bridge YAML as ROS_TO_GZ"))
        odom = run.messages.get(drive["odom_topic"], [])
        twists = len(run.messages.get(cmd, []))
        name = "drive %s -> %s" % (cmd, drive["odom_topic"])
        if twists == 0:
            res.append(Result(name, "FAIL", "no Twist got through to %s while the world "
                              "ran (publisher too slow? raise iterations)" % cmd))
        elif len(odom) < 2:
            res.append(Result(name, "FAIL", "%d odometry messages" % len(odom)))
        else:
            p0, p1 = gzlib.position(odom[0]), gzlib.position(odom[-1])
            h = float(drive.get("heading", 0.0))
            adv = (p1[0] - p0[0]) * math.cos(h) + (p1[1] - p0[1]) * math.sin(h)
            lat = -(p1[0] - p0[0]) * math.sin(h) + (p1[1] - p0[1]) * math.cos(h)
            need = float(drive.get("min_advance", 0.3))
            res.append(Result(name, "PASS" if adv >= need else "FAIL",
                              "advanced %.3f m along heading %.2f rad (need %.2f), "
                              "%.3f m sideways, %d odometry messages, %d Twists seen"
                              % (adv, h, need, lat, len(odom), twists)))

    # Known limits of an older server: a failing listed check is XFAIL.
    # `below`: gz-sim's version (the server prints it); `sensors_below`:
    # ign-sensors' (the library's file name).
    sensors = gzlib.sensors_version()
    for xf in expect.get("xfail") or []:
        if "sensors_below" in xf:
            have, need, what = sensors, str(xf["sensors_below"]), "ign-sensors"
        else:
            have, need, what = run.version, str(xf.get("below", "0")), "gz-sim"
        older = have and gzlib.version_tuple(have) < gzlib.version_tuple(need)
        for r in res:
            if r.check == xf["check"] and r.status == "FAIL" and older:
                r.status = "XFAIL"
                r.detail += " [%s %s < %s: %s]" % (what, have, need, xf.get("why", ""))
    return res, run


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("world")
    ap.add_argument("--bridge")
    ap.add_argument("--expect")
    ap.add_argument("--allow")
    ap.add_argument("--migrated", action="store_true",
                    help="the world is --migrate output: `plain:` patterns do not apply")
    ap.add_argument("--iterations", type=int)
    ap.add_argument("--timeout", type=float, default=180)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    try:
        allow = gzlib.AllowList(a.allow) if a.allow else None
        expect = load_yaml(a.expect) if a.expect else None
        res, run = check_world(a.world, a.bridge, expect, allow, a.migrated,
                               a.iterations, a.timeout)
    except (OSError, ValueError) as e:
        print("run_world.py: %s" % e, file=sys.stderr)
        return 2
    failed = [r for r in res if r.status == "FAIL"]
    if a.json:
        json.dump({"world": a.world, "server": run.version,
                   "results": [r.as_dict() for r in res],
                   "failed": len(failed)}, sys.stdout, indent=1)
        print()
    else:
        for r in res:
            print(r)
        print("%s: %d checks, %d failed (server %s)" % (a.world, len(res), len(failed), run.version))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
