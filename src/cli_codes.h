/* cli_codes: the message codes of the CLI's own messages, as the numbers
 * it prints (U2S%04u).  Made at compile time from the one table of codes,
 * src/diag_codes.def (data, not code: nothing of the library's internals
 * is linked into the program, which uses only what libu2s.so exports). */
#ifndef U2S_CLI_CODES_H
#define U2S_CLI_CODES_H

enum cli_code {
#define CODE(id, number, meaning) id = number,
#include "diag_codes.def"
#undef CODE
};

#endif
