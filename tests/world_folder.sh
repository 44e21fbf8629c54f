#!/bin/sh
# --world --model-dir: the folder's world.sdf is the world --world writes
# (the same systems, their parameters, NavSat's spherical coordinates), the
# model included, and it loads (sdf-validate-*); names a loader reserves or
# XML cannot hold are refused where given (status 2, nothing made) and
# where derived (-d: the input file's name); --pose with a subnormal number
# is written 0 in both worlds.  Every XML file written is checked with a
# strict parser (Python's xml.dom.minidom).  tests/gz_world_folder.py runs
# the folder's world in a Fortress server (slow tier).
# Environment (set by `make check`): U2S, the program; U2S_SRCDIR.
set -u
U2S=${U2S:-./u2s}
case $U2S in /*) ;; *) U2S=$PWD/$U2S ;; esac
here=${U2S_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
command -v python3 > /dev/null 2>&1 || { echo "world_folder.sh: no python3: skipped"; exit 77; }
status=0
fail() { echo "world_folder.sh: $*" >&2; status=1; }

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

cat > "$work/bot.urdf" <<'URDF'
<?xml version="1.0"?>
<robot name="bot">
  <link name="base">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    <collision><geometry><box size="1 1 1"/></geometry></collision>
  </link>
  <gazebo reference="base">
    <sensor name="imu" type="imu"><update_rate>10</update_rate></sensor>
    <sensor name="gps" type="navsat"><update_rate>10</update_rate></sensor>
    <sensor name="cam" type="camera"><camera><image><width>64</width><height>48</height></image></camera></sensor>
    <sensor name="mag" type="magnetometer"/>
  </gazebo>
  <gazebo>
    <plugin filename="ignition-gazebo-sensors-system" name="ignition::gazebo::systems::Sensors">
      <render_engine>ogre</render_engine>
    </plugin>
  </gazebo>
</robot>
URDF

# xml_ok FILE...: each parses with a strict XML parser
xml_ok() {
	python3 - "$@" <<'PY' || fail "not well-formed XML: $*"
import sys, xml.dom.minidom
for f in sys.argv[1:]:
    try:
        xml.dom.minidom.parse(f)
    except Exception as e:
        print("  %s: %s" % (f, e))
        sys.exit(1)
PY
}

# world_of FILE: the world's lines before its model (<model name='bot'> or
# the <include>), which must be alike
world_of() {
	sed -e "/^  <model name='bot'>/,\$d" -e '/^    <include>/,$d' "$1"
}

# 1. one writer: the same world, the model included
"$U2S" -q --world -o "$work/inline.sdf" "$work/bot.urdf" || fail "--world failed"
mkdir "$work/m"
"$U2S" --world --model-dir="$work/m/bot" "$work/bot.urdf" 2> "$work/err" || fail "--world --model-dir failed: $(cat "$work/err")"
grep -q 'U2S1203' "$work/err" && fail "U2S1203 (convert with --world) under --world: $(cat "$work/err")"
grep -q 'U2S1204' "$work/err" || fail "no U2S1204 for the Sensors plugin moved to the world"
world_of "$work/inline.sdf" > "$work/a"
world_of "$work/m/bot/world.sdf" > "$work/b"
cmp -s "$work/a" "$work/b" || fail "the folder's world is not --world's: $(diff "$work/a" "$work/b")"
for s in physics user-commands scene-broadcaster sensors imu navsat magnetometer; do
	grep -q "<plugin filename='ignition-gazebo-$s-system'" "$work/m/bot/world.sdf" ||
		fail "world.sdf lists no $s system"
done
grep -q '<render_engine>ogre</render_engine>' "$work/m/bot/world.sdf" || fail "the Sensors plugin's parameters are not in world.sdf"
grep -q '<spherical_coordinates>' "$work/m/bot/world.sdf" || fail "world.sdf has no spherical coordinates for NavSat"
grep -q "<uri>model://bot</uri>" "$work/m/bot/world.sdf" || fail "world.sdf does not include model://bot"
grep -q "<model name='bot'>" "$work/m/bot/world.sdf" && fail "world.sdf holds the model inline"
grep -l 'sensors-system' "$work/m/bot"/model-*.sdf > /dev/null && fail "a model file keeps the Sensors world system: $(grep -l sensors-system "$work/m/bot"/model-*.sdf)"
# (model.config is not checked here: its marker comment is the folder
# writer's, tests/modeldir.sh)
xml_ok "$work/inline.sdf" "$work/m/bot"/*.sdf
for v in 12.9 14.9 new; do
	command -v "sdf-validate-$v" > /dev/null || continue
	errs=$(cd "$work/m/bot" && HOME=/nonexistent SDF_PATH=$work/m GZ_SIM_RESOURCE_PATH=$work/m \
		"sdf-validate-$v" world.sdf 2>&1 | grep -i error)
	[ -z "$errs" ] || fail "world.sdf does not load in sdf-validate-$v: $errs"
done

# 2. --pose with a subnormal number: 0 in both worlds, and they load
"$U2S" -q --world --pose 1e-320 0 1 0 0 -1e-320 -o "$work/posed.sdf" "$work/bot.urdf" || fail "--world --pose failed"
"$U2S" -q --world --pose 1e-320 0 1 0 0 -1e-320 --model-dir="$work/m/posed" "$work/bot.urdf" || fail "--model-dir --pose failed"
grep -q '^    <pose>0 0 1 0 0 0</pose>$' "$work/posed.sdf" || fail "--world: the subnormal pose is not 0: $(grep '<pose>' "$work/posed.sdf" | tail -1)"
grep -q '^      <pose>0 0 1 0 0 0</pose>$' "$work/m/posed/world.sdf" || fail "world.sdf: the subnormal pose is not 0: $(grep '<pose>' "$work/m/posed/world.sdf" | tail -1)"
xml_ok "$work/posed.sdf" "$work/m/posed/world.sdf"
for v in 12.9 14.9 new; do
	command -v "sdf-validate-$v" > /dev/null || continue
	errs=$(cd "$work/m/posed" && HOME=/nonexistent SDF_PATH=$work/m "sdf-validate-$v" world.sdf 2>&1 | grep -i error)
	[ -z "$errs" ] || fail "the --pose world.sdf does not load in sdf-validate-$v: $errs"
done

# 3. names: a usage error naming the rule, status 2, nothing made
# refused CODE ARGS...: status 2, the code said, nothing new in $work/n
refused() {
	code=$1; shift
	rm -rf "$work/n"; mkdir "$work/n"
	"$U2S" "$@" > "$work/out" 2> "$work/err"
	rc=$?
	[ $rc -eq 2 ] || fail "u2s $*: status $rc, not 2: $(cat "$work/err")"
	grep -q "$code" "$work/err" || fail "u2s $*: not $code: $(cat "$work/err")"
	[ -s "$work/out" ] && fail "u2s $*: wrote on standard output"
	[ -z "$(ls -A "$work/n")" ] || fail "u2s $*: left $(ls -A "$work/n")"
}
ctl=$(printf 'a\001b')
bad=$(printf 'a\377b')
nel=$(printf 'a\302\205b')
refused U2S1082 --world=world "$work/bot.urdf"
refused U2S1082 --world="$ctl" "$work/bot.urdf"
refused U2S1082 --world="$bad" "$work/bot.urdf"
refused U2S1082 --world="$nel" "$work/bot.urdf"
refused U2S1035 --world=a::b "$work/bot.urdf"
refused U2S1085 --world --model-dir="$work/n/world" "$work/bot.urdf"
refused U2S1085 --world --model-dir="$work/n/a::b" "$work/bot.urdf"
refused U2S1085 --world --model-dir="$work/n/__x__/" "$work/bot.urdf"
refused U2S1083 --model-dir="$work/n/$ctl" "$work/bot.urdf"
refused U2S1083 --world=w --model-dir="$work/n/$bad" "$work/bot.urdf"
# a folder named world is a model folder like any other: its world named apart
rm -rf "$work/n"; mkdir "$work/n"
"$U2S" -q --world=lab --model-dir="$work/n/world" "$work/bot.urdf" || fail "--world=lab --model-dir=.../world refused"
grep -q "<world name='lab'>" "$work/n/world/world.sdf" || fail "the world is not named lab"
"$U2S" -q --model-dir="$work/n/plain" "$work/bot.urdf" || fail "--model-dir refused"
xml_ok "$work/n/world/world.sdf" "$work/n/world"/model-*.sdf
# -d: the folder's name is the input file's; a name that cannot be is
# refused for that file (status 2), the others converted
mkdir "$work/d" "$work/in"
cp "$work/bot.urdf" "$work/in/world.urdf"
cp "$work/bot.urdf" "$work/in/$ctl.urdf"
cp "$work/bot.urdf" "$work/in/ok.urdf"
"$U2S" -q --world --model-dir -d "$work/d" "$work/in/world.urdf" "$work/in/$ctl.urdf" \
	"$work/in/ok.urdf" 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "-d with names that cannot be: status $rc, not 2: $(cat "$work/err")"
grep -q U2S1085 "$work/err" || fail "-d: world.urdf's world not refused: $(cat "$work/err")"
grep -q U2S1083 "$work/err" || fail "-d: a control byte in a file name not refused: $(cat "$work/err")"
[ "$(ls -A "$work/d")" = ok ] || fail "-d: made $(ls -A "$work/d"), not ok alone"
xml_ok "$work/d/ok/world.sdf" "$work/d/ok"/model-*.sdf
exit $status
