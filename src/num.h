/* num: number text.  Strict parsing of URDF numbers (the whole text must be
 * a finite decimal number) and the two output forms: the shortest text that
 * reads back to the same double, and the 6-significant-digit form that
 * libsdformat uses for vectors and colours. */
#ifndef U2S_NUM_H
#define U2S_NUM_H

#include <float.h>
#include <stddef.h>

#include "arena.h"

/* Large enough for any text num_format() or num_format_g6() writes. */
#define NUM_BUFSZ 40

/* Parses S (leading and trailing XML blanks allowed) as one finite decimal
 * number.  Returns 0 and sets *OUT, or -1 when S is empty, not a number, has
 * trailing garbage, or is NaN or infinite (overflow included). */
int num_parse(const char *s, double *out);

/* Sets the subnormal numbers among V[0..N-1] (below 2.2e-308 in magnitude,
 * not 0: SDFormat readers refuse them) to 0; returns how many there were. */
static inline int num_flush_subnormal(double *v, int n)
{
	int i, flushed = 0;

	for (i = 0; i < n; i++)
		if (v[i] != 0 && v[i] < DBL_MIN && v[i] > -DBL_MIN) {
			v[i] = 0;
			flushed++;
		}
	return flushed;
}

/* Parses S as exactly N numbers separated by blanks.  Returns 0, or -1 when
 * a piece is not a number or the count differs from N. */
int num_parse_vec(const char *s, double *out, int n);

/* num_parse_vec(), then num_flush_subnormal() of OUT: returns -1 when S
 * does not parse, else how many numbers were subnormal (set to 0).  Only
 * numbers read by strtod (not the fast path's) are looked at. */
int num_parse_vec_flush(const char *s, double *out, int n);

/* Parses S as a decimal integer (blanks allowed around it).  Returns 0 or -1. */
int num_parse_int(const char *s, long *out);

/* The readings libsdformat gives <gazebo> tag values (C++'s std::stod and
 * std::stoi, which read the longest number at the start and ignore the
 * rest).  num_read_stod: blanks, a sign, then a decimal or hexadecimal
 * number, or inf, infinity or nan in any case; num_read_stoi: blanks, a
 * sign, digits of BASE (10, or 16 with an optional "0x"), within an int.  Both return the length read
 * (blanks included, so S[len] is where the rest begins), 0 when S does not
 * start with a number, -1 when the number is out of range (the reference
 * throws and stops). */
long num_read_stod(const char *s, double *out);
long num_read_stoi(const char *s, int base, long *out);
/* std::stoul: as num_read_stoi, 64 bits; a minus negates modulo 2^64. */
long num_read_stoul(const char *s, int base, unsigned long long *out);

/* Writes the shortest text that reads back as V ("0.1", not
 * "0.10000000000000001"); integral values below 1e17 as plain integers;
 * -0 as "0".  Returns the length written (NUL-terminated). */
size_t num_format(double v, char buf[NUM_BUFSZ]);
/* num_format() for output: a subnormal V (which only computation makes:
 * lumping, composing poses; those read are flushed with a warning) is
 * written as 0, since SDFormat readers refuse subnormal numbers. */
size_t num_format_out(double v, char buf[NUM_BUFSZ]);
/* V in decimal, as printf("%ld") would, into BUF (21 bytes are enough). */
size_t num_format_long(long v, char *buf);

/* libsdformat's vector and pose form (ignition-math's stream operator): V
 * rounded to 6 decimal places, then 6 significant digits ("1.35689",
 * 0.0000004 as "0").  Where the reference prints this, u2s must too: the
 * rounding moves values by more than the 6th digit. */
size_t num_format_g6(double v, char buf[NUM_BUFSZ]);

/* The double that printf("%g")'s text of V (6 significant digits) reads
 * back as: what libsdformat's pose has become after it printed and read it
 * again.  strtod(sprintf("%g", V)) exactly, most often without either. */
double num_read_g(double v);

enum num_style { NUM_SHORTEST, NUM_G6 };

/* N numbers separated by spaces into BUF (N * NUM_BUFSZ bytes), each in the
 * given style (NUM_SHORTEST: num_format_out()).  Returns the length. */
size_t num_format_vec(const double *v, int n, enum num_style style, char *buf);

/* num_format_vec()'s text in arena A: formatted in place, the arena then
 * given back what the text did not use. */
const char *num_vec_text(struct arena *a, const double *v, int n, enum num_style style);

/* The float that X's text with 16 significant digits (printf's %.16g)
 * reads back as (strtof): X rounded to float, unless X lies so close to
 * the midpoint between two floats that the rounding to 16 digits decides
 * the side; that is settled exactly. */
float num_float_via_text16(double x);

/* libsdformat's colour form: a float printed with 6 significant digits. */
size_t num_format_float(float v, char buf[NUM_BUFSZ]);
/* The fewest digits (6 to 9) that read back as the float V. */
size_t num_format_float_shortest(float v, char buf[NUM_BUFSZ]);

/* The C library reads and prints numbers (strtod, printf's %g) in the
 * calling thread's locale, which a host program may have set to one that
 * writes 0,375.  Every thread of a conversion runs between
 * num_locale_enter() and num_locale_leave() in a locale object of its own
 * (uselocale): a copy of the thread's, with LC_NUMERIC "C", so that
 * numbers are C's and the system's error texts (LC_MESSAGES) still the
 * caller's; the host's locale is untouched, and L->old is what the
 * caller's callbacks are to run in.  Without memory for it, the thread is
 * left as it was (L->c is then 0). */
#include <locale.h>
struct num_locale { locale_t c, old; };
void num_locale_enter(struct num_locale *l);
void num_locale_leave(struct num_locale *l);

#endif
