/* A program with functions named as libu2s's internals are (resolve() of
 * src/resolve.c, must() of src/arena.c), linked statically against
 * libu2s.a: it links, and the conversion calls none of them (each aborts).
 * Converts standard input to standard output; tests/lib_names.sh runs it. */
#include <stdio.h>
#include <stdlib.h>

#include "u2s.h"

int resolve(void);
void *must(void);

int resolve(void)
{
	fputs("own_names: the program's resolve() was called\n", stderr);
	abort();
}

void *must(void)
{
	fputs("own_names: the program's must() was called\n", stderr);
	abort();
}

int main(void)
{
	return u2s_convert(0, NULL, 1, NULL);
}
