"""libu2s through ctypes: the structs and functions of <u2s.h> that the
package uses, laid out as the header lays them out.  The library is the
package's own, libu2s.so beside this file, which u2s_build.py built from the
same sources as this layout; U2S_LIBRARY (a path) overrides it, and a
package without its own (run from a checkout) loads the system's by its
SONAME, libu2s.so.1, whose number changes whenever a layout here would
have to (the header's version promise).  struct u2s_options carries its
size and grows only at its end, so Options may lag behind a newer library;
the SDFormat versions are the library's (sdf_versions())."""
import ctypes
import os
import threading

SONAME = "libu2s.so.1"
U2S_WARNING, U2S_ERROR = 0, 1
# enum u2s_status (the ones the binding looks at)
U2S_OK, U2S_USAGE = 0, 2


class Package(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("dir", ctypes.c_char_p)]


class Diagnostic(ctypes.Structure):
    _fields_ = [("severity", ctypes.c_int),
                ("code", ctypes.c_char_p),
                ("file", ctypes.c_char_p),
                ("line", ctypes.c_ulong),
                ("column", ctypes.c_ulong),
                ("message", ctypes.c_char_p),
                ("path", ctypes.c_char_p)]


DiagFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p)
DiagRecordFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(Diagnostic))


StatsFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)
# u2s_mesh_fn(arg, source, path): 0 or an errno value
MeshFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p)
# u2s_write_fn(arg, buf, len): 0 or an errno value
WriteFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_char),
                           ctypes.c_size_t)

# enum u2s_flag
U2S_QUIET = 1 << 0
U2S_WERROR = 1 << 1
U2S_PRESERVE_FIXED_JOINTS = 1 << 2
U2S_CHECK = 1 << 3
U2S_REPAIR = 1 << 4
U2S_SINGLE_THREAD = 1 << 5
U2S_WORLD = 1 << 6
U2S_NO_GROUND = 1 << 7
U2S_POSE = 1 << 8
U2S_INPUT_UTF8 = 1 << 9
U2S_MIGRATE = 1 << 10
U2S_OUTPUT_URDF = 1 << 11
U2S_NOTES = 1 << 12
U2S_PLACE = 1 << 13
U2S_WORLD_INCLUDE = 1 << 14
U2S_CONFINE = 1 << 15
# enum u2s_severity
U2S_NOTE = 2

# enum u2s_diag_style
U2S_DIAG_TEXT = 0


class Options(ctypes.Structure):
    """struct u2s_options; Options() has its size set (U2S_OPTIONS_INIT)."""
    _fields_ = [("size", ctypes.c_size_t),
                ("flags", ctypes.c_uint),
                ("sdf_version", ctypes.c_char_p),
                ("uri_mode", ctypes.c_int),
                ("repair_mass", ctypes.c_double),
                ("diag_fn", DiagFn),
                ("diag_arg", ctypes.c_void_p),
                ("diag_record_fn", DiagRecordFn),
                ("diag_record_arg", ctypes.c_void_p),
                ("stats_fn", StatsFn),
                ("stats_arg", ctypes.c_void_p),
                ("packages", ctypes.POINTER(Package)),
                ("npackages", ctypes.c_size_t),
                ("ros_package_path", ctypes.c_char_p),
                ("ament_prefix_path", ctypes.c_char_p),
                # appended (u2s.h: the struct only grows at its end)
                ("world_name", ctypes.c_char_p),
                ("pose", ctypes.c_double * 6),
                ("gz_resource_path", ctypes.c_char_p),
                # appended: model folders (u2s.h model_name; the CLI's --model-dir)
                ("model_name", ctypes.c_char_p),
                ("mesh_fn", MeshFn),
                ("mesh_arg", ctypes.c_void_p),
                # appended: migration (u2s.h bridge_fn; the CLI's --bridge-config)
                ("bridge_fn", WriteFn),
                ("bridge_arg", ctypes.c_void_p),
                # appended: confinement (u2s.h allow_dirs; the CLI's --allow-dir)
                ("allow_dirs", ctypes.POINTER(ctypes.c_char_p)),
                ("nallow_dirs", ctypes.c_size_t)]

    def __init__(self, **kw):
        super().__init__(**kw)
        self.size = ctypes.sizeof(Options)


_lock = threading.Lock()
_lib = None


# The library u2s_build.py (the build backend) built into the package.
OWN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libu2s.so")


def path():
    """Which library load() loads."""
    given = os.environ.get("U2S_LIBRARY")
    if given:
        return given
    if os.path.exists(OWN):
        return OWN
    return SONAME


def load():
    """The library, loaded once: U2S_LIBRARY when set, else the package's
    own (u2s/libu2s.so), else libu2s.so.1 from the system's search path
    when the package has none."""
    global _lib
    with _lock:
        if _lib is None:
            name = path()
            try:
                lib = ctypes.CDLL(name)
            except OSError as e:
                raise OSError("u2s: cannot load %s (reinstall the package: "
                              "pip install ./python; or set U2S_LIBRARY): %s" % (name, e)) from e
            lib.u2s_convert_buffer.argtypes = [
                ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t),
                ctypes.POINTER(Options)]
            lib.u2s_convert_buffer.restype = ctypes.c_int
            lib.u2s_options_check.argtypes = [ctypes.POINTER(Options)]
            lib.u2s_options_check.restype = ctypes.c_int
            lib.u2s_free.argtypes = [ctypes.c_void_p]
            lib.u2s_free.restype = None
            lib.u2s_version.argtypes = []
            lib.u2s_version.restype = ctypes.c_char_p
            lib.u2s_sdf_versions.argtypes = []
            lib.u2s_sdf_versions.restype = ctypes.POINTER(ctypes.c_char_p)
            lib.u2s_diagnostic_format.argtypes = [
                ctypes.POINTER(Diagnostic), ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]
            lib.u2s_diagnostic_format.restype = ctypes.c_size_t
            _lib = lib
        return _lib


def sdf_versions():
    """The SDFormat versions the library writes (u2s_sdf_versions()),
    ascending; the first is the default."""
    p = load().u2s_sdf_versions()
    out = []
    while p[len(out)] is not None:
        out.append(p[len(out)].decode())
    return tuple(out)


def version():
    """The library's package version (u2s_version())."""
    return load().u2s_version().decode()


def _c_text(s):
    # None stays NULL; any str is given as UTF-8 (what it cannot be, '?').
    return s.encode("utf-8", "replace") if s is not None else None


def diagnostic_text(severity, code, file, line, column, message, path):
    """A message as the CLI prints it (u2s_diagnostic_format, U2S_DIAG_TEXT):
    one line, control characters escaped, cut with "..." past the
    library's length, the code kept."""
    d = Diagnostic(severity=U2S_ERROR if severity == "error" else U2S_WARNING,
                   code=_c_text(code), file=_c_text(file), line=line or 0,
                   column=column or 0, message=_c_text(message), path=_c_text(path))
    lib = load()
    n = lib.u2s_diagnostic_format(ctypes.byref(d), U2S_DIAG_TEXT, None, 0)
    buf = ctypes.create_string_buffer(n + 1)
    lib.u2s_diagnostic_format(ctypes.byref(d), U2S_DIAG_TEXT, buf, n + 1)
    return buf.raw[:n].decode("utf-8", "replace")
