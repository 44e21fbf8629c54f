/* diag_codes: the stable code of every message (the rows of
 * diag_codes.def), for diag.c and the CLI. */
#ifndef U2S_DIAG_CODES_H
#define U2S_DIAG_CODES_H

enum diag_code {
#define CODE(id, number, meaning) id,
#include "diag_codes.def"
#undef CODE
	DIAG_CODE_COUNT
};

/* The code as printed, "U2S0103", into BUF. */
#define DIAG_CODE_SIZE 16
const char *diag_code_text(enum diag_code c, char buf[DIAG_CODE_SIZE]);
/* What the code means, in one line. */
const char *diag_code_meaning(enum diag_code c);

#endif
