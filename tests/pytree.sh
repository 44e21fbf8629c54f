# Sourced by tests/python.sh and tests/python_install.sh (not a test).
# pytree DIR: a copy of what `pip install ./python` reads in a checkout
# into DIR: python/ and, beside it, Makefile.am (LIBU2S_C), configure.ac
# and src/.  pip builds in the tree it is given, which make distcheck
# makes read-only; what a developer's own install (-e too) left in the
# checkout is left out.
pytree() {
	mkdir -p "$1/src"
	cp -R "$U2S_SRCDIR/python" "$1/"
	cp "$U2S_SRCDIR/Makefile.am" "$U2S_SRCDIR/configure.ac" "$1/"
	cp "$U2S_SRCDIR"/src/*.c "$U2S_SRCDIR"/src/*.h "$U2S_SRCDIR"/src/*.def "$1/src/"
	chmod -R u+w "$1"
	rm -rf "$1/python/u2s/libu2s.so" "$1/python/__pycache__"
}
