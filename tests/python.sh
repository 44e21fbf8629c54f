#!/bin/sh
# The Python package (python/), installed as a Python user installs it: a
# fresh virtual environment (--system-site-packages: Debian's pytest),
# `pip install --no-build-isolation --no-index` of a copy of python/
# beside the C sources, offline, with no U2S_LIBRARY and no
# LD_LIBRARY_PATH.  The package builds its own libu2s.so from the sources
# (python/u2s_build.py, its build backend); that file, and no other
# libu2s, must be what it loads.  Then its tests (python/tests, pytest)
# run against it and ./u2s.  Also: the sdist's C sources.  (The install
# in a bare venv, without wheel or setuptools, with and without build
# isolation: tests/python_install.sh.)  In the quick tier (`make check`,
# U2S_TIER=quick) only the tests run, on python/ as it is with the
# build's library: the install is the full tier's (`make check-full`).
# The python is $PYTHON, else the first of /usr/bin/python3 (Debian's,
# which scripts/quickstart equips) and python3 that has pytest, pip and
# venv.  Needs U2S, U2S_SRCDIR, U2S_BUILDDIR and U2S_CORPUS (make check
# sets them).
set -eu
: "${U2S:?}" "${U2S_SRCDIR:?}" "${U2S_BUILDDIR:?}" "${U2S_CORPUS:?}"
py=
for p in ${PYTHON:-} /usr/bin/python3 python3; do
	if "$p" -c 'import pip, pytest, venv, ensurepip' 2> /dev/null; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "python.sh: no python3 with pytest, pip and venv" \
		"(Debian: python3-pytest python3-pip python3-venv; scripts/quickstart)" >&2
	exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-python-XXXXXX")
trap 'rm -rf "$work"' EXIT

. "$U2S_SRCDIR/tests/pytree.sh"

# The flags of the package's library are Python's own, whatever CFLAGS
# the environment has; in a build under AddressSanitizer (CI's second
# build), the build tree's, so that the tests run the library instrumented
# as before, with the sanitizer's runtime loaded first into a python that
# was not.
asan=
cflags=$(sed -n 's/^CFLAGS = //p' "$U2S_BUILDDIR/Makefile")
cc=$(sed -n 's/^CC = //p' "$U2S_BUILDDIR/Makefile")
case $cflags in
*-fsanitize=*address*) asan=1 ;;
esac
pip_install() { # VENV TREE
	(
		cd "$work"
		unset CFLAGS CPPFLAGS LDFLAGS CC LDSHARED
		if [ -n "$asan" ]; then
			CFLAGS=$cflags CC=$cc
			export CFLAGS CC
		fi
		PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONNOUSERSITE=1 \
			"$1/bin/python" -m pip install --quiet --no-build-isolation --no-index "$2/python"
	)
}
if [ -n "$asan" ]; then
	LD_PRELOAD=$($cc -print-file-name=libasan.so)
	ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
fi
run() { # VENV ARGS...: the venv's python, as a user runs it
	v=$1
	shift
	(
		cd "$work"
		unset U2S_LIBRARY LD_LIBRARY_PATH PYTHONPATH
		if [ -n "$asan" ]; then
			export LD_PRELOAD ASAN_OPTIONS
		fi
		PYTHONNOUSERSITE=1 "$v/bin/python" "$@"
	)
}

# The quick tier (`make check`): the package's tests on the source tree's
# package with the build's library, no install.  The full tier
# (`make check-full`, U2S_TIER=full) installs it as below.
if [ "${U2S_TIER:-quick}" != full ]; then
	echo "python.sh: quick tier (U2S_TIER=quick): python/tests on python/ as it is," \
		"with the build's library (U2S_LIBRARY); the pip install into a venv, its own" \
		"library and the sdist in the full tier (U2S_TIER=full)"
	(
		cd "$work"
		if [ -n "$asan" ]; then
			export LD_PRELOAD ASAN_OPTIONS
		fi
		PYTHONPATH=$U2S_SRCDIR/python U2S_LIBRARY=$U2S_BUILDDIR/.libs/libu2s.so.1 \
			PYTHONDONTWRITEBYTECODE=1 PYTHONNOUSERSITE=1 \
			"$py" -m pytest -q -p no:cacheprovider "$U2S_SRCDIR/python/tests"
	)
	exit
fi

# The package in the venv loads its own library, and no libu2s but that.
own_library() { # VENV
	run "$1" -c '
import os, sys
import u2s
from u2s import _lib
own = os.path.join(os.path.dirname(u2s.__file__), "libu2s.so")
assert os.path.realpath(u2s.__file__).startswith(os.path.realpath(sys.argv[1])), u2s.__file__
assert _lib.path() == own, _lib.path()
_lib.load()
mapped = {line.split(None, 5)[5].strip() for line in open("/proc/self/maps")
          if len(line.split(None, 5)) == 6}
loaded = {m for m in mapped if "libu2s" in os.path.basename(m)}
assert loaded == {os.path.realpath(own)}, loaded
sdf, _ = u2s.convert(open(sys.argv[2], "rb").read())
assert "<model name=\x27arm\x27>" in sdf
' "$1" "$U2S_SRCDIR/examples/arm.urdf"
	if [ -n "$asan" ]; then
		readelf -d "$1"/lib/python*/site-packages/u2s/libu2s.so | grep -q 'NEEDED.*libasan' ||
			{ echo "python.sh: the package's library is not instrumented" >&2; exit 1; }
	fi
}

# The required form: a venv that sees Debian's pytest.
pytree "$work/tree"
"$py" -m venv --system-site-packages "$work/venv"
pip_install "$work/venv" "$work/tree"
own_library "$work/venv"
run "$work/venv" -m pytest -q -p no:cacheprovider "$work/tree/python/tests"

# The binding's struct u2s_options is the header's, field for field: the
# same size and the last field at the same offset (a field appended to
# u2s.h and not to _lib.py would shift every later one).
cat > "$work/layout.c" <<'EOF_C'
#include <stddef.h>
#include <stdio.h>
#include "u2s.h"
int main(void)
{
	printf("%zu %zu\n", sizeof(struct u2s_options), offsetof(struct u2s_options, nallow_dirs));
	return 0;
}
EOF_C
${CC:-cc} -I"$U2S_SRCDIR/src" -o "$work/layout" "$work/layout.c" ||
	{ echo "python.sh: cannot compile the layout probe" >&2; exit 1; }
want=$("$work/layout")
got=$(run "$work/venv" -c 'import ctypes; from u2s import _lib; o = _lib.Options; print(ctypes.sizeof(o), o.nallow_dirs.offset)')
[ "$want" = "$got" ] || { echo "python.sh: _lib.Options is '$got' (size, last field's offset), u2s.h's '$want'" >&2; exit 1; }

# The sdist carries the library's sources (csrc/), so that it builds alone.
(cd "$work/tree/python" && "$py" u2s_build.py sdist "$work/dist") > "$work/sdist.log" 2>&1 ||
	{ cat "$work/sdist.log" >&2; exit 1; }
tar -tzf "$work"/dist/u2s-*.tar.gz > "$work/sdist.list"
for f in Makefile.am configure.ac src/u2s.h $(sed -n '/^LIBU2S_C *=/,/[^\\]$/p' "$U2S_SRCDIR/Makefile.am" |
	tr -d '\\' | sed 's/^LIBU2S_C *=//'); do
	grep -q "^u2s-[^/]*/csrc/$f\$" "$work/sdist.list" ||
		{ echo "python.sh: the sdist has no csrc/$f" >&2; exit 1; }
done
