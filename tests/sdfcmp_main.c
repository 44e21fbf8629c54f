/* sdfcmp EXPECTED ACTUAL [--tol 1e-9]: semantic comparison of two SDFormat
 * documents, as tests/tools/sdfcmp.py does it.
 *
 * Exit 0: equal in order; 1: equal only when children are matched out of
 * order; 2: different (first difference printed); 3: a file did not parse
 * (or bad usage).  The difference goes to standard output, as the python's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdfcmp.h"

static int usage(void)
{
	printf("sdfcmp EXPECTED ACTUAL [--tol 1e-9]\n");
	return SDFCMP_UNPARSABLE;
}

int main(int argc, char **argv)
{
	const char *files[2];
	double tol = SDFCMP_TOL;
	int i, n = 0, seen_tol = 0, rc;
	char *msg = NULL;

	for (i = 1; i < argc; i++) {
		if (!seen_tol && !strcmp(argv[i], "--tol")) {
			char *end;

			seen_tol = 1;
			if (i + 1 >= argc)
				return usage();
			tol = strtod(argv[++i], &end);
			if (end == argv[i] || *end || isnan(tol))
				return usage();
			continue;
		}
		if (n == 2)
			return usage();
		files[n++] = argv[i];
	}
	if (n != 2)
		return usage();
	rc = sdfcmp_files_ex(files[0], files[1], tol, &msg);
	if (msg)
		printf("%s\n", msg);
	free(msg);
	if (fflush(stdout) == EOF)
		return SDFCMP_UNPARSABLE;
	return rc;
}
