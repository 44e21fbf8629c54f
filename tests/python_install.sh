#!/bin/sh
# `pip install ./python` as a user without the network runs it: in a fresh
# virtual environment made by `python3 -m venv` (its pip from ensurepip,
# whatever version that is: 23.1 and later build a setuptools project only
# with the wheel package), with `wheel` uninstalled, offline (--no-index):
#  - with --no-build-isolation (the venv's own setuptools is there, not
#    needed);
#  - with build isolation, pip's default, and setuptools uninstalled too
#    (Python 3.12's venvs have none): the package's backend
#    (python/u2s_build.py) requires nothing, so pip has nothing to fetch.
# Each time the package must load its own library, u2s/libu2s.so, and
# convert.  Every distinct python among $PYTHON, python3 and
# /usr/bin/python3 is tried (each venv's pip version is printed); skipped
# (77) only when none of them can make a venv with pip.  Needs U2S_SRCDIR
# (make check sets it).
# The full tier's alone (`make check-full`, U2S_TIER=full): skipped (77)
# in the quick one.
set -eu
: "${U2S_SRCDIR:?}"
if [ "${U2S_TIER:-quick}" != full ]; then
	echo "python_install.sh: quick tier (U2S_TIER=quick): skipped; the installs run in" \
		"the full tier (make check-full)" >&2
	exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-pyinstall-XXXXXX")
trap 'rm -rf "$work"' EXIT

. "$U2S_SRCDIR/tests/pytree.sh"

quiet_env() { # the user's pip configuration and compiler flags left out
	env -u CFLAGS -u CPPFLAGS -u LDFLAGS -u CC -u LDSHARED -u U2S_LIBRARY -u LD_LIBRARY_PATH \
		-u PYTHONPATH -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL \
		PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONNOUSERSITE=1 "$@"
}

# The package in VENV loads its own library and converts.
own_library() { # VENV
	(cd "$work" && quiet_env "$1/bin/python" -c '
import os, sys
import u2s
from u2s import _lib
own = os.path.join(os.path.dirname(u2s.__file__), "libu2s.so")
assert os.path.realpath(u2s.__file__).startswith(os.path.realpath(sys.argv[1])), u2s.__file__
assert _lib.path() == own, _lib.path()
sdf, _ = u2s.convert(open(sys.argv[2], "rb").read())
assert "<model name=\x27arm\x27>" in sdf
' "$1" "$U2S_SRCDIR/examples/arm.urdf")
}

install() { # VENV LOG PIP-ARGS...
	v=$1 log=$2
	shift 2
	if ! (cd "$work" && quiet_env "$v/bin/python" -m pip install --no-index "$@" \
		"$work/tree/python") > "$log" 2>&1; then
		cat "$log" >&2
		echo "python_install.sh: pip install --no-index $* ./python failed" \
			"($("$v/bin/python" -m pip --version))" >&2
		exit 1
	fi
	own_library "$v"
	quiet_env "$v/bin/python" -m pip uninstall -y -q u2s
}

pytree "$work/tree"
tried= n=0
for p in ${PYTHON:-} python3 /usr/bin/python3; do
	exe=$("$p" -c 'import sys; print(sys.executable)' 2> /dev/null) || continue
	case " $tried " in
	*" $exe "*) continue ;;
	esac
	tried="$tried $exe"
	n=$((n + 1))
	v=$work/venv$n
	if ! quiet_env "$p" -m venv "$v" > "$work/venv$n.log" 2>&1 ||
		! quiet_env "$v/bin/python" -m pip --version > /dev/null 2>&1; then
		echo "python_install.sh: $exe cannot make a venv with pip (Debian: python3-venv)" >&2
		continue
	fi
	quiet_env "$v/bin/python" -m pip uninstall -y -q wheel > /dev/null 2>&1 || true
	if quiet_env "$v/bin/python" -c 'import wheel' 2> /dev/null; then
		echo "python_install.sh: wheel is still in $v" >&2
		exit 1
	fi
	echo "python_install.sh: $exe: $(quiet_env "$v/bin/python" -m pip --version)"
	install "$v" "$work/noiso$n.log" --no-build-isolation
	quiet_env "$v/bin/python" -m pip uninstall -y -q setuptools > /dev/null 2>&1 || true
	if quiet_env "$v/bin/python" -c 'import setuptools' 2> /dev/null; then
		echo "python_install.sh: setuptools is still in $v" >&2
		exit 1
	fi
	install "$v" "$work/iso$n.log"
	built=1
done
if [ -z "${built:-}" ]; then
	echo "python_install.sh: skipped: no python3 here makes a venv with pip" >&2
	exit 77
fi
