"""The u2s Python package's build backend (PEP 517, in the tree: pyproject.toml
names it with backend-path), written with the standard library alone, so
that `pip install ./python` needs nothing to be fetched or installed
first: not setuptools (Python 3.12's venvs have none), not wheel (pip 23.1
and later build a setuptools project only with it), no network, with or
without build isolation (the build requires nothing).

What it builds: a wheel of the package u2s/ with its own copy of the C
library, u2s/libu2s.so, compiled here from the C library's sources (../src
in a checkout of u2s, or csrc/src in an sdist: the list read from
Makefile.am's LIBU2S_C at build time, so that it cannot go stale) and
loaded by u2s/_lib.py with ctypes.  A plain C shared library, no CPython
API: the wheel is tagged py3-none-PLATFORM.  expat and talloc through
pkg-config (Debian: libexpat1-dev, libtalloc-dev).  The compiler is CC,
else Python's; the flags are Python's own (sysconfig's CFLAGS and
CCSHARED, with NDEBUG undefined: the library keeps its asserts) followed by
CPPFLAGS and CFLAGS from the environment, and LDFLAGS when linking, as
distutils did.  Objects are compiled in a temporary directory: the source
tree is only read.

Also: build_sdist (csrc/ carries the C sources, so that it builds alone),
build_editable (PEP 660: u2s/libu2s.so compiled into the tree, which the
wheel puts on sys.path), and, as a command, `python3 u2s_build.py sdist
[DIR]` or `python3 u2s_build.py wheel [DIR]`."""
import base64
import csv
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "u2s"
# In an sdist the C sources travel inside the package's tree.
SDIST_TOP = "csrc"
# The package's Python files, as they are installed.
PY_FILES = ["u2s/__init__.py", "u2s/_lib.py"]
# The library as the package loads it (u2s/_lib.py OWN).
LIB_PATH = "u2s/libu2s.so"
# What configure's config.h may define that the package's leaves out: the
# valgrind annotations of src/arena.c are for the CLI's memory checks
# (scripts/valgrind-corpus), and need valgrind's header at build time.
CONFIG_H_LEFT_OUT = {"HAVE_VALGRIND_MEMCHECK_H"}
# What an sdist holds of python/ itself.
SDIST_FILES = ["pyproject.toml", "u2s_build.py", "README", "tests/test_u2s.py"] + PY_FILES


class BuildError(SystemExit):
    """A build that cannot go on: its message, and exit status 1."""



def c_top():
    """The directory that holds Makefile.am and src/: csrc (an sdist) or ..
    (a checkout of u2s)."""
    for top in (os.path.join(HERE, SDIST_TOP), os.path.join(HERE, "..")):
        if (os.path.isfile(os.path.join(top, "Makefile.am"))
                and os.path.isfile(os.path.join(top, "src", "u2s.h"))):
            return os.path.normpath(top)
    raise BuildError("u2s: the C sources are not here: neither %s nor %s holds Makefile.am "
                     "and src/u2s.h (install from a checkout of u2s, or from its sdist)"
                     % (os.path.join(HERE, SDIST_TOP), os.path.join(HERE, "..")))


def makefile_list(top, var):
    """The words of VAR = ... (with its continuation lines) in Makefile.am."""
    with open(os.path.join(top, "Makefile.am"), encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    m = re.search(r"^%s\s*=(.*)$" % re.escape(var), text, re.M)
    if not m or not m.group(1).split():
        raise BuildError("u2s: no %s in %s" % (var, os.path.join(top, "Makefile.am")))
    return m.group(1).split()


def library_sources(top):
    sources = makefile_list(top, "LIBU2S_C")
    missing = [s for s in sources if not os.path.isfile(os.path.join(top, s))]
    if missing:
        raise BuildError("u2s: Makefile.am names sources that are not there: %s"
                         % " ".join(missing))
    return sources


def headers(top):
    """The headers and tables of src/, as paths under TOP."""
    return [os.path.join("src", n) for n in sorted(os.listdir(os.path.join(top, "src")))
            if n.endswith((".h", ".def"))]


def package_version(top):
    """u2s's version, as configure.ac's AC_INIT gives it (configure's
    PACKAGE_VERSION, which u2s_version() returns)."""
    with open(os.path.join(top, "configure.ac"), encoding="utf-8") as f:
        m = re.search(r"^AC_INIT\(\[[^]]*\],\s*\[([^]]+)\]", f.read(), re.M)
    if not m:
        raise BuildError("u2s: no version in AC_INIT of %s" % os.path.join(top, "configure.ac"))
    return m.group(1)


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config"] + list(args) + ["expat", "talloc"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return shlex.split(out.stdout)


def config_var(name):
    return shlex.split(sysconfig.get_config_var(name) or "")


def env_flags(name):
    return shlex.split(os.environ.get(name, ""))


def build_library(dest):
    """Compiles the C library's sources into DEST (u2s/libu2s.so)."""
    top = c_top()
    # src/arena.c includes config.h, which configure writes: the package's
    # own defines none of CONFIG_H_LEFT_OUT, and a HAVE_ macro the sources
    # start to use stops the build until it is decided here.
    used = set()
    for name in os.listdir(os.path.join(top, "src")):
        if name.endswith((".c", ".h", ".def")) and name != "main.c":
            with open(os.path.join(top, "src", name), encoding="utf-8") as f:
                used.update(re.findall(r"\bHAVE_[A-Z0-9_]+", f.read()))
    if used - CONFIG_H_LEFT_OUT:
        raise BuildError("u2s: the library's sources use %s, which python/u2s_build.py's "
                         "config.h does not decide" % " ".join(sorted(used - CONFIG_H_LEFT_OUT)))
    sources = library_sources(top)
    cc = env_flags("CC") or config_var("CC") or ["cc"]
    cflags = pkg_config("--cflags")
    libs = pkg_config("--libs")
    if libs is None:
        # No pkg-config: the usual names, in the usual places.
        cflags, libs = [], ["-lexpat", "-ltalloc"]
    with tempfile.TemporaryDirectory(prefix="u2s-build-") as tmp:
        with open(os.path.join(tmp, "config.h"), "w", encoding="utf-8") as f:
            f.write("/* config.h for the Python package's libu2s (python/u2s_build.py). */\n")
            f.write("#define PACKAGE_VERSION \"%s\"\n" % package_version(top))
        # The public face only, u2s_* (<u2s.h>), as libtool's build exports
        # (-export-symbols-regex): the internals bind within the library.
        exports = os.path.join(tmp, "exports.map")
        with open(exports, "w", encoding="utf-8") as f:
            f.write("{ global: u2s_*; local: *; };\n")
        # Python's flags, then as Makefile.am compiles it (asserts kept:
        # Python's own flags define NDEBUG), then the environment's.
        compile_args = (config_var("CFLAGS") + config_var("CCSHARED") +
                        ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-UNDEBUG",
                         "-I" + tmp, "-I" + os.path.join(top, "src")] + cflags +
                        env_flags("CPPFLAGS") + env_flags("CFLAGS"))

        def compile_one(i_source):
            i, source = i_source
            obj = os.path.join(tmp, "%03d-%s.o" % (i, os.path.basename(source)[:-2]))
            run(cc + compile_args + ["-c", os.path.join(top, source), "-o", obj])
            return obj

        jobs = max(1, min(len(sources), os.cpu_count() or 1))
        with ThreadPoolExecutor(jobs) as pool:
            objects = list(pool.map(compile_one, enumerate(sources)))
        out = os.path.join(tmp, "libu2s.so")
        run(cc + ["-shared"] + env_flags("CFLAGS") + env_flags("LDFLAGS") + objects +
            ["-o", out, "-Wl,--version-script=" + exports] + libs + ["-lm", "-lpthread"])
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(out, dest)
        os.chmod(dest, 0o755)


def run(argv):
    print(" ".join(shlex.quote(a) for a in argv), flush=True)
    try:
        subprocess.run(argv, check=True)
    except OSError as e:
        raise BuildError("u2s: cannot run %s: %s (a C compiler is needed: Debian "
                         "build-essential)" % (argv[0], e)) from e
    except subprocess.CalledProcessError as e:
        raise BuildError("u2s: the library's build failed: %s exited with %d"
                         % (argv[0], e.returncode)) from e


# ---- metadata -------------------------------------------------------------

def metadata(version):
    with open(os.path.join(HERE, "README"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: URDF to SDFormat conversion in memory (libu2s)\n"
            "License: MIT\n"
            "Requires-Python: >=3.7\n"
            "Description-Content-Type: text/plain\n"
            "\n%s" % (NAME, version, readme))


def platform_tag():
    return re.sub(r"[^A-Za-z0-9_]", "_", sysconfig.get_platform())


def wheel_file(tag):
    return ("Wheel-Version: 1.0\n"
            "Generator: u2s_build\n"
            "Root-Is-Purelib: false\n"
            "Tag: %s\n" % tag)


def dist_info(version):
    return "%s-%s.dist-info" % (NAME, version)


def write_dist_info(directory, version, tag):
    info = os.path.join(directory, dist_info(version))
    os.makedirs(info, exist_ok=True)
    for name, text in (("METADATA", metadata(version)), ("WHEEL", wheel_file(tag)),
                       ("top_level.txt", "u2s\n")):
        with open(os.path.join(info, name), "w", encoding="utf-8") as f:
            f.write(text)
    return os.path.basename(info)


def write_wheel(wheel_directory, version, files, tag):
    """A wheel of FILES ([(archive name, bytes, executable)]) and its
    dist-info; its file name."""
    name = "%s-%s-%s.whl" % (NAME, version, tag)
    info = dist_info(version)
    files = files + [(info + "/METADATA", metadata(version).encode("utf-8"), False),
                     (info + "/WHEEL", wheel_file(tag).encode("utf-8"), False),
                     (info + "/top_level.txt", b"u2s\n", False)]
    record = io.StringIO()
    rows = csv.writer(record, lineterminator="\n")
    for arcname, data, _ in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        rows.writerow([arcname, "sha256=" + digest.decode("ascii"), len(data)])
    rows.writerow([info + "/RECORD", "", ""])
    files.append((info + "/RECORD", record.getvalue().encode("utf-8"), False))
    when = source_date()
    os.makedirs(wheel_directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for arcname, data, executable in files:
            zi = zipfile.ZipInfo(arcname, date_time=when)
            zi.external_attr = (0o755 if executable else 0o644) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return name


def source_date():
    stamp = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    return time.gmtime(max(stamp, 315532800))[:6]


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


# ---- PEP 517 ------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return write_dist_info(metadata_directory, package_version(c_top()),
                           "py3-none-" + platform_tag())


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = package_version(c_top())
    with tempfile.TemporaryDirectory(prefix="u2s-wheel-") as tmp:
        lib = os.path.join(tmp, LIB_PATH)
        build_library(lib)
        files = [(p, read_bytes(os.path.join(HERE, p)), False) for p in PY_FILES]
        files.append((LIB_PATH, read_bytes(lib), True))
        return write_wheel(wheel_directory, version, files, "py3-none-" + platform_tag())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """The library compiled into the tree (u2s/libu2s.so, which .gitignore
    leaves out), and a wheel that puts python/ on sys.path."""
    version = package_version(c_top())
    build_library(os.path.join(HERE, LIB_PATH))
    pth = (HERE + "\n").encode(sys.getfilesystemencoding())
    return write_wheel(wheel_directory, version, [("u2s_editable.pth", pth, False)],
                       "py3-none-" + platform_tag())


def build_sdist(sdist_directory, config_settings=None):
    """u2s-VERSION.tar.gz: python/'s files, and the C library's sources
    (with Makefile.am and configure.ac) under csrc/, so that it builds
    without the rest of u2s."""
    top = c_top()
    version = package_version(top)
    base = "%s-%s" % (NAME, version)
    names = [(os.path.join(HERE, p), p) for p in SDIST_FILES]
    c_names = ["Makefile.am", "configure.ac"] + library_sources(top) + headers(top)
    if os.path.isfile(os.path.join(top, "COPYING")):
        c_names.append("COPYING")
    names += [(os.path.join(top, n), SDIST_TOP + "/" + n) for n in c_names]
    pkg_info = metadata(version).encode("utf-8")
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
    name = base + ".tar.gz"
    os.makedirs(sdist_directory, exist_ok=True)
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        def add(arcname, data):
            ti = tarfile.TarInfo(base + "/" + arcname)
            ti.size = len(data)
            ti.mode = 0o644
            ti.mtime = mtime
            t.addfile(ti, io.BytesIO(data))
        add("PKG-INFO", pkg_info)
        for path, arcname in names:
            add(arcname, read_bytes(path))
    return name


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    where = sys.argv[2] if len(sys.argv) > 2 else "dist"
    if what not in ("sdist", "wheel") or len(sys.argv) > 3:
        sys.exit("usage: python3 u2s_build.py sdist|wheel [DIR]")
    print(os.path.join(where, (build_sdist if what == "sdist" else build_wheel)(where)))
