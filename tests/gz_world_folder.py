#!/usr/bin/env python3
"""gz_world_folder: the world.sdf of `u2s --world --model-dir` runs in a
real gz-sim server (headless Fortress, /opt/gzf) and its sensors publish.

Slow tier, as tests/gz_fortress.py: not in `make check`; asked for by name
(exit 2 when the server is not installed).  A robot with an IMU and a
NavSat sensor is converted into a model folder with --world; the folder's
world is run with the folder's parent on IGN_GAZEBO_RESOURCE_PATH, and one
message of each sensor's topic must arrive: the world lists the Imu and
NavSat systems and the spherical coordinates NavSat needs (a world that
lists no systems gets gz-sim's defaults, Physics, UserCommands and
SceneBroadcaster only, and both sensors publish nothing).

Usage: tests/gz_world_folder.py [--u2s ./u2s]
"""
import argparse, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "gz"))
import gzlib  # noqa: E402

ROBOT = """<?xml version="1.0"?>
<robot name="probe">
  <link name="base">
    <inertial><mass value="1"/>
      <inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>
    <collision><geometry><box size="0.2 0.2 0.2"/></geometry></collision>
  </link>
  <gazebo reference="base">
    <sensor name="imu" type="imu"><always_on>1</always_on><update_rate>50</update_rate></sensor>
    <sensor name="gps" type="navsat"><always_on>1</always_on><update_rate>10</update_rate></sensor>
  </gazebo>
</robot>
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--u2s", default="./u2s")
    args = ap.parse_args()
    if not os.path.exists(gzlib.GZF_ENV):
        print("gz_world_folder: no Gazebo Fortress server at %s" % gzlib.GZF_ENV)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        urdf = os.path.join(tmp, "probe.urdf")
        with open(urdf, "w") as f:
            f.write(ROBOT)
        folder = os.path.join(tmp, "models", "probe")
        os.makedirs(os.path.dirname(folder))
        subprocess.run([os.path.abspath(args.u2s), "-q", "--world=lab",
                        "--model-dir=" + folder, urdf], check=True)
        os.environ["IGN_GAZEBO_RESOURCE_PATH"] = os.path.dirname(folder)
        os.environ["SDF_PATH"] = os.path.dirname(folder)
        gzlib._BASE_ENV = None   # read again, with the resource path
        base = "/world/lab/model/probe/link/base/sensor/"
        topics = [base + "imu/imu", base + "gps/navsat"]
        r = gzlib.run_world(os.path.join(folder, "world.sdf"), iterations=2000,
                            timeout=120, once=topics)
        bad = []
        if not r.world_made or not r.stepped:
            bad.append("the world was not made and stepped")
        for t in topics:
            if not r.messages.get(t):
                bad.append("no message on %s" % t)
        for b in bad:
            print("gz_world_folder: " + b)
        if bad:
            print(r.log[-3000:])
            return 1
        print("gz_world_folder: the folder's world runs; IMU and NavSat publish")
        return 0


if __name__ == "__main__":
    sys.exit(main())
