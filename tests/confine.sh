#!/bin/sh
# --model-dir under attack (issue 38): what a URDF, its meshes and the
# files they name may bring into a model folder, and what the folder may
# not be.  Each case prints `ok N - ...` or `not ok N - ...` (with the
# reasons as `#` lines); the status is 1 if any case failed.
#
# The rules checked (write the code to these):
#  A  package:// and model:// name a file of the package: a path leaving it
#     after `..` or through a symlink is an error (status 1) at the <mesh>
#     line of the URDF, and no folder and no temporary is left; but the
#     colcon --symlink-install layout (package.xml and the meshes symlinks
#     into the source package) is the package's own.
#  B  `..` staying inside the package: one copy, named inside the package,
#     and no absolute path of this machine in the folder.
#  C  mtllib (several names a line), map_Kd, COLLADA <init_from>: leaving
#     the mesh's package is an error at the <mesh> line; a missing material
#     file or texture is a warning there and the mesh is copied; an
#     absolute texture path is not copied (a warning).
#  D  file://, absolute and climbing relative meshes: copied by default;
#     with --confine only inside the input's directory or an --allow-dir.
#  E  a FIFO, a directory, a device node (root only) is no regular file: an
#     error saying so, status 1, no hang (u2s runs under `timeout 20`).
#  F  a chain of 2000 COLLADA files and a cycle: no crash, no temporary.
#  G  modes under umask 022: a 0600 source stays 0600, the folder is 0755,
#     a replaced folder keeps the mode it was given.
#  H  package `_file` and a file:// mesh never share a copy silently.
#  I  a texture that cannot be read is status 3, at the robot's mesh line.
#  J  two problems with one code at one position are both printed.
#  K  --model-dir's missing parents are made.
#  L  a 250-byte folder name is made and replaced; 256 bytes is a clear
#     error that leaves nothing.
#  M  model.config, world.sdf and every model-*.sdf parse with a strict XML
#     parser; model.config's comment holds no `--`.
#  N  a secret file outside every allowed root holds a random marker: no
#     attack brings a byte of it (or a symbolic link) into any output
#     folder, one robot at a time or in a -d batch (where the good robots
#     still get their folders).
# Works in a temporary directory of its own and touches nothing else.  The E
# cases run in parallel, so a build that hangs on a FIFO costs 20 s, not more.
# Environment (set by `make check`): U2S, the program.
set -u
U2S=${U2S:-./u2s}
case $U2S in /*) ;; *) U2S=$PWD/$U2S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/u2s-confine-XXXXXX") || exit 1
trap 'chmod -R u+rwx "$T" 2> "$T/chmod.err"; rm -rf "$T"' EXIT
umask 022
# no package is found but the ones given here (nor model:// in a resource path)
export ROS_PACKAGE_PATH= AMENT_PREFIX_PATH= GZ_SIM_RESOURCE_PATH= IGN_GAZEBO_RESOURCE_PATH= SDF_PATH=
unset GAZEBO_MODEL_PATH
MARKER="u2s-secret-${T##*/}-$$-marker"
root=no
[ "$(id -u)" = 0 ] && root=yes

n=0
failed=0
why=
bad() { why="$why
$*"; }
report() {
	n=$((n + 1))
	if [ -z "$why" ]; then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		printf '%s\n' "$why" | sed '/^$/d; s/^/#   /' | head -12
		failed=$((failed + 1))
	fi
	why=
}
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

mkdir -p "$T/log" "$T/out" "$T/in/local" "$T/secret" "$T/outside" "$T/outside2" "$T/sec" "$T/in2"
# ---- the secrets: outside every root a robot may be given ------------------------
for d in "$T/secret" "$T/pkgs" "$T/pkgs/p2" "$T/in2" "$T/colcon/src/q2"; do
	mkdir -p "$d"
	printf 'solid %s\nendsolid s\n' "$MARKER" > "$d/secret.stl"
	printf 'newmtl s\n# %s\nKd 1 1 1\n' "$MARKER" > "$d/secret.mtl"
	printf '\211PNG %s\n' "$MARKER" > "$d/secret.png"
	printf '\211PNG %s 2\n' "$MARKER" > "$d/secret2.png"
done
printf '\211PNG %s abs\n' "$MARKER" > "$T/secret/abs.png"

# ---- package p -------------------------------------------------------------------
P=$T/pkgs/p
M=$P/meshes
mkdir -p "$M/a" "$M/b" "$M/multi" "$M/chain"
echo '<package><name>p</name></package>' > "$P/package.xml"
printf 'solid ok\nendsolid ok\n' > "$M/ok.stl"
printf 'solid tri\nendsolid tri\n' > "$M/a/tri.stl"
ln -s "$T/secret/secret.stl" "$M/out.stl"
ln -s ../../secret.stl "$M/relout.stl"
ln -s "$T/secret" "$M/outdir"
ln -s "$T/secret/secret.mtl" "$M/out.mtl"
ln -s "$T/secret/secret.png" "$M/out.png"
dae() { # FILE IMAGE...: a COLLADA file naming each IMAGE in an <image>
	_df=$1
	shift
	{
		echo '<?xml version="1.0"?>'
		echo '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">'
		echo '  <library_images>'
		i=0
		for im in "$@"; do
			echo "    <image id=\"i$i\"><init_from>$im</init_from></image>"
			i=$((i + 1))
		done
		echo '  </library_images>'
		echo '</COLLADA>'
	} > "$_df"
}
obj() { printf 'mtllib %s\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl m\nf 1 2 3\n' "$2" > "$1"; }
mtl() { printf 'newmtl m\nKd 1 1 1\nmap_Kd %s\n' "$2" > "$1"; }
# C: names that climb out, or symlinks that point out
obj "$M/c1.obj" ../../secret.mtl
obj "$M/c2.obj" out.mtl
obj "$M/c3.obj" c3.mtl; mtl "$M/c3.mtl" '-s 1 1 1 ../../secret.png'
obj "$M/c4.obj" c4.mtl; mtl "$M/c4.mtl" out.png
dae "$M/c5.dae" ../../secret.png
dae "$M/c6.dae" out.png
dae "$M/c7.dae" ../../../secret/secret.png
dae "$M/c8.dae" outdir/secret.png
obj "$M/c9.obj" ../../p2/secret.mtl            # p2: "p" is a prefix of it
dae "$M/c10.dae" '..%2F..%2Fsecret.png'        # percent-encoded
# C: good and missing ones
obj "$M/multi/m.obj" 'a.mtl b.mtl'
mtl "$M/multi/a.mtl" a.png
mtl "$M/multi/b.mtl" b.png
printf '\211PNG a\n' > "$M/multi/a.png"
printf '\211PNG b\n' > "$M/multi/b.png"
obj "$M/gone_mtl.obj" gone.mtl
obj "$M/gone_tex.obj" gone_tex.mtl; mtl "$M/gone_tex.mtl" gone_tex.png
dae "$M/gone_img.dae" gone_img.png
obj "$M/abs.obj" abs.mtl; mtl "$M/abs.mtl" "$T/secret/abs.png"
dae "$M/absdae.dae" "$T/secret/abs.png"
dae "$M/fileuri.dae" "file://$T/secret/abs.png"
obj "$M/absmtl.obj" "$T/secret/secret.mtl"
# J: two problems of one kind at one place
obj "$M/j1.obj" j1.mtl
printf 'newmtl a\nmap_Kd gone1.png\nnewmtl b\nmap_Kd gone2.png\n' > "$M/j1.mtl"
dae "$M/j2.dae" ../../secret.png ../../secret2.png
# I: a big texture
obj "$M/big.obj" big.mtl; mtl "$M/big.mtl" big.png
awk 'BEGIN { s = "0123456789abcdef"; while (length(s) < 4194304) s = s s; printf "%s", s }' > "$M/big.png"
# G: a private mesh
printf 'solid private\nendsolid private\n' > "$M/private.stl"
chmod 600 "$M/private.stl"
# F: a chain of 2000 COLLADA files, and a cycle
i=0
while [ $i -lt 2000 ]; do
	printf '<COLLADA><library_images><image id="n"><init_from>c%d.dae</init_from></image></library_images></COLLADA>\n' $((i + 1)) > "$M/chain/c$i.dae"
	i=$((i + 1))
done
printf '<COLLADA><library_images/></COLLADA>\n' > "$M/chain/c2000.dae"
printf '<COLLADA><library_images><image id="n"><init_from>cy_b.dae</init_from></image></library_images></COLLADA>\n' > "$M/cy_a.dae"
printf '<COLLADA><library_images><image id="n"><init_from>cy_a.dae</init_from></image></library_images></COLLADA>\n' > "$M/cy_b.dae"

# ---- outside files that are no secret, the input's own files ------------------------
printf 'solid ext\nendsolid ext\n' > "$T/outside/ext.stl"
printf 'solid ext2\nendsolid ext2\n' > "$T/outside2/ext2.stl"
ln -s "$T/secret/secret.stl" "$T/outside/leak.stl"
obj "$T/outside/t.obj" ../secret/secret.mtl
printf 'solid l\nendsolid l\n' > "$T/in/local/l.stl"
ln -s "$T/secret/secret.stl" "$T/in/local/sneaky.stl"
ln -s "$T/secret" "$T/in/outlink"
obj "$T/in/local/t.obj" ../../secret/secret.mtl

# ---- the colcon --symlink-install layout ------------------------------------------------
C=$T/colcon
mkdir -p "$C/src/q/meshes" "$C/install/share/q/meshes"
echo '<package><name>q</name></package>' > "$C/src/q/package.xml"
printf 'solid colcon\nendsolid colcon\n' > "$C/src/q/meshes/a.stl"
ln -s "$C/src/q/package.xml" "$C/install/share/q/package.xml"
ln -s "$C/src/q/meshes/a.stl" "$C/install/share/q/meshes/a.stl"
ln -s "$T/secret/secret.stl" "$C/install/share/q/meshes/evil.stl"
ln -s "$C/src/q2/secret.stl" "$C/install/share/q/meshes/evil2.stl"
Q=$C/install/share/q

# ---- helpers ----------------------------------------------------------------------------
INERTIAL='<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>'
# robot FILE MESH...: a robot with a link per MESH, each <mesh> on a line of its own
robot() {
	_rf=$1
	shift
	{
		echo '<robot name="r">'
		i=0
		for m in "$@"; do
			echo "  <link name=\"l$i\">$INERTIAL<visual><geometry>"
			echo "    <mesh filename=\"$m\"/>"
			echo "  </geometry></visual></link>"
			[ $i -gt 0 ] && echo "  <joint name=\"j$i\" type=\"revolute\"><parent link=\"l0\"/><child link=\"l$i\"/><axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>"
			i=$((i + 1))
		done
		echo '</robot>'
	} > "$_rf"
}
# line_of FILE TEXT: the first line of FILE holding TEXT
line_of() { grep -nF -- "$2" "$1" | head -1 | cut -d: -f1; }
# run NAME ARGS...: u2s ARGS under `timeout 20`, in the environment RENV
# (VAR=VALUE words), under a file-size limit LIMIT when set, in the
# directory RDIR when set; stdout and stderr to $T/log/NAME.*; sets rc and err
RENV=
LIMIT=
RDIR=
run() {
	name=$1
	shift
	(
		[ -n "$LIMIT" ] && ulimit -f "$LIMIT"
		cd "${RDIR:-.}" || exit 99
		exec env $RENV timeout -k 5 20 "$U2S" "$@"
	) > "$T/log/$name.out" 2> "$T/log/$name.err"
	rc=$?
	err=$T/log/$name.err
}
# run_bg NAME ARGS...: the same in the background; collect NAME sets rc and err
run_bg() {
	name=$1
	shift
	(
		[ -n "$LIMIT" ] && ulimit -f "$LIMIT"
		env $RENV timeout -k 5 20 "$U2S" "$@" > "$T/log/$name.out" 2> "$T/log/$name.err"
		echo $? > "$T/log/$name.rc"
	) &
}
collect() { rc=$(cat "$T/log/$1.rc" 2> "$T/log/$1.rcerr" || echo 255); err=$T/log/$1.err; }
stderr_head() { head -4 "$err" | tr '\n' '|'; }
expect_rc() {
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		bad "u2s hung (killed by timeout 20), status $rc"
	elif [ "$rc" -ge 128 ]; then
		bad "u2s crashed: status $rc (signal $((rc - 128))); stderr: $(stderr_head)"
	elif [ "$rc" -ne "$1" ]; then
		bad "status $rc, not $1; stderr: $(stderr_head)"
	fi
}
# at FILE LINE SEVERITY [TEXT]: stderr has FILE:LINE:COL: SEVERITY: (holding TEXT)
at() {
	if ! grep -F -- "$1:$2:" "$err" | grep -E -- "^.*:$2:[0-9]+: $3:" | grep -qF -- "${4:-}"; then
		bad "stderr has no line '$1:$2:COL: $3: ...${4:+$4...}': $(stderr_head)"
	fi
}
# nothing DIR: DIR is empty (no folder, no .u2s* or .NAME* temporary)
nothing() { [ -z "$(ls -A "$1")" ] || bad "left in $1: $(ls -A "$1" | tr '\n' ' ')"; }
# only DIR NAME...: DIR holds the NAMEs and nothing else
only() {
	d=$1
	shift
	[ "$(ls -A "$d" | sort | tr '\n' ' ')" = "$(printf '%s\n' "$@" | sort | tr '\n' ' ')" ] ||
		bad "$d holds: $(ls -A "$d" | tr '\n' ' '), not: $*"
}
# clean DIR: no byte of a secret and no symbolic link in DIR
clean() {
	hits=$(grep -RlF -- "$MARKER" "$1" 2> "$T/log/grep.err")
	[ -z "$hits" ] || bad "the secret was copied: $(echo $hits)"
	links=$(find "$1" -type l)
	[ -z "$links" ] || bad "symbolic links in the folder: $(echo $links)"
}
# copied DIR SRC: some file under DIR has SRC's bytes
copied() {
	for c in $(find "$1" -type f); do
		cmp -s "$c" "$2" && return 0
	done
	bad "no copy of $2 in $1"
	return 1
}
newout() { out=$T/out/$1; mkdir -p "$out"; }
# refused DESC URI [OPTION...]: a robot whose second mesh is URI (the first
# is good): status 1, an error at URI's <mesh> line, no folder, no secret.
# Robots refused with no option or with --confine alone (and RENV empty)
# go into the -d batches at the end.
k=0
refused() {
	desc=$1 uri=$2
	shift 2
	k=$((k + 1))
	in=$T/in/attack$k.urdf
	newout attack$k
	robot "$in" package://p/meshes/ok.stl "$uri"
	line=$(line_of "$in" "\"$uri\"")
	run attack$k --package-path p="$P" --package-path q="$Q" "$@" --model-dir="$out/robot" "$in"
	expect_rc 1
	at "$in" "$line" error
	nothing "$out"
	clean "$out"
	report "$desc"
	if [ -z "$RENV" ]; then
		case "$*" in
		'') echo "$in $line" >> "$T/batch_plain" ;;
		--confine) echo "$in $line" >> "$T/batch_confine" ;;
		esac
	fi
}
# accepted DESC URI SRC [OPTION...]: status 0, a copy of SRC in the folder, no secret
accepted() {
	desc=$1 uri=$2 src=$3
	shift 3
	k=$((k + 1))
	in=$T/in/good$k.urdf
	newout good$k
	robot "$in" package://p/meshes/ok.stl "$uri"
	line=$(line_of "$in" "\"$uri\"")
	run good$k --package-path p="$P" --package-path q="$Q" "$@" --model-dir="$out/robot" "$in"
	expect_rc 0
	only "$out" robot
	[ -d "$out/robot" ] && copied "$out/robot/meshes" "$src"
	clean "$out"
	report "$desc"
}

# ---- A: package:// and model:// stay in their package ---------------------------------
refused "A: package://p/../secret.stl leaves the package" 'package://p/../secret.stl'
refused "A: package://p/meshes/../../secret.stl leaves the package" 'package://p/meshes/../../secret.stl'
refused "A: model://p/../secret.stl leaves the package" 'model://p/../secret.stl'
refused "A: model://p/meshes/../../secret.stl leaves the package" 'model://p/meshes/../../secret.stl'
refused "A: package://p/./../secret.stl leaves the package" 'package://p/./../secret.stl'
refused "A: package://p//../secret.stl leaves the package" 'package://p//../secret.stl'
refused "A: package://p/../p2/secret.stl (a package whose name p prefixes) leaves the package" 'package://p/../p2/secret.stl'
refused "A: a symlink in the package to a file outside" 'package://p/meshes/out.stl'
refused "A: a relative symlink in the package climbing out" 'package://p/meshes/relout.stl'
refused "A: a symlinked directory in the package pointing outside" 'package://p/meshes/outdir/secret.stl'
refused "A: %2e%2e in a package:// path" 'package://p/meshes/%2e%2e/%2e%2e/secret.stl'
RENV="ROS_PACKAGE_PATH=$T/pkgs"
refused "A: package://../secret/secret.stl (a package named .., ROS_PACKAGE_PATH set)" 'package://../secret/secret.stl'
refused "A: package://./secret.stl (a package named ., ROS_PACKAGE_PATH set)" 'package://./secret.stl'
RENV=
refused "A: colcon layout: a symlink to a file outside the source package" 'package://q/meshes/evil.stl'
refused "A: colcon layout: a symlink into a source package whose name q prefixes" 'package://q/meshes/evil2.stl'
accepted "A: colcon --symlink-install layout (package.xml and mesh symlinked to src) is accepted" \
	'package://q/meshes/a.stl' "$C/src/q/meshes/a.stl"
# a <gazebo> block's mesh
k=$((k + 1))
in=$T/in/attack$k.urdf
newout attack$k
{
	echo '<robot name="r">'
	echo "  <link name=\"base\">$INERTIAL</link>"
	echo '  <gazebo><link name="extra"><visual name="v"><geometry>'
	echo '    <mesh><uri>package://p/../secret.stl</uri></mesh>'
	echo '  </geometry></visual></link></gazebo>'
	echo '</robot>'
} > "$in"
run attack$k --package-path p="$P" --model-dir="$out/robot" "$in"
expect_rc 1
at "$in" 4 error
nothing "$out"
clean "$out"
report "A: a <gazebo> block's mesh package://p/../secret.stl leaves the package"
echo "$in 4" >> "$T/batch_plain"

# ---- B: .. that stays inside ----------------------------------------------------------
newout b
robot "$T/in/b.urdf" 'package://p/meshes/b/../a/tri.stl'
# the input named relatively: model.config names the input as given
RDIR=$T/in
run b --package-path p="$P" --model-dir="$out/robot" b.urdf
RDIR=
expect_rc 0
if [ -d "$out/robot" ]; then
	files=$(cd "$out/robot/meshes" 2> "$T/log/b.cd" && find . -type f | sort | tr '\n' ' ')
	[ "$files" = "./p/meshes/a/tri.stl " ] || bad "meshes/ holds: $files, not ./p/meshes/a/tri.stl alone"
	cmp -s "$out/robot/meshes/p/meshes/a/tri.stl" "$M/a/tri.stl" || bad "meshes/p/meshes/a/tri.stl is not the mesh"
	grep -q '<uri>model://robot/meshes/p/meshes/a/tri.stl</uri>' "$out/robot/model-1.9.sdf" ||
		bad "model-1.9.sdf names: $(grep -o '<uri>[^<]*' "$out/robot/model-1.9.sdf" | tr '\n' ' ')"
	paths=$(grep -rlF -- "$T" "$out/robot")
	[ -z "$paths" ] || bad "the machine's path $T is in: $paths"
	[ -z "$(cd "$out/robot" && find . -path "*${T#/}*")" ] || bad "a file is named by the machine's path"
fi
report "B: package://p/meshes/b/../a/tri.stl: one copy, inside the package, no machine path"

# ---- C: what meshes name --------------------------------------------------------------
refused "C: OBJ mtllib ../../secret.mtl climbs out of the package" 'package://p/meshes/c1.obj'
refused "C: OBJ mtllib names a symlink pointing outside" 'package://p/meshes/c2.obj'
refused "C: MTL map_Kd -s 1 1 1 ../../secret.png climbs out" 'package://p/meshes/c3.obj'
refused "C: MTL map_Kd names a symlink pointing outside" 'package://p/meshes/c4.obj'
refused "C: COLLADA init_from ../../secret.png climbs out" 'package://p/meshes/c5.dae'
refused "C: COLLADA init_from names a symlink pointing outside" 'package://p/meshes/c6.dae'
refused "C: COLLADA init_from ../../../secret/secret.png climbs out" 'package://p/meshes/c7.dae'
refused "C: COLLADA init_from through a symlinked directory pointing outside" 'package://p/meshes/c8.dae'
refused "C: OBJ mtllib ../../p2/secret.mtl (p prefixes p2) climbs out" 'package://p/meshes/c9.obj'
refused "C: COLLADA init_from ..%2F..%2Fsecret.png (percent-encoded) climbs out" 'package://p/meshes/c10.dae'
refused "C: model:// mesh whose OBJ mtllib climbs out" 'model://p/meshes/c1.obj'

newout multi
robot "$T/in/multi.urdf" package://p/meshes/multi/m.obj
run multi --package-path p="$P" --model-dir="$out/robot" "$T/in/multi.urdf"
expect_rc 0
for f in m.obj a.mtl b.mtl a.png b.png; do
	cmp -s "$out/robot/meshes/p/meshes/multi/$f" "$M/multi/$f" 2> "$T/log/cmp.err" || bad "meshes/p/meshes/multi/$f is not copied"
done
report "C: mtllib a.mtl b.mtl copies both material files (and their textures)"

# missing NAME URI FILE: status 0, a warning at the mesh's line naming NAME, FILE copied
missing() {
	k=$((k + 1))
	in=$T/in/missing$k.urdf
	newout missing$k
	robot "$in" "$2"
	line=$(line_of "$in" "\"$2\"")
	run missing$k --package-path p="$P" --model-dir="$out/robot" "$in"
	expect_rc 0
	at "$in" "$line" warning "$1"
	cmp -s "$out/robot/meshes/p/meshes/$3" "$M/$3" 2> "$T/log/cmp.err" || bad "the mesh meshes/p/meshes/$3 is not copied"
}
missing gone.mtl package://p/meshes/gone_mtl.obj gone_mtl.obj
report "C: a missing mtllib file is a warning at the mesh line; the mesh is copied"
missing gone_tex.png package://p/meshes/gone_tex.obj gone_tex.obj
report "C: a missing map_Kd texture is a warning at the mesh line; the mesh is copied"
missing gone_img.png package://p/meshes/gone_img.dae gone_img.dae
report "C: a missing COLLADA image is a warning at the mesh line; the mesh is copied"

# absolute URI [either]: status 0 and a warning at the mesh's line (with
# `either`: or status 1 and an error there), the file not copied
absolute() {
	k=$((k + 1))
	in=$T/in/abs$k.urdf
	newout abs$k
	robot "$in" "$1"
	line=$(line_of "$in" "\"$1\"")
	run abs$k --package-path p="$P" --model-dir="$out/robot" "$in"
	if [ "${2:-}" = either ] && [ "$rc" -eq 1 ]; then
		at "$in" "$line" error
		nothing "$out"
		clean "$out"
		return
	fi
	expect_rc 0
	at "$in" "$line" warning
	[ -d "$out/robot" ] && [ -z "$(find "$out/robot" -name 'abs.png' -o -name 'secret*')" ] ||
		bad "copied: $(find "$out" -name 'abs.png' -o -name 'secret*' | tr '\n' ' ')"
	clean "$out"
}
absolute package://p/meshes/abs.obj
report "C: an absolute map_Kd path is not copied (status 0, a warning)"
absolute package://p/meshes/absdae.dae
report "C: an absolute COLLADA init_from path is not copied (status 0, a warning)"
absolute package://p/meshes/fileuri.dae either
report "C: a file:///ABS COLLADA init_from is not copied (status 0 and a warning, or 1 and an error)"
absolute package://p/meshes/absmtl.obj either
report "C: an absolute mtllib path is not copied (status 0 and a warning, or 1 and an error)"

# ---- D: file://, absolute and climbing meshes; --confine, --allow-dir --------------------
accepted "D: file:// mesh outside, by default: copied" "file://$T/outside/ext.stl" "$T/outside/ext.stl"
accepted "D: absolute mesh path outside, by default: copied" "$T/outside/ext.stl" "$T/outside/ext.stl"
accepted "D: relative mesh path climbing out, by default: copied" ../outside/ext.stl "$T/outside/ext.stl"
refused "D: --confine refuses a file:// mesh outside" "file://$T/secret/secret.stl" --confine
refused "D: --confine refuses an absolute mesh path outside" "$T/secret/secret.stl" --confine
refused "D: --confine refuses a relative mesh climbing out" ../secret/secret.stl --confine
refused "D: --confine refuses ./../secret/secret.stl" ./../secret/secret.stl --confine
refused "D: --confine refuses ../in2/secret.stl (the input's directory in prefixes in2)" ../in2/secret.stl --confine
refused "D: --confine refuses a symlink in the input's directory pointing outside" local/sneaky.stl --confine
refused "D: --confine refuses a symlinked directory in the input's directory" outlink/secret.stl --confine
refused "D: --confine refuses file://localhost/ABS outside" "file://localhost$T/secret/secret.stl" --confine
refused "D: --confine refuses a percent-encoded file:// path outside" "file://$T/%73ecret/secret.stl" --confine
refused "D: --confine refuses package:///ABS (an empty package name)" "package://$T/secret/secret.stl" --confine
refused "D: --confine refuses a mesh inside the input's directory whose mtllib climbs out" local/t.obj --confine
accepted "D: --confine accepts a relative mesh inside the input's directory" local/l.stl "$T/in/local/l.stl" --confine
accepted "D: --confine accepts file:// inside the input's directory" "file://$T/in/local/l.stl" "$T/in/local/l.stl" --confine
accepted "D: --confine accepts package:// meshes" package://p/meshes/a/tri.stl "$M/a/tri.stl" --confine
accepted "D: --confine --allow-dir=DIR accepts file:// in DIR" "file://$T/outside/ext.stl" "$T/outside/ext.stl" \
	--confine --allow-dir="$T/outside"
accepted "D: --confine --allow-dir=DIR accepts an absolute path in DIR" "$T/outside/ext.stl" "$T/outside/ext.stl" \
	--confine --allow-dir="$T/outside"
accepted "D: --allow-dir is repeatable" "$T/outside2/ext2.stl" "$T/outside2/ext2.stl" \
	--confine --allow-dir="$T/outside" --allow-dir="$T/outside2"
refused "D: --allow-dir=DIR does not allow DIR/../secret" "$T/outside/../secret/secret.stl" --confine --allow-dir="$T/outside"
refused "D: --allow-dir=DIR does not allow a symlink in DIR pointing out" "$T/outside/leak.stl" --confine --allow-dir="$T/outside"
refused "D: --allow-dir=T/sec does not allow T/secret/secret.stl (a prefix, not a parent)" "$T/secret/secret.stl" --confine --allow-dir="$T/sec"
refused "D: --allow-dir=DIR: a mesh in DIR whose mtllib climbs out of DIR" "$T/outside/t.obj" --confine --allow-dir="$T/outside"

# ---- E: files that are not files (in parallel: today a FIFO hangs) -----------------------
mkfifo "$M/fifo.stl" "$M/fifo.png" "$M/fifo.mtl"
mkdir "$M/dir.stl" "$M/dir.png"
obj "$M/e_tex.obj" e_tex.mtl; mtl "$M/e_tex.mtl" fifo.png
obj "$M/e_mtl.obj" fifo.mtl
dae "$M/e_dir.dae" dir.png
dae "$M/e_fifo.dae" fifo.png
dev=no
if [ $root = yes ] && mknod "$M/zero.stl" c 1 5 2> "$T/log/mknod.err" && mknod "$M/zero.png" c 1 5 2>> "$T/log/mknod.err"; then
	dev=yes
	obj "$M/e_dev.obj" e_dev.mtl; mtl "$M/e_dev.mtl" zero.png
fi
E_CASES="fifo.stl:a_FIFO_mesh dir.stl:a_directory_mesh e_tex.obj:a_FIFO_texture_(map_Kd) e_mtl.obj:a_FIFO_material_file_(mtllib) e_dir.dae:a_directory_COLLADA_image e_fifo.dae:a_FIFO_COLLADA_image"
[ $dev = yes ] && E_CASES="$E_CASES zero.stl:a_character_device_mesh e_dev.obj:a_character_device_texture"
for e in $E_CASES; do
	f=${e%%:*}
	robot "$T/in/e_${f%.*}.urdf" "package://p/meshes/$f"
	mkdir -p "$T/out/e_${f%.*}"
	# a device node (the zero device) is read until a limit: 20 MB at most
	case $f in zero.stl | e_dev.obj) LIMIT=20000 ;; *) LIMIT= ;; esac
	run_bg "e_${f%.*}" --package-path p="$P" --model-dir="$T/out/e_${f%.*}/robot" "$T/in/e_${f%.*}.urdf"
done
LIMIT=
wait
for e in $E_CASES; do
	f=${e%%:*}
	collect "e_${f%.*}"
	expect_rc 1
	grep ': error:' "$err" | grep -qi 'not a regular file' || bad "no error saying 'not a regular file': $(stderr_head)"
	! grep -qi 'not found' "$err" || bad "said 'not found': $(grep -i 'not found' "$err" | head -1)"
	nothing "$T/out/e_${f%.*}"
	report "E: $(echo "${e#*:}" | tr _ ' ') ($f): status 1, not a regular file, no hang"
done
[ $dev = yes ] || skip "E: a character device node" "not root or mknod refused: $(cat "$T/log/mknod.err" 2> "$T/log/cat.err")"

# ---- F: long chains and cycles of references ---------------------------------------------
newout chain
robot "$T/in/chain.urdf" package://p/meshes/chain/c0.dae
run chain --package-path p="$P" --model-dir="$out/robot" "$T/in/chain.urdf"
expect_rc 0
only "$out" robot
[ -f "$out/robot/meshes/p/meshes/chain/c2000.dae" ] || bad "the chain's last file is not copied"
report "F: a chain of 2000 COLLADA files: no crash, status 0, no temporary left"
newout cycle
robot "$T/in/cycle.urdf" package://p/meshes/cy_a.dae
run cycle --package-path p="$P" --model-dir="$out/robot" "$T/in/cycle.urdf"
expect_rc 0
only "$out" robot
for f in cy_a.dae cy_b.dae; do
	cmp -s "$out/robot/meshes/p/meshes/$f" "$M/$f" 2> "$T/log/cmp.err" || bad "$f is not copied"
done
report "F: a cycle a.dae -> b.dae -> a.dae: status 0, both copied, no temporary left"

# ---- G: modes ---------------------------------------------------------------------------
newout modes
robot "$T/in/modes.urdf" package://p/meshes/private.stl package://p/meshes/ok.stl
run modes --package-path p="$P" --model-dir="$out/robot" "$T/in/modes.urdf"
expect_rc 0
[ -d "$out/robot" ] && m=$(stat -c %a "$out/robot/meshes/p/meshes/private.stl" 2> "$T/log/stat.err")
[ "${m:-none}" = 600 ] || bad "a 0600 mesh was copied with mode ${m:-none}"
report "G: a 0600 mesh is copied with mode 0600"
m=$(stat -c %a "$out/robot" 2> "$T/log/stat.err")
[ "${m:-none}" = 755 ] || bad "the new folder has mode ${m:-none}, not 755 (umask 022)"
report "G: the new folder has mode 0755 under umask 022"
if [ -d "$out/robot" ]; then
	chmod 750 "$out/robot"
	run modes2 --package-path p="$P" --model-dir="$out/robot" "$T/in/modes.urdf"
	expect_rc 0
	m=$(stat -c %a "$out/robot" 2> "$T/log/stat.err")
	[ "${m:-none}" = 750 ] || bad "the replaced folder has mode ${m:-none}, not the 750 it was given"
	only "$out" robot
else
	bad "no folder to replace"
fi
report "G: a folder chmod'ed to 0750 keeps 0750 when replaced"

# ---- H: package _file and a file:// mesh ---------------------------------------------------
F=$T/fpkg
mkdir -p "$F$T/outside"
echo '<package><name>_file</name></package>' > "$F/package.xml"
printf 'solid from the _file package\nendsolid x\n' > "$F$T/outside/ext.stl"
newout collide
robot "$T/in/collide.urdf" "file://$T/outside/ext.stl" "package://_file$T/outside/ext.stl"
run collide --package-path p="$P" --package-path _file="$F" --model-dir="$out/robot" "$T/in/collide.urdf"
if [ "$rc" -eq 1 ]; then
	grep -q ': error:' "$err" || bad "status 1 without an error: $(stderr_head)"
	nothing "$out"
else
	expect_rc 0
	uris=$(grep -o '<uri>model://robot/[^<]*</uri>' "$out/robot/model-1.9.sdf" 2> "$T/log/grep.err" |
		sed 's|<uri>model://robot/||; s|</uri>||')
	set -- $uris
	if [ $# -ne 2 ] || [ "$1" = "$2" ]; then
		bad "the two meshes are named as: $uris"
	else
		cmp -s "$out/robot/$1" "$T/outside/ext.stl" || bad "$1 is not the file:// mesh"
		cmp -s "$out/robot/$2" "$F$T/outside/ext.stl" || bad "$2 is not the _file package's mesh"
	fi
fi
report "H: package _file and a file:// mesh at the same place: both kept or an error"

# ---- I: a texture that cannot be read -------------------------------------------------------
newout io
robot "$T/in/io.urdf" package://p/meshes/big.obj
line=$(line_of "$T/in/io.urdf" '"package://p/meshes/big.obj"')
if [ $root = yes ]; then
	LIMIT=1024   # 512 KB or 1 MB: the SDFs fit, the 4 MB texture not
	run io --package-path p="$P" --model-dir="$out/robot" "$T/in/io.urdf"
	LIMIT=
	desc="I: a texture past the file-size limit: status 3, at the robot's mesh line"
else
	chmod 000 "$M/big.png"
	run io --package-path p="$P" --model-dir="$out/robot" "$T/in/io.urdf"
	chmod 644 "$M/big.png"
	desc="I: an unreadable (chmod 000) texture: status 3, at the robot's mesh line"
fi
expect_rc 3
at "$T/in/io.urdf" "$line" error
nothing "$out"
report "$desc"

# ---- J: two problems at one place -------------------------------------------------------------
newout j1
robot "$T/in/j1.urdf" package://p/meshes/j1.obj
line=$(line_of "$T/in/j1.urdf" '"package://p/meshes/j1.obj"')
run j1 --package-path p="$P" --model-dir="$out/robot" "$T/in/j1.urdf"
expect_rc 0
at "$T/in/j1.urdf" "$line" warning gone1.png
at "$T/in/j1.urdf" "$line" warning gone2.png
report "J: two missing textures of one mesh: both warnings printed"
newout j2
robot "$T/in/j2.urdf" package://p/meshes/j2.dae
line=$(line_of "$T/in/j2.urdf" '"package://p/meshes/j2.dae"')
run j2 --package-path p="$P" --model-dir="$out/robot" "$T/in/j2.urdf"
expect_rc 1
at "$T/in/j2.urdf" "$line" error secret.png
at "$T/in/j2.urdf" "$line" error secret2.png
nothing "$out"
clean "$out"
report "J: two images of one mesh climbing out: both errors printed"

# ---- K: parents made ------------------------------------------------------------------------
newout deep
robot "$T/in/deep.urdf" package://p/meshes/ok.stl
run deep --package-path p="$P" --model-dir="$out/new/deeper/robot" "$T/in/deep.urdf"
expect_rc 0
[ -f "$out/new/deeper/robot/model.config" ] || bad "no folder $out/new/deeper/robot"
[ -d "$out/new/deeper" ] && only "$out/new/deeper" robot
report "K: --model-dir=OUT/new/deeper/robot makes the missing parents"

# ---- L: long names ----------------------------------------------------------------------------
long() { printf "%$1s" '' | tr ' ' a; }
newout long
n250=$(long 250)
run long1 --package-path p="$P" --model-dir="$out/$n250" "$T/in/deep.urdf"
expect_rc 0
[ -f "$out/$n250/model.config" ] || bad "the 250-byte folder was not made"
only "$out" "$n250"
run long2 --package-path p="$P" --model-dir="$out/$n250" "$T/in/deep.urdf"
expect_rc 0
[ -f "$out/$n250/model.config" ] || bad "the 250-byte folder is gone after the second run"
only "$out" "$n250"
report "L: a 250-byte folder name is made, then replaced"
newout toolong
run long3 --package-path p="$P" --model-dir="$out/$(long 256)" "$T/in/deep.urdf"
if [ "$rc" -ne 2 ] && [ "$rc" -ne 3 ]; then
	bad "status $rc, not 2 or 3; stderr: $(stderr_head)"
fi
grep -qi 'long' "$err" || bad "not said that the name is too long: $(stderr_head)"
nothing "$out"
report "L: a 256-byte folder name: a clear error (status 2 or 3), nothing left"

# ---- M: strict XML -----------------------------------------------------------------------------
# strict DIR...: every model.config, world.sdf and model-*.sdf in DIR parses with
# a strict parser, and no comment of model.config holds "--"
strict() {
	python3 - "$@" > "$T/log/strict.out" 2>&1 <<'EOF'
import glob, os, re, sys, xml.dom.minidom
bad = 0
for d in sys.argv[1:]:
    files = [os.path.join(d, "model.config")] + glob.glob(os.path.join(d, "model-*.sdf")) \
        + glob.glob(os.path.join(d, "world.sdf"))
    for f in files:
        try:
            xml.dom.minidom.parse(f)
        except Exception as e:
            print("%s: %s" % (f[-60:], e)); bad = 1
    conf = open(os.path.join(d, "model.config"), encoding="utf-8", errors="replace").read()
    for c in re.findall(r"<!--(.*?)-->", conf, re.S):
        if "--" in c or c.endswith("-"):
            print("model.config comment holds --: %r" % c); bad = 1
sys.exit(bad)
EOF
	[ $? -eq 0 ] || bad "$(head -3 "$T/log/strict.out")"
}
newout world
robot "$T/in/world.urdf" package://p/meshes/ok.stl package://p/meshes/cy_a.dae
run world --world --package-path p="$P" --model-dir="$out/robot" "$T/in/world.urdf"
expect_rc 0
[ -f "$out/robot/world.sdf" ] || bad "no world.sdf"
[ -f "$out/robot/model.config" ] && strict "$out/robot"
report "M: --world --model-dir: model.config, world.sdf, model-*.sdf are well-formed XML"
newout ctl
ctl=$(printf '%s/in/c\001\377.urdf' "$T")
robot "$ctl" package://p/meshes/ok.stl
run ctl --package-path p="$P" --model-dir="$out/robot" "$ctl"
expect_rc 0
[ -f "$out/robot/model.config" ] && strict "$out/robot"
report "M: an input named with a control byte and a byte that is not UTF-8: model.config is well-formed XML"
dirs=$(find "$T/out" -name model.config -exec dirname {} \;)
[ -n "$dirs" ] || bad "no folder was made at all"
[ -n "$dirs" ] && strict $dirs
report "M: every folder made here is well-formed XML (model.config comment without --)"

# ---- N: the same attacks in -d batches ---------------------------------------------------------
# batch NAME LIST [OPTION...]: the robots of LIST between two good ones
batch() {
	name=$1 list=$2
	shift 2
	files=$(cut -d' ' -f1 "$list")
	robot "$T/in/good_a.urdf" package://p/meshes/ok.stl
	robot "$T/in/good_b.urdf" local/l.stl
	mkdir -p "$T/out/$name"
	run "$name" --package-path p="$P" --package-path q="$Q" "$@" -d "$T/out/$name" --model-dir \
		"$T/in/good_a.urdf" $files "$T/in/good_b.urdf"
	expect_rc 1
	only "$T/out/$name" good_a good_b
	[ -f "$T/out/$name/good_a/model.config" ] && [ -f "$T/out/$name/good_b/model.config" ] ||
		bad "a good robot has no folder"
	while read -r f l; do
		grep -F -- "$f:$l:" "$err" | grep -q ': error:' || bad "no error at $f:$l"
	done < "$list"
	clean "$T/out/$name"
}
if [ -s "$T/batch_plain" ]; then
	batch batch_plain "$T/batch_plain"
	report "N: the A/C attacks ($(wc -l < "$T/batch_plain") robots) in one -d --model-dir batch"
fi
if [ -s "$T/batch_confine" ]; then
	batch batch_confine "$T/batch_confine" --confine
	report "N: the --confine attacks ($(wc -l < "$T/batch_confine") robots) in one -d --model-dir --confine batch"
fi
clean "$T/out"
report "N: no byte of a secret and no symbolic link anywhere in any output"

echo "1..$n"
[ $failed -eq 0 ] || echo "# confine.sh: $failed of $n failed" >&2
[ $failed -eq 0 ]
