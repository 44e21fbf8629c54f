#!/bin/sh
# --model-dir: the folder holds every mesh (and the images and material
# files the meshes name) byte for byte, every URI of every SDF names a file
# in it, nothing beside it is written, a missing mesh leaves nothing, a
# folder u2s did not write is never replaced, and the folder loads through
# <include><uri>model://NAME</uri></include> in each libsdformat installed
# (sdf-validate-12.9, -14.9, -new).  First on files made here, then on the
# real robots of ../shared/packages when it is there (skipped, and said so,
# when not).
# Environment (set by `make check`): U2S, the program; SHARED_PACKAGES
# (default: ../shared/packages beside the source tree).
set -u
U2S=${U2S:-./u2s}
case $U2S in /*) ;; *) U2S=$PWD/$U2S ;; esac
here=${U2S_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
SHARED_PACKAGES=${SHARED_PACKAGES:-$here/../shared/packages}
status=0
fail() { echo "modeldir.sh: $*" >&2; status=1; }

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# check_folder DIR ROOT...: every file under DIR/meshes is byte-identical
# to its source (PKG/REL under one of the ROOTs, each a folder of packages;
# _file/ABS at /ABS), and every model:// URI of DIR's SDFs names a file of
# DIR.  Prints the problems; exit 1 on any.
check_folder() {
	python3 - "$@" <<'EOF'
import filecmp, os, re, sys, urllib.parse
d, roots = sys.argv[1], sys.argv[2:]
name = os.path.basename(d.rstrip("/"))
bad = []
conf = open(os.path.join(d, "model.config")).read()
vers = re.findall(r"<sdf version='([0-9.]+)'>model-\1\.sdf</sdf>", conf)
if not vers or vers != sorted(vers, key=lambda v: tuple(map(int, v.split(".")))):
    bad.append("model.config lists no versions, or not ascending: %s" % vers)
if not re.search(r"<version>\d+</version>", conf) or "<description>" not in conf:
    bad.append("model.config lacks <version> or <description>")
# Every version u2s writes has its file; model.config lists those up to
# 1.11, the newest Harmonic reads (libsdformat 13 and later count a listed
# version newer than theirs as an error, and gz-sim then loads nothing).
written = sorted((f[6:-4] for f in os.listdir(d) if re.fullmatch(r"model-[0-9.]+\.sdf", f)),
                 key=lambda v: tuple(map(int, v.split("."))))
want = [v for v in written if tuple(map(int, v.split("."))) <= (1, 11)]
if vers != want:
    bad.append("model.config lists %s, not %s (of the files %s)" % (vers, want, written))
for v in written:
    sdf = open(os.path.join(d, "model-%s.sdf" % v)).read()
    if "version='%s'" % v not in sdf and 'version="%s"' % v not in sdf:
        bad.append("model-%s.sdf is not SDFormat %s" % (v, v))
    for uri in re.findall(r"<mesh>\s*<uri>([^<]*)</uri>", sdf):
        if not uri.startswith("model://%s/meshes/" % name):
            bad.append("model-%s.sdf: URI %s is not in the folder" % (v, uri))
        elif not os.path.isfile(os.path.join(os.path.dirname(d.rstrip("/")), uri[8:])):
            bad.append("model-%s.sdf: %s names no file" % (v, uri))
meshes = os.path.join(d, "meshes")
for top, _, files in os.walk(meshes):
    for f in files:
        rel = os.path.relpath(os.path.join(top, f), meshes)
        if rel.startswith("_file/"):
            # the real path, percent-encoded (any byte a path may hold)
            srcs = [os.fsdecode(urllib.parse.unquote_to_bytes("/" + rel[len("_file/"):]))]
        else:
            pkg, _, rest = rel.partition("/")
            srcs = [os.path.join(r, pkg, rest) for r in roots]
        if not any(os.path.isfile(s) and filecmp.cmp(s, os.path.join(top, f), shallow=False)
                   for s in srcs):
            bad.append("meshes/%s is not a copy of %s" % (rel, " or ".join(srcs)))
for b in bad:
    print("  " + b)
sys.exit(1 if bad else 0)
EOF
}

# load_check PARENT NAME: a world including model://NAME loads in each
# installed libsdformat with PARENT on SDF_PATH and GZ_SIM_RESOURCE_PATH,
# with no entry in its error list at all (gz-sim loads nothing when there
# is one, a warning-coded one included).
load_check() {
	cat > "$work/include.sdf" <<EOF
<?xml version='1.0'?>
<sdf version='1.9'>
  <world name='w'>
    <include><uri>model://$2</uri></include>
  </world>
</sdf>
EOF
	for v in $(awk '!/^#/ { print $2 }' "$here/scripts/oracles"); do
		command -v "sdf-validate-$v" > /dev/null || { echo "modeldir.sh: sdf-validate-$v not installed: skipped"; continue; }
		res=$(cd "$work" && HOME=/nonexistent SDF_PATH=$1 GZ_SIM_RESOURCE_PATH=$1 "sdf-validate-$v" include.sdf 2>&1)
		errs=$(printf '%s\n' "$res" | grep -i 'error')
		if [ -n "$errs" ]; then
			fail "model://$2 does not load in sdf-validate-$v:"
			printf '%s\n' "$errs" | head -5 >&2
		fi
	done
}

# ---- files made here ----------------------------------------------------------
p=$work/pkgs
mkdir -p "$p/pkg_a/meshes/tex" "$p/pkg_b/meshes" "$p/pkg_b/materials/textures" "$work/robot/local"
for k in pkg_a pkg_b; do echo "<package><name>$k</name></package>" > "$p/$k/package.xml"; done
printf 'solid a\nendsolid a\n' > "$p/pkg_a/meshes/a.stl"
printf 'solid b-not-a\nendsolid b\n' > "$p/pkg_b/meshes/a.stl"     # same name, other package
printf '\211PNG-logo' > "$p/pkg_a/meshes/tex/logo.png"
cat > "$p/pkg_a/meshes/body.dae" <<'EOF'
<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <library_images><image id="logo"><init_from>tex/logo.png</init_from></image></library_images>
  <library_effects><effect id="e"><profile_COMMON><newparam sid="s"><surface type="2D"><init_from>logo</init_from></surface></newparam></profile_COMMON></effect></library_effects>
</COLLADA>
EOF
printf 'mtllib ../materials/part.mtl\nv 0 0 0\n' > "$p/pkg_b/meshes/part.obj"
printf 'newmtl m\nKd 1 1 1\nmap_Kd -s 1 1 1 textures/part.png\n' > "$p/pkg_b/materials/part.mtl"
printf '\211PNG-part' > "$p/pkg_b/materials/textures/part.png"
printf 'solid l\nendsolid l\n' > "$work/robot/local/l.stl"
link() { # NAME URI
	printf '  <link name="%s"><visual><geometry><mesh filename="%s"/></geometry></visual>\n    <inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>\n' "$1" "$2"
}
joint() { printf '  <joint name="j%s" type="revolute"><parent link="base"/><child link="%s"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>\n' "$1" "$1"; }
{
	echo '<robot name="r">'
	link base package://pkg_a/meshes/a.stl
	link l1 package://pkg_a/meshes/a.stl; joint l1
	link l2 package://pkg_b/meshes/a.stl; joint l2
	link l3 package://pkg_a/meshes/body.dae; joint l3
	link l4 model://pkg_b/meshes/part.obj; joint l4
	link l5 local/l.stl; joint l5
	link l6 "file://$work/robot/local/l.stl"; joint l6
	# meshes named inside <gazebo> blocks: a model-level link's visual
	# and collision, and a block that names nothing (not written: its
	# mesh is neither looked for nor copied)
	echo '  <gazebo><link name="extra"><visual name="v"><geometry><mesh><uri>package://pkg_a/meshes/v.stl</uri></mesh></geometry></visual>'
	echo '    <collision name="c"><geometry><mesh><uri> package://pkg_b/meshes/blob.stl </uri></mesh></geometry></collision></link></gazebo>'
	echo '  <gazebo reference="nothing"><visual><geometry><mesh><uri>package://pkg_c/gone.stl</uri></mesh></geometry></visual></gazebo>'
	echo '</robot>'
} > "$work/robot/r.urdf"
printf 'solid blob\nendsolid blob\n' > "$p/pkg_b/meshes/blob.stl"
printf 'solid v\nendsolid v\n' > "$p/pkg_a/meshes/v.stl"
# --world's world.sdf stands the model on the ground where --world does
# (the library decides it, U2S_PLACE): a box 1 m high, its centre 0.25 m
# below the root, goes 0.75 m up; with --pose, --pose wins.
printf '%s\n' '<robot name="standing"><link name="base"><inertial><mass value="1"/>' \
	'<inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial><collision>' \
	'<origin xyz="0 0 -0.25"/><geometry><box size="1 1 1"/></geometry></collision></link>' \
	'</robot>' > "$work/standing.urdf"
"$U2S" -q --world --model-dir="$work/standing" "$work/standing.urdf" || fail "--model-dir: standing"
grep -q '^      <pose>0 0 0.75 0 0 0</pose>$' "$work/standing/world.sdf" \
	|| fail "world.sdf does not place the model 0.75 m up: $(grep '<pose>' "$work/standing/world.sdf")"
"$U2S" -q --world --pose 1 2 3 0 0 0 --model-dir="$work/standing" "$work/standing.urdf" \
	|| fail "--model-dir: standing, --pose"
grep -q '^      <pose>1 2 3 0 0 0</pose>$' "$work/standing/world.sdf" \
	|| fail "world.sdf does not place the model at --pose"
sed 's|pkg_b/meshes/blob.stl|pkg_b/meshes/gone.stl|' "$work/robot/r.urdf" > "$work/robot/blob-missing.urdf"
sed 's|pkg_b/meshes/part.obj|pkg_b/meshes/gone.obj|' "$work/robot/r.urdf" > "$work/robot/missing.urdf"

out=$work/out
mkdir "$out"
touch "$out/neighbour"
before=$(ls -A "$out")
ROS_PACKAGE_PATH=$p AMENT_PREFIX_PATH= "$U2S" -q --world --model-dir="$out/made" "$work/robot/r.urdf" \
	|| fail "--model-dir failed on the robot made here"
[ "$(ls -A "$out" | grep -v '^made$')" = "$before" ] || fail "something beside the folder was written: $(ls -A "$out")"
if [ -d "$out/made" ]; then
	check_folder "$out/made" "$p" || fail "the folder made here is not right"
	for f in pkg_a/meshes/a.stl pkg_b/meshes/a.stl pkg_a/meshes/body.dae pkg_a/meshes/tex/logo.png \
		pkg_b/meshes/part.obj pkg_b/materials/part.mtl pkg_b/materials/textures/part.png \
		"_file$work/robot/local/l.stl" pkg_a/meshes/v.stl pkg_b/meshes/blob.stl; do
		[ -f "$out/made/meshes/$f" ] || fail "meshes/$f is missing"
	done
	[ ! -e "$out/made/meshes/pkg_a/meshes/logo" ] || fail "a <surface> init_from was taken for a file"
	n=$(find "$out/made/meshes" -type f | wc -l)
	[ "$n" -eq 10 ] || fail "meshes/ holds $n files, not 10"
	grep -q '<uri>model://made/meshes/pkg_b/meshes/blob.stl</uri>' "$out/made/model-1.9.sdf" \
		|| fail "a <gazebo> block's mesh URI was not rewritten"
	[ -f "$out/made/world.sdf" ] && grep -q '<uri>model://made</uri>' "$out/made/world.sdf" \
		|| fail "--world: no world.sdf including model://made"
	load_check "$out" made
	for v in $(awk '!/^#/ { print $2 }' "$here/scripts/oracles"); do
		command -v "sdf-validate-$v" > /dev/null || continue
		errs=$(cd "$out/made" && HOME=/nonexistent SDF_PATH=$out "sdf-validate-$v" world.sdf 2>&1 |
			grep -i error)
		[ -z "$errs" ] || fail "world.sdf does not load in sdf-validate-$v: $errs"
	done
fi
# again: a folder u2s wrote is replaced
ROS_PACKAGE_PATH=$p "$U2S" -q --model-dir="$out/made" "$work/robot/r.urdf" || fail "u2s did not replace its own folder"
[ ! -e "$out/made/world.sdf" ] || fail "the replaced folder kept the old world.sdf"
[ "$(ls -A "$out" | grep -v '^made$')" = "$before" ] || fail "replacing left something beside: $(ls -A "$out")"
# a missing mesh: status 1, the URI named, nothing left
msg=$(ROS_PACKAGE_PATH=$p "$U2S" -q --model-dir="$out/miss" "$work/robot/missing.urdf" 2>&1)
rc=$?
[ $rc -eq 1 ] || fail "a missing mesh gave status $rc, not 1"
case $msg in *"model://pkg_b/meshes/gone.obj"*"no file $p/pkg_b/meshes/gone.obj"*) ;;
*) fail "the missing mesh's message names not the URI and the place: $msg" ;; esac
[ "$(ls -A "$out" | grep -v '^made$')" = "$before" ] || fail "a failed run left: $(ls -A "$out")"
# a missing mesh inside a <gazebo> block: the same, at the block's <uri>
msg=$(ROS_PACKAGE_PATH=$p "$U2S" -q --model-dir="$out/miss" "$work/robot/blob-missing.urdf" 2>&1)
rc=$?
[ $rc -eq 1 ] || fail "a missing mesh of a <gazebo> block gave status $rc, not 1"
case $msg in *"blob-missing.urdf:"*"mesh 'package://pkg_b/meshes/gone.stl' is not found"*) ;;
*) fail "the missing mesh of a block is not named: $msg" ;; esac
[ "$(ls -A "$out" | grep -v '^made$')" = "$before" ] || fail "a failed run left: $(ls -A "$out")"
# -d OUT --model-dir: a folder per FILE; the missing mesh fails its own only
ROS_PACKAGE_PATH=$p "$U2S" -q -d "$work/many" --model-dir "$work/robot/r.urdf" \
	"$work/robot/missing.urdf" 2> /dev/null
rc=$?
[ $rc -eq 1 ] || fail "-d --model-dir with a missing mesh gave status $rc, not 1"
[ "$(ls -A "$work/many")" = r ] || fail "-d --model-dir made: $(ls -A "$work/many")"
[ -d "$work/many/r" ] && check_folder "$work/many/r" "$p" || fail "-d --model-dir: many/r is not right"
# a missing package: every place looked in
msg=$(ROS_PACKAGE_PATH=$work/nowhere AMENT_PREFIX_PATH=/nonexistent "$U2S" -q --model-dir="$out/miss" "$work/robot/r.urdf" 2>&1)
case $msg in *"package 'pkg_a' is in none of"*"ROS_PACKAGE_PATH ($work/nowhere)"*"AMENT_PREFIX_PATH (/nonexistent)"*) ;;
*) fail "a missing package's message does not say where it was looked for: $msg" ;; esac
# a folder u2s did not write is not replaced
mkdir "$out/other" && echo keep > "$out/other/file"
ROS_PACKAGE_PATH=$p "$U2S" -q --model-dir="$out/other" "$work/robot/r.urdf" 2> /dev/null
rc=$?
[ $rc -eq 3 ] || fail "another folder gave status $rc, not 3"
[ "$(cat "$out/other/file")" = keep ] && [ "$(ls -A "$out/other")" = file ] || fail "another folder was touched"
# the copies and the later versions on other threads (U2S_THREADS=2:
# whatever the machine's load) as on one: the same folder, messages and
# status, also when a mesh is missing (the threads' failure redone on one)
for t in 1 2; do
	mkdir "$work/threads$t"
	for r in r missing blob-missing; do
		ROS_PACKAGE_PATH=$p U2S_THREADS=$t "$U2S" --world --model-dir="$work/threads$t/$r" \
			"$work/robot/$r.urdf" > "$work/threads$t.$r.out" 2>&1
		echo "status $?" >> "$work/threads$t.$r.out"
	done
done
diff -r "$work/threads1" "$work/threads2" > /dev/null || fail "U2S_THREADS=2 made other folders than one thread"
for r in r missing blob-missing; do
	cmp -s "$work/threads1.$r.out" "$work/threads2.$r.out" ||
		fail "$r: U2S_THREADS=2 said otherwise than one thread: $(diff "$work/threads1.$r.out" "$work/threads2.$r.out")"
done
[ -f "$work/threads2/r/model-1.9.sdf" ] && [ ! -e "$work/threads2/missing" ] ||
	fail "U2S_THREADS=2: $(ls "$work/threads2")"

# ---- the real robots of ../shared/packages -----------------------------------------
if [ ! -d "$SHARED_PACKAGES/robots" ]; then
	echo "modeldir.sh: $SHARED_PACKAGES not found: the real robots are skipped (the files made here were checked)"
	exit $status
fi
# nothing is written among the sources either (as root, a read-only tree
# would not stop a write: its files are compared by time instead)
touch "$work/stamp"
sleep 1
for r in "$SHARED_PACKAGES"/robots/*.urdf; do
	n=$(basename "$r" .urdf)
	rm -rf "$work/real" && mkdir "$work/real"
	AMENT_PREFIX_PATH=$SHARED_PACKAGES "$U2S" -q --repair --model-dir="$work/real/$n" "$r" \
		|| { fail "$n: --model-dir failed"; continue; }
	[ "$(ls -A "$work/real")" = "$n" ] || fail "$n: something beside the folder was written: $(ls -A "$work/real")"
	check_folder "$work/real/$n" "$SHARED_PACKAGES/share" || fail "$n: the folder is not right"
	load_check "$work/real" "$n"
done
# all of them in one -d batch, a folder per robot, on one thread: each is
# the folder made alone, with the other threads (U2S_THREADS=2)
rm -rf "$work/batch" "$work/one" && mkdir "$work/one"
AMENT_PREFIX_PATH=$SHARED_PACKAGES U2S_THREADS=1 "$U2S" -q --repair -d "$work/batch" --model-dir \
	"$SHARED_PACKAGES"/robots/*.urdf || fail "-d --model-dir over the real robots failed"
for r in "$SHARED_PACKAGES"/robots/*.urdf; do
	n=$(basename "$r" .urdf)
	AMENT_PREFIX_PATH=$SHARED_PACKAGES U2S_THREADS=2 "$U2S" -q --repair --model-dir="$work/one/$n" "$r"
	diff -r "$work/batch/$n" "$work/one/$n" > /dev/null ||
		fail "$n: the batch's folder differs from the one made alone"
done
[ "$(ls -A "$work/batch" | wc -l)" -eq "$(ls "$SHARED_PACKAGES"/robots/*.urdf | wc -l)" ] ||
	fail "the batch holds: $(ls -A "$work/batch")"
changed=$(find "$SHARED_PACKAGES" -newer "$work/stamp" | head -5)
[ -z "$changed" ] || fail "written among the sources: $changed"
# an unresolvable file:// mesh (the expanding machine's prefix): status 1, nothing left
rm -rf "$work/real" && mkdir "$work/real"
AMENT_PREFIX_PATH=$SHARED_PACKAGES "$U2S" -q --model-dir="$work/real/d455" \
	"$SHARED_PACKAGES/file-uri/realsense_d455.urdf" 2> /dev/null
rc=$?
[ $rc -eq 1 ] || fail "realsense_d455 (a file:// mesh not there) gave status $rc, not 1"
[ -z "$(ls -A "$work/real")" ] || fail "realsense_d455 left: $(ls -A "$work/real")"
exit $status
