/* diag_codes: the table of diag_codes.def, by code. */
#include "diag_codes.h"

#include <stdio.h>

static const struct {
	unsigned short number;
	const char *meaning;
} CODES[DIAG_CODE_COUNT] = {
#define CODE(id, number, meaning) [id] = { number, meaning },
#include "diag_codes.def"
#undef CODE
};

const char *diag_code_text(enum diag_code c, char buf[DIAG_CODE_SIZE])
{
	snprintf(buf, DIAG_CODE_SIZE, "U2S%04u", c < DIAG_CODE_COUNT ? (unsigned)CODES[c].number : 0u);
	return buf;
}

const char *diag_code_meaning(enum diag_code c)
{
	return c < DIAG_CODE_COUNT ? CODES[c].meaning : "";
}
