#!/bin/sh
# The Python package (python/): installed with pip from a copy of the
# source tree, offline, into a temporary directory, then its tests
# (python/tests, pytest) run against the built libu2s.so.0 and ./u2s.
# The python is $PYTHON, else the first of /usr/bin/python3 (Debian's,
# which scripts/quickstart equips) and python3 that has pytest, pip and
# setuptools.  Needs U2S, U2S_SRCDIR, U2S_BUILDDIR and U2S_CORPUS (make
# check sets them).
set -eu
: "${U2S:?}" "${U2S_SRCDIR:?}" "${U2S_BUILDDIR:?}" "${U2S_CORPUS:?}"
py=
for p in ${PYTHON:-} /usr/bin/python3 python3; do
	if "$p" -c 'import setuptools, pip, pytest' 2> /dev/null; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "python.sh: no python3 with pytest, pip and setuptools" \
		"(Debian: python3-pytest python3-pip python3-setuptools; scripts/quickstart)" >&2
	exit 1
fi
lib=$U2S_BUILDDIR/.libs/libu2s.so.0
test -f "$lib" || { echo "python.sh: $lib is not built" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-python-XXXXXX")
trap 'rm -rf "$work"' EXIT
# A copy: pip builds in the source tree, which make distcheck makes read-only.
cp -R "$U2S_SRCDIR/python" "$work/src"
chmod -R u+w "$work/src"
"$py" -m pip install --quiet --root-user-action=ignore --no-build-isolation --no-index --no-deps \
	--target "$work/site" "$work/src"
test -f "$work/site/u2s/__init__.py"

# A library built with AddressSanitizer (CI's second build) needs its
# runtime loaded first into a python that was not.
if readelf -d "$lib" | grep -q 'NEEDED.*libasan'; then
	LD_PRELOAD=$(${CC:-cc} -print-file-name=libasan.so)
	ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
	export LD_PRELOAD ASAN_OPTIONS
fi
cd "$work"
U2S_LIBRARY=$lib PYTHONPATH=$work/site "$py" -c \
	'import sys, u2s; sys.exit(not u2s.__file__.startswith(sys.argv[1]))' "$work/site"
U2S_LIBRARY=$lib PYTHONPATH=$work/site "$py" -m pytest -q -p no:cacheprovider "$work/src/tests"
