/* diag_codes: the table of diag_codes.def, by code. */
#include "diag_codes.h"

#include <string.h>

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
	unsigned number = c < DIAG_CODE_COUNT ? CODES[c].number : 0u;
	int i;

	/* "U2S" and four digits, as printf("U2S%04u") (numbers stay below 10000) */
	memcpy(buf, "U2S", 3);
	for (i = 6; i >= 3; i--, number /= 10)
		buf[i] = (char)('0' + number % 10);
	buf[7] = '\0';
	return buf;
}

const char *diag_code_meaning(enum diag_code c)
{
	return c < DIAG_CODE_COUNT ? CODES[c].meaning : "";
}
