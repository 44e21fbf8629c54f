#!/usr/bin/env python3
"""Linearity as a property the tests check (tests/scaling.sh runs this).

For every construct a URDF can repeat, an input is generated with the
construct repeated 0, N and 4N times.  u2s converts each under valgrind's
callgrind, which counts the instructions executed (a count that does not
depend on how busy the machine is) and once under massif for its peak
memory (every page mapped: malloc's and the arena's blocks alike).  The cost of
the construct is what a run costs above the run with none of it; at 4N it
must be at most RATIO (4.5) times that at N, for instructions, memory and
output bytes.  A quadratic loop makes it 16 times.

Usage: scaling.py U2S [CONSTRUCT...]   (-v: print every measure)
Prints one line per construct: its ratios.  In the quick tier (`make
check`, U2S_TIER=quick) N is quartered where that leaves 150 or more,
else halved, and memory is not measured (massif): about a third of the
time; the full tier (`make check-full`) measures all three at N.
"""
import concurrent.futures, os, re, shutil, subprocess, sys, tempfile, threading

RATIO = 4.5
TIMEOUT = 120   # seconds a run may take (under valgrind)
# Constructs known to grow faster, reported but not failed (none should be).
KNOWN = set()
# Memory is counted in pages and the arena maps 2 MiB blocks: a run may
# hold one block more than the linear share.
MEM_SLACK_KB = 2600


def urdf(body, version=None):
    v = ' version="%s"' % version if version else ""
    return '<?xml version="1.0"?>\n<robot name="r"%s>\n%s</robot>\n' % (v, body)


INERTIAL = ('<inertial><mass value="1"/>'
            '<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>')
BOX = '<geometry><box size="1 1 1"/></geometry>'


def link(name, inner=""):
    return '<link name="%s">%s%s</link>\n' % (name, INERTIAL, inner)


def joint(name, parent, child, jtype="continuous", inner=""):
    return ('<joint name="%s" type="%s"><parent link="%s"/><child link="%s"/>'
            '<axis xyz="0 0 1"/>%s</joint>\n' % (name, jtype, parent, child, inner))


def star(n, lname="l%d", jname="j%d", inner=lambda i: ""):
    s = link("base")
    for i in range(n):
        s += link(lname % i, inner(i)) + joint(jname % i, "base", lname % i)
    return s


# Each construct: a function of n giving (URDF text, extra arguments,
# extra environment, setup(tmpdir, n) or None), and N.
def c_links(n):
    return urdf(star(n)), [], {}, None


def c_joints(n):
    s = link("l0")
    for i in range(n):
        s += link("l%d" % (i + 1)) + joint("j%d" % i, "l%d" % i, "l%d" % (i + 1),
                                           "revolute",
                                           '<limit lower="-1" upper="1" effort="1" velocity="1"/>')
    return urdf(s), [], {}, None


def c_items(n):
    inner = "".join('<visual><origin xyz="%d 0 0"/>%s</visual>'
                    '<collision><origin xyz="%d 0 0"/>%s</collision>' % (i, BOX, i, BOX)
                    for i in range(n))
    return urdf(link("base", inner)), [], {}, None


def c_blocks_per_link(n):
    s = link("base", '<collision>%s</collision>' % BOX)
    for i in range(n):
        s += ('<gazebo reference="base"><mu1>%d</mu1><sensor name="s%d" type="imu">'
              '<update_rate>%d</update_rate></sensor></gazebo>\n' % (i, i, i))
    return urdf(s), [], {}, None


def c_blocks_per_item(n):
    inner = "".join('<visual>%s</visual><collision>%s</collision>' % (BOX, BOX)
                    for i in range(n))
    s = link("base", inner)
    for i in range(n):
        s += ('<gazebo reference="base"><mu1>%d</mu1><kp>%d</kp>'
              '<material>Gazebo/Red</material><laserRetro>%d</laserRetro>'
              '</gazebo>\n' % (i, i, i))
    return urdf(s), [], {}, None


def c_material_blobs(n):
    # One visual and one collision; each block adds to them and replaces
    # their material and surface.
    s = link("base", '<visual>%s</visual><collision>%s</collision>' % (BOX, BOX))
    for i in range(n):
        s += ('<gazebo reference="base"><visual><transparency>0.%d</transparency>'
              '<material><ambient>1 0 0 1</ambient></material></visual>'
              '<collision><surface><bounce/></surface><pose>0 0 %d 0 0 0</pose></collision>'
              '<material>Gazebo/Red</material><mu1>%d</mu1></gazebo>\n'
              % (i % 10, i, i))
    return urdf(s), [], {}, None


def c_tag_target_blobs(n):
    # Every block adds a blob of the name its own tag is written in (and
    # another element): the collision gathers them, and each later tag
    # looks its element up among them.
    s = link("base", '<collision>%s</collision>' % BOX)
    for i in range(n):
        s += ('<gazebo reference="base"><collision><max_contacts>%d</max_contacts>'
              '<laser_retro>%d</laser_retro></collision><maxContacts>%d</maxContacts>'
              '</gazebo>\n' % (i, i, i))
    return urdf(s), [], {}, None


def c_blob_children(n):
    kids = "".join("<p%d>%d</p%d>" % (i, i, i) for i in range(n))
    s = link("base")
    s += '<gazebo><plugin name="m" filename="m.so">%s</plugin></gazebo>\n' % kids
    s += ('<gazebo reference="base"><sensor name="s" type="camera"><camera>'
          '<image><width>1</width></image></camera>%s</sensor></gazebo>\n'
          % "".join('<plugin name="p%d" filename="p.so"/>' % i for i in range(n)))
    return urdf(s), [], {}, None


def c_blob_attributes(n):
    attrs = "".join(' a%d="%d"' % (i, i) for i in range(n))
    s = link("base")
    s += '<gazebo reference="base"><sensor name="s" type="imu"%s/></gazebo>\n' % attrs
    return urdf(s), [], {}, None


def c_blob_depth(n):
    s = link("base")
    s += ('<gazebo><plugin name="m" filename="m.so">%s%s</plugin></gazebo>\n'
          % ("<a>" * n, "</a>" * n))
    s += ('<gazebo reference="base"><sensor name="s" type="imu"><plugin name="p" filename="p">'
          '%s%s</plugin></sensor></gazebo>\n' % ("<b>" * n, "</b>" * n))
    return urdf(s), [], {}, None


def c_contact_sensors(n):
    inner = "".join('<collision><origin xyz="%d 0 0"/>%s</collision>' % (i, BOX)
                    for i in range(n))
    s = link("base") + link("child", inner) + joint("fix", "base", "child", "fixed")
    for i in range(n):
        name = "child_collision" + ("_%d" % i if i else "")
        s += ('<gazebo reference="child"><sensor name="c%d" type="contact"><contact>'
              '<collision>%s</collision></contact></sensor></gazebo>\n' % (i, name))
    return urdf(s), [], {}, None


def fixed_chain(n, extra):
    """Links l0..ln joined by fixed joints with a pose (so lumping merges
    them all into l0), with extra(i) after the joint of link i."""
    s = link("l0")
    for i in range(1, n + 1):
        s += link("l%d" % i) + joint("j%d" % i, "l%d" % (i - 1), "l%d" % i, "fixed",
                                     '<origin xyz="0.1 0.2 0.3" rpy="0.1 0.2 0.3"/>')
        s += extra(i)
    return s


# Things on the links of a deep fixed chain: each is moved to l0, across
# its depth of merges (merge by merge where the reference rounds at each).
def c_chain_items(n):
    return urdf(fixed_chain(n, lambda i: "").replace(
        INERTIAL + "</link>", INERTIAL + "<visual>%s</visual><collision>%s</collision></link>"
        % (BOX, BOX))), [], {}, None


def c_chain_sensors(n):
    return urdf(fixed_chain(n, lambda i: '<gazebo reference="l%d"><sensor name="s%d" type="imu">'
                            '<pose>0.1 0 0 0 0 0.2</pose></sensor></gazebo>\n' % (i, i))), \
        ["--sdf-version=1.11"], {}, None


def c_chain_plugins_one_key(n):
    return urdf(fixed_chain(n, lambda i: '<gazebo><plugin name="p%d" filename="p.so"><bodyName>'
                            'l%d</bodyName><xyzOffset>1 0 0</xyzOffset></plugin></gazebo>\n'
                            % (i, i))), [], {}, None


def c_chain_plugins_two_keys(n):
    return urdf(fixed_chain(n, lambda i: '<gazebo><plugin name="p%d" filename="p.so"><bodyName>'
                            'l%d</bodyName><frameName>l%d</frameName></plugin></gazebo>\n'
                            % (i, i, i // 2 + 1))), [], {}, None


def c_mimic_chains(n):
    s = link("l0")
    for i in range(n):
        mimic = '<mimic joint="j%d" multiplier="1"/>' % (i - 1) if i else ""
        s += link("l%d" % (i + 1)) + joint("j%d" % i, "l%d" % i, "l%d" % (i + 1),
                                           "continuous", mimic)
    return urdf(s), ["--sdf-version=1.11"], {}, None


def c_materials(n):
    s = "".join('<material name="m%d"><color rgba="0.%d 0.375 0 1"/></material>\n'
                % (i, i % 10) for i in range(n))
    s += star(n, inner=lambda i: '<visual>%s<material name="m%d"/></visual>' % (BOX, i))
    s += "".join('<gazebo reference="l%d"><material>Gazebo/Red</material></gazebo>\n' % i
                 for i in range(n))
    return urdf(s), [], {}, None


def c_model_tags(n):
    s = link("base")
    s += "".join('<gazebo><static>false</static><self_collide>true</self_collide>'
                 '<plugin name="p%d" filename="p.so"/></gazebo>\n' % i for i in range(n))
    return urdf(s), [], {}, None


# --migrate: Classic plugins replaced in sensors and in the model, and the
# parts of one plugin an input can make long.
def c_migrated_sensors(n):
    s = link("base") + "".join(
        link("l%d" % i) + joint("j%d" % i, "base", "l%d" % i, "fixed") +
        '<gazebo reference="l%d"><sensor name="s%d" type="ray"><ray/><plugin name="p%d" '
        'filename="libgazebo_ros_ray_sensor.so"><ros><remapping>~/out:=scan%d</remapping>'
        '</ros><output_type>sensor_msgs/LaserScan</output_type></plugin></sensor></gazebo>\n'
        % (i, i, i, i) for i in range(n))
    return urdf(s), ["--migrate"], {}, None


def c_migrated_model_plugins(n):
    s = link("base") + "".join(
        '<gazebo><plugin name="d%d" filename="libgazebo_ros_diff_drive.so"><ros><namespace>'
        'r%d</namespace></ros><left_joint>a</left_joint><right_joint>b</right_joint>'
        '<publish_odom>true</publish_odom><publish_odom_tf>true</publish_odom_tf></plugin>'
        '<plugin name="j%d" filename="libgazebo_ros_joint_state_publisher.so"/><x%d/>'
        '</gazebo>\n' % (i, i, i, i) for i in range(n))
    return urdf(s), ["--migrate"], {}, None


def c_plugins_in_one_sensor(n):
    s = link("base") + '<gazebo reference="base"><sensor name="s" type="imu">%s%s</sensor>' \
        '</gazebo>' % ("<topic>t</topic><x/>" * n, "".join(
            '<plugin name="p%d" filename="libgazebo_ros_imu_sensor.so"/>' % i
            for i in range(n)))
    return urdf(s), ["--migrate"], {}, None


def c_plugin_remappings(n):
    s = link("base") + '<gazebo reference="base"><sensor name="s" type="imu"><plugin ' \
        'name="p" filename="libgazebo_ros_imu_sensor.so"><ros>%s%s</ros>%s</plugin>' \
        '</sensor></gazebo>' % ("".join("<remapping>a%d:=b%d</remapping>" % (i, i)
                                        for i in range(n)),
                                "<argument>x</argument>" * n, "<topicName>t</topicName>" * n)
    return urdf(s), ["--migrate"], {}, None


MATERIALS = ("Gazebo/Black", "Gazebo/WoodFloor", "Gazebo/DarkGray", "PR2/Blue")


def c_migrated_materials(n):
    s = link("base") + "".join(
        link("l%d" % i, "<visual>%s</visual>" % BOX) + joint("j%d" % i, "base", "l%d" % i) +
        '<gazebo reference="l%d"><material>%s</material><visual><material><script><uri>'
        'file://media/materials/scripts/gazebo.material</uri><name>Gazebo/Red</name>'
        '</script></material></visual></gazebo>\n' % (i, MATERIALS[i % 4]) for i in range(n))
    return urdf(s), ["--migrate"], {}, None


def c_migrated_ros1_sensors(n):
    s = link("base") + "".join(
        link("l%d" % i) + joint("j%d" % i, "base", "l%d" % i, "fixed") +
        '<gazebo reference="l%d"><sensor name="c%d" type="camera"><camera><image><width>8'
        '</width><height>6</height></image></camera><plugin name="c%d" filename='
        '"libgazebo_ros_camera.so"><robotNamespace>r%d</robotNamespace><cameraName>c'
        '</cameraName><frameName>/f</frameName></plugin></sensor><sensor name="s%d" '
        'type="ray"><ray/><plugin name="s%d" filename="libgazebo_ros_laser.so"><topicName>'
        'scan</topicName></plugin></sensor></gazebo>\n' % ((i,) * 6) for i in range(n))
    return urdf(s), ["--migrate"], {}, None


def c_migrated_ft_sensors(n):
    s = star(n) + "".join(
        '<gazebo><plugin name="f%d" filename="libgazebo_ros_ft_sensor.so"><joint_name>j%d'
        '</joint_name><gaussian_noise>0.1</gaussian_noise></plugin></gazebo>\n' % (i, i)
        for i in range(n))
    return urdf(s), ["--migrate", "--world"], {}, None


def c_migrated_multicameras(n):
    cams = "".join('<camera name="c%d"><pose>0 %d 0 0 0 0</pose><image><width>8</width>'
                   '<height>6</height></image></camera>' % (k, k) for k in range(2))
    s = link("base") + '<gazebo reference="base">%s</gazebo>\n' % "".join(
        '<sensor name="m%d" type="multicamera"><update_rate>5</update_rate>%s<plugin name="p%d"'
        ' filename="libgazebo_ros_camera.so"/></sensor>' % (i, cams, i) for i in range(n))
    return urdf(s), ["--migrate"], {}, None


def warn_items(n):
    inner = "".join('<visual>%s<colour/></visual><collision>%s<colour/></collision>'
                    % (BOX, BOX) for i in range(n))
    return urdf(link("base", inner))


def c_warn_text(n):
    return warn_items(n), [], {}, None


def c_warn_json(n):
    return warn_items(n), ["--diagnostics=json"], {}, None


def c_repair_renames(n):
    # Every joint has its child's name; half the _joint names are taken too.
    s = link("base")
    for i in range(n):
        s += link("a%d" % i) + joint("a%d" % i, "base", "a%d" % i)
        if i % 2 == 0:
            s += link("a%d_joint" % i) + joint("x%d" % i, "base", "a%d_joint" % i)
    return urdf(s), ["--repair"], {}, None


def c_reserved_names(n):
    return urdf(star(n, lname="a::%d", jname="__j%d__")), [], {}, None


def c_bad_references(n):
    s = link("base")
    s += "".join('<gazebo reference="nothing%d"><mu1>1</mu1></gazebo>\n' % i for i in range(n))
    return urdf(s), [], {}, None


def c_ros_dirs(n):
    def setup(tmp, n):
        root = os.path.join(tmp, "ws")
        os.mkdir(root)
        for i in range(n):
            d = os.path.join(root, "d%04d" % i)
            os.mkdir(d)
            os.symlink("..", os.path.join(d, "up"))
        pkg = os.path.join(root, "zz", "pkg")
        os.makedirs(pkg)
        open(os.path.join(pkg, "package.xml"), "w").close()
        return {"ROS_PACKAGE_PATH": root}
    s = link("base", '<visual><geometry><mesh filename="package://pkg/m.stl"/></geometry>'
             '</visual><visual><geometry><mesh filename="package://none/m.stl"/>'
             '</geometry></visual>')
    return urdf(s), ["--uri-mode=file"], {}, setup


# --world's placement on the ground: every collision of a deep chain of
# moving joints measured where its link is (bounds.c), and collisions
# sharing one STL file, turned each its own way, which is read once.
def c_world_chain(n):
    s = link("l0", "<collision>%s</collision>" % BOX)
    for i in range(n):
        s += link("l%d" % (i + 1), '<collision><origin rpy="0.1 0.2 0.3"/>%s</collision>'
                  % BOX)
        s += joint("j%d" % i, "l%d" % i, "l%d" % (i + 1), "revolute",
                   '<origin xyz="0 0 -0.1" rpy="0 0.01 0"/>'
                   '<limit lower="-1" upper="1" effort="1" velocity="1"/>')
    return urdf(s), ["--world"], {}, None


def c_world_meshes(n):
    def setup(tmp, n):
        with open(os.path.join(tmp, "m.stl"), "w") as f:
            f.write("solid m\n" + "".join(
                "facet normal 0 0 1\nouter loop\nvertex %d 0 0\nvertex 0 %d 1\n"
                "vertex 0 0 %d\nendloop\nendfacet\n" % (k, k, -k) for k in range(20))
                + "endsolid m\n")
        return {}
    inner = "".join('<collision><origin rpy="%g 0 0"/><geometry><mesh filename="m.stl"/>'
                    '</geometry></collision>' % (i * 0.01) for i in range(n))
    return urdf(link("base", inner)), ["--world"], {}, setup


# --world: world-system plugins in the model, each moved to the world (the
# writer asks of every blob whether it moved: a set, not a scan per blob).
def c_world_system_plugins(n):
    s = link("base") + "".join(
        '<gazebo><plugin filename="gz-sim-imu-system" name="gz::sim::systems::Imu">'
        '<p%d/></plugin></gazebo>\n' % i for i in range(n))
    return urdf(s), ["--world", "--sdf-version=1.11"], {}, None


def c_urdf_hardware(n):
    # --output-format=urdf: every ros2_control's hardware plugin renamed,
    # all on one line (the writer looks for each line's start).
    s = link("base") + "".join(
        '<ros2_control name="s%d" type="system"><hardware><plugin>'
        'gazebo_ros2_control/GazeboSystem</plugin></hardware></ros2_control>' % i
        for i in range(n))
    return urdf(s + "\n"), ["--migrate", "--output-format=urdf"], {}, None


def c_urdf_blocks(n):
    # --output-format=urdf: a block per link on one line, each with a
    # Classic sensor plugin (what the migration rewrites: printed anew).
    def block(i):
        return ('<gazebo reference="l%d"><sensor name="imu%d" type="imu"><update_rate>100'
                '</update_rate><plugin filename="libgazebo_ros_imu_sensor.so" name="p%d">'
                '<ros><namespace>/r</namespace></ros></plugin></sensor></gazebo>' % (i, i, i))
    s = star(n) + "".join(block(i) for i in range(n))
    return urdf(s + "\n"), ["--migrate", "--output-format=urdf"], {}, None


# --model-dir: what meshes name, followed (meshrefs.c).  "--model-dir" in
# the arguments becomes --model-dir=FOLDER (the run's own), and the
# output's size is the folder's.
def mesh_package(tmp, obj, mtl, files):
    pkg = os.path.join(tmp, "pkg")
    os.makedirs(os.path.join(pkg, "m"))
    open(os.path.join(pkg, "package.xml"), "w").close()
    with open(os.path.join(pkg, "m", "a.obj"), "w") as f:
        f.write(obj)
    with open(os.path.join(pkg, "m", "a.mtl"), "w") as f:
        f.write(mtl)
    for name in files:
        with open(os.path.join(pkg, "m", name), "w") as f:
            f.write("PNG")
    return {"ROS_PACKAGE_PATH": pkg}


MESH_ROBOT = urdf(link("base", '<visual><geometry><mesh filename="package://pkg/m/a.obj"/>'
                       '</geometry></visual>'))


def c_folder_long_texture_path(n):
    # one texture named by a path of 20n segments down and up again
    def setup(tmp, n):
        return mesh_package(tmp, "mtllib a.mtl\nv 0 0 0\n",
                            "newmtl a\nmap_Kd " + "d/" * (20 * n) + "../" * (20 * n) + "t.png\n",
                            ["t.png"])
    return MESH_ROBOT, ["--model-dir"], {}, setup


def c_folder_textures(n):
    # n texture maps in one material file, n material files on one line
    def setup(tmp, n):
        obj = "mtllib a.mtl " + " ".join("a.mtl" for _ in range(n)) + "\nv 0 0 0\n"
        mtl = "".join("newmtl m%d\nmap_Kd -s 1 1 1 ./t%d.png\n" % (i, i) for i in range(n))
        return mesh_package(tmp, obj, mtl, ["t%d.png" % i for i in range(n)])
    return MESH_ROBOT, ["--model-dir"], {}, setup


def c_folder_dae_chain(n):
    # COLLADA files naming each other, n deep, and back to the first
    def setup(tmp, n):
        env = mesh_package(tmp, "mtllib a.mtl\n", "", [])
        d = os.path.join(tmp, "pkg", "m")
        for i in range(n + 1):
            with open(os.path.join(d, "c%d.dae" % i), "w") as f:
                f.write("<COLLADA><library_images><image><init_from>c%d.dae</init_from>"
                        "</image></library_images></COLLADA>" % ((i + 1) % (n + 1)))
        return env
    s = urdf(link("base", '<visual><geometry><mesh filename="package://pkg/m/c0.dae"/>'
                  '</geometry></visual>'))
    return s, ["--model-dir"], {}, setup


CONSTRUCTS = [
    ("links", c_links, 1000),
    ("joints", c_joints, 1000),
    ("visuals+collisions per link", c_items, 500),
    ("gazebo blocks per link", c_blocks_per_link, 300),
    ("gazebo blocks per item", c_blocks_per_item, 200),
    ("material and surface blobs", c_material_blobs, 300),
    ("blobs named like a tag's element", c_tag_target_blobs, 300),
    ("blob children", c_blob_children, 1000),
    ("blob attributes", c_blob_attributes, 1000),
    ("blob nesting depth", c_blob_depth, 500),
    ("contact sensors on a lumped link", c_contact_sensors, 200),
    ("mimic chain", c_mimic_chains, 500),
    # N above 130, where the merge-by-merge walks reach their share (lump.c)
    ("visuals+collisions along a fixed chain", c_chain_items, 300),
    ("sensors along a fixed chain (1.11)", c_chain_sensors, 300),
    ("plugins naming a link of a fixed chain", c_chain_plugins_one_key, 300),
    ("plugins naming two links of a fixed chain", c_chain_plugins_two_keys, 300),
    ("materials", c_materials, 300),
    ("model-level tags", c_model_tags, 300),
    ("a warning on every item (text)", c_warn_text, 600),
    ("a warning on every item (json)", c_warn_json, 600),
    ("joints renamed by --repair", c_repair_renames, 600),
    ("reserved names", c_reserved_names, 500),
    ("bad references", c_bad_references, 500),
    ("directories under ROS_PACKAGE_PATH", c_ros_dirs, 50),
    ("--migrate: sensors with a Classic plugin", c_migrated_sensors, 300),
    ("--migrate: model plugins replaced", c_migrated_model_plugins, 1000),
    ("--migrate: Classic plugins in one sensor", c_plugins_in_one_sensor, 500),
    ("--migrate: remappings, arguments, ignored tags", c_plugin_remappings, 500),
    ("--migrate: Classic material scripts", c_migrated_materials, 300),
    ("--migrate: ROS 1 sensor plugins", c_migrated_ros1_sensors, 300),
    ("--migrate: F/T sensors in joints", c_migrated_ft_sensors, 300),
    ("--migrate: multicameras in one link", c_migrated_multicameras, 300),
    ("collisions of a moving chain placed on the ground (--world)", c_world_chain, 500),
    ("collisions of one mesh file placed on the ground (--world)", c_world_meshes, 500),
    ("world-system plugins moved to the world (--world)", c_world_system_plugins, 1000),
    ("URDF output: hardware plugins renamed", c_urdf_hardware, 500),
    ("URDF output: gazebo blocks on one line", c_urdf_blocks, 300),
    ("--model-dir: a long texture path", c_folder_long_texture_path, 300),
    ("--model-dir: texture maps and material files", c_folder_textures, 300),
    ("--model-dir: COLLADA files naming each other", c_folder_dae_chain, 150),
]


def run(u2s, tmp, gen, n, tool):
    text, args, env, setup = gen(n)
    d = tempfile.mkdtemp(dir=tmp)
    e = dict(os.environ, U2S_THREADS="1", LC_ALL="C")
    e.pop("ROS_PACKAGE_PATH", None)
    e.update(env)
    if setup:
        e.update(setup(d, n))
    path = os.path.join(d, "in.urdf")
    with open(path, "w") as f:
        f.write(text)
    out = os.path.join(d, "out.sdf")
    folder = os.path.join(d, "folder")
    if "--model-dir" in args:
        cmd = [u2s] + [a if a != "--model-dir" else "--model-dir=" + folder
                       for a in args] + [path]
    else:
        cmd = [u2s] + args + ["-o", out, path]
    if tool == "callgrind":
        cmd = ["valgrind", "--tool=callgrind",
               "--callgrind-out-file=" + os.path.join(d, "callgrind")] + cmd
    else:
        # Every page mapped counts, the arena's blocks as much as malloc's.
        cmd = ["valgrind", "--tool=massif", "--pages-as-heap=yes",
               "--massif-out-file=" + os.path.join(d, "massif")] + cmd
    with open(os.path.join(d, "err"), "w") as err:
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=e)
        try:
            code = p.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            raise SystemExit("scaling: %s at n=%d took more than %d s" % (cmd, n, TIMEOUT))
    with open(os.path.join(d, "err"), errors="replace") as f:
        log = f.read()
    if code not in (0, 1):
        raise SystemExit("scaling: %s exited %d at n=%d:\n%s" % (cmd, code, n, log[-2000:]))
    size = os.path.getsize(out) if os.path.exists(out) else 0
    for top, _, files in os.walk(folder):
        size += sum(os.path.getsize(os.path.join(top, f)) for f in files)
    if tool == "callgrind":
        m = re.search(r"Collected : (\d+)", log)
        if not m:
            raise SystemExit("scaling: no instruction count from callgrind:\n" + log[-2000:])
        value = int(m.group(1))
    else:
        with open(os.path.join(d, "massif")) as f:
            value = max(int(v) for v in re.findall(r"^mem_heap_B=(\d+)", f.read(), re.M))
    shutil.rmtree(d)
    return value, size


# The runs at n = 0 of constructs whose input, arguments and setting are
# the same are one run (the first to need it measures it for all).
_zero_runs = {}
_zero_lock = threading.Lock()


def zero_run(u2s, tmp, gen, tool):
    text, args, env, setup = gen(0)
    key = (text, tuple(args), tuple(sorted(env.items())),
           setup.__code__ if setup else None, tool)
    with _zero_lock:
        cell = _zero_runs.setdefault(key, [threading.Lock(), None])
    with cell[0]:
        if cell[1] is None:
            cell[1] = run(u2s, tmp, gen, 0, tool)
        return cell[1]


def measure(u2s, tmp, name, gen, n, verbose, memory=True):
    cg = [zero_run(u2s, tmp, gen, "callgrind")] + \
        [run(u2s, tmp, gen, k, "callgrind") for k in (n, 4 * n)]
    ms = ([zero_run(u2s, tmp, gen, "massif")] +
          [run(u2s, tmp, gen, k, "massif") for k in (n, 4 * n)]) if memory else [(0, 0)] * 3
    ins = [i for i, _ in cg]
    out = [o for _, o in cg]
    mem = [m // 1024 for m, _ in ms]
    ri = (ins[2] - ins[0]) / max(1, ins[1] - ins[0])
    # Memory: at 4N, at most RATIO times N's share plus the slack.
    mem_ok = mem[2] - mem[0] <= RATIO * max(0, mem[1] - mem[0]) + MEM_SLACK_KB
    rm = (mem[2] - mem[0]) / max(1, mem[1] - mem[0])
    ro = (out[2] - out[0]) / max(1, out[1] - out[0])
    ok = ri <= RATIO and mem_ok and ro <= RATIO
    line = "%-42s %6d %7.2fx %8s %7.2fx" % (name, n, ri, "%7.2fx" % rm if memory else "-", ro)
    if not ok:
        line += "  KNOWN" if name in KNOWN else "  FAIL"
    if verbose:
        line += "\n    instructions %s; peak mapped kB %s; output bytes %s" % (ins, mem, out)
    return line, ok or name in KNOWN


def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    u2s, only = os.path.abspath(args[0]), args[1:]
    tmp = tempfile.mkdtemp(prefix="u2s-scaling.")
    todo = [c for c in CONSTRUCTS if not only or any(o in c[0] for o in only)]
    # The quick tier (`make check`): every construct, its instructions and
    # output bytes at n and 4n, smaller than N (a quadratic loop is still
    # 16 times, linear work 4), no memory; the full tier (U2S_TIER=full):
    # as above.
    quick = (os.environ.get("U2S_TIER") or "quick") != "full"
    # N/4 where that is 150 or more, else N/2.
    if quick:
        todo = [(name, gen, max(n // 4, min(n // 2, 150), 1)) for name, gen, n in todo]
        print("scaling: quick tier (U2S_TIER=quick): all %d constructs, instructions and "
              "output at n and 4n, n = N/4 where that is 150 or more, else N/2; memory "
              "not measured; U2S_TIER=full: at N and 4N, memory too" % len(todo))
    failed = []
    try:
        print("%-42s %6s %8s %8s %8s" % ("construct", "N", "instr", "memory", "output"))
        # Counts do not depend on load: the constructs run side by side.
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            jobs = [pool.submit(measure, u2s, tmp, name, gen, n, verbose, not quick)
                    for name, gen, n in todo]
            for (name, _, _), job in zip(todo, jobs):
                line, ok = job.result()
                print(line)
                sys.stdout.flush()
                if not ok:
                    failed.append(name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failed:
        print("scaling: grows faster than linearly: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
