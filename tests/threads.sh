#!/bin/sh
# Conversions on many threads at once (tests/threads.c), against the shared
# library as a program would load it, then built with ThreadSanitizer from
# the sources.  ThreadSanitizer's build reads files from 512 bytes up in
# two halves (-DSPLIT_MIN=512 -DPIECE_SIZE=256 -DJOIN_THREAD_MIN=1 -DWRITE_SPLIT_MIN=2), so u2s_convert's own second thread runs
# beside the others.  A ThreadSanitizer report ends it with status 86.
# Needs U2S_SRCDIR, U2S_BUILDDIR and U2S_CORPUS (make check sets them).
set -eu
: "${U2S_SRCDIR:?}" "${U2S_BUILDDIR:?}" "${U2S_CORPUS:?}"
inputs="$U2S_CORPUS/real3/*.urdf $U2S_CORPUS/seed/*.urdf $U2S_CORPUS/versions/*.urdf"

# shellcheck disable=SC2086
"$U2S_BUILDDIR/tests/threads" -t 8 $inputs

# The ThreadSanitizer build (all of src/ compiled again, ~10 s of CPU) is
# the full tier's (`make check-full`, U2S_TIER=full; CI also runs
# scripts/tsan-check).
if [ "${U2S_TIER:-quick}" != full ]; then
	echo "threads.sh: quick tier (U2S_TIER=quick): 8 threads on the shared library;" \
		"the ThreadSanitizer build in the full tier (U2S_TIER=full)"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/u2s-threads-XXXXXX")
trap 'rm -rf "$work"' EXIT
set --   # the library's sources: all of src/ but the CLI
for f in "$U2S_SRCDIR"/src/*.c; do
	case $f in */main.c) ;; *) set -- "$@" "$f" ;; esac
done
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -O1 -g -fsanitize=thread -fno-omit-frame-pointer \
	-D_POSIX_C_SOURCE=200809L -DHAVE_CONFIG_H -DSPLIT_MIN=512 -DPIECE_SIZE=256 -DJOIN_THREAD_MIN=1 -DWRITE_SPLIT_MIN=2 \
	-I"$U2S_BUILDDIR" -I"$U2S_SRCDIR/src" $(pkg-config --cflags expat talloc) \
	-o "$work/threads" "$@" "$U2S_SRCDIR/tests/threads.c" \
	$(pkg-config --libs expat talloc) -lm -lpthread
# shellcheck disable=SC2086
TSAN_OPTIONS="exitcode=86:halt_on_error=1" "$work/threads" -t 8 $inputs
