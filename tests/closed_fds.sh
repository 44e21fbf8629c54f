#!/bin/sh
# u2s started with standard input, output or error closed (`<&-`, `>&-`,
# `2>&-`): no file it opens takes descriptor 0, 1 or 2, so no message is
# written into the SDF, and reading a closed standard input or writing a
# closed standard output is an I/O error (status 3), not an empty input.
# Works in a temporary directory of its own.
# Environment (set by `make check`): U2S, the program.
set -u
U2S=${U2S:-./u2s}
T=$(mktemp -d "${TMPDIR:-/tmp}/u2s-fds-XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
status=0
fail() { echo "closed_fds.sh: $*" >&2; status=1; }
# One warning (a <gazebo> block for no link).
cat > "$T/w.urdf" <<'URDF'
<robot name='w'>
  <link name='base'><inertial><mass value='1'/><inertia ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial></link>
  <gazebo reference='nowhere'><mu1>1</mu1></gazebo>
</robot>
URDF
"$U2S" -o "$T/ref.sdf" "$T/w.urdf" 2> "$T/ref.err"
[ -s "$T/ref.err" ] || fail "the test robot gives no warning"

# Standard error closed: the SDF is what it is with standard error open.
"$U2S" -o "$T/a.sdf" < "$T/w.urdf" 2>&-
rc=$?
[ $rc -eq 0 ] || fail "-o with stderr closed: status $rc, not 0"
cmp -s "$T/a.sdf" "$T/ref.sdf" || fail "-o with stderr closed: the SDF differs (messages in it?)"
grep -q 'warning' "$T/a.sdf" && fail "-o with stderr closed: a message is in the SDF"
"$U2S" "$T/w.urdf" > "$T/b.sdf" 2>&-
rc=$?
[ $rc -eq 0 ] || fail "stdout with stderr closed: status $rc, not 0"
cmp -s "$T/b.sdf" "$T/ref.sdf" || fail "stdout with stderr closed: the SDF differs"

# Standard input closed: status 3, said, nothing written.
"$U2S" -o "$T/c.sdf" <&- 2> "$T/c.err"
rc=$?
[ $rc -eq 3 ] || fail "-o with stdin closed: status $rc, not 3"
grep -q 'cannot read standard input' "$T/c.err" || fail "-o with stdin closed: not said: $(cat "$T/c.err")"
[ -e "$T/c.sdf" ] && fail "-o with stdin closed: an output was written"
"$U2S" - <&- > "$T/d.sdf" 2> "$T/d.err"
rc=$?
[ $rc -eq 3 ] || fail "'-' with stdin closed: status $rc, not 3"
# A named FILE is read as usual with stdin closed.
"$U2S" -o "$T/e.sdf" "$T/w.urdf" <&- 2> /dev/null
rc=$?
[ $rc -eq 0 ] || fail "FILE with stdin closed: status $rc, not 0"
cmp -s "$T/e.sdf" "$T/ref.sdf" || fail "FILE with stdin closed: the SDF differs"

# Standard output closed: writing it is status 3; -o is unaffected.
"$U2S" "$T/w.urdf" >&- 2> "$T/f.err"
rc=$?
[ $rc -eq 3 ] || fail "stdout closed: status $rc, not 3"
grep -q 'cannot write standard output' "$T/f.err" || fail "stdout closed: not said: $(cat "$T/f.err")"
"$U2S" -o "$T/g.sdf" "$T/w.urdf" >&- 2>&-
rc=$?
[ $rc -eq 0 ] || fail "-o with stdout and stderr closed: status $rc, not 0"
cmp -s "$T/g.sdf" "$T/ref.sdf" || fail "-o with stdout and stderr closed: the SDF differs"
"$U2S" --check "$T/w.urdf" >&- 2> /dev/null
rc=$?
[ $rc -eq 0 ] || fail "--check with stdout closed: status $rc, not 0"
# A model folder is no standard output: closed, it is no matter; a closed
# standard input read for one is status 3, and no folder.
"$U2S" --model-dir="$T/folder" "$T/w.urdf" >&- 2> "$T/h.err"
rc=$?
[ $rc -eq 0 ] || fail "--model-dir with stdout closed: status $rc, not 0: $(cat "$T/h.err")"
[ -f "$T/folder/model.config" ] || fail "--model-dir with stdout closed: no folder"
"$U2S" --model-dir="$T/none" <&- 2> "$T/i.err"
rc=$?
[ $rc -eq 3 ] || fail "--model-dir with stdin closed: status $rc, not 3"
[ -e "$T/none" ] && fail "--model-dir with stdin closed: a folder was made"
ls -A "$T" | grep -q '^\.' && fail "a hidden temporary was left: $(ls -A "$T")"
exit $status
