/* What must hold for every input, whatever its bytes: the properties the
 * fuzz target (tests/fuzz_convert.c, `make fuzz`) checks on each input it
 * makes up, and tests/test_fuzz checks on the corpus and on every input the
 * fuzzer ever caught (tests/fuzz/regress). */
#ifndef U2S_FUZZ_CHECK_H
#define U2S_FUZZ_CHECK_H

#include <stddef.h>

#include "u2s.h"

/* Converts the SIZE bytes at DATA from a file, from a pipe and in --check
 * mode, and returns NULL when every property holds, else a sentence saying
 * which did not (a static string).  Properties:
 *  - the status is 0 (converted) or 1 (rejected);
 *  - a pipe gives the same status, messages and output as a file (which
 *    may be read in two halves at once: the fuzz build and test_fuzz read
 *    files from 512 bytes up so);
 *  - --check gives the same status and messages, and writes nothing;
 *  - every message is one "<fuzz>:LINE:COL: warning|error: TEXT" line;
 *  - rejected: at least one error, and nothing written;
 *  - converted: no error, and the output is well-formed XML whose root is
 *    <sdf>, with no NaN or infinity in it unless the input spelled one
 *    (see fuzz_check_output). */
const char *fuzz_check(const unsigned char *data, size_t size);

/* The parts of fuzz_check(), for testing the checker itself. */

/* Is LINE one "<fuzz>[:LINE:COL]: warning|error: TEXT" message of SEV? */
int fuzz_message_ok(enum u2s_severity sev, const char *line);
/* NULL when the LEN bytes at SDF, converted from INPUT, are well-formed
 * XML with an <sdf> root and no "nan" or "inf" word in their attribute
 * values or text, unless INPUT's attribute values or text (decoded, as
 * u2s reads them) hold one too; else what is wrong. */
const char *fuzz_check_output(const char *sdf, size_t len, const unsigned char *input,
			      size_t input_len);

#endif
