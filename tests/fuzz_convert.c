/* The fuzz target of `make fuzz` (libFuzzer): every input it makes up is
 * converted and checked by fuzz_check(); a broken property aborts, which
 * libFuzzer reports with the input that did it, as do the sanitizers for a
 * memory error or undefined behaviour.  Copy what it finds into
 * tests/fuzz/regress/ so that tests/test_fuzz keeps checking it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *bad = fuzz_check(data, size);

	if (bad) {
		fprintf(stderr, "u2s fuzz: %s\n", bad);
		abort();
	}
	return 0;
}
