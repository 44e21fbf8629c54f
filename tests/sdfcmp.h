/* Semantic comparison of two SDFormat documents: the C port of the rules of
 * tests/tools/sdfcmp.py, which is their definition.
 *
 * Results (the python script's exit codes):
 *   SDFCMP_EQUAL       0  equal, children in the same order
 *   SDFCMP_REORDERED   1  equal only when children are matched out of order
 *   SDFCMP_DIFFERENT   2  different; the first difference is described
 *   SDFCMP_UNPARSABLE  3  a document could not be read or parsed (also: out of
 *                         memory, or nested deeper than SDFCMP_MAX_DEPTH)
 *
 * Rules: numbers compare within 1e-9 absolute plus 1e-7 relative; in <pose>,
 * <xyzOffset>, <rpyOffset> and <scale> a token of EXPECTED with at most 6
 * significant digits may also be off by half a unit in its 6th digit; <pose>
 * compares as a rigid transform (equivalent Euler triples match); "1"/"true"
 * and "0"/"false" are equal; text compares with its blanks normalised;
 * attribute order is ignored; elements that carry nothing (no attribute, no
 * text, no child once their own empty children are gone) are ignored.
 *
 * The description of a difference is the line the python script prints:
 * "" for SDFCMP_EQUAL, "equal out of order; in order: ..." for
 * SDFCMP_REORDERED, "parse error: ..." for SDFCMP_UNPARSABLE.
 */
#ifndef U2S_TESTS_SDFCMP_H
#define U2S_TESTS_SDFCMP_H

#include <stddef.h>

enum {
	SDFCMP_EQUAL = 0,
	SDFCMP_REORDERED = 1,
	SDFCMP_DIFFERENT = 2,
	SDFCMP_UNPARSABLE = 3
};

/* The absolute tolerance of the python script (its --tol). */
#define SDFCMP_TOL 1e-9

/* Documents nested deeper than this are refused (SDFCMP_UNPARSABLE) rather
 * than risk the stack in the recursive comparison. */
#define SDFCMP_MAX_DEPTH 10000

/* Compare EXPECTED with ACTUAL (XML text, any encoding expat knows). The
 * description is written to why (truncated to whysz bytes, always
 * NUL-terminated when whysz > 0); why may be NULL when whysz is 0. */
int sdfcmp_buffers(const char *expected, size_t elen,
                   const char *actual, size_t alen,
                   char *why, size_t whysz);

/* The same on two files (read whole, binary). */
int sdfcmp_files(const char *expected_path, const char *actual_path,
                 char *why, size_t whysz);

/* With the absolute tolerance given (SDFCMP_TOL by default) and the whole
 * description returned in *msg, malloc()ed, for the caller to free(); *msg is
 * NULL when there is nothing to say.  msg may be NULL. */
int sdfcmp_buffers_ex(const char *expected, size_t elen,
                      const char *actual, size_t alen,
                      double tol, char **msg);
int sdfcmp_files_ex(const char *expected_path, const char *actual_path,
                    double tol, char **msg);

/* 0 when buf is one well-formed XML document (by expat, no namespace
 * processing), else SDFCMP_UNPARSABLE with expat's message in why. */
int sdfcmp_wellformed(const char *buf, size_t len, char *why, size_t whysz);

#endif
