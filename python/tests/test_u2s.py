"""The Python face of libu2s: what convert() and check() give, against the
CLI where it says the same.  tests/python.sh (make check) installs the
package with pip into a fresh venv (its own libu2s built by pip) and runs
these with U2S (the built CLI) and U2S_CORPUS set."""
import concurrent.futures
import os
import subprocess

import pytest

import u2s

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.environ.get("U2S_CORPUS", os.path.join(HERE, "..", "..", "tests", "corpus"))
ARM = os.path.join(os.environ.get("U2S_SRCDIR", os.path.join(HERE, "..", "..")), "examples", "arm.urdf")
FRANKA = os.path.join(CORPUS, "real3", "franka_description__fr3_fake.urdf")
CLI = os.environ.get("U2S")

GOOD = """<robot name='r'>
  <link name='a'><inertial><mass value='1'/>
    <inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial></link>
  <link name='b'><inertial><mass value='1'/>
    <inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/></inertial>
    <visual><geometry><mesh filename='package://pkg/meshes/b.dae'/></geometry></visual></link>
  <joint name='j' type='revolute'><parent link='a'/><child link='b'/>
    <limit lower='-1' upper='1' effort='1' velocity='1'/></joint>
  <gazebo reference='nothing'/>
</robot>
"""
BAD = "<robot name='r'>\n  <link name='a'/>\n  <link name='a'/>\n</robot>\n"


def read(path):
    with open(path, "rb") as f:
        return f.read()


def cli(*args, stdin=None):
    if not CLI:
        pytest.skip("U2S (the built CLI) is not set")
    return subprocess.run([CLI, *args], input=stdin, capture_output=True)


def test_convert_a_string():
    sdf, diagnostics = u2s.convert(GOOD)
    assert sdf.startswith("<?xml") and "<sdf version='%s'>" % u2s.SDF_VERSIONS[0] in sdf
    assert "<joint name='j' type='revolute'>" in sdf
    assert "model://pkg/meshes/b.dae" in sdf
    [d] = diagnostics
    assert isinstance(d, u2s.Diagnostic)
    assert (d.code, d.severity, d.line, d.file) == ("U2S0407", "warning", 9, "<string>")
    assert d.column == 3
    assert d.path is None   # found by resolving, not while reading
    assert "nothing" in d.message


def test_path_of_what_is_found_while_reading():
    text = GOOD.replace("<visual>", "<visual><colour/>")
    [d] = [d for d in u2s.convert(text).diagnostics if d.code == "U2S0204"]
    assert d.path == "/robot/link[@name='b']/visual[1]/colour"


def test_bytes_and_str_give_the_same():
    assert u2s.convert(GOOD.encode()) == u2s.convert(GOOD)


def test_result_fields():
    result = u2s.convert(GOOD, name="r.urdf")
    assert result.sdf == result[0]
    assert result.diagnostics[0].file == "r.urdf"


@pytest.mark.parametrize("path", [ARM, FRANKA])
@pytest.mark.parametrize("version", u2s.SDF_VERSIONS)
def test_as_the_cli(path, version):
    run = cli("--sdf-version=" + version, path)
    sdf, diagnostics = u2s.convert(read(path), sdf_version=version, name=path)
    assert run.returncode == 0
    assert sdf == run.stdout.decode()
    assert [str(d) for d in diagnostics] == run.stderr.decode().splitlines()


def test_options_as_the_cli():
    run = cli("--repair", "--preserve-fixed-joints", "--uri-mode=keep", FRANKA)
    sdf, _ = u2s.convert(read(FRANKA), repair=True, preserve_fixed_joints=True,
                         uri_mode="keep")
    assert sdf == run.stdout.decode()
    assert "package://" in sdf


def test_rejected_raises_with_the_diagnostics():
    with pytest.raises(u2s.ConversionError) as caught:
        u2s.convert(BAD, name="bad.urdf")
    e = caught.value
    assert e.status == "rejected"
    assert [d.code for d in e.errors] == ["U2S0205"]
    assert e.errors[0].line == 3
    assert str(e).startswith("bad.urdf:3:3: error: ")
    assert all(isinstance(d, u2s.Diagnostic) for d in e.diagnostics)


def test_malformed_and_empty():
    for text in ["", "<robot name='r'>", "not xml", "<robot name='r'>\0</robot>"]:
        with pytest.raises(u2s.ConversionError) as caught:
            u2s.convert(text)
        assert caught.value.errors


def test_werror_and_quiet():
    with pytest.raises(u2s.ConversionError) as caught:
        u2s.convert(GOOD, werror=True)
    assert [d.severity for d in caught.value.diagnostics] == ["error"]
    assert u2s.convert(GOOD, quiet=True).diagnostics == []


def test_bad_options():
    with pytest.raises(ValueError):
        u2s.convert(GOOD, sdf_version="1.10")
    with pytest.raises(ValueError):
        u2s.convert(GOOD, uri_mode="url")
    for mass in (0, -1, float("nan"), float("inf"), float("-inf"), 1e-320, 2.2e-308):
        with pytest.raises(ValueError):
            u2s.convert(GOOD, repair=True, repair_mass=mass)
    with pytest.raises(TypeError):
        u2s.convert(42)


def test_uri_mode_file(tmp_path):
    (tmp_path / "pkg").mkdir()
    sdf, diagnostics = u2s.convert(GOOD, uri_mode="file",
                                   package_paths={"pkg": str(tmp_path / "pkg")},
                                   ros_package_path="", ament_prefix_path="")
    assert "file://%s/meshes/b.dae" % (tmp_path / "pkg").resolve() in sdf
    sdf, diagnostics = u2s.convert(GOOD, uri_mode="file", ros_package_path="",
                                   ament_prefix_path="")
    assert "U2S0809" in [d.code for d in diagnostics]
    sdf, _ = u2s.convert(GOOD, uri_mode="file", ros_package_path=str(tmp_path),
                         ament_prefix_path="")
    assert "model://pkg" in sdf   # no package.xml: not a package
    (tmp_path / "pkg" / "package.xml").write_text("<package/>")
    sdf, _ = u2s.convert(GOOD, uri_mode="file", ros_package_path=str(tmp_path),
                         ament_prefix_path="")
    assert "file://%s/meshes" % (tmp_path / "pkg").resolve() in sdf


def test_check_lints():
    assert [d.code for d in u2s.check(GOOD, gz_resource_path="")] == ["U2S0407", "U2S1205"]
    assert [(d.code, d.severity) for d in u2s.check(BAD) if d.severity == "error"] == \
        [("U2S0205", "error")]
    # its meshes are not installed: only gz-sim's lookup of them speaks
    assert {d.code for d in u2s.check(read(ARM), gz_resource_path="")} <= {"U2S1205"}


def test_check_as_the_cli():
    run = cli("--check", "-", stdin=BAD.encode())
    assert run.returncode == 1
    assert [str(d) for d in u2s.check(BAD, name="<stdin>")] == run.stderr.decode().splitlines()


def test_threads_at_once():
    inputs = [read(os.path.join(CORPUS, "real3", f))
              for f in sorted(os.listdir(os.path.join(CORPUS, "real3"))) if f.endswith(".urdf")]
    alone = []
    for text in inputs:
        try:
            alone.append(u2s.convert(text))
        except u2s.ConversionError as e:
            alone.append(e.diagnostics)

    def one(i):
        try:
            return u2s.convert(inputs[i % len(inputs)])
        except u2s.ConversionError as e:
            return e.diagnostics

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(one, range(4 * len(inputs))))
    assert got == [alone[i % len(inputs)] for i in range(len(got))]


def test_world_as_the_cli():
    run = cli("--world=lab", "--no-ground", "--pose", "1", "2", "0.5", "0", "0", "1.5",
              "--sdf-version=1.11", FRANKA)
    sdf, diagnostics = u2s.convert(read(FRANKA), world="lab", no_ground=True,
                                   pose=(1, 2, 0.5, 0, 0, 1.5), sdf_version="1.11",
                                   name=FRANKA)
    assert run.returncode == 0
    assert sdf == run.stdout.decode()
    assert [str(d) for d in diagnostics] == run.stderr.decode().splitlines()
    assert "<world name='lab'>" in sdf
    assert "gz-sim-physics-system" in sdf
    assert "ground_plane" not in sdf
    assert "<pose>1 2 0.5 0 0 1.5</pose>" in sdf


def test_world_named_for_the_robot():
    sdf, _ = u2s.convert(GOOD, world=True)
    assert "<world name='r'>" in sdf
    assert "<model name='ground_plane'>" in sdf
    assert "ignition-gazebo-scene-broadcaster-system" in sdf   # 1.9: Fortress
    assert "<world" not in u2s.convert(GOOD).sdf


def test_world_bad_options():
    for world in ["", "a::b", "__model__", "world", "a\x01b", "tab\tname", "a\x85b",
                  "a\udcffb", "a\uffffb"]:
        with pytest.raises(ValueError):
            u2s.convert(GOOD, world=world)
    for pose in [(1, 2, 3), (1, 2, 3, 4, 5, float("nan")), ("x",) * 6, 7]:
        with pytest.raises(ValueError):
            u2s.convert(GOOD, pose=pose)
    with pytest.raises(ValueError):
        u2s.convert(GOOD, no_ground=True)


def test_check_resolves_meshes_as_gz_sim(tmp_path):
    mesh = tmp_path / "pkg" / "meshes" / "b.dae"
    mesh.parent.mkdir(parents=True)
    found = [d.code for d in u2s.check(GOOD, gz_resource_path="")]
    assert found.count("U2S1205") == 1
    mesh.write_text("")
    assert "U2S1205" not in [d.code for d in u2s.check(GOOD, gz_resource_path=str(tmp_path))]


@pytest.mark.parametrize("gz, ign, missing", [
    (None, "HERE", False),   # Fortress: only the older name set
    ("HERE", None, False),
    ("HERE", "", False),
    ("", "HERE", True),      # set, even empty, GZ_SIM_RESOURCE_PATH wins
    (None, None, True),
    (None, "", True),
])
def test_check_reads_the_resource_path_as_the_cli(tmp_path, monkeypatch, gz, ign, missing):
    # With no gz_resource_path, check() looks meshes up where `u2s --check`
    # does: GZ_SIM_RESOURCE_PATH, else (unset) IGN_GAZEBO_RESOURCE_PATH.
    mesh = tmp_path / "pkg" / "meshes" / "b.dae"
    mesh.parent.mkdir(parents=True)
    mesh.write_text("")
    for var, value in (("GZ_SIM_RESOURCE_PATH", gz), ("IGN_GAZEBO_RESOURCE_PATH", ign)):
        if value is None:
            monkeypatch.delenv(var, raising=False)
        else:
            monkeypatch.setenv(var, str(tmp_path) if value == "HERE" else value)
    codes = [d.code for d in u2s.check(GOOD)]
    assert ("U2S1205" in codes) == missing, codes
    if CLI:
        urdf = tmp_path / "r.urdf"
        urdf.write_text(GOOD)
        out = cli("--check", str(urdf))
        assert (b"[U2S1205]" in out.stderr) == missing, out.stderr


CAFE = GOOD.replace("'b'", "'caf\u00e9'")


@pytest.mark.parametrize("encoding", ["ISO-8859-1", "UTF-16", "UTF-8", "US-ASCII"])
def test_str_is_unicode_whatever_its_declaration(encoding):
    text = "<?xml version='1.0' encoding='%s'?>\n%s" % (encoding, CAFE)
    sdf, _ = u2s.convert(text)
    assert "<link name='caf\u00e9'>" in sdf
    assert sdf == u2s.convert(CAFE).sdf
    assert [d.code for d in u2s.check(text, gz_resource_path="")] == \
        [d.code for d in u2s.check(CAFE, gz_resource_path="")]


@pytest.mark.parametrize("encoding", ["ISO-8859-1", "UTF-16"])
def test_bytes_are_what_their_declaration_says(encoding):
    text = "<?xml version='1.0' encoding='%s'?>\n%s" % (encoding, CAFE)
    # stored as declared: the same robot as the str
    assert u2s.convert(text.encode(encoding)).sdf == u2s.convert(text).sdf
    # stored otherwise: the declaration is believed, as the CLI does
    if encoding == "UTF-16":
        with pytest.raises(u2s.ConversionError):
            u2s.convert(text.encode("utf-8"))
    else:
        assert "<link name='caf\u00c3\u00a9'>" in u2s.convert(text.encode("utf-8")).sdf


def test_diagnostic_str_is_the_cli_line():
    tabs = "&#9;" * 1000   # 2000 bytes escaped: the line is cut, its code kept
    for reference in ["no&#10;th&#9;ing&#13;", tabs]:
        text = GOOD.replace("'nothing'", "'%s'" % reference)
        [d] = u2s.convert(text, name="<stdin>").diagnostics
        line = str(d)
        assert "\n" not in line and "\r" not in line and "\t" not in line
        assert line.endswith("[U2S0407]")
        assert line.startswith("<stdin>:9:3: warning: ")
        if reference == tabs:
            assert line.endswith("\\t\\t... [U2S0407]") and len(line) < 2 * len(d.message)
        else:
            assert "'no\\nth\\ting\\r'" in line
            assert "\n" in d.message   # the field is the text itself
        run = cli("-", stdin=text.encode())
        assert run.returncode == 0
        assert [line] == run.stderr.decode().splitlines()


def test_uri_mode_file_directory_not_utf8(tmp_path):
    import urllib.parse
    import xml.etree.ElementTree as ET
    raw = os.fsencode(str(tmp_path)) + b"/w\xff\xe9 s%#"
    os.makedirs(raw + b"/pkg")
    for given in (os.fsdecode(raw + b"/pkg"), raw + b"/pkg"):
        sdf, _ = u2s.convert(GOOD, uri_mode="file", package_paths={"pkg": given},
                             ros_package_path="", ament_prefix_path="")
        [uri] = {e.text for e in ET.fromstring(sdf).iter("uri")}
        assert uri.startswith("file://") and uri.isascii() and "w%FF%E9 s%25%23" in uri
        assert urllib.parse.unquote_to_bytes(uri[len("file://"):]) == \
            os.path.realpath(raw) + b"/pkg/meshes/b.dae"
    run = cli("--uri-mode=file", b"--package-path=pkg=" + raw + b"/pkg", "-",
              stdin=GOOD.encode())
    assert run.returncode == 0
    ET.fromstring(run.stdout)   # well-formed
    assert run.stdout.decode() == sdf


HUSKY = os.path.join(CORPUS, "real3", "husky__husky_sim.urdf")


def test_migrate_as_the_cli(tmp_path):
    """migrate() gives the SDF and bridge YAML `u2s --migrate
    --bridge-config` gives, and the notes of -v."""
    with open(HUSKY, "rb") as f:
        urdf = f.read()
    sdf, bridge, diagnostics = u2s.migrate(urdf, name=HUSKY, notes=True)
    assert "ignition_frame_id" in sdf and "libgazebo_ros_imu_sensor" not in sdf
    assert bridge.splitlines()[2] == '- ros_topic_name: "/clock"'
    assert "note" in {d.severity for d in diagnostics}
    if CLI:
        yaml = tmp_path / "b.yaml"
        out = subprocess.run([CLI, "-q", "--migrate", "--bridge-config=%s" % yaml, HUSKY],
                             capture_output=True, check=True).stdout.decode()
        assert out == sdf
        assert yaml.read_text() == bridge


def test_migrate_options_checked():
    with pytest.raises(ValueError):
        u2s.migrate(GOOD, output_format="xml")
    sdf, _ = u2s.convert(GOOD)
    assert u2s.migrate(GOOD).sdf == sdf


def test_migrated_urdf_renames_the_hardware():
    with open(HUSKY) as f:
        text = f.read()
    urdf, bridge, _ = u2s.migrate(text, output_format="urdf", sdf_version="1.11")
    assert "gz_ros2_control/GazeboSimSystem" in urdf
    assert "gazebo_ros2_control/GazeboSystem" not in urdf
    assert "libgazebo_ros_imu_sensor" not in urdf
    assert bridge.startswith("# ros_gz_bridge")
