"""The u2s Python package: libu2s through ctypes, with its own copy of the
library built from the C sources here, so that `pip install ./python` is
all a Python user runs (no `make install`, ldconfig or U2S_LIBRARY).

The library is a setuptools Extension only in how it is compiled: plain C,
no CPython API, installed as u2s/libu2s.so and loaded with ctypes.CDLL.
Its sources are the C library's (../src, or csrc/src in an sdist), the
list read at build time from Makefile.am's LIBU2S_C, so that it cannot go
stale; expat and talloc through pkg-config (Debian: libexpat1-dev,
libtalloc-dev).  Plain setuptools, no pyproject.toml build requirements,
so that pip needs no network (Debian: python3-setuptools; with pip 23.0,
python3-wheel as well, or pip falls back to `setup.py install`).

The build writes under build/ (and u2s.egg-info) only: its config.h is
generated there, not in the source tree."""
import os
import re
import shlex
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
# The library as the package installs it, beside u2s/_lib.py.
LIB_EXT = "u2s.libu2s"
# In an sdist the C sources travel inside the package's tree.
SDIST_TOP = "csrc"
# What configure's config.h may define that the package's leaves out: the
# valgrind annotations of src/arena.c are for the CLI's memory checks
# (scripts/valgrind-corpus), and need valgrind's header at build time.
CONFIG_H_LEFT_OUT = {"HAVE_VALGRIND_MEMCHECK_H"}


def c_top():
    """The directory that holds Makefile.am and src/: csrc (an sdist made
    by this setup.py) or .. (a checkout of u2s)."""
    for top in (os.path.join(HERE, SDIST_TOP), os.path.join(HERE, "..")):
        if (os.path.isfile(os.path.join(top, "Makefile.am"))
                and os.path.isfile(os.path.join(top, "src", "u2s.h"))):
            return os.path.normpath(top)
    raise SystemExit("u2s: the C sources are not here: neither %s nor %s holds Makefile.am "
                     "and src/u2s.h (install from a checkout of u2s, or from its sdist)"
                     % (os.path.join(HERE, SDIST_TOP), os.path.join(HERE, "..")))


def makefile_list(top, var):
    """The words of VAR = ... (with its continuation lines) in Makefile.am."""
    with open(os.path.join(top, "Makefile.am"), encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    m = re.search(r"^%s\s*=(.*)$" % re.escape(var), text, re.M)
    if not m or not m.group(1).split():
        raise SystemExit("u2s: no %s in %s" % (var, os.path.join(top, "Makefile.am")))
    return m.group(1).split()


def library_sources(top):
    sources = makefile_list(top, "LIBU2S_C")
    missing = [s for s in sources if not os.path.isfile(os.path.join(top, s))]
    if missing:
        raise SystemExit("u2s: Makefile.am names sources that are not there: %s"
                         % " ".join(missing))
    return sources


def package_version(top):
    """u2s's version, as configure.ac's AC_INIT gives it (configure's
    PACKAGE_VERSION, which u2s_version() returns)."""
    with open(os.path.join(top, "configure.ac"), encoding="utf-8") as f:
        m = re.search(r"^AC_INIT\(\[[^]]*\],\s*\[([^]]+)\]", f.read(), re.M)
    if not m:
        raise SystemExit("u2s: no version in AC_INIT of %s" % os.path.join(top, "configure.ac"))
    return m.group(1)


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config"] + list(args) + ["expat", "talloc"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return shlex.split(out.stdout)


class build_libu2s(build_ext):
    """Builds libu2s.so from the C library's sources as it is at build
    time; compiles them on as many processors as there are."""

    def get_ext_filename(self, fullname):
        # "u2s.libu2s" -> u2s/libu2s.so (distutils asks with the last part
        # alone too): a plain shared library, not an ABI-tagged module.
        if fullname.split(".")[-1] == LIB_EXT.split(".")[-1]:
            return os.path.join(*fullname.split(".")) + ".so"
        return super().get_ext_filename(fullname)

    def get_export_symbols(self, ext):
        # Not a Python module: there is no PyInit_ function to export (and
        # on Linux the library's symbols are all exported anyway).
        return ext.export_symbols

    def build_extension(self, ext):
        if ext.name == LIB_EXT:
            self.configure_libu2s(ext)
        super().build_extension(ext)

    def configure_libu2s(self, ext):
        top = c_top()
        ext.sources = [os.path.join(top, s) for s in library_sources(top)]
        # A header changed rebuilds the library in a build/ kept from before.
        ext.depends = [os.path.join(top, "Makefile.am")] + [
            os.path.join(top, "src", n) for n in sorted(os.listdir(os.path.join(top, "src")))
            if n.endswith((".h", ".def"))]
        # src/arena.c includes config.h, which configure writes: the
        # package's own defines none of CONFIG_H_LEFT_OUT, and a HAVE_ macro
        # the sources start to use stops the build until it is decided here.
        used = set()
        for name in os.listdir(os.path.join(top, "src")):
            if name.endswith((".c", ".h", ".def")) and name != "main.c":
                with open(os.path.join(top, "src", name), encoding="utf-8") as f:
                    used.update(re.findall(r"\bHAVE_[A-Z0-9_]+", f.read()))
        if used - CONFIG_H_LEFT_OUT:
            raise SystemExit("u2s: the library's sources use %s, which python/setup.py's "
                             "config.h does not decide" % " ".join(sorted(used - CONFIG_H_LEFT_OUT)))
        gen = os.path.join(os.path.abspath(self.build_temp), "u2s-config")
        os.makedirs(gen, exist_ok=True)
        with open(os.path.join(gen, "config.h"), "w", encoding="utf-8") as f:
            f.write("/* config.h for the Python package's libu2s (python/setup.py). */\n")
            f.write("#define PACKAGE_VERSION \"%s\"\n" % package_version(top))
        # The public face only, u2s_* (<u2s.h>), as libtool's build exports
        # (-export-symbols-regex): the internals bind within the library.
        exports = os.path.join(gen, "exports.map")
        with open(exports, "w", encoding="utf-8") as f:
            f.write("{ global: u2s_*; local: *; };\n")
        cflags = pkg_config("--cflags")
        libs = pkg_config("--libs")
        if libs is None:
            # No pkg-config: the usual names, in the usual places.
            cflags, libs = [], ["-lexpat", "-ltalloc"]
        ext.include_dirs = [gen, os.path.join(top, "src")] + \
            [a[2:] for a in cflags if a.startswith("-I")]
        # As Makefile.am compiles it; asserts kept, as there (Python's own
        # flags define NDEBUG).
        ext.extra_compile_args = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-UNDEBUG"] + \
            [a for a in cflags if not a.startswith("-I")]
        ext.libraries = [a[2:] for a in libs if a.startswith("-l")] + ["m", "pthread"]
        ext.library_dirs = [a[2:] for a in libs if a.startswith("-L")]
        ext.extra_link_args = [a for a in libs if not a.startswith(("-l", "-L"))] + \
            ["-Wl,--version-script=" + exports]

    def build_extensions(self):
        # distutils compiles one source after another: here, on every
        # processor at once.
        compile_one = self.compiler.compile

        def compile_all(sources, *args, **kwargs):
            jobs = min(len(sources), os.cpu_count() or 1)
            if jobs < 2:
                return compile_one(sources, *args, **kwargs)
            with ThreadPoolExecutor(jobs) as pool:
                parts = pool.map(lambda s: compile_one([s], *args, **kwargs), sources)
                return [o for objs in parts for o in objs]

        self.compiler.compile = compile_all
        super().build_extensions()


class sdist_with_c(sdist):
    """An sdist that builds without the rest of u2s: the library's sources
    and Makefile.am (for LIBU2S_C) go into csrc/."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        top = c_top()
        dest = os.path.join(base_dir, SDIST_TOP)
        os.makedirs(os.path.join(dest, "src"), exist_ok=True)
        shutil.copy2(os.path.join(top, "Makefile.am"), dest)
        shutil.copy2(os.path.join(top, "configure.ac"), dest)
        names = library_sources(top) + [
            os.path.join("src", n) for n in sorted(os.listdir(os.path.join(top, "src")))
            if n.endswith((".h", ".def"))]
        if os.path.isfile(os.path.join(top, "COPYING")):
            names.append("COPYING")
        for name in names:
            shutil.copy2(os.path.join(top, name), os.path.join(dest, name))


setup(
    name="u2s",
    version=package_version(c_top()),
    description="URDF to SDFormat conversion in memory (libu2s)",
    long_description=open(os.path.join(HERE, "README"), encoding="utf-8").read(),
    long_description_content_type="text/plain",
    license="MIT",
    packages=["u2s"],
    python_requires=">=3.7",
    # Sources are filled in by build_libu2s at build time, from Makefile.am.
    ext_modules=[Extension(LIB_EXT, sources=[])],
    cmdclass={"build_ext": build_libu2s, "sdist": sdist_with_c},
    zip_safe=False,
)
