/* num: strict number parsing and shortest round-trip formatting. */
#include "num.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Length of a decimal number at S: [+-] digits [. digits] [e [+-] digits],
 * with at least one digit in the mantissa.  0 when S does not start with one.
 * Checked by hand so that strtod's extras (hex, "inf", "nan") stay out. */
static size_t decimal_len(const char *s)
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
static inline long parse_fast(const char *s, double *out)
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

/* Parses one number at *S, advancing *S past it; sets *SLOW when strtod
 * read it (only strtod's numbers can be subnormal). */
static inline int parse_one(const char **s, double *out, int *slow)
{
	long fast = parse_fast(*s, out);
	size_t n;
	char *end;
	double v;

	if (fast > 0) {
		*s += fast;
		return 0;
	}
	if (fast == 0 || (n = decimal_len(*s)) == 0)
		return -1;
	*slow = 1;
	v = strtod(*s, &end);
	if ((size_t)(end - *s) != n || !isfinite(v))
		return -1;
	*s = end;
	*out = v;
	return 0;
}

int num_parse(const char *s, double *out)
{
	return num_parse_vec(s, out, 1);
}

/* num_parse_vec(), and *SLOW set when strtod read a number. */
static inline int parse_vec(const char *s, double *out, int n, int *slow)
{
	int i;

	for (i = 0;; i++) {
		while (is_blank(*s))
			s++;
		if (*s == '\0')
			return i == n ? 0 : -1;
		if (i == n)
			return -1;
		if (s[0] == '0' && (s[1] == '\0' || is_blank(s[1]))) {
			out[i] = 0;   /* "0", the most common number of all */
			s++;
			continue;
		}
		if (parse_one(&s, &out[i], slow) != 0)
			return -1;
		if (*s != '\0' && !is_blank(*s))
			return -1;
	}
}

int num_parse_vec(const char *s, double *out, int n)
{
	int slow = 0;

	return parse_vec(s, out, n, &slow);
}

int num_parse_vec_flush(const char *s, double *out, int n)
{
	int slow = 0;

	if (parse_vec(s, out, n, &slow) != 0)
		return -1;
	return slow ? num_flush_subnormal(out, n) : 0;
}

int num_parse_int(const char *s, long *out)
{
	char *end;
	long v;

	while (is_blank(*s))
		s++;
	if (!((*s >= '0' && *s <= '9') || ((*s == '-' || *s == '+') && s[1] >= '0' && s[1] <= '9')))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno == ERANGE)
		return -1;
	while (is_blank(*end))
		end++;
	if (*end != '\0')
		return -1;
	*out = v;
	return 0;
}

/* Rewrites printf's exponent "e-07" / "e+300" as "e-7" / "e300". */
static size_t tidy_exponent(char *buf, size_t len)
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

size_t num_format_long(long v, char *buf)
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

static const unsigned long long P10[] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
	1000000000000ull, 10000000000000ull, 100000000000000ull,
	1000000000000000ull, 10000000000000000ull, 100000000000000000ull
};

/* The eight decimal digits of X (< 10^8, leading zeros kept) as ASCII, the
 * first digit in the lowest byte of the value (whatever the byte order:
 * the shifts of write_fixed_short count on it): split into halves of four
 * digits, those into pairs, the pairs into digits, every lane of the word
 * at once (each step's multiply-and-shift divides exactly in the lane's
 * range). */
static inline uint64_t eight_digits_le(uint32_t x)
{
	uint64_t v = (uint64_t)(x / 10000) | ((uint64_t)(x % 10000) << 32);
	uint64_t hundreds = ((v * 10486) >> 20) & 0x0000007F0000007Full;   /* /100 */
	uint64_t pairs = hundreds | ((v - hundreds * 100) << 16);
	uint64_t tens = ((pairs * 103) >> 10) & 0x000F000F000F000Full;      /* /10 */
	uint64_t w = tens | ((pairs - tens * 10) << 8);

	return w + 0x3030303030303030ull;
}

/* Stores the 8 bytes of W at P, its lowest byte first. */
static inline void put8(char *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	memcpy(p, &w, sizeof w);
}

/* The eight digits of X in memory order (the first digit first). */
static inline uint64_t eight_digits(uint32_t x)
{
	uint64_t w = eight_digits_le(x);

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

/* M as 24 decimal digits, leading zeros kept, into D[0..23]. */
static inline void digits24(unsigned long long m, char d[24])
{
	unsigned long long hi = m / 100000000;
	uint64_t w[3];

	w[0] = eight_digits((uint32_t)(hi / 100000000));   /* < 1845: M < 2^64 */
	w[1] = eight_digits((uint32_t)(hi % 100000000));
	w[2] = eight_digits((uint32_t)(m % 100000000));
	memcpy(d, w, sizeof w);
}

/* How many '0' bytes end (TRAILING) or begin the 8 digits W. */
static inline int zero_digits(uint64_t w, int trailing)
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

/* write_fixed() for M < 10^16 and K <= 7, the numbers most often
 * written (format_decimal's, num_format_g6's): M's two groups of eight
 * digits, the integer part then the fraction each stored with one or two
 * 8-byte moves (BUF has room for what they write past the text: at most
 * 26 bytes), no second pass.  The lower group holds the fraction and at
 * least one digit of the integer part; its '0' bytes give the zeros to
 * drop at either end (OR-ing a bit into X keeps ctz and clz defined when
 * every digit is 0 and gives at most 7, which still drops them all). */
static inline size_t write_fixed_short(int neg, unsigned long long m, int k, char buf[NUM_BUFSZ])
{
	uint32_t hi = 0, lo = (uint32_t)m;   /* most numbers: below 100, one group */
	uint64_t wl, x;
	char *p = buf;
	int trail;

	if (m >= 100000000) {
		hi = (uint32_t)(m / 100000000);
		lo = (uint32_t)(m % 100000000);
	}
	wl = eight_digits_le(lo);
	x = wl ^ 0x3030303030303030ull;
	trail = __builtin_clzll(x | 1) / 8;
	*p = '-';
	p += neg;
	if (hi) {
		uint64_t wh = eight_digits_le(hi);
		int lead = __builtin_ctzll(wh ^ 0x3030303030303030ull) / 8;   /* HI > 0 */
		put8(p, wh >> (8 * lead));
		p += 8 - lead;
		put8(p, wl);
		p += 8 - k;
	} else {
		int lead = __builtin_ctzll(x | 1ull << 63) / 8, first = lead < 7 - k ? lead : 7 - k;
		put8(p, wl >> (8 * first));
		p += 8 - k - first;
	}
	if (k > trail) {
		*p = '.';
		put8(p + 1, wl >> (8 * (8 - k)));
		p += 1 + k - trail;
	}
	*p = '\0';
	return (size_t)(p - buf);
}

/* The decimal M * 10^-K (M an integer, 0 <= K <= 20), negated when NEG:
 * trailing zeros of the fraction dropped, at least one digit before the
 * point.  M's 24 digits are made at once; the text is then two copies
 * out of them (of a fixed size, which the compiler makes a few moves;
 * S has room for what they copy beyond the text).  The longest text is
 * 23 bytes ("-0." and 20 digits). */
static size_t write_fixed_long(int neg, unsigned long long m, int k, char buf[NUM_BUFSZ])
{
	static const uint64_t zeros = 0x3030303030303030ull;   /* "00000000" */
	uint64_t w[6];   /* M's 24 digits, then what the copies read past them */
	const char *d = (const char *)w;
	char s[64], *p = s;
	int lead, trail, i, first;

	w[3] = w[4] = w[5] = zeros;
	if (m < 100000000) {   /* most numbers: one group */
		w[0] = w[1] = zeros;
		w[2] = eight_digits((uint32_t)m);
		lead = 16 + zero_digits(w[2], 0);
		trail = m ? zero_digits(w[2], 1) : 24;
	} else {
		digits24(m, (char *)w);
		for (i = 0, lead = 0; i < 3 && (lead += zero_digits(w[i], 0)) == 8 * (i + 1); i++)
			;
		for (i = 2, trail = 0; i >= 0 && (trail += zero_digits(w[i], 1)) == 8 * (3 - i); i--)
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

/* The short numbers without write_fixed_long's arrays (whose stack guard
 * alone costs as much as a third of the short path). */
static inline size_t write_fixed(int neg, unsigned long long m, int k, char buf[NUM_BUFSZ])
{
	if (m < 10000000000000000ull && k <= 7)
		return write_fixed_short(neg, m, k, buf);
	return write_fixed_long(neg, m, k, buf);
}

/* The fast path of num_format(): V as a plain decimal of at most six
 * fractional digits, when one reads back as V.  M, the integer nearest
 * V * 10^6, is exact and so is 10^6, and division is correctly rounded:
 * M / 10^6 == V is exactly "the decimal M e-6 reads back as V".  Below
 * 2^50, an M that reads back is within 1/8 of V * 10^6, so a shorter
 * decimal that reads back is M with trailing zeros dropped: M's zeros
 * give the shortest text.  Returns 0 when V is out of range or needs more
 * digits (the caller then uses format_exact). */
static inline size_t format_decimal(double v, char buf[NUM_BUFSZ])
{
	double a = fabs(v), scaled = a * 1e6;
	unsigned long long m;

	if (!(a >= 1e-4 && scaled < 1125899906842624.0))
		return 0;
	m = (unsigned long long)(scaled + 0.5);
	if ((double)m / 1e6 != a)
		return 0;
	return write_fixed_short(v < 0, m, 6, buf);   /* M <= 2^50 < 10^16 */
}

/* Writes the decimal DIGITS (N of them, no leading zero) times 10^EXP10
 * (the exponent of the first digit) as printf's %g would with precision P:
 * trailing zeros dropped, exponent form below 1e-4 or from 10^P on. */
static size_t write_g(int neg, char *digits, int n, int exp10, int p, char buf[NUM_BUFSZ])
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
		len += num_format_long(exp10, buf + len);
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
static int round_digits(char *digits, int p)
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
 * 1e-16), and within three 64-bit words up to 50 (1e-34; R still fits
 * 128 bits: exact_scale_wide).  One unit of the 17th digit is then 1 in Q. */
struct exact {
	unsigned long long m, q;
	unsigned __int128 r, five_k;   /* R, and 5^K */
	int shift, k;                  /* S - K, and K */
};

#define TEN16 P10[16]
#define TEN17 P10[17]

/* 5^K for K <= 50: 5^27 is the last power that fits 64 bits. */
static unsigned __int128 pow5(int k)
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

/* N = M * 5^K for X's K, and S-K; -1 when they are out of the range the
 * integers hold.  Below 5^28, one 64-bit multiplication. */
static inline int scale_at(struct exact *x, int e2, unsigned __int128 *n)
{
	x->shift = -e2 - x->k;
	if (x->k < 0 || x->k > 32 || x->shift <= 0 || x->shift > 120)
		return -1;
	x->five_k = pow5(x->k);
	if (x->k <= 27)
		*n = (unsigned __int128)x->m * (unsigned long long)x->five_k;
	else
		*n = (unsigned __int128)x->m * x->five_k;
	return 0;
}

/* N = M * 5^K in three 64-bit words, for K up to 50 (5^50 < 2^117, N <
 * 2^170): *HI the upper two, *LO the lowest.  -1 when K or S-K is out of
 * range: S-K must be 64 to 120, so that Q is in *HI alone and R, below
 * 2^120, fits 128 bits as everything format_exact() compares does (its
 * twice-distances are at most 13 * 2^121, doubled once more: < 2^126). */
static int scale_wide_at(struct exact *x, int e2, unsigned __int128 *hi, uint64_t *lo)
{
	unsigned __int128 a0, a1;

	x->shift = -e2 - x->k;
	if (x->k < 0 || x->k > 50 || x->shift < 64 || x->shift > 120)
		return -1;
	x->five_k = pow5(x->k);
	a0 = (unsigned __int128)x->m * (uint64_t)x->five_k;
	a1 = (unsigned __int128)x->m * (uint64_t)(x->five_k >> 64);
	*lo = (uint64_t)a0;
	*hi = a1 + (a0 >> 64);
	return 0;
}

/* exact_scale() for the small numbers whose K is above 32 (A below about
 * 1e-16, computed poses' "zeros"), which printf took before: the same Q
 * and R (below 2^120), from N in three words. */
static int exact_scale_wide(struct exact *x, int e2)
{
	unsigned __int128 hi;
	uint64_t lo;
	int s;

	if (scale_wide_at(x, e2, &hi, &lo) != 0)
		return -1;
	if ((hi >> (x->shift - 64)) >= TEN17) {
		x->k--;
		if (scale_wide_at(x, e2, &hi, &lo) != 0)
			return -1;
	}
	s = x->shift - 64;
	x->q = (unsigned long long)(hi >> s);   /* < 10^17 */
	x->r = ((hi - ((unsigned __int128)x->q << s)) << 64) | lo;
	return 0;
}

/* Returns 0, or -1 when A is out of the range the integers can hold (then
 * the caller asks printf). */
static int exact_scale(double a, struct exact *x)
{
	unsigned long long bits;
	int biased, e2, lg;
	unsigned __int128 n;

	memcpy(&bits, &a, sizeof bits);
	biased = (int)(bits >> 52) & 0x7ff;
	if (biased == 0 || biased == 0x7ff)
		return -1;                       /* subnormal, inf, nan */
	x->m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
	e2 = biased - 1075;                  /* A = M * 2^E2 */
	/* LG = floor(log10(2^E)), E = E2+52, exactly: 78913 / 2^18 is close
	 * enough to log10(2) for |E| <= 1650 (E*78913 >> 18 is Ryu's
	 * floor(E log10 2)); below 0 the rounding up of -E*78913 / 2^18 is
	 * one more than its floor (never an integer: 2^18 does not divide
	 * -E*78913), which is floor(E log10 2) since E log10 2 is no integer.
	 * 2^E <= A < 2 * 2^E then puts A * 10^(16-LG) in [10^16, 2*10^17):
	 * Q has 17 digits, or 18 and K is one less. */
	lg = (e2 + 52) * 78913;
	lg = lg >= 0 ? lg >> 18 : -((-lg + (1 << 18) - 1) >> 18);
	x->k = 16 - lg;
	if (x->k > 32)
		return exact_scale_wide(x, e2);
	if (scale_at(x, e2, &n) != 0)
		return -1;
	if ((n >> x->shift) >= TEN17) {
		x->k--;
		if (scale_at(x, e2, &n) != 0)
			return -1;
	}
	x->q = (unsigned long long)(n >> x->shift);   /* < 10^17 */
	x->r = n - ((unsigned __int128)x->q << x->shift);
	return 0;
}

/* Twice the distance from the integer C (in units of Q) to A, in units of
 * 2^-(S-K); *BELOW tells whether C is under A.  |C - Q| <= 13. */
static unsigned __int128 twice_distance(const struct exact *x, unsigned long long c, int *below)
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
static int within_half_place(const struct exact *x, unsigned __int128 d, int below)
{
	if (below && x->m == (1ull << 52))
		d *= 2;
	return (x->m & 1) ? d < x->five_k : d <= x->five_k;
}

/* Whether the integer C (in units of Q) reads back as A. */
static int reads_back(const struct exact *x, unsigned long long c)
{
	unsigned __int128 d;
	int below;

	if (c + 13 < x->q || c > x->q + 13)
		return 0;   /* half a place is at most 11.1 units of Q */
	d = twice_distance(x, c, &below);
	return within_half_place(x, d, below);
}

/* Of the two multiples of UNIT around Q, the one nearest A (a tie to the
 * even multiple, as printf rounds), in units of Q; *D is twice its
 * distance from A and *BELOW whether it is under A.  Q must be within 13
 * units of both. */
static inline unsigned long long nearest_multiple(const struct exact *x, unsigned long long unit,
						  unsigned __int128 *d, int *below)
{
	unsigned long long lo = x->q - x->q % unit, hi = lo + unit;
	unsigned __int128 dlo, dhi;
	int lower;

	dlo = twice_distance(x, lo, below);
	dhi = twice_distance(x, hi, below);
	lower = dlo == dhi ? (lo / unit) % 2 == 0 : dlo < dhi;
	*d = lower ? dlo : dhi;
	*below = lower;
	return lower ? lo : hi;
}

/* The P-digit decimal nearest A, in units of Q (its 17-P last digits
 * zero), when it reads back as A; else 0. */
static unsigned long long nearest_if_exact(const struct exact *x, int p)
{
	unsigned long long unit = P10[17 - p], lo = x->q - x->q % unit, hi = lo + unit, c;
	unsigned __int128 d;
	int below;

	if (x->q - lo > 13)
		return hi - x->q <= 13 && reads_back(x, hi) ? hi : 0;
	if (hi - x->q > 13)
		return reads_back(x, lo) ? lo : 0;
	c = nearest_multiple(x, unit, &d, &below);
	return within_half_place(x, d, below) ? c : 0;
}

/* The 17-digit decimal nearest A, in units of Q (ties to the even digit).
 * It always reads back: it is within half a unit of A, and half a place
 * of A is at least 0.55 units (Q >= 10^16 and a place is 2^-52 of A, or
 * half that below a power of two). */
static unsigned long long nearest17(const struct exact *x)
{
	unsigned __int128 twice_r = 2 * x->r, one = (unsigned __int128)1 << x->shift;

	return x->q + (twice_r > one || (twice_r == one && (x->q & 1)));
}

/* The digits of C (a multiple of 10^(17-P), at most 10^17) into DIGITS;
 * returns how many, and adds to *EXP10 when C carried to 10^17. */
static int c_digits(unsigned long long c, int p, char digits[17], int *exp10)
{
	int i;

	if (c == TEN17) {
		digits[0] = '1';
		++*exp10;
		return 1;
	}
	c /= P10[17 - p];
	for (i = p - 1; i >= 0; i--) {
		digits[i] = (char)('0' + (int)(c % 10));
		c /= 10;
	}
	return p;
}

/* within_half_place() in 64 bits. */
static inline int within64(const struct exact *x, uint64_t d, int below, uint64_t five_k)
{
	if (below && x->m == (1ull << 52))
		d *= 2;
	return (x->m & 1) ? d < five_k : d <= five_k;
}

/* format_exact()'s choice (the nearest decimal of 15 digits that reads
 * back, else of 16, else of 17; in units of Q) in 64-bit arithmetic, for
 * the numbers of a pose's magnitudes: with S-K <= 58 and K <= 27, 5^K
 * (< 2^63) and every twice-distance it compares fit, the largest being a
 * 15-digit decimal's, at most 13 units of Q away and doubled once more
 * below a power of two: 52 * 2^58 < 2^64.  The 15-digit decimal is the
 * multiple of 100 within 12 units (half a place is at most 11.1), the
 * 16-digit one the nearer multiple of 10, a tie (Q ending in 5, R zero)
 * going to the even one, as nearest_if_exact() chooses. */
static unsigned long long choose64(const struct exact *x)
{
	uint64_t one = 1ull << x->shift, f = (uint64_t)x->r, five_k = (uint64_t)x->five_k;
	uint64_t q = x->q, t = q % 100, u = t % 10;

	if (t <= 12 && within64(x, 2 * (t * one + f), 1, five_k))
		return q - t;
	if (t >= 88 && within64(x, 2 * ((100 - t) * one - f), 0, five_k))
		return q + 100 - t;
	if (u < 5 || (u == 5 && f == 0 && (q / 10) % 2 == 0)) {
		if (within64(x, 2 * (u * one + f), 1, five_k))
			return q - u;
	} else if (within64(x, 2 * ((10 - u) * one - f), 0, five_k)) {
		return q + 10 - u;
	}
	return q + (2 * f > one || (2 * f == one && (q & 1)));   /* nearest17() */
}

/* Writes the 17 digits of Q (10^16 <= Q < 10^17) at P (26 bytes): the
 * first as one byte, the other sixteen with two 8-byte stores.  Returns
 * how many are significant (those up to the last that is not 0). */
static inline int put_digits17(char *p, unsigned long long q)
{
	unsigned first = (unsigned)(q / TEN16);
	unsigned long long rest = q - first * TEN16;
	uint64_t wh = eight_digits_le((uint32_t)(rest / 100000000));
	uint64_t wl = eight_digits_le((uint32_t)(rest % 100000000));
	uint64_t xh = wh ^ 0x3030303030303030ull, xl = wl ^ 0x3030303030303030ull;

	p[0] = (char)('0' + first);
	put8(p + 1, wh);
	put8(p + 9, wl);
	if (xl)
		return 17 - __builtin_clzll(xl) / 8;
	return xh ? 9 - __builtin_clzll(xh) / 8 : 1;
}

/* The decimal of the 17 digits Q (10^16 <= Q < 10^17) times 10^EXP10,
 * EXP10 the exponent of its first digit, as %.17g writes it: trailing
 * zeros dropped, exponent form below 1e-4 and from 1e17 on.  The digits
 * are stored once where they go; in fixed form with a fraction, the 16
 * bytes after the integer part move up one for the point (what they read
 * and write past the text stays within NUM_BUFSZ: 35 bytes at most). */
static size_t write_digits17(int neg, unsigned long long q, int exp10, char buf[NUM_BUFSZ])
{
	char *p = buf, *f;
	uint64_t a, b;
	int n;

	*p = '-';
	p += neg;
	if (exp10 >= 0 && exp10 < 17) {
		n = put_digits17(p, q);
		if (n <= exp10 + 1) {
			p += exp10 + 1;
		} else {
			f = p + exp10 + 1;
			memcpy(&a, f, 8);
			memcpy(&b, f + 8, 8);
			*f = '.';
			memcpy(f + 1, &a, 8);
			memcpy(f + 9, &b, 8);
			p += n + 1;
		}
	} else if (exp10 < 0 && exp10 >= -4) {
		put8(p, 0x3030303030302E30ull);   /* "0.000000" */
		p += 1 - exp10;
		p += put_digits17(p, q);
	} else {   /* d.ddde-X */
		n = put_digits17(p + 1, q);
		p[0] = p[1];
		p[1] = '.';
		p += n > 1 ? n + 1 : 1;
		*p++ = 'e';
		return (size_t)(p - buf) + num_format_long(exp10, p);
	}
	*p = '\0';
	return (size_t)(p - buf);
}

/* The shortest text of V (normal, non-zero) from exact integer arithmetic.
 * Half a place of V is at most 11.1 units of Q, a 15-digit decimal's unit
 * is 100: at most one 15-digit decimal reads back as V, and any shorter
 * one that does is that one with zeros at the end.  So when the nearest
 * 15-digit decimal reads back, it is the answer (write_digits drops its
 * zeros); else the nearest of 16 digits, else of 17.  Returns 0 out of
 * range (the caller asks printf). */
static size_t format_exact(double v, char buf[NUM_BUFSZ])
{
	struct exact x;
	unsigned long long best;
	int p, exp10;

	if (exact_scale(fabs(v), &x) != 0)
		return 0;
	if (x.shift <= 58 && x.k <= 27) {
		best = choose64(&x);
		goto write;
	}
	/* What reaches here mostly needs 15 to 17 digits (shorter decimals
	 * took format_decimal).  15 or fewer can read back only when Q's last
	 * two digits are within half a place (at most 11.1 units) of a
	 * multiple of 100. */
	if (!((x.q % 100 <= 12 || x.q % 100 >= 88) && (best = nearest_if_exact(&x, p = 15)) != 0) &&
	    (best = nearest_if_exact(&x, p = 16)) == 0)
		best = nearest17(&x), p = 17;
write:
	exp10 = 16 - x.k;
	if (best == TEN17) {   /* 99..9 carried into one more digit */
		best = TEN16;
		exp10++;
	}
	return write_digits17(v < 0, best, exp10, buf);   /* BEST's zeros dropped */
}

float num_float_via_text16(double x)
{
	float f = (float)x, lower, upper;
	double other, mid;
	struct exact ex, em;
	unsigned long long d;
	unsigned __int128 twice;
	int below;
	char text[NUM_BUFSZ];

	if (!isfinite(x))
		return f;
	other = nextafterf(f, (double)f < x ? INFINITY : -INFINITY);
	mid = ((double)f + other) / 2;   /* exact: 25 bits */
	/* The text is within 5e-16 of X: it falls on X's side of the
	 * midpoint between the floats around X unless X is that close. */
	if (fabs(x - mid) > fabs(x) * 1e-15)
		return f;
	/* Which side of MID the text D falls on, exactly: D and MID in units
	 * of the same Q, when they have one. */
	if (x > 0 && exact_scale(x, &ex) == 0 && exact_scale(mid, &em) == 0 && ex.k == em.k) {
		lower = (double)f < other ? f : (float)other;
		upper = (double)f < other ? (float)other : f;
		d = nearest_multiple(&ex, 10, &twice, &below);   /* the 16-digit text */
		if (d > em.q)
			return upper;
		if (d < em.q || em.r != 0)
			return lower;
		/* D is MID: to the float with the even significand */
		{
			uint32_t bits;
			memcpy(&bits, &lower, sizeof bits);
			return bits & 1 ? upper : lower;
		}
	}
	snprintf(text, sizeof text, "%.16g", x);
	return strtof(text, NULL);
}

/* The 17 significant digits of A (> 0) correctly rounded, and the decimal
 * exponent of the first.  Returns 0, or -1 out of range or on an exact
 * half (the caller then asks printf). */
static int digits17(double a, char digits[17], int *exp10)
{
	struct exact x;
	unsigned long long q;
	unsigned __int128 half;

	if (exact_scale(a, &x) != 0)
		return -1;
	half = (unsigned __int128)1 << (x.shift - 1);
	if (x.r == half)
		return -1;
	q = x.q + (x.r > half);
	if (q == TEN17)
		return -1;                       /* 99..9 carried: rare, let printf do it */
	*exp10 = 16 - x.k;
	c_digits(q, 17, digits, exp10);
	return 0;
}

/* Shortest text for values the plain-decimal path cannot take: the 17
 * correctly rounded digits, then the 15- and 16-digit roundings made from
 * them and checked by reading them back. */
static __attribute__((noinline)) size_t format_search(double v, char buf[NUM_BUFSZ])
{
	char digits[17];
	int exp10, p, i, neg = v < 0;
	double back;

	if (digits17(fabs(v), digits, &exp10) != 0) {
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
		shift = round_digits(d, p);
		if (shift < 0) {
			len = (size_t)snprintf(buf, NUM_BUFSZ, "%.*g", p, v);
			len = tidy_exponent(buf, len);
		} else {
			len = write_g(neg, d, p, exp10 + shift, p, buf);
		}
		if (num_parse(buf, &back) == 0 && back == v)
			return len;   /* num_parse: strtod's value, faster on 15 digits */
	}
	return write_g(neg, digits, 17, exp10, 17, buf);
}

/* num_format() of what format_decimal() does not take (zero, the
 * non-finite, integers, numbers of more digits), out of line so that the
 * fast path, inlined in the callers, carries none of its weight. */
static __attribute__((noinline)) size_t format_rest(double v, char buf[NUM_BUFSZ])
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
	/* integral: below 1e17 the conversion to long long is exact, and cheaper than floor() */
	if (fabs(v) < 1e17 && (double)(long long)v == v)
		return (size_t)snprintf(buf, NUM_BUFSZ, "%.0f", v);
	if ((fast = format_exact(v, buf)) != 0)
		return fast;
	if (fabs(v) >= DBL_MIN)
		return format_search(v, buf);
	/* Subnormals may need very few digits: search from 1. */
	for (prec = 1; prec <= 17; prec++) {
		len = snprintf(buf, NUM_BUFSZ, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return tidy_exponent(buf, (size_t)len);
}

/* format_decimal() takes no zero, nothing non-finite and no subnormal (its
 * numbers are 1e-4 and up), so trying it first gives what trying it after
 * those did. */
static inline size_t format_shortest(double v, char buf[NUM_BUFSZ])
{
	size_t fast = format_decimal(v, buf);

	return fast ? fast : format_rest(v, buf);
}

size_t num_format(double v, char buf[NUM_BUFSZ])
{
	return format_shortest(v, buf);
}

/* |V| rounded to 6 significant digits as printf("%g") rounds it, in fixed
 * notation (1e-4 <= |V| < 1e6), when the rounding is clear: V * 10^(5-X),
 * X the decimal exponent, is off by less than 1e-9 (the power is exact,
 * the product rounded once), so its nearest integer is the exact value's
 * unless the fraction is that close to a half.  Sets *WHOLE (1e5 to
 * 1e6-1) and *PLACES (the digits after the point, 0 to 9) and returns 1,
 * or returns 0 for printf to decide. */
static int g_digits_fixed(double v, double *whole, int *places)
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

/* printf("%g") of V in fixed notation, when g_digits_fixed() can say it. */
static size_t format_g_fixed(double v, char buf[NUM_BUFSZ])
{
	double whole;
	int places;

	if (!g_digits_fixed(v, &whole, &places))
		return 0;
	return write_fixed(v < 0, (unsigned long long)whole, places, buf);
}

double num_read_g(double v)
{
	static const double pow10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	char buf[NUM_BUFSZ + 8];
	double whole;
	int places;

	if (v == 0 || !isfinite(v))
		return v;
	/* WHOLE and the power are exact: one division, correctly rounded,
	 * is the double nearest the decimal, which is what strtod reads. */
	if (g_digits_fixed(v, &whole, &places))
		return copysign(whole / pow10[places], v);
	snprintf(buf, sizeof buf, "%g", v);
	return strtod(buf, NULL);
}

/* printf("%g") with "0" for zero and a tidy exponent, from the exact
 * digits where they can be had (printf otherwise). */
static size_t format_g(double v, char buf[NUM_BUFSZ])
{
	char digits[17];
	int exp10, shift;
	size_t fast;

	if (v == 0) {
		buf[0] = '0';
		buf[1] = '\0';
		return 1;
	}
	if ((fast = format_g_fixed(v, buf)) != 0)
		return fast;
	if (digits17(fabs(v), digits, &exp10) == 0 && (shift = round_digits(digits, 6)) >= 0)
		return write_g(v < 0, digits, 6, exp10 + shift, 6, buf);
	return tidy_exponent(buf, (size_t)snprintf(buf, NUM_BUFSZ, "%g", v));
}

size_t num_format_g6(double v, char buf[NUM_BUFSZ])
{
	double s = round(v * 1e6), r = s / 1e6;
	unsigned long long m, t;

	if (!isfinite(r))
		return format_g(v, buf);
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
			return write_fixed_short(s < 0, m, 6, buf);   /* M < 10^12 */
	}
	return format_g(r, buf);
}

size_t num_format_float(float v, char buf[NUM_BUFSZ])
{
	return format_g(v, buf);
}

size_t num_format_float_shortest(float v, char buf[NUM_BUFSZ])
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
	return tidy_exponent(buf, strlen(buf));
}

/* format_shortest() with subnormals as 0: format_decimal() takes none. */
static inline size_t format_out(double v, char buf[NUM_BUFSZ])
{
	size_t fast = format_decimal(v, buf);

	if (fast)
		return fast;
	return format_rest(fpclassify(v) == FP_SUBNORMAL ? 0.0 : v, buf);
}

size_t num_format_out(double v, char buf[NUM_BUFSZ])
{
	return format_out(v, buf);
}

size_t num_format_vec(const double *v, int n, enum num_style style, char *buf)
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
			len += num_format_g6(v[i], buf + len);
		else
			len += format_out(v[i], buf + len);
	}
	return len;
}

const char *num_vec_text(struct arena *a, const double *v, int n, enum num_style style)
{
	size_t size = (size_t)n * NUM_BUFSZ;
	char *p = arena_alloc_raw(a, size);

	arena_trim(a, p, size, num_format_vec(v, n, style, p) + 1);
	return p;
}


/* ---- the reference's own readings (C++'s std::stod and std::stoi) ------- */

/* Length of WORD at S, in any case, or 0. */
static size_t word_at(const char *s, const char *word)
{
	size_t i;

	for (i = 0; word[i]; i++)
		if (s[i] == '\0' || (s[i] | 0x20) != word[i])
			return 0;
	return i;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A hexadecimal number at S (after "0x"): digits [. digits] [p [+-] digits],
 * at least one digit.  Digits past the 15th are counted, not kept: a tag
 * value with more is not worth exact rounding.  Returns the length, or 0. */
static size_t parse_hex(const char *s, double *out)
{
	unsigned long long m = 0;
	int kept = 0, seen = 0, shift = 0, d;
	size_t i = 0;

	for (; (d = hex_digit(s[i])) >= 0; i++, seen++)
		if (kept < 15)
			m = m * 16 + (unsigned)d, kept += m != 0;
		else
			shift += 4;
	if (s[i] == '.')
		for (i++; (d = hex_digit(s[i])) >= 0; i++, seen++)
			if (kept < 15)
				m = m * 16 + (unsigned)d, kept += m != 0, shift -= 4;
	if (!seen)
		return 0;
	if (s[i] == 'p' || s[i] == 'P') {
		size_t j = i + 1;
		int neg = 0, e = 0;
		if (s[j] == '+' || s[j] == '-')
			neg = s[j++] == '-';
		if (s[j] >= '0' && s[j] <= '9') {
			for (; s[j] >= '0' && s[j] <= '9'; j++)
				e = e < 100000 ? e * 10 + (s[j] - '0') : e;
			shift += neg ? -e : e;
			i = j;
		}
	}
	*out = ldexp((double)m, shift);
	return i;
}

long num_read_stod(const char *s, double *out)
{
	const char *p = s;
	int neg = 0;
	size_t n;
	double v;

	while (is_blank(*p) || *p == '\f' || *p == '\v')
		p++;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if ((n = word_at(p, "infinity")) || (n = word_at(p, "inf"))) {
		v = INFINITY;
	} else if ((n = word_at(p, "nan")) != 0) {
		v = NAN;
	} else if (p[0] == '0' && (p[1] | 0x20) == 'x' && (n = parse_hex(p + 2, &v)) != 0) {
		n += 2;
		if (!isfinite(v))
			return -1;
	} else {
		const char *q = p;
		if ((n = decimal_len(p)) == 0)
			return 0;
		int slow;
		if (parse_one(&q, &v, &slow) != 0)
			return -1;   /* out of a double's range */
	}
	*out = neg ? -v : v;
	return (long)(p + n - s);
}

/* Digits of BASE (10 or 16, which may start "0x") at *P, after blanks and
 * a sign, as strtoul reads them: *NEG set for a minus.  Returns 1 with *V,
 * 0 when there is no digit, -1 past 64 bits. */
static int read_integer(const char **p, int base, int *neg, unsigned long long *v)
{
	const char *q = *p;
	int d, seen = 0;

	while (is_blank(*q) || *q == '\f' || *q == '\v')
		q++;
	*neg = 0;
	if (*q == '+' || *q == '-')
		*neg = *q++ == '-';
	if (base == 16 && q[0] == '0' && (q[1] | 0x20) == 'x' && hex_digit(q[2]) >= 0)
		q += 2;
	for (*v = 0; (d = hex_digit(*q)) >= 0 && d < base; q++, seen = 1) {
		if (*v > (~0ull - (unsigned)d) / (unsigned)base)
			return -1;
		*v = *v * (unsigned)base + (unsigned)d;
	}
	*p = q;
	return seen;
}

long num_read_stoi(const char *s, int base, long *out)
{
	const char *p = s;
	unsigned long long v;
	int neg, got = read_integer(&p, base, &neg, &v);

	if (got <= 0)
		return got;
	if (v > 2147483647ull + (unsigned)neg)
		return -1;   /* not an int: std::stoi throws */
	*out = neg ? -(long)v : (long)v;
	return (long)(p - s);
}

long num_read_stoul(const char *s, int base, unsigned long long *out)
{
	const char *p = s;
	unsigned long long v;
	int neg, got = read_integer(&p, base, &neg, &v);

	if (got <= 0)
		return got;
	*out = neg ? 0ull - v : v;   /* strtoul's reading of a minus */
	return (long)(p - s);
}

void num_locale_enter(struct num_locale *l)
{
	locale_t copy = duplocale(uselocale((locale_t)0));

	l->c = copy ? newlocale(LC_NUMERIC_MASK, "C", copy) : (locale_t)0;
	if (copy && !l->c)
		freelocale(copy);
	l->old = l->c ? uselocale(l->c) : (locale_t)0;
}

void num_locale_leave(struct num_locale *l)
{
	if (l->c) {
		uselocale(l->old);
		freelocale(l->c);
	}
}
