#!/bin/sh
# Where u2s writes when the system says no: a file-size limit (ulimit -f;
# u2s ignores SIGXFSZ, so write() fails with EFBIG instead of killing it)
# and a full disk (a device node like /dev/full made here; a small tmpfs
# mounted in a mount namespace of its own).  The output that fails gets
# status 3 and leaves no temporary file or folder, a file -o would have
# replaced stays as it was, and a -d batch goes on to the next FILE: for
# -o, -d and model folders (--model-dir).  The device node and the tmpfs
# need root (mknod, unshare -m, mount): without, those parts say they are
# skipped.  Works in a temporary directory of its own.
# Environment (set by `make check`): U2S, the program.
set -u
U2S=${U2S:-./u2s}
case $U2S in /*) ;; *) U2S=$PWD/$U2S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/u2s-limits-XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
status=0
fail() { echo "write_limits.sh: $*" >&2; status=1; }

# big.urdf converts to some 200 KB, small.urdf to less than 1 KB; each
# has one mesh, of package pkg (big.stl: 256 KB).
mkdir -p "$T/pkgs/pkg/meshes" "$T/in"
echo '<package/>' > "$T/pkgs/pkg/package.xml"
printf 'solid a\nendsolid a\n' > "$T/pkgs/pkg/meshes/a.stl"
head -c 262144 /dev/zero > "$T/pkgs/pkg/meshes/big.stl"
inertial='<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>'
mesh() { echo "<visual><geometry><mesh filename=\"package://pkg/meshes/$1\"/></geometry></visual>"; }
{
	echo '<robot name="big">'
	echo "  <link name=\"l0\">$inertial$(mesh big.stl)</link>"
	i=1
	while [ $i -lt 400 ]; do
		echo "  <link name=\"l$i\">$inertial<collision><geometry><box size=\"1 2 3\"/></geometry></collision></link>"
		echo "  <joint name=\"j$i\" type=\"revolute\"><parent link=\"l$((i - 1))\"/><child link=\"l$i\"/><limit effort=\"1\" velocity=\"1\"/></joint>"
		i=$((i + 1))
	done
	echo '</robot>'
} > "$T/in/big.urdf"
echo "<robot name=\"small\"><link name=\"base\">$inertial$(mesh a.stl)</link></robot>" > "$T/in/small.urdf"
export ROS_PACKAGE_PATH="$T/pkgs"
export AMENT_PREFIX_PATH=
"$U2S" "$T/in/small.urdf" > "$T/small.ref" || fail "small.urdf does not convert"
[ "$(wc -c < "$T/small.ref")" -lt 1024 ] || fail "small.urdf's SDF is not under 1 KB"

# limited CMD...: CMD under a file-size limit of 2 KB (ulimit -f counts
# 512-byte blocks in sh, 1 KB ones in bash: 4 is at least 2 KB), standard
# error to $T/err; the status
limited() {
	(ulimit -f 4 && exec "$@") 2> "$T/err"
}
# only DIR NAME...: DIR holds exactly the NAMEs (no temporary file)
only() {
	d=$1
	shift
	[ "$(ls -A "$d" | sort | tr '\n' ' ')" = "$(printf '%s\n' "$@" | sort | tr '\n' ' ')" ] ||
		fail "$d holds: $(ls -A "$d" | tr '\n' ' '), not: $*"
}

# ---- a file-size limit --------------------------------------------------------
mkdir "$T/o"
echo 'the old file' > "$T/o/keep.sdf"
limited "$U2S" -o "$T/o/keep.sdf" "$T/in/big.urdf"
rc=$?
[ $rc -eq 3 ] || fail "-o past the size limit: status $rc, not 3"
grep -q 'File too large' "$T/err" || fail "-o past the size limit: not said: $(cat "$T/err")"
[ "$(cat "$T/o/keep.sdf")" = 'the old file' ] || fail "-o past the size limit: the old file changed"
only "$T/o" keep.sdf

mkdir "$T/d"
limited "$U2S" -d "$T/d" "$T/in/big.urdf" "$T/in/small.urdf"
rc=$?
[ $rc -eq 3 ] || fail "-d past the size limit: status $rc, not 3"
only "$T/d" small.sdf
cmp -s "$T/d/small.sdf" "$T/small.ref" || fail "-d past the size limit: the next FILE's SDF is not right"

mkdir "$T/m"
limited "$U2S" -d "$T/m" --model-dir "$T/in/big.urdf" "$T/in/small.urdf"
rc=$?
[ $rc -eq 3 ] || fail "-d --model-dir past the size limit: status $rc, not 3"
only "$T/m" small
[ -f "$T/m/small/meshes/pkg/meshes/a.stl" ] && [ -f "$T/m/small/model.config" ] ||
	fail "-d --model-dir past the size limit: the next FILE's folder is not whole"
limited "$U2S" --model-dir="$T/m/big" "$T/in/big.urdf"
rc=$?
[ $rc -eq 3 ] || fail "--model-dir=DIR past the size limit: status $rc, not 3"
only "$T/m" small

# ---- a full disk: a device that is always full ---------------------------------
mkdir "$T/full"
# (opened once first: a container may let the node be made, not opened)
if mknod "$T/full/big.sdf" c 1 7 2> /dev/null && (: > "$T/full/big.sdf") 2> /dev/null; then
	"$U2S" -d "$T/full" "$T/in/big.urdf" "$T/in/small.urdf" 2> "$T/err"
	rc=$?
	[ $rc -eq 3 ] || fail "-d into a full device: status $rc, not 3"
	grep -q 'No space left on device' "$T/err" || fail "-d into a full device: not said: $(cat "$T/err")"
	[ -c "$T/full/big.sdf" ] || fail "-d replaced the device"
	only "$T/full" big.sdf small.sdf
else
	echo "write_limits.sh: cannot make or open a device node (not root?): the full device is skipped"
	rm -f "$T/full/big.sdf"
fi

# ---- a full disk: a 64 KB tmpfs, mounted in a namespace of its own -----------------
mkdir "$T/fs"
if unshare -m sh -c "mount -t tmpfs -o size=64k u2s-test '$T/fs'" 2> /dev/null; then
	cat > "$T/inner.sh" <<'EOF'
set -u
T=$1 U2S=$2
mount -t tmpfs -o size=64k u2s-test "$T/fs" || exit 1
say() { echo "write_limits.sh: $*" >&2; bad=1; }
bad=0
list() { ls -A "$1" | sort | tr '\n' ' '; }
"$U2S" -d "$T/fs" "$T/in/big.urdf" "$T/in/small.urdf" 2> "$T/err"
rc=$?
[ $rc -eq 3 ] || say "-d onto a full tmpfs: status $rc, not 3"
grep -q 'No space left on device' "$T/err" || say "-d onto a full tmpfs: not said: $(cat "$T/err")"
[ "$(list "$T/fs")" = "small.sdf " ] || say "-d onto a full tmpfs left: $(list "$T/fs")"
rm -f "$T/fs/small.sdf"
"$U2S" -d "$T/fs" --model-dir "$T/in/big.urdf" "$T/in/small.urdf" 2> "$T/err"
rc=$?
[ $rc -eq 3 ] || say "-d --model-dir onto a full tmpfs: status $rc, not 3"
grep -q 'No space left on device' "$T/err" || say "-d --model-dir onto a full tmpfs: not said: $(cat "$T/err")"
[ "$(list "$T/fs")" = "small " ] || say "-d --model-dir onto a full tmpfs left: $(list "$T/fs")"
[ -f "$T/fs/small/meshes/pkg/meshes/a.stl" ] || say "-d --model-dir onto a full tmpfs: small/ is not whole"
exit $bad
EOF
	unshare -m sh "$T/inner.sh" "$T" "$U2S" || fail "a full tmpfs: see above"
	# nothing of the namespace's tmpfs is left here
	[ -z "$(ls -A "$T/fs")" ] || fail "the tmpfs's files are outside its namespace"
else
	echo "write_limits.sh: cannot mount a tmpfs in a namespace of its own (unshare -m, mount: not root?): the full tmpfs is skipped"
fi
exit $status
