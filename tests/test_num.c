/* Unit tests of src/num.c: strict number parsing and the output forms. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

/* ---- num_parse ---------------------------------------------------------- */

static void parses_as(const char *s, double want)
{
	double v = -12345.678;

	cr_assert_eq(num_parse(s, &v), 0, "num_parse(\"%s\") failed", s);
	cr_assert(v == want, "num_parse(\"%s\") gave %.17g, want %.17g", s, v, want);
}

static void rejects(const char *s)
{
	double v = -12345.678;

	cr_assert_eq(num_parse(s, &v), -1, "num_parse(\"%s\") accepted it (%.17g)", s, v);
}

Test(num_parse, plain_decimals)
{
	parses_as("0", 0);
	parses_as("1.5", 1.5);
	parses_as("-2.25", -2.25);
	parses_as("+3", 3);
	parses_as(".5", 0.5);
	parses_as("5.", 5);
	parses_as("0.1", 0.1);
	parses_as("1e3", 1000);
	parses_as("1E-3", 0.001);
	parses_as("-6.02e+23", -6.02e23);
	parses_as("1e308", 1e308);
	parses_as("00012", 12);
}

Test(num_parse, negative_zero_keeps_its_sign)
{
	double v = 1;

	cr_assert_eq(num_parse("-0", &v), 0);
	cr_assert(v == 0 && signbit(v));
}

Test(num_parse, blanks_around)
{
	parses_as("  1.5", 1.5);
	parses_as("1.5  ", 1.5);
	parses_as("\t\n 1.5 \r\n\t", 1.5);
	parses_as("\r\n-7\r\n", -7);
}

/* Every decimal the fast path takes must give strtod's double, bit for bit:
 * random mantissas of 1 to 17 digits, the point anywhere, exponents
 * around the fast path's limits. */
Test(num_parse, agrees_with_strtod)
{
	uint64_t x = 0x243F6A8885A308D3ull;
	int i;

	for (i = 0; i < 200000; i++) {
		char text[64];
		int len = 0, ndig, point, k;
		double got, want;
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		ndig = 1 + (int)(x % 17);
		point = (int)((x >> 8) % (uint64_t)(ndig + 1));
		if (x & (1ull << 20))
			text[len++] = '-';
		for (k = 0; k < ndig; k++) {
			if (k == point)
				text[len++] = '.';
			text[len++] = (char)('0' + (x >> (24 + 2 * (k % 16))) % 10);
		}
		if (x & (1ull << 21))
			len += sprintf(text + len, "e%d", (int)((x >> 40) % 61) - 30);
		text[len] = '\0';
		want = strtod(text, NULL);
		cr_assert_eq(num_parse(text, &got), 0, "\"%s\" rejected", text);
		cr_assert(memcmp(&got, &want, sizeof got) == 0,
			  "\"%s\": %.17g, strtod %.17g", text, got, want);
	}
}

Test(num_parse, rejections)
{
	rejects("");
	rejects(" ");
	rejects("\t\n");
	rejects("abc");
	rejects("1.5abc");
	rejects("1.5 abc");
	rejects("nan");
	rejects("NaN");
	rejects("-nan");
	rejects("inf");
	rejects("-inf");
	rejects("Infinity");
	rejects("0x10");
	rejects("0x1p3");
	rejects("1e999");
	rejects("-1e999");
	rejects("1,5");
	rejects("1 2");
	rejects("1e");
	rejects("1e+");
	rejects("e5");
	rejects(".");
	rejects("-");
	rejects("+");
	rejects("-.e1");
	rejects("--1");
	rejects("1..2");
	rejects("1.2.3");
	rejects("\v1");     /* only XML blanks are blanks */
	rejects("1\f");
}

/* ---- num_parse_vec ------------------------------------------------------- */

Test(num_parse_vec, counts)
{
	double v[4] = { 9, 9, 9, 9 };

	cr_assert_eq(num_parse_vec("1 2 3", v, 3), 0);
	cr_assert(v[0] == 1 && v[1] == 2 && v[2] == 3);
	cr_assert(v[3] == 9, "wrote past N");
	cr_assert_eq(num_parse_vec("1 2", v, 3), -1);
	cr_assert_eq(num_parse_vec("1 2 3 4", v, 3), -1);
	cr_assert_eq(num_parse_vec("", v, 3), -1);
	cr_assert_eq(num_parse_vec("   ", v, 1), -1);
	cr_assert_eq(num_parse_vec("", v, 0), 0);
	cr_assert_eq(num_parse_vec("  ", v, 0), 0);
	cr_assert_eq(num_parse_vec("1", v, 0), -1);
	cr_assert_eq(num_parse_vec("0.25 -0.5 1e2 7", v, 4), 0);
	cr_assert(v[0] == 0.25 && v[1] == -0.5 && v[2] == 100 && v[3] == 7);
}

Test(num_parse_vec, any_blanks_separate)
{
	double v[3] = { 0 };

	cr_assert_eq(num_parse_vec("1\t2\n3", v, 3), 0);
	cr_assert(v[0] == 1 && v[1] == 2 && v[2] == 3);
	cr_assert_eq(num_parse_vec("\n  4 \t\t 5\r\n6  \n", v, 3), 0);
	cr_assert(v[0] == 4 && v[1] == 5 && v[2] == 6);
}

Test(num_parse_vec, bad_pieces)
{
	double v[3];

	cr_assert_eq(num_parse_vec("1,2,3", v, 3), -1);
	cr_assert_eq(num_parse_vec("1, 2, 3", v, 3), -1);
	cr_assert_eq(num_parse_vec("1 2 x", v, 3), -1);
	cr_assert_eq(num_parse_vec("1 nan 3", v, 3), -1);
	cr_assert_eq(num_parse_vec("1 2 inf", v, 3), -1);
	cr_assert_eq(num_parse_vec("1 2 1e999", v, 3), -1);
	cr_assert_eq(num_parse_vec("1 2 3x", v, 3), -1);
	cr_assert_eq(num_parse_vec("1 0x2 3", v, 3), -1);
}

/* ---- the parser against the one it replaced ------------------------------
 *
 * num_parse_vec as it was before its fast path took up to 19 digits (an
 * integer M <= 2^53) and read digits two at a time: the new one must give
 * the same answer, the same doubles and the same partial writes for every
 * text. */
static int old_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Length of a decimal number at S: [+-] digits [. digits] [e [+-] digits],
 * with at least one digit in the mantissa.  0 when S does not start with one.
 * Checked by hand so that strtod's extras (hex, "inf", "nan") stay out. */
static size_t old_decimal_len(const char *s)
{
	size_t i = 0, digits = 0;

	if (s[i] == '+' || s[i] == '-')
		i++;
	while (s[i] >= '0' && s[i] <= '9')
		i++, digits++;
	if (s[i] == '.') {
		i++;
		while (s[i] >= '0' && s[i] <= '9')
			i++, digits++;
	}
	if (digits == 0)
		return 0;
	if (s[i] == 'e' || s[i] == 'E') {
		size_t j = i + 1, exp_digits = 0;
		if (s[j] == '+' || s[j] == '-')
			j++;
		while (s[j] >= '0' && s[j] <= '9')
			j++, exp_digits++;
		if (exp_digits)
			i = j;
	}
	return i;
}

/* Clinger's fast path, in the same pass that checks the syntax: a decimal
 * of at most 15 significant digits times 10^E, |E| <= 22, is M * 10^E or
 * M / 10^-E with M and the power exact, so one correctly rounded operation
 * gives exactly what strtod gives.  Returns the length of the number at S
 * with *OUT set, 0 when S does not start with a number, or -1 when the
 * number is there but needs strtod (more digits, a larger exponent). */
static inline long old_parse_fast(const char *s, double *out)
{
	static const double p10[] = {
		1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
	};
	const unsigned char *p = (const unsigned char *)s, *first, *sig;
	unsigned long long m = 0;
	unsigned d;
	int digits, frac = 0, neg = 0, e = 0;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	first = p;
	while (*p == '0')
		p++;
	sig = p;   /* the first significant digit, if the integer part has one */
	for (; (d = (unsigned)*p - '0') < 10; p++)
		m = m * 10 + d;
	digits = (int)(p - sig);
	if (*p == '.') {
		const unsigned char *f = ++p;
		if (m == 0)
			while (*p == '0')
				p++;
		sig = p;
		for (; (d = (unsigned)*p - '0') < 10; p++)
			m = m * 10 + d;
		digits += (int)(p - sig);
		frac = (int)(p - f);
		if (p - first == 1)
			return 0;   /* "." alone: no digit */
	}
	if (p == first)
		return 0;
	if (digits > 15)
		return -1;   /* M may have lost digits: strtod */
	if (*p == 'e' || *p == 'E') {
		const unsigned char *q = p + 1;
		int eneg = 0;
		if (*q == '+' || *q == '-')
			eneg = *q++ == '-';
		if ((unsigned)*q - '0' >= 10)
			return -1;
		for (; (d = (unsigned)*q - '0') < 10 && e < 1000; q++)
			e = e * 10 + (int)d;
		if ((unsigned)*q - '0' < 10)
			return -1;   /* an exponent of four digits or more */
		e = eneg ? -e : e;
		p = q;
	}
	e -= frac;
	if (e < -22 || e > 22)
		return -1;
	/* M < 10^15: exact as a signed number, whose conversion is one instruction */
	*out = e < 0 ? (double)(long long)m / p10[-e] : (double)(long long)m * p10[e];
	if (neg)
		*out = -*out;
	return (long)((const char *)p - s);
}

/* Parses one number at *S, advancing *S past it. */
static inline int old_parse_one(const char **s, double *out)
{
	long fast = old_parse_fast(*s, out);
	size_t n;
	char *end;
	double v;

	if (fast > 0) {
		*s += fast;
		return 0;
	}
	if (fast == 0 || (n = old_decimal_len(*s)) == 0)
		return -1;
	v = strtod(*s, &end);
	if ((size_t)(end - *s) != n || !isfinite(v))
		return -1;
	*s = end;
	*out = v;
	return 0;
}


static int old_parse_vec(const char *s, double *out, int n)
{
	int i;

	for (i = 0;; i++) {
		while (old_is_blank(*s))
			s++;
		if (*s == '\0')
			return i == n ? 0 : -1;
		if (i == n)
			return -1;
		if (s[0] == '0' && (s[1] == '\0' || old_is_blank(s[1]))) {
			out[i] = 0;   /* "0", the most common number of all */
			s++;
			continue;
		}
		if (old_parse_one(&s, &out[i]) != 0)
			return -1;
		if (*s != '\0' && !old_is_blank(*s))
			return -1;
	}
}


/* One random text: a number-like piece (signs, digits, points, exponents
 * near the fast path's limits, blanks) or a jumble of such characters. */
static void random_text(uint64_t *x, char *text, size_t size)
{
	static const char jumble[] = "0123456789..eE+- \t\n\rx0009";
	size_t len = 0, k, ndig;

	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	if ((*x & 3) == 0) {
		size_t n = (*x >> 2) % 12;
		for (k = 0; k < n && len + 1 < size; k++)
			text[len++] = jumble[(*x >> (8 + 3 * k)) % (sizeof jumble - 1)];
		text[len] = '\0';
		return;
	}
	if (*x & 4)
		text[len++] = ' ';
	if (*x & 8)
		text[len++] = (*x & 16) ? '-' : '+';
	ndig = (*x >> 5) % 24;
	for (k = 0; k < ndig && len + 8 < size; k++) {
		if (k == (*x >> 10) % 26)
			text[len++] = '.';
		text[len++] = (char)('0' + (*x >> (16 + 2 * (k % 20))) % 10);
	}
	if ((*x >> 58) % 3 == 0)
		text[len++] = '.';
	if (*x & (1ull << 56))
		len += (size_t)snprintf(text + len, size - len, "%c%d", (*x & (1ull << 57)) ? 'e' : 'E',
					(int)((*x >> 40) % 700) - 350);
	if (*x & (1ull << 59))
		text[len++] = ' ';
	text[len] = '\0';
}

/* num_parse_vec and num_parse_vec_flush against the parser before (and,
 * for the second, num_flush_subnormal after it). */
static void agrees_with_old(const char *text, int n)
{
	double a[4] = { -7, -7, -7, -7 }, b[4] = { -7, -7, -7, -7 }, c[4] = { -7, -7, -7, -7 };
	int ra = old_parse_vec(text, a, n), rb = num_parse_vec(text, b, n);
	int rc = num_parse_vec_flush(text, c, n);

	cr_assert_eq(rb, ra, "\"%s\" (%d): %d, before %d", text, n, rb, ra);
	cr_assert(memcmp(a, b, sizeof a) == 0, "\"%s\" (%d): %.17g %.17g, before %.17g %.17g",
		  text, n, b[0], b[1], a[0], a[1]);
	if (ra == 0)
		ra = num_flush_subnormal(a, n);
	cr_assert_eq(rc, ra, "\"%s\" (%d): flush %d, before %d", text, n, rc, ra);
	cr_assert(memcmp(a, c, sizeof a) == 0, "\"%s\" (%d): flushed %.17g, before %.17g",
		  text, n, c[0], a[0]);
}

Test(num_parse_vec, agrees_with_the_parser_before)
{
	static const char *const edges[] = {
		"9007199254740992", "9007199254740993", "-9007199254740993", "9007199254740991e-22",
		"9007199254740993e22", "18446744073709551615", "18446744073709551616",
		"99999999999999999999", "0.0000000000000000001", "0.00000000000000000001",
		"1234567890123456789", "12345678901234567890", "1e22", "1e23", "1e-22", "1e-23",
		"123456789012345.6e-22", "4.9e-324", "2.2250738585072011e-308", "1e-310", "-1e-310",
		"1.7976931348623157e308", "1.8e308", "1e-310 2e-320 0", "-4e-320 1 1e-309", "0e500", "-0", "-0.0", "+.5", "5.", ".", "-.",
		"+", "1e", "1e+", "1e-", "1e1000", "1e0999", "0x1p3", "0x10", "inf", "nan", "1..2",
		"00000000000000000000001", "1.5 2.5", "0 0 0", "0x 1", "1 2 3 4", " \t\r\n1\n",
		"1\v", "1\f", "3.14159 -0.0000001 1e5", "0.1 0.2 0.30000000000000004",
	};
	uint64_t x = 0x9E3779B97F4A7C15ull;
	char text[256];
	unsigned i;
	int n;

	for (i = 0; i < sizeof edges / sizeof edges[0]; i++)
		for (n = 1; n <= 4; n++)
			agrees_with_old(edges[i], n);
	for (i = 0; i < 400000; i++) {
		size_t len;
		random_text(&x, text, sizeof text / 2);
		len = strlen(text);
		if (i & 1) {   /* two or three of them in a row */
			text[len] = ' ';
			random_text(&x, text + len + 1, sizeof text / 2 - 1);
		}
		for (n = 1; n <= 3; n++)
			agrees_with_old(text, n);
	}
}

/* ---- num_parse_int ------------------------------------------------------- */

Test(num_parse_int, accepts)
{
	long v = 0;

	cr_assert_eq(num_parse_int("42", &v), 0);
	cr_assert_eq(v, 42);
	cr_assert_eq(num_parse_int("  -7 \n", &v), 0);
	cr_assert_eq(v, -7);
	cr_assert_eq(num_parse_int("+3", &v), 0);
	cr_assert_eq(v, 3);
	cr_assert_eq(num_parse_int("0", &v), 0);
	cr_assert_eq(v, 0);
	cr_assert_eq(num_parse_int("\t010\t", &v), 0);
	cr_assert_eq(v, 10, "decimal, not octal");
}

Test(num_parse_int, rejects)
{
	static const char *const bad[] = {
		"", " ", "abc", "4.5", "1e3", "0x10", "12abc", "1 2", "-", "+", "--1", "- 1", "1,0"
	};
	unsigned i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		long v = 99;
		cr_assert_eq(num_parse_int(bad[i], &v), -1, "accepted \"%s\"", bad[i]);
		cr_assert_eq(v, 99, "\"%s\": wrote on failure", bad[i]);
	}
}

/* ---- num_format: known values --------------------------------------------- */

static void formats_as(double v, const char *want)
{
	char buf[NUM_BUFSZ];
	size_t n;

	memset(buf, 'X', sizeof buf);
	n = num_format(v, buf);
	cr_assert_str_eq(buf, want, "num_format(%.17g)", v);
	cr_assert_eq(n, strlen(want), "num_format(%.17g) returned length %zu", v, n);
}

Test(num_format, known_values)
{
	formats_as(0, "0");
	formats_as(-0.0, "0");
	formats_as(1, "1");
	formats_as(-1, "-1");
	formats_as(0.1, "0.1");
	formats_as(-0.1, "-0.1");
	formats_as(0.3, "0.3");
	formats_as(0.1 + 0.2, "0.30000000000000004");
	formats_as(1.0 / 3, "0.3333333333333333");
	formats_as(2.0 / 3, "0.6666666666666666");
	formats_as(1.5, "1.5");
	formats_as(123.456, "123.456");
	formats_as(1e16, "10000000000000000");
	formats_as(-1e16, "-10000000000000000");
	formats_as(99999999999999984.0, "99999999999999984");
	formats_as(1e17, "1e17");
	formats_as(1.2345678901234568e17, "1.2345678901234568e17");
	formats_as(1e-7, "1e-7");
	formats_as(-2.5e-7, "-2.5e-7");
	formats_as(0.0001, "0.0001");
	formats_as(0.00001, "1e-5");
	formats_as(1e300, "1e300");
	formats_as(-1.5e300, "-1.5e300");
	formats_as(1e-300, "1e-300");
	formats_as(DBL_MAX, "1.7976931348623157e308");
	formats_as(DBL_MIN, "2.2250738585072014e-308");
	formats_as(3.141592653589793, "3.141592653589793");
	formats_as(1.5707963267948966, "1.5707963267948966");
	formats_as(0.14499999999999999, "0.145");
}

Test(num_format, round_trips_awkward_values)
{
	static const double vals[] = {
		0.14499999999999999, 0.145, 5e-324 * 7, 1e23, 9007199254740993.0,
		0.1 + 0.2, 1 - DBL_EPSILON, 1 + DBL_EPSILON, 4.35, 2.675, 1e22, 1e21,
		123456789.123456789, -987654321.98765432
	};
	unsigned i;

	for (i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		char buf[NUM_BUFSZ];
		num_format(vals[i], buf);
		cr_assert(strtod(buf, NULL) == vals[i], "%.17g -> \"%s\"", vals[i], buf);
	}
}

/* ---- num_format: property test ------------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rng(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1Dull;
}

/* Significant digits of a %g-style text: the mantissa's digits without the
 * leading zeros.  (%g never leaves trailing zeros after the point.) */
static int sig_digits(const char *s)
{
	int n = 0, lead = 1;

	for (; *s && *s != 'e' && *s != 'E'; s++) {
		if (*s < '0' || *s > '9')
			continue;
		if (lead && *s == '0')
			continue;
		lead = 0;
		n++;
	}
	return n;
}

/* The text has the form num_format promises: [-]digits[.digits][e[-]digits],
 * no '+', no leading zeros in the exponent, no trailing fraction zeros. */
static int well_formed(const char *s)
{
	const char *e, *dot;

	if (*s == '-')
		s++;
	if (!(*s >= '0' && *s <= '9'))
		return 0;
	e = strchr(s, 'e');
	dot = strchr(s, '.');
	if (dot && (!e || dot < e)) {
		const char *end = e ? e : s + strlen(s);
		if (end[-1] == '0' || end[-1] == '.')
			return 0;
	}
	if (e) {
		e++;
		if (*e == '-')
			e++;
		if (*e == '0' || *e == '\0')
			return 0;
		for (; *e; e++)
			if (*e < '0' || *e > '9')
				return 0;
	}
	return strspn(s, "0123456789.e-") == strlen(s);
}

/* The significant digits of a number's text, without trailing zeros. */
static void mantissa_digits(const char *s, char *out)
{
	int n = 0;

	for (; *s && *s != 'e' && n < 31; s++)
		if (*s >= '0' && *s <= '9' && (n > 0 || *s != '0'))
			out[n++] = *s;
	while (n > 0 && out[n - 1] == '0')
		n--;
	out[n] = '\0';
}

static void check_value(double v)
{
	char buf[NUM_BUFSZ], g[128], want[32], got[32];
	int prec, best = 99;

	num_format(v, buf);
	cr_assert(strtod(buf, NULL) == v, "%.17g -> \"%s\" does not read back", v, buf);
	cr_assert(well_formed(buf), "%.17g -> \"%s\" is not well formed", v, buf);
	if (fabs(v) < 1e17 && v == floor(v)) {
		/* Integral values as plain integers, every digit. */
		snprintf(g, sizeof g, "%.0f", v == 0 ? 0.0 : v);
		cr_assert_str_eq(buf, g, "integral %.17g", v);
		return;
	}
	for (prec = 1; prec <= 17; prec++) {
		snprintf(g, sizeof g, "%.*g", prec, v);
		if (strtod(g, NULL) == v) {
			int d = sig_digits(g);
			if (d < best)
				best = d;
		}
	}
	cr_assert_eq(sig_digits(buf), best,
		     "%.17g -> \"%s\" has %d digits; %d are enough", v, buf, sig_digits(buf), best);
	/* and they are the digits printf rounds to at that precision */
	snprintf(g, sizeof g, "%.*g", best, v);
	mantissa_digits(g, want);
	mantissa_digits(buf, got);
	cr_assert_str_eq(got, want, "%.17g -> \"%s\"; printf rounds to \"%s\"", v, buf, g);
}

static double pow10_int(int k)
{
	char t[16];

	snprintf(t, sizeof t, "1e%d", k);
	return strtod(t, NULL);
}

Test(num_format, property_shortest_round_trip)
{
	int i;

	rng_state = 0x9E3779B97F4A7C15ull;
	for (i = 0; i < 100000; i++) {
		uint64_t r = rng();
		double v;
		switch (i % 4) {
		case 0: {   /* any normal double */
			memcpy(&v, &r, sizeof v);
			if (fpclassify(v) != FP_NORMAL)
				continue;
			break;
		}
		case 1: {   /* a random mantissa at a random decimal magnitude */
			double m = 1 + (double)(r >> 11) / 9007199254740992.0 * 9;
			int k = (int)(rng() % 601) - 300;
			v = m * pow10_int(k);
			if (r & 1)
				v = -v;
			break;
		}
		case 2: {   /* short decimals, the common case in URDF files */
			int digits = 1 + (int)(r % 17), k = (int)((r >> 8) % 30) - 10;
			uint64_t mant = rng() % (uint64_t)pow10_int(digits);
			v = (double)mant / pow10_int(k);
			if (r & 0x100000)
				v = -v;
			break;
		}
		default: {  /* integers, below and around 1e17 */
			v = (double)(r % 200000000000000000ull);
			if (r & 2)
				v = (double)(r % 100000);
			if (r & 4)
				v = -v;
			break;
		}
		}
		if (!isfinite(v) || fpclassify(v) == FP_SUBNORMAL)
			continue;
		check_value(v);
	}
}

/* The digits are made eight at a time (src/num.c): every digit position,
 * zeros inside, at the ends and across the groups, with the point at every
 * place, against the text printf makes of the same decimal. */
Test(num_format, digits_in_every_place)
{
	static const char *const mantissas[] = {
		"1", "9", "10", "101", "1000001", "12345678", "100000001", "123456789",
		"99999999", "100000000", "1234567890123", "100000000000001",
		"9999999999999999", "10203040506070809"
	};
	char text[64], buf[NUM_BUFSZ];
	unsigned i;
	int k;

	for (i = 0; i < sizeof mantissas / sizeof mantissas[0]; i++)
		for (k = 0; k <= 20; k++) {
			int neg;
			for (neg = 0; neg <= 1; neg++) {
				double v;
				snprintf(text, sizeof text, "%s%se-%d", neg ? "-" : "", mantissas[i], k);
				v = strtod(text, NULL);
				num_format(v, buf);
				cr_assert(strtod(buf, NULL) == v, "%s -> \"%s\" does not read back", text, buf);
				check_value(v);
			}
		}
}

/* What strtof reads from printf's %.16g text of X. */
static float via_text16(double x)
{
	char t[64];

	snprintf(t, sizeof t, "%.16g", x);
	return strtof(t, NULL);
}

/* The colour reading (a float scaled in double, printed with 16 digits
 * and read back as a float) settled without printf: the same float, most
 * of all where X lies at or next to the midpoint between two floats. */
Test(num_float_via_text16, as_printf_then_strtof)
{
	int i, k;

	rng_state = 0x2545F4914F6CDD1Dull;
	for (i = 0; i < 300000; i++) {
		uint64_t r = rng();
		float f, g;
		double mid, x;
		switch (i % 3) {
		case 0:   /* a colour as the converter scales it */
			f = (float)((double)(r % 1000001) / 1000000.0);
			x = (double)f / 0.8;
			break;
		case 1:   /* any float's midpoint with its neighbour */
			f = (float)ldexp((double)(r >> 40) / 16777216.0 + 0.5, (int)((r >> 8) % 60) - 40);
			g = nextafterf(f, INFINITY);
			x = ((double)f + g) / 2;
			break;
		default:  /* any double in (0, 2) */
			x = (double)(r >> 11) / 4503599627370496.0;
			break;
		}
		mid = x;
		for (k = -3; k <= 3; k++) {
			double y = mid;
			int s;
			for (s = 0; s < (k < 0 ? -k : k); s++)
				y = nextafter(y, k < 0 ? -INFINITY : INFINITY);
			if (!(y > 0))
				continue;
			cr_assert_eq(num_float_via_text16(y), via_text16(y), "%.17g: %.9g, printf says %.9g",
				     y, (double)num_float_via_text16(y), (double)via_text16(y));
		}
	}
}

/* The same promise for subnormal values, which carry fewer significant
 * bits: the shortest text of the smallest double is "5e-324". */
Test(num_format, subnormals_are_shortest_too)
{
	char buf[NUM_BUFSZ];

	num_format(5e-324, buf);
	cr_assert(strtod(buf, NULL) == 5e-324);
	cr_expect_str_eq(buf, "5e-324");
	num_format(1e-310, buf);
	cr_assert(strtod(buf, NULL) == 1e-310);
	cr_expect_str_eq(buf, "1e-310");
}

/* ---- num_format_g6 ---------------------------------------------------------- */

static void g6_as(double v, const char *want)
{
	char buf[NUM_BUFSZ];
	size_t n = num_format_g6(v, buf);

	cr_assert_str_eq(buf, want, "num_format_g6(%.17g)", v);
	cr_assert_eq(n, strlen(want));
}

Test(num_format_g6, six_significant_digits)
{
	g6_as(1.356886, "1.35689");
	g6_as(-1.356886, "-1.35689");
	g6_as(0, "0");
	g6_as(-0.0, "0");
	g6_as(1, "1");
	g6_as(0.1, "0.1");
	g6_as(0.5, "0.5");
	g6_as(123456, "123456");
	g6_as(1234567, "1.23457e6");
	g6_as(3.14159265358979, "3.14159");
	g6_as(2.6e-6, "3e-6");     /* rounded to 6 decimals first */
	g6_as(1e-6, "1e-6");
	g6_as(0.0000004, "0");
	g6_as(-0.0000004, "0");
	g6_as(0.123456789, "0.123457");
	g6_as(1e300, "1e300");
}

/* printf's %g with its exponent tidied ("1.5e-05" as "1.5e-5"). */
static void printf_g(double v, char *out, size_t size)
{
	char *e, *src;

	snprintf(out, size, "%g", v);
	if ((e = strchr(out, 'e')) == NULL)
		return;
	src = e + 1;
	if (*src == '+')
		src++;
	else if (*src == '-')
		e++, src++;
	while (*src == '0' && src[1])
		src++;
	memmove(e + 1, src, strlen(src) + 1);
}

/* Colours: a float's %g, from the fixed-notation fast path or the exact
 * digits, is printf's text exactly, across magnitudes and near the
 * roundings' halves and decades. */
Test(num_format_float, is_printf_g)
{
	int i;

	rng_state = 0xC2B2AE3D27D4EB4Full;
	for (i = 0; i < 300000; i++) {
		uint64_t r = rng();
		char buf[NUM_BUFSZ], want[64];
		float f;
		switch (i % 3) {
		case 0: f = (float)((double)(r >> 11) / 9007199254740992.0); break;
		case 1: f = (float)((double)(r % 2000001) / 2e6 * pow10_int((int)(rng() % 16) - 6)); break;
		default: {
			uint32_t bits = (uint32_t)r;
			memcpy(&f, &bits, sizeof f);
			if (!isfinite(f))
				continue;
		}
		}
		if (r & (1ull << 63))
			f = -f;
		num_format_float(f, buf);
		printf_g(f == 0 ? 0.0 : (double)f, want, sizeof want);
		cr_assert(strcmp(buf, want) == 0, "float %.9g: \"%s\", printf \"%s\"", (double)f, buf, want);
	}
}

Test(num_format_vec, styles)
{
	double v[3] = { 0.1, 1.356886, 0.01234567 };
	char buf[3 * NUM_BUFSZ];

	cr_assert_eq(num_format_vec(v, 3, NUM_SHORTEST, buf), strlen("0.1 1.356886 0.01234567"));
	cr_assert_str_eq(buf, "0.1 1.356886 0.01234567");
	num_format_vec(v, 3, NUM_G6, buf);
	cr_assert_str_eq(buf, "0.1 1.35689 0.012346");
	cr_assert_eq(num_format_vec(v, 0, NUM_G6, buf), 0);
	cr_assert_str_eq(buf, "");
}

/* ---- num_format_long --------------------------------------------------------- */

Test(num_format_long, as_printf)
{
	static const long vals[] = { 0, 1, -1, 9, 10, -10, 123456789, -2147483648L,
				     9223372036854775807L, -9223372036854775807L - 1 };
	unsigned i;

	for (i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		char buf[NUM_BUFSZ], want[32];
		size_t n = num_format_long(vals[i], buf);
		snprintf(want, sizeof want, "%ld", vals[i]);
		cr_assert_str_eq(buf, want);
		cr_assert_eq(n, strlen(want));
	}
}

/* SDFormat readers refuse subnormal numbers: they become 0. */
Test(num_parse, subnormals_flushed_to_zero)
{
	double v[5] = { 1e-320, -4.9e-324, 2.2250738585072014e-308, 0, 1e-300 };

	cr_assert_eq(num_flush_subnormal(v, 5), 2);
	cr_assert(v[0] == 0 && v[1] == 0, "subnormals left: %g %g", v[0], v[1]);
	cr_assert_eq(v[2], 2.2250738585072014e-308, "the smallest normal stays");
	cr_assert_eq(v[4], 1e-300);
}

/* What the writer prints: SDFormat readers refuse subnormal numbers, and
 * only computation makes them (those read are flushed with a warning). */
Test(num_format, output_form_writes_subnormals_as_zero)
{
	char buf[NUM_BUFSZ];
	double v[3] = { 1e-320, 0.5, -4.9e-324 };
	char vec[3 * NUM_BUFSZ];

	num_format_out(2.5e-321, buf);
	cr_assert_str_eq(buf, "0");
	num_format_out(DBL_MIN, buf);
	cr_assert_str_eq(buf, "2.2250738585072014e-308", "the smallest normal stays");
	num_format_out(0.1, buf);
	cr_assert_str_eq(buf, "0.1");
	num_format_vec(v, 3, NUM_SHORTEST, vec);
	cr_assert_str_eq(vec, "0 0.5 0");
}

/* The reference's readings of <gazebo> tag values and typed blob text:
 * C++'s std::stod, std::stoi and std::stoul read the longest number at the
 * start and say how much they took. */
Test(num, read_stod_as_the_reference)
{
	double v = 0;

	cr_assert_eq(num_read_stod("Inf", &v), 3);
	cr_assert(isinf(v) && v > 0);
	cr_assert_eq(num_read_stod(" -infinity", &v), 10);
	cr_assert(isinf(v) && v < 0);
	cr_assert_eq(num_read_stod("NaN", &v), 3);
	cr_assert(isnan(v));
	cr_assert_eq(num_read_stod("1.5e3abc", &v), 5);
	cr_assert_eq(v, 1500);
	cr_assert_eq(num_read_stod("0x10", &v), 4);
	cr_assert_eq(v, 16);
	cr_assert_eq(num_read_stod("0x1.8p1", &v), 7);
	cr_assert_eq(v, 3);
	cr_assert_eq(num_read_stod("1e", &v), 1);
	cr_assert_eq(v, 1);
	cr_assert_eq(num_read_stod("inferior", &v), 3);
	cr_assert_eq(num_read_stod("high", &v), 0);
	cr_assert_eq(num_read_stod("", &v), 0);
	cr_assert_eq(num_read_stod(".", &v), 0);
	cr_assert_eq(num_read_stod("1e999", &v), -1);
}

Test(num, read_stoi_and_stoul_as_the_reference)
{
	long i = 0;
	unsigned long long u = 0;

	cr_assert_eq(num_read_stoi("10.0", 10, &i), 2);
	cr_assert_eq(i, 10);
	cr_assert_eq(num_read_stoi(" -7x", 10, &i), 3);
	cr_assert_eq(i, -7);
	cr_assert_eq(num_read_stoi("0x1f", 16, &i), 4);
	cr_assert_eq(i, 31);
	cr_assert_eq(num_read_stoi("2147483648", 10, &i), -1);
	cr_assert_eq(num_read_stoi("-2147483648", 10, &i), 11);
	cr_assert_eq(i, -2147483647L - 1);
	cr_assert_eq(num_read_stoi("x", 10, &i), 0);
	cr_assert_eq(num_read_stoul("-3", 10, &u), 2);
	cr_assert_eq(u & 0xffffffffull, 4294967293ull);
	cr_assert_eq(num_read_stoul("666.5", 10, &u), 3);
	cr_assert_eq(u, 666);
	cr_assert_eq(num_read_stoul("99999999999999999999", 10, &u), -1);
}

/* ---- num_read_g: what libsdformat's 6-digit print reads back as ---------- */

static void reads_as_printed(double v)
{
	char buf[64];
	double want, got = num_read_g(v);

	snprintf(buf, sizeof buf, "%g", v);
	want = strtod(buf, NULL);
	cr_assert(memcmp(&got, &want, sizeof got) == 0 || (isnan(got) && isnan(want)),
		  "num_read_g(%.17g) = %.17g, strtod(\"%s\") = %.17g", v, got, buf, want);
}

Test(num_read_g, is_strtod_of_printf)
{
	static const double edges[] = {
		0.0, -0.0, 1e-4, 9.999995e-5, 0.000099999949999, 999999.5, 999999.4999,
		999994.5, 123456.5, 1234565e-7, 0.1234565, 2.5, 0.15, 1.0000005,
		3.14159265358979, -3.14159265358979, 1.5707963267948966, 1e6, 1e-300,
		5e-324, DBL_MAX, -DBL_MIN, 0.099999999999999992, 0.1,
	};
	unsigned i;

	for (i = 0; i < sizeof edges / sizeof *edges; i++)
		reads_as_printed(edges[i]);
	reads_as_printed(INFINITY);
	reads_as_printed(-INFINITY);
	reads_as_printed(NAN);
	rng_state = 0x2545F4914F6CDD1Dull;
	for (i = 0; i < 400000; i++) {
		uint64_t r = rng();
		double v;
		if (i % 3 == 0) {   /* any bit pattern */
			memcpy(&v, &r, sizeof v);
		} else if (i % 3 == 1) {   /* a random value at a pose's magnitudes */
			v = ((double)(r >> 11) / 9007199254740992.0 - 0.5) *
			    pow10_int((int)(rng() % 14) - 6);
		} else {   /* near a tie at the 6th digit: d.ddddd5 */
			uint64_t m = 100000 + rng() % 900000;
			v = ((double)m + 0.5) * pow10_int((int)(r % 12) - 11);
			v = (r & 0x10000) ? nextafter(v, 0) : (r & 0x20000) ? nextafter(v, 1e300) : v;
		}
		reads_as_printed(v);
	}
}

/* ---- the formatters against the ones they replaced ------------------------
 *
 * The text u2s writes for a number must not change when its printing is
 * made cheaper: below is a copy of src/num.c's formatting as it was before
 * (issue 40), every name prefixed old_, and the test compares the two, byte
 * for byte, over millions of doubles of every kind.  U2S_TIER=full runs
 * many more. */
/* Rewrites printf's exponent "e-07" / "e+300" as "e-7" / "e300". */
static size_t old_tidy_exponent(char *buf, size_t len)
{
	char *e = strchr(buf, 'e');
	char *src, *dst;

	if (!e)
		return len;
	dst = e + 1;
	src = e + 1;
	if (*src == '+')
		src++;
	else if (*src == '-')
		*dst++ = *src++;
	while (*src == '0' && src[1] != '\0')
		src++;
	memmove(dst, src, strlen(src) + 1);
	return strlen(buf);
}

static size_t old_num_format_long(long v, char *buf)
{
	char digits[24];
	unsigned long u = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
	size_t n = 0, len = 0;

	do {
		digits[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		buf[len++] = '-';
	while (n)
		buf[len++] = digits[--n];
	buf[len] = '\0';
	return len;
}

static const unsigned long long old_P10[] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
	1000000000000ull, 10000000000000ull, 100000000000000ull,
	1000000000000000ull, 10000000000000000ull, 100000000000000000ull
};

/* The eight decimal digits of X (< 10^8, leading zeros kept) as ASCII, the
 * first digit in the lowest byte: split into halves of four digits, those
 * into pairs, the pairs into digits, every lane of the word at once (each
 * step's multiply-and-shift divides exactly in the lane's range). */
static inline uint64_t old_eight_digits(uint32_t x)
{
	uint64_t v = (uint64_t)(x / 10000) | ((uint64_t)(x % 10000) << 32);
	uint64_t hundreds = ((v * 10486) >> 20) & 0x0000007F0000007Full;   /* /100 */
	uint64_t pairs = hundreds | ((v - hundreds * 100) << 16);
	uint64_t tens = ((pairs * 103) >> 10) & 0x000F000F000F000Full;      /* /10 */
	uint64_t w = tens | ((pairs - tens * 10) << 8);

	w += 0x3030303030303030ull;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

/* M as 24 decimal digits, leading zeros kept, into D[0..23]. */
static inline void old_digits24(unsigned long long m, char d[24])
{
	unsigned long long hi = m / 100000000;
	uint64_t w[3];

	w[0] = old_eight_digits((uint32_t)(hi / 100000000));   /* < 1845: M < 2^64 */
	w[1] = old_eight_digits((uint32_t)(hi % 100000000));
	w[2] = old_eight_digits((uint32_t)(m % 100000000));
	memcpy(d, w, sizeof w);
}

/* How many '0' bytes end (TRAILING) or begin the 8 digits W. */
static inline int old_zero_digits(uint64_t w, int trailing)
{
	uint64_t x = w ^ 0x3030303030303030ull;   /* '0' bytes become 0 */

	if (!x)
		return 8;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return (trailing ? __builtin_ctzll(x) : __builtin_clzll(x)) / 8;
#else
	return (trailing ? __builtin_clzll(x) : __builtin_ctzll(x)) / 8;
#endif
}

/* The decimal M * 10^-K (M an integer, 0 <= K <= 20), negated when NEG:
 * trailing zeros of the fraction dropped, at least one digit before the
 * point.  M's 24 digits are made at once; the text is then two copies
 * out of them (of a fixed size, which the compiler makes a few moves;
 * S has room for what they copy beyond the text).  The longest text is
 * 23 bytes ("-0." and 20 digits). */
static size_t old_write_fixed(int neg, unsigned long long m, int k, char buf[NUM_BUFSZ])
{
	static const uint64_t zeros = 0x3030303030303030ull;   /* "00000000" */
	uint64_t w[6];   /* M's 24 digits, then what the copies read past them */
	const char *d = (const char *)w;
	char s[64], *p = s;
	int lead, trail, i, first;

	w[3] = w[4] = w[5] = zeros;
	if (m < 100000000) {   /* most numbers: one group */
		w[0] = w[1] = zeros;
		w[2] = old_eight_digits((uint32_t)m);
		lead = 16 + old_zero_digits(w[2], 0);
		trail = m ? old_zero_digits(w[2], 1) : 24;
	} else {
		old_digits24(m, (char *)w);
		for (i = 0, lead = 0; i < 3 && (lead += old_zero_digits(w[i], 0)) == 8 * (i + 1); i++)
			;
		for (i = 2, trail = 0; i >= 0 && (trail += old_zero_digits(w[i], 1)) == 8 * (3 - i); i--)
			;
	}
	/* The integer part is D[first..24-K): from the first significant digit,
	 * or the '0' just before the point when there is none. */
	first = lead < 23 - k ? lead : 23 - k;
	*p = '-';
	p += neg;
	memcpy(p, d + first, 24);
	p += 24 - k - first;
	if (trail > k)
		trail = k;
	if (k > trail) {
		*p = '.';
		memcpy(p + 1, d + 24 - k, 24);
		p += 1 + k - trail;
	}
	*p = '\0';
	memcpy(buf, s, 24);   /* the longest text, 23 bytes, and its NUL */
	return (size_t)(p - s);
}

/* The fast path of old_num_format(): V as a plain decimal of at most six
 * fractional digits, when one reads back as V.  M, the integer nearest
 * V * 10^6, is exact and so is 10^6, and division is correctly rounded:
 * M / 10^6 == V is exactly "the decimal M e-6 reads back as V".  Below
 * 2^50, an M that reads back is within 1/8 of V * 10^6, so a shorter
 * decimal that reads back is M with trailing zeros dropped: M's zeros
 * give the shortest text.  Returns 0 when V is out of range or needs more
 * digits (the caller then uses old_format_exact). */
static size_t old_format_decimal(double v, char buf[NUM_BUFSZ])
{
	double a = fabs(v), scaled = a * 1e6;
	unsigned long long m;

	if (!(a >= 1e-4 && scaled < 1125899906842624.0))
		return 0;
	m = (unsigned long long)(scaled + 0.5);
	if ((double)m / 1e6 != a)
		return 0;
	return old_write_fixed(v < 0, m, 6, buf);
}

/* Writes the decimal DIGITS (N of them, no leading zero) times 10^EXP10
 * (the exponent of the first digit) as printf's %g would with precision P:
 * trailing zeros dropped, exponent form below 1e-4 or from 10^P on. */
static size_t old_write_g(int neg, char *digits, int n, int exp10, int p, char buf[NUM_BUFSZ])
{
	size_t len = 0;
	int i;

	while (n > 1 && digits[n - 1] == '0')
		n--;
	if (neg)
		buf[len++] = '-';
	if (exp10 < -4 || exp10 >= p) {
		buf[len++] = digits[0];
		if (n > 1) {
			buf[len++] = '.';
			for (i = 1; i < n; i++)
				buf[len++] = digits[i];
		}
		buf[len++] = 'e';
		len += old_num_format_long(exp10, buf + len);
	} else if (exp10 < 0) {
		buf[len++] = '0';
		buf[len++] = '.';
		for (i = -1; i > exp10; i--)
			buf[len++] = '0';
		for (i = 0; i < n; i++)
			buf[len++] = digits[i];
	} else {
		for (i = 0; i < n || i <= exp10; i++) {
			if (i == exp10 + 1)
				buf[len++] = '.';
			buf[len++] = i < n ? digits[i] : '0';
		}
	}
	buf[len] = '\0';
	return len;
}

/* Rounds the 17 DIGITS of a %.16e text to P digits in place, half up;
 * returns the exponent change (1 when 9.99... carried into 10), or -1 when
 * the dropped part is exactly a half: the 17-digit text cannot tell which
 * way the exact value rounds, and the caller asks printf. */
static int old_round_digits(char *digits, int p)
{
	int i, carry;

	if (digits[p] == '5') {
		for (i = p + 1; i < 17 && digits[i] == '0'; i++)
			;
		if (i == 17)
			return -1;
	}
	carry = digits[p] >= '5';
	for (i = p - 1; i >= 0 && carry; i--) {
		if (digits[i] == '9') {
			digits[i] = '0';
		} else {
			digits[i]++;
			carry = 0;
		}
	}
	if (carry) {
		memmove(digits + 1, digits, (size_t)p - 1);
		digits[0] = '1';
		return 1;
	}
	return 0;
}

/* ---- exact decimal digits ------------------------------------------------ */

/* A normal double A > 0 as an exact fixed-point decimal, in 128-bit
 * integers: A = M / 2^S with M the 53-bit significand, and
 *   A * 10^K = N / 2^(S-K) = Q + R / 2^(S-K),   N = M * 5^K,
 * with Q the 17-digit integer part (10^16 <= Q < 10^17).  Splitting 10^K
 * into 5^K * 2^K keeps N within 128 bits for K up to 32 (A down to about
 * 1e-16).  One unit of the 17th digit is then 1 in Q. */
struct old_exact {
	unsigned long long m, q;
	unsigned __int128 r, five_k;   /* R, and 5^K */
	int shift, k;                  /* S - K, and K */
};

#define old_TEN16 old_P10[16]
#define old_TEN17 old_P10[17]

/* 5^K for K <= 32: 5^27 is the last power that fits 64 bits. */
static unsigned __int128 old_pow5(int k)
{
	static const unsigned long long p5[28] = {
		1ull, 5ull, 25ull, 125ull, 625ull, 3125ull, 15625ull, 78125ull, 390625ull,
		1953125ull, 9765625ull, 48828125ull, 244140625ull, 1220703125ull,
		6103515625ull, 30517578125ull, 152587890625ull, 762939453125ull,
		3814697265625ull, 19073486328125ull, 95367431640625ull, 476837158203125ull,
		2384185791015625ull, 11920928955078125ull, 59604644775390625ull,
		298023223876953125ull, 1490116119384765625ull, 7450580596923828125ull
	};

	return k <= 27 ? p5[k] : (unsigned __int128)p5[27] * p5[k - 27];
}

/* Returns 0, or -1 when A is out of the range the integers can hold (then
 * the caller asks printf). */
static int old_exact_scale(double a, struct old_exact *x)
{
	unsigned long long bits;
	int biased, e2, i, lg;
	unsigned __int128 n;

	memcpy(&bits, &a, sizeof bits);
	biased = (int)(bits >> 52) & 0x7ff;
	if (biased == 0 || biased == 0x7ff)
		return -1;                       /* subnormal, inf, nan */
	x->m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
	e2 = biased - 1075;                  /* A = M * 2^E2 */
	/* floor(log10(2^(E2+52))) by 78913 / 2^18 ~ log10(2), an estimate
	 * the loop corrects by one either way */
	lg = (e2 + 52) * 78913;
	lg = lg >= 0 ? lg >> 18 : -((-lg + (1 << 18) - 1) >> 18);
	x->k = 16 - lg;
	for (i = 0; i < 3; i++) {
		x->shift = -e2 - x->k;
		if (x->k < 0 || x->k > 32 || x->shift <= 0 || x->shift > 120)
			return -1;
		x->five_k = old_pow5(x->k);
		n = (unsigned __int128)x->m * x->five_k;
		x->q = (unsigned long long)(n >> x->shift);   /* < 2^64: see the checks */
		if ((n >> x->shift) >= old_TEN17)
			x->k--;
		else if (x->q < old_TEN16)
			x->k++;
		else
			break;
	}
	if (i == 3)
		return -1;
	x->r = n - ((unsigned __int128)x->q << x->shift);
	return 0;
}

/* Twice the distance from the integer C (in units of Q) to A, in units of
 * 2^-(S-K); *BELOW tells whether C is under A.  |C - Q| <= 13. */
static unsigned __int128 old_twice_distance(const struct old_exact *x, unsigned long long c, int *below)
{
	unsigned __int128 one = (unsigned __int128)1 << x->shift;

	*below = c <= x->q;
	if (*below)
		return 2 * ((x->q - c) * one + x->r);
	return 2 * ((c - x->q) * one - x->r);
}

/* Whether a decimal at twice the distance D from A (in units of
 * 2^-(S-K)), below A when BELOW, reads back as A: it must lie within half
 * a unit in the last place of A, whose neighbours are one place away
 * (half a place below a power of two), ties going to the even significand. */
static int old_within_half_place(const struct old_exact *x, unsigned __int128 d, int below)
{
	if (below && x->m == (1ull << 52))
		d *= 2;
	return (x->m & 1) ? d < x->five_k : d <= x->five_k;
}

/* Whether the integer C (in units of Q) reads back as A. */
static int old_reads_back(const struct old_exact *x, unsigned long long c)
{
	unsigned __int128 d;
	int below;

	if (c + 13 < x->q || c > x->q + 13)
		return 0;   /* half a place is at most 11.1 units of Q */
	d = old_twice_distance(x, c, &below);
	return old_within_half_place(x, d, below);
}

/* Of the two multiples of UNIT around Q, the one nearest A (a tie to the
 * even multiple, as printf rounds), in units of Q; *D is twice its
 * distance from A and *BELOW whether it is under A.  Q must be within 13
 * units of both. */
static inline unsigned long long old_nearest_multiple(const struct old_exact *x, unsigned long long unit,
						  unsigned __int128 *d, int *below)
{
	unsigned long long lo = x->q - x->q % unit, hi = lo + unit;
	unsigned __int128 dlo, dhi;
	int lower;

	dlo = old_twice_distance(x, lo, below);
	dhi = old_twice_distance(x, hi, below);
	lower = dlo == dhi ? (lo / unit) % 2 == 0 : dlo < dhi;
	*d = lower ? dlo : dhi;
	*below = lower;
	return lower ? lo : hi;
}

/* The P-digit decimal nearest A, in units of Q (its 17-P last digits
 * zero), when it reads back as A; else 0. */
static unsigned long long old_nearest_if_exact(const struct old_exact *x, int p)
{
	unsigned long long unit = old_P10[17 - p], lo = x->q - x->q % unit, hi = lo + unit, c;
	unsigned __int128 d;
	int below;

	if (x->q - lo > 13)
		return hi - x->q <= 13 && old_reads_back(x, hi) ? hi : 0;
	if (hi - x->q > 13)
		return old_reads_back(x, lo) ? lo : 0;
	c = old_nearest_multiple(x, unit, &d, &below);
	return old_within_half_place(x, d, below) ? c : 0;
}

/* The 17-digit decimal nearest A, in units of Q (ties to the even digit).
 * It always reads back: it is within half a unit of A, and half a place
 * of A is at least 0.55 units (Q >= 10^16 and a place is 2^-52 of A, or
 * half that below a power of two). */
static unsigned long long old_nearest17(const struct old_exact *x)
{
	unsigned __int128 twice_r = 2 * x->r, one = (unsigned __int128)1 << x->shift;

	return x->q + (twice_r > one || (twice_r == one && (x->q & 1)));
}

/* The digits of C (a multiple of 10^(17-P), at most 10^17) into DIGITS;
 * returns how many, and adds to *EXP10 when C carried to 10^17. */
static int old_c_digits(unsigned long long c, int p, char digits[17], int *exp10)
{
	int i;

	if (c == old_TEN17) {
		digits[0] = '1';
		++*exp10;
		return 1;
	}
	c /= old_P10[17 - p];
	for (i = p - 1; i >= 0; i--) {
		digits[i] = (char)('0' + (int)(c % 10));
		c /= 10;
	}
	return p;
}

/* The decimal of P digits C (no leading zero) times 10^EXP10, EXP10 the
 * exponent of its first digit, as %.17g writes it: trailing zeros
 * dropped, exponent form below 1e-4 and from 1e17 on. */
static size_t old_write_digits(int neg, unsigned long long c, int p, int exp10, char buf[NUM_BUFSZ])
{
	int k = p - 1 - exp10;   /* digits after the point */
	size_t len;

	if (exp10 >= -4 && exp10 < 17) {
		if (k < 0)
			return old_write_fixed(neg, c * old_P10[-k], 0, buf);
		return old_write_fixed(neg, c, k, buf);
	}
	/* d.ddde-X: C's digits with the point after the first */
	len = old_write_fixed(neg, c, p - 1, buf);
	buf[len++] = 'e';
	len += old_num_format_long(exp10, buf + len);
	return len;
}

/* The shortest text of V (normal, non-zero) from exact integer arithmetic.
 * Half a place of V is at most 11.1 units of Q, a 15-digit decimal's unit
 * is 100: at most one 15-digit decimal reads back as V, and any shorter
 * one that does is that one with zeros at the end.  So when the nearest
 * 15-digit decimal reads back, it is the answer (old_write_digits drops its
 * zeros); else the nearest of 16 digits, else of 17.  Returns 0 out of
 * range (the caller asks printf). */
static size_t old_format_exact(double v, char buf[NUM_BUFSZ])
{
	struct old_exact x;
	unsigned long long best;
	int p, exp10;

	if (old_exact_scale(fabs(v), &x) != 0)
		return 0;
	/* What reaches here mostly needs 15 to 17 digits (shorter decimals
	 * took old_format_decimal).  15 or fewer can read back only when Q's last
	 * two digits are within half a place (at most 11.1 units) of a
	 * multiple of 100. */
	if (!((x.q % 100 <= 12 || x.q % 100 >= 88) && (best = old_nearest_if_exact(&x, p = 15)) != 0) &&
	    (best = old_nearest_if_exact(&x, p = 16)) == 0)
		best = old_nearest17(&x), p = 17;
	exp10 = 16 - x.k;
	if (best == old_TEN17) {   /* 99..9 carried into one more digit */
		best = 1;
		p = 1;
		exp10++;
	} else {
		best /= old_P10[17 - p];
	}
	return old_write_digits(v < 0, best, p, exp10, buf);
}

/* The 17 significant digits of A (> 0) correctly rounded, and the decimal
 * exponent of the first.  Returns 0, or -1 out of range or on an exact
 * half (the caller then asks printf). */
static int old_digits17(double a, char digits[17], int *exp10)
{
	struct old_exact x;
	unsigned long long q;
	unsigned __int128 half;

	if (old_exact_scale(a, &x) != 0)
		return -1;
	half = (unsigned __int128)1 << (x.shift - 1);
	if (x.r == half)
		return -1;
	q = x.q + (x.r > half);
	if (q == old_TEN17)
		return -1;                       /* 99..9 carried: rare, let printf do it */
	*exp10 = 16 - x.k;
	old_c_digits(q, 17, digits, exp10);
	return 0;
}

/* Shortest text for values the plain-decimal path cannot take: the 17
 * correctly rounded digits, then the 15- and 16-digit roundings made from
 * them and checked by reading them back. */
static size_t old_format_search(double v, char buf[NUM_BUFSZ])
{
	char digits[17];
	int exp10, p, i, neg = v < 0;
	double back;

	if (old_digits17(fabs(v), digits, &exp10) != 0) {
		char e17[40];
		snprintf(e17, sizeof e17, "%.16e", fabs(v));
		digits[0] = e17[0];
		for (i = 1; i < 17; i++)
			digits[i] = e17[i + 1];
		exp10 = atoi(e17 + 19);
	}
	for (p = 15; p <= 16; p++) {
		char d[17];
		int shift;
		size_t len;
		memcpy(d, digits, sizeof d);
		shift = old_round_digits(d, p);
		if (shift < 0) {
			len = (size_t)snprintf(buf, NUM_BUFSZ, "%.*g", p, v);
			len = old_tidy_exponent(buf, len);
		} else {
			len = old_write_g(neg, d, p, exp10 + shift, p, buf);
		}
		if (num_parse(buf, &back) == 0 && back == v)
			return len;   /* num_parse: strtod's value, faster on 15 digits */
	}
	return old_write_g(neg, digits, 17, exp10, 17, buf);
}

static size_t old_num_format(double v, char buf[NUM_BUFSZ])
{
	int prec, len = 0;
	size_t fast;

	if (v == 0) {
		buf[0] = '0';
		buf[1] = '\0';
		return 1;
	}
	if (!isfinite(v)) {
		/* Non-finite values never reach here from a valid model. */
		strcpy(buf, v == 0 ? "0" : (isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf")));
		return strlen(buf);
	}
	if ((fast = old_format_decimal(v, buf)) != 0)
		return fast;
	if (fabs(v) < 1e17 && v == floor(v))
		return (size_t)snprintf(buf, NUM_BUFSZ, "%.0f", v);
	if ((fast = old_format_exact(v, buf)) != 0)
		return fast;
	if (fabs(v) >= DBL_MIN)
		return old_format_search(v, buf);
	/* Subnormals may need very few digits: search from 1. */
	for (prec = 1; prec <= 17; prec++) {
		len = snprintf(buf, NUM_BUFSZ, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return old_tidy_exponent(buf, (size_t)len);
}

/* |V| rounded to 6 significant digits as printf("%g") rounds it, in fixed
 * notation (1e-4 <= |V| < 1e6), when the rounding is clear: V * 10^(5-X),
 * X the decimal exponent, is off by less than 1e-9 (the power is exact,
 * the product rounded once), so its nearest integer is the exact value's
 * unless the fraction is that close to a half.  Sets *WHOLE (1e5 to
 * 1e6-1) and *PLACES (the digits after the point, 0 to 9) and returns 1,
 * or returns 0 for printf to decide. */
static int old_g_digits_fixed(double v, double *whole, int *places)
{
	static const double pow10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	double a = fabs(v), scaled, w;
	int x = 5;

	if (!(a >= 1e-4 && a < 1e6))
		return 0;
	while (x > -4 && a * pow10[5 - x] < 1e5)   /* exact below 1e15: no rounding */
		x--;
	scaled = a * pow10[5 - x];
	w = floor(scaled);
	if (fabs(scaled - w - 0.5) < 1e-9 || !(w >= 1e5 - 1 && w < 1e6))
		return 0;
	w += scaled - w > 0.5;
	if (w < 1e5 || w >= 1e6)
		return 0;   /* rounded to 7 digits, or short of 6: the general path */
	*whole = w;
	*places = 5 - x;
	return 1;
}

/* printf("%g") of V in fixed notation, when old_g_digits_fixed() can say it. */
static size_t old_format_g_fixed(double v, char buf[NUM_BUFSZ])
{
	double whole;
	int places;

	if (!old_g_digits_fixed(v, &whole, &places))
		return 0;
	return old_write_fixed(v < 0, (unsigned long long)whole, places, buf);
}

static double old_num_read_g(double v)
{
	static const double pow10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	char buf[NUM_BUFSZ + 8];
	double whole;
	int places;

	if (v == 0 || !isfinite(v))
		return v;
	/* WHOLE and the power are exact: one division, correctly rounded,
	 * is the double nearest the decimal, which is what strtod reads. */
	if (old_g_digits_fixed(v, &whole, &places))
		return copysign(whole / pow10[places], v);
	snprintf(buf, sizeof buf, "%g", v);
	return strtod(buf, NULL);
}

/* printf("%g") with "0" for zero and a tidy exponent, from the exact
 * digits where they can be had (printf otherwise). */
static size_t old_format_g(double v, char buf[NUM_BUFSZ])
{
	char digits[17];
	int exp10, shift;
	size_t fast;

	if (v == 0) {
		buf[0] = '0';
		buf[1] = '\0';
		return 1;
	}
	if ((fast = old_format_g_fixed(v, buf)) != 0)
		return fast;
	if (old_digits17(fabs(v), digits, &exp10) == 0 && (shift = old_round_digits(digits, 6)) >= 0)
		return old_write_g(v < 0, digits, 6, exp10 + shift, 6, buf);
	return old_tidy_exponent(buf, (size_t)snprintf(buf, NUM_BUFSZ, "%g", v));
}

static size_t old_num_format_g6(double v, char buf[NUM_BUFSZ])
{
	double s = round(v * 1e6), r = s / 1e6;
	unsigned long long m, t;

	if (!isfinite(r))
		return old_format_g(v, buf);
	/* Most values have few digits: M = |S|, 6 places of it after the
	 * point, is then what %g prints (and the shortest text of R), without
	 * printf's cost.  Its significant digits are T's: M without the zeros
	 * at its end that the 6 places hold. */
	if (fabs(s) >= 100 && fabs(s) < 1e12) {   /* 1e-4 <= |R| < 1e6 */
		m = (unsigned long long)fabs(s);
		if (m % 1000000 == 0) {
			t = m / 1000000;
		} else {   /* at most 5 zeros */
			t = m % 1000 == 0 ? m / 1000 : m;
			t = t % 100 == 0 ? t / 100 : t;
			t = t % 10 == 0 ? t / 10 : t;
		}
		if (t < 1000000)
			return old_write_fixed(s < 0, m, 6, buf);
	}
	return old_format_g(r, buf);
}

static size_t old_num_format_float(float v, char buf[NUM_BUFSZ])
{
	return old_format_g(v, buf);
}

__attribute__((unused)) static size_t old_num_format_float_shortest(float v, char buf[NUM_BUFSZ])
{
	int p;

	if (v == 0) {
		strcpy(buf, "0");
		return 1;
	}
	for (p = 6; p < 9; p++) {
		snprintf(buf, NUM_BUFSZ, "%.*g", p, (double)v);
		if (strtof(buf, NULL) == v)
			break;
	}
	if (p == 9)
		snprintf(buf, NUM_BUFSZ, "%.9g", (double)v);
	return old_tidy_exponent(buf, strlen(buf));
}

static size_t old_num_format_out(double v, char buf[NUM_BUFSZ])
{
	return old_num_format(fpclassify(v) == FP_SUBNORMAL ? 0.0 : v, buf);
}

static size_t old_num_format_vec(const double *v, int n, enum num_style style, char *buf)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i)
			buf[len++] = ' ';
		if (v[i] == 0) {   /* the most common number, in both styles */
			buf[len++] = '0';
			buf[len] = '\0';
		} else if (style == NUM_G6)
			len += old_num_format_g6(v[i], buf + len);
		else
			len += old_num_format_out(v[i], buf + len);
	}
	return len;
}

/* Both formatters' texts of V, in every form, must be the same. */
static void same_as_before(double v)
{
	char got[NUM_BUFSZ + 8], want[NUM_BUFSZ + 8];
	size_t n, m;
	double a, b;

	n = num_format(v, got);
	m = old_num_format(v, want);
	cr_assert(n == m && strcmp(got, want) == 0, "num_format(%a): \"%s\", before \"%s\"", v, got, want);
	n = num_format_out(v, got);
	m = old_num_format_out(v, want);
	cr_assert(n == m && strcmp(got, want) == 0, "num_format_out(%a): \"%s\", before \"%s\"", v, got, want);
	n = num_format_g6(v, got);
	m = old_num_format_g6(v, want);
	cr_assert(n == m && strcmp(got, want) == 0, "num_format_g6(%a): \"%s\", before \"%s\"", v, got, want);
	n = num_format_float((float)v, got);
	m = old_num_format_float((float)v, want);
	cr_assert(n == m && strcmp(got, want) == 0, "num_format_float(%a): \"%s\", before \"%s\"", v, got, want);
	a = num_read_g(v);
	b = old_num_read_g(v);
	cr_assert(memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b)), "num_read_g(%a)", v);
}

/* A double of the kind I (mod 8) names, from the random R and rng(). */
static double any_kind(uint64_t r, int i)
{
	static const double scale[] = { 1e-3, 1e-2, 0.1, 1, 10, 100, 1e3, 1e4 };
	double v;
	int k;

	switch (i % 8) {
	case 0:   /* any bit pattern: subnormals, huge, tiny, inf, nan */
		memcpy(&v, &r, sizeof v);
		return v;
	case 1:   /* a short decimal: 1 to 9 digits, 0 to 12 places; or a
		   decimal of 15 to 17 digits ending in 5, 1e-40 to 1e20: the
		   double nearest it lies next to a tie at 14 to 16 digits */
		if (r & 0x100000) {
			char t[64];
			snprintf(t, sizeof t, "%llu5e%d", (unsigned long long)(old_P10[13 + r % 3] +
				 rng() % (9 * old_P10[13 + r % 3])), (int)((r >> 8) % 61) - 56);
			return strtod(t, NULL) * ((r >> 63) ? -1 : 1);
		}
		v = (double)(rng() % old_P10[1 + r % 9]) / pow10_int((int)((r >> 8) % 13));
		break;
	case 2:   /* a computed pose: 15 to 17 digits, a pose's magnitudes */
		v = ((double)(r >> 11) / 9007199254740992.0 - 0.5) * scale[rng() % 8];
		break;
	case 3:   /* around a power of ten, a few places either side */
		k = (int)(r % 80) - 40;
		v = pow10_int(k);
		for (k = (int)((r >> 8) % 7) - 3; k != 0; k += k < 0 ? 1 : -1)
			v = nextafter(v, k < 0 ? 0 : INFINITY);
		break;
	case 4:   /* around a power of two */
		v = ldexp(1, (int)(r % 200) - 100);
		for (k = (int)((r >> 8) % 7) - 3; k != 0; k += k < 0 ? 1 : -1)
			v = nextafter(v, k < 0 ? 0 : INFINITY);
		break;
	case 5:   /* integers, small and up to 2^64, and 53-bit ones halved a few
		   times: exact decimals of 17 digits and more, ties at 16 */
		v = (r & 0x10) ? (double)(rng() % 1000) : (double)(rng() >> (r % 64));
		if (r & 0x20)
			v = ldexp((double)(rng() >> 11), -1 - (int)((r >> 8) % 12));
		break;
	case 6:   /* any normal magnitude, any mantissa; half of them 1e-40 to 1e17 */
		k = (r & 1) ? (int)(rng() % 57) - 40 : (int)(rng() % 617) - 308;
		v = (1 + (double)(r >> 11) / 9007199254740992.0) * pow10_int(k);
		break;
	default:   /* the short decimals of a colour or mass: 1e-6 to 1e9 */
		v = (double)(rng() % 1000000000) / pow10_int((int)((r >> 8) % 16));
		if (r & 0x1000)
			v = nextafter(v, (r & 0x2000) ? 0 : INFINITY);
		break;
	}
	return (r >> 63) ? -v : v;
}

Test(num_format, same_text_as_before, .timeout = 600)
{
	const char *tier = getenv("U2S_TIER");
	long i, n = tier && strcmp(tier, "full") == 0 ? 12000000 : 2000000;
	static const double edges[] = {
		0.0, -0.0, 1e-4, 9.9999999999999991e-5, 1e17, 99999999999999984.0, 1e16,
		5e-324, DBL_MIN, DBL_MAX, 0.1 + 0.2, 1.0 / 3, 1125899906.842624, 1e-16,
		4.4983706112096250e-22, 1.2246467991473532e-16, 0.3125, 18446744073709551616.0,
	};

	for (i = 0; i < (long)(sizeof edges / sizeof *edges); i++)
		same_as_before(edges[i]);
	same_as_before(INFINITY);
	same_as_before(-INFINITY);
	same_as_before(NAN);
	rng_state = 0x0123456789ABCDEFull;
	for (i = 0; i < n; i++)
		same_as_before(any_kind(rng(), (int)i));
}

/* The vector forms, zeros and all. */
Test(num_format_vec, same_text_as_before)
{
	long i;

	rng_state = 0xFEDCBA9876543210ull;
	for (i = 0; i < 100000; i++) {
		double v[4];
		char got[4 * NUM_BUFSZ], want[4 * NUM_BUFSZ];
		int j, n = 1 + (int)(i % 4);
		enum num_style st = (i & 4) ? NUM_G6 : NUM_SHORTEST;
		for (j = 0; j < n; j++)
			v[j] = (rng() & 3) == 0 ? 0.0 : any_kind(rng(), (int)(i >> 3) + j);
		cr_assert_eq(num_format_vec(v, n, st, got), old_num_format_vec(v, n, st, want));
		cr_assert_str_eq(got, want);
	}
}
