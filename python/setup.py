"""The u2s Python package: libu2s (the shared library, libu2s.so.0) through
ctypes.  Plain setuptools, no pyproject.toml build requirements, so that
`pip install ./python` works offline with Debian's python3-setuptools.

When pkg-config knows u2s (the library installed, or PKG_CONFIG_PATH set),
its libdir is recorded in u2s/_build.py, so that the package finds the
library it was built against without ldconfig or LD_LIBRARY_PATH."""
import os
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py


def pkg_config_libdir():
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "u2s"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


class build_py_with_libdir(build_py):
    def run(self):
        super().run()
        path = os.path.join(self.build_lib, "u2s", "_build.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write("# Written by setup.py: where pkg-config said libu2s was.\n")
            f.write("LIBDIR = %r\n" % pkg_config_libdir())


setup(
    name="u2s",
    version="0.1.0",
    description="URDF to SDFormat conversion in memory (libu2s)",
    long_description=open(os.path.join(os.path.dirname(__file__) or ".", "README"),
                          encoding="utf-8").read(),
    long_description_content_type="text/plain",
    license="MIT",
    packages=["u2s"],
    python_requires=">=3.7",
    cmdclass={"build_py": build_py_with_libdir},
)
