"""URDF to SDFormat in memory, through libu2s.

    import u2s
    sdf, diagnostics = u2s.convert(urdf)          # urdf: str or bytes
    for d in u2s.check(urdf):                     # linting: messages only
        print(d)

convert() returns the SDF text with the messages (warnings) as Diagnostic
objects, and raises ConversionError, which carries them, when the input is
rejected.  A conversion keeps no state: any number may run at once on
threads (the library runs without the GIL).
"""
import ctypes
import os
from collections.abc import Mapping
from typing import List, NamedTuple, Optional

from . import _lib

__all__ = ["convert", "check", "migrate", "Result", "Migration", "Diagnostic",
           "ConversionError", "SDF_VERSIONS", "URI_MODES"]
__version__ = "0.1.0"

URI_MODES = {"model": 0, "keep": 1, "file": 2}
_STATUS = {1: "rejected", 2: "usage", 3: "io"}


def __getattr__(name):
    # SDF_VERSIONS: the SDFormat versions the library writes, ascending,
    # the first the default; asked of the library (u2s_sdf_versions()) when
    # first read, so that the list is the library's own.
    if name == "SDF_VERSIONS":
        return _lib.sdf_versions()
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


class Diagnostic(NamedTuple):
    """One message, the fields of `u2s --diagnostics=json`; str() of it is
    the line the CLI prints, one line with control characters escaped."""
    code: str                # "U2S0407": stable from release to release
    severity: str            # "warning" or "error" (werror: warnings are errors);
                             # "note" (what migrate() did) when notes=True
    line: Optional[int]      # from 1; None without a position
    column: Optional[int]
    message: str
    path: Optional[str]      # /robot/link[@name='a']/visual[2]..., when known
    file: Optional[str]      # the name given to convert() ("<string>")

    def __str__(self):
        # The CLI's line, made by the library (u2s_diagnostic_format): one
        # line whatever the message quotes, control characters escaped.
        return _lib.diagnostic_text(self.severity, self.code, self.file, self.line,
                                    self.column, self.message, self.path)


class Migration(NamedTuple):
    """What migrate() gives: `sdf, bridge, diagnostics = u2s.migrate(...)`:
    the migrated SDF (or URDF, with output_format="urdf"), the ros_gz_bridge
    YAML of its topics, and the messages."""
    sdf: str
    bridge: str
    diagnostics: List[Diagnostic]


class Result(NamedTuple):
    """What convert() gives: `sdf, diagnostics = u2s.convert(...)`."""
    sdf: str
    diagnostics: List[Diagnostic]


class ConversionError(Exception):
    """The input was rejected (status "rejected"), or memory ran out
    ("io").  .diagnostics holds every message, the errors among them."""

    def __init__(self, status, diagnostics):
        self.status = status
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"]
        first = str(errors[0]) if errors else "conversion failed"
        more = " (and %d more errors)" % (len(errors) - 1) if len(errors) > 1 else ""
        super().__init__(first + more)

    @property
    def errors(self):
        return [d for d in self.diagnostics if d.severity == "error"]


def _text(p):
    return p.decode("utf-8", "replace") if p is not None else None


def _packages(package_paths):
    """NAME -> DIR, from a mapping or from (NAME, DIR) pairs; the last for a
    NAME wins, as with --package-path."""
    if package_paths is None:
        return []
    items = package_paths.items() if isinstance(package_paths, Mapping) else package_paths
    return [(os.fsencode(name), os.fsencode(directory)) for name, directory in items]


def _env_path(value, variable):
    if value is None:
        value = os.environ.get(variable)
    return os.fsencode(value) if value is not None else None


def _world_options(world, no_ground, pose):
    """(flags, world name bytes or None, pose tuple or None), or ValueError
    for what is not of the right type; what the values may be is the
    library's to say (u2s_options_check, in _run)."""
    flags, name = 0, None
    if world is True:
        flags |= _lib.U2S_WORLD
    elif isinstance(world, str):
        flags |= _lib.U2S_WORLD
        # a lone surrogate kept as bytes the library refuses, not an
        # encoding error of Python's
        name = world.encode("utf-8", "surrogatepass")
    elif world not in (None, False):
        raise ValueError("world must be None, True or a name, not %r" % (world,))
    if no_ground:
        flags |= _lib.U2S_NO_GROUND
    if pose is not None:
        try:
            pose = tuple(float(v) for v in pose)
        except (TypeError, ValueError):
            raise ValueError("pose must be six numbers x y z roll pitch yaw") from None
        if len(pose) != 6:
            raise ValueError("pose must be six numbers x y z roll pitch yaw")
        flags |= _lib.U2S_POSE
    return flags, name, pose


def _run(urdf, name, check, sdf_version, repair, repair_mass, preserve_fixed_joints,
         uri_mode, package_paths, ros_package_path, ament_prefix_path, werror, quiet,
         world=None, no_ground=False, pose=None, gz_resource_path=None, migrate=False,
         notes=False, output_format="sdf", bridge=None):
    text_flags = 0
    if isinstance(urdf, str):
        # Unicode already: its XML declaration's encoding says how it was
        # once stored, not what these bytes are.
        urdf = urdf.encode("utf-8")
        text_flags = _lib.U2S_INPUT_UTF8
    elif isinstance(urdf, (bytearray, memoryview)):
        urdf = bytes(urdf)
    elif not isinstance(urdf, bytes):
        raise TypeError("urdf must be str or bytes, not %s" % type(urdf).__name__)
    versions = _lib.sdf_versions()
    if sdf_version is not None and sdf_version not in versions:
        raise ValueError("sdf_version must be one of %s, not %r" % (", ".join(versions),
                                                                      sdf_version))
    if uri_mode not in URI_MODES:
        raise ValueError("uri_mode must be one of %s, not %r" % (", ".join(URI_MODES),
                                                                   uri_mode))
    if output_format not in ("sdf", "urdf"):
        raise ValueError("output_format must be 'sdf' or 'urdf', not %r" % (output_format,))
    if repair_mass is not None and not repair_mass > 0:
        raise ValueError("repair_mass must be a positive number of kg, not %r" % (repair_mass,))
    world_flags, world_name, pose = _world_options(world, no_ground, pose)
    lib = _lib.load()
    diagnostics = []

    def record(arg, d):
        d = d.contents
        diagnostics.append(Diagnostic(
            code=_text(d.code), severity={_lib.U2S_ERROR: "error",
                                          _lib.U2S_NOTE: "note"}.get(d.severity, "warning"),
            line=d.line or None, column=d.column or None, message=_text(d.message),
            path=_text(d.path), file=_text(d.file)))

    opts = _lib.Options()
    opts.flags = ((_lib.U2S_QUIET if quiet else 0) | (_lib.U2S_WERROR if werror else 0) |
                  (_lib.U2S_PRESERVE_FIXED_JOINTS if preserve_fixed_joints else 0) |
                  (_lib.U2S_CHECK if check else 0) | (_lib.U2S_REPAIR if repair else 0) |
                  (_lib.U2S_MIGRATE if migrate else 0) | (_lib.U2S_NOTES if notes else 0) |
                  (_lib.U2S_OUTPUT_URDF if output_format == "urdf" else 0) |
                  world_flags | text_flags)
    opts.world_name = world_name

    def keep(arg, buf, n):
        bridge.append(ctypes.string_at(buf, n))
        return 0
    bridge_writer = _lib.WriteFn(keep)   # kept alive until the call returns
    if bridge is not None:
        opts.bridge_fn = bridge_writer
    if pose is not None:
        opts.pose[:] = pose
    # As `u2s --check`: GZ_SIM_RESOURCE_PATH, set even if empty, else
    # Fortress's IGN_GAZEBO_RESOURCE_PATH.
    if gz_resource_path is None and "GZ_SIM_RESOURCE_PATH" not in os.environ:
        opts.gz_resource_path = _env_path(None, "IGN_GAZEBO_RESOURCE_PATH")
    else:
        opts.gz_resource_path = _env_path(gz_resource_path, "GZ_SIM_RESOURCE_PATH")
    opts.uri_mode = URI_MODES[uri_mode]
    pairs = _packages(package_paths)
    packages = (_lib.Package * max(len(pairs), 1))(*[_lib.Package(n, d) for n, d in pairs])
    opts.packages = packages
    opts.npackages = len(pairs)
    opts.ros_package_path = _env_path(ros_package_path, "ROS_PACKAGE_PATH")
    opts.ament_prefix_path = _env_path(ament_prefix_path, "AMENT_PREFIX_PATH")
    opts.sdf_version = sdf_version.encode() if sdf_version is not None else None
    opts.repair_mass = float(repair_mass or 0)
    callback = _lib.DiagRecordFn(record)   # kept alive until the call returns
    opts.diag_record_fn = callback

    # the library's rules (options.def's relations, names, numbers), as
    # the command line has them: raised with the library's own words
    if lib.u2s_options_check(ctypes.byref(opts)) != _lib.U2S_OK:
        raise ValueError("; ".join(d.message for d in diagnostics))
    sdf = ctypes.c_void_p()
    sdf_len = ctypes.c_size_t()
    rc = lib.u2s_convert_buffer(urdf, len(urdf), os.fsencode(name), ctypes.byref(sdf),
                                ctypes.byref(sdf_len), ctypes.byref(opts))
    text = None
    if sdf.value:
        try:
            text = ctypes.string_at(sdf.value, sdf_len.value).decode("utf-8")
        finally:
            lib.u2s_free(sdf)
    return rc, text, diagnostics


def convert(urdf, *, sdf_version=None, repair=False, repair_mass=None,
            preserve_fixed_joints=False, uri_mode="model", package_paths=None,
            ros_package_path=None, ament_prefix_path=None, werror=False, quiet=False,
            name="<string>", world=None, no_ground=False, pose=None,
            gz_resource_path=None):
    """Converts URDF (str, or bytes as read from a file) to SDFormat.  A
    str is Unicode text, whatever encoding its XML declaration names (the
    declaration said how the text was stored before it was decoded);
    bytes are decoded as their declaration says (UTF-8 when it names none,
    or UTF-16 from a byte order mark), as the CLI reads a file.

    Returns Result(sdf, diagnostics): the SDF text and the warnings.  Raises
    ConversionError (with .diagnostics) when the input is rejected, and
    ValueError for an option u2s does not have.  The options are the CLI's:
    sdf_version, one of SDF_VERSIONS (None: the first, the library's
    default); repair (and repair_mass, kg);
    preserve_fixed_joints; uri_mode "model", "keep" or "file", with
    package_paths ({NAME: DIR} or (NAME, DIR) pairs) and the search paths
    ros_package_path and ament_prefix_path (None: from the environment, as
    the CLI; "": none); werror; quiet (no warnings); world (--world: True,
    or the world's name; None: a model only) and no_ground; pose, six
    numbers x y z roll pitch yaw (--pose); gz_resource_path (check()'s mesh
    lookup; None: GZ_SIM_RESOURCE_PATH, or IGN_GAZEBO_RESOURCE_PATH when
    that is unset, as `u2s --check`).  NAME is what messages call the
    input."""
    rc, text, diagnostics = _run(urdf, name, False, sdf_version, repair, repair_mass,
                                 preserve_fixed_joints, uri_mode, package_paths,
                                 ros_package_path, ament_prefix_path, werror, quiet,
                                 world, no_ground, pose, gz_resource_path)
    if rc != 0:
        raise ConversionError(_STATUS.get(rc, str(rc)), diagnostics)
    return Result(text, diagnostics)


def migrate(urdf, *, sdf_version=None, repair=False, repair_mass=None,
            preserve_fixed_joints=False, uri_mode="model", package_paths=None,
            ros_package_path=None, ament_prefix_path=None, werror=False, quiet=False,
            name="<string>", world=None, no_ground=False, pose=None,
            gz_resource_path=None, notes=False, output_format="sdf"):
    """Converts URDF as convert() does, with --migrate: what was written
    for Gazebo Classic becomes what gz-sim runs with the same ROS interface.
    Returns Migration(sdf, bridge, diagnostics): the SDF (output_format
    "urdf": the migrated URDF, for robot_description), the ros_gz_bridge
    YAML (--bridge-config), and the messages (with notes=True also what
    was migrated, severity "note").  Raises as convert() does."""
    pieces = []
    rc, text, diagnostics = _run(urdf, name, False, sdf_version, repair, repair_mass,
                                 preserve_fixed_joints, uri_mode, package_paths,
                                 ros_package_path, ament_prefix_path, werror, quiet,
                                 world, no_ground, pose, gz_resource_path, True, notes,
                                 output_format, pieces)
    if rc != 0:
        raise ConversionError(_STATUS.get(rc, str(rc)), diagnostics)
    return Migration(text, b"".join(pieces).decode("utf-8"), diagnostics)


def check(urdf, *, sdf_version=None, repair=False, repair_mass=None,
          preserve_fixed_joints=False, uri_mode="model", package_paths=None,
          ros_package_path=None, ament_prefix_path=None, werror=False, quiet=False,
          name="<string>", world=None, no_ground=False, pose=None,
          gz_resource_path=None):
    """Lints URDF as `u2s --check` does: reads and resolves it, writes
    nothing, and returns the list of Diagnostic; the input is rejected when
    one has severity "error".  Takes convert()'s options."""
    _, _, diagnostics = _run(urdf, name, True, sdf_version, repair, repair_mass,
                             preserve_fixed_joints, uri_mode, package_paths,
                             ros_package_path, ament_prefix_path, werror, quiet,
                             world, no_ground, pose, gz_resource_path)
    return diagnostics
