#!/bin/sh
# The manual (u2s.1) renders without a warning, and names every option
# that `u2s --help` lists and every exit status.
# Environment (set by `make check`): U2S, the program; U2S_MAN, the manual.
set -u
U2S=${U2S:-./u2s}
U2S_MAN=${U2S_MAN:-u2s.1}

command -v groff > /dev/null || {
	echo "man.sh: groff is needed to render the manual (Debian: groff-base)" >&2
	exit 1
}
warnings=$(groff -mandoc -Tutf8 -ww -z "$U2S_MAN" 2>&1)
if [ -n "$warnings" ]; then
	echo "man.sh: groff warns about $U2S_MAN:" >&2
	echo "$warnings" >&2
	exit 1
fi
# Plain text: no bold or underline, ASCII hyphens, long lines (no word broken).
text=$(groff -mandoc -Tascii -P-c -P-b -P-u -rLL=2000n -rHY=0 "$U2S_MAN" 2>&1) || exit 1
case $text in
*"convert URDF robot descriptions to SDFormat"*) ;;
*) echo "man.sh: the NAME section does not render:" >&2; echo "$text" | head >&2; exit 1 ;;
esac

status=0
options=$("$U2S" --help | grep -o -e '--[a-z][a-z-]*' -e '^  -[a-zA-Z]' | sed 's/^ *//' | sort -u)
[ -n "$options" ] || { echo "man.sh: no options in --help" >&2; exit 1; }
for opt in $options ROS_PACKAGE_PATH AMENT_PREFIX_PATH "EXIT STATUS" "usage error" \
	"xargs -0 -P8 u2s -d out/" "--sshlogin" "gz sim robot.sdf" GZ_SIM_RESOURCE_PATH; do
	case $text in
	*"$opt"*) ;;
	*) echo "man.sh: the manual does not mention $opt" >&2; status=1 ;;
	esac
done
exit $status
