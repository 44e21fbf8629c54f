/* schema: lookups in the generated description tables (see schema.h). */
#include "schema.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct schema_elem *schema_file(const struct schema *s, const char *file)
{
	unsigned lo = 0, hi = s->nfiles;

	while (lo < hi) {   /* the first entry named FILE or after it */
		unsigned mid = (lo + hi) / 2;
		if (strcmp(s->files[mid].name, file) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < s->nfiles && strcmp(s->files[lo].name, file) == 0; lo++)
		if (s->files[lo].first <= s->index && s->index <= s->files[lo].last)
			return &s->elems[s->files[lo].top];
	return NULL;
}

const struct schema_elem *schema_child(const struct schema *s, const struct schema_elem *e,
				       const char *name, enum schema_required *required)
{
	unsigned i;

	for (i = 0; i < e->nchildren; i++) {
		const struct schema_child *c = &s->children[e->child0 + i];
		const char *cname = s->elems[c->elem].name;
		if (cname[0] == name[0] && strcmp(cname, name) == 0) {   /* first letters first */
			if (required)
				*required = c->required;
			return &s->elems[c->elem];
		}
	}
	return NULL;
}

const struct schema_attr *schema_attr(const struct schema *s, const struct schema_elem *e,
				      const char *name)
{
	unsigned i;

	for (i = 0; i < e->nattrs; i++)
		if (strcmp(s->attrs[e->attr0 + i].name, name) == 0)
			return &s->attrs[e->attr0 + i];
	return NULL;
}

/* ---- values ------------------------------------------------------------------ */

/* std::stod or std::stof on T: 0 with *V, -1 when the reader throws (no
 * number at the start, or strtod's ERANGE: an overflow, or a subnormal or
 * zero result from a number that is not exactly it). */
static int read_real(enum schema_type type, const char *t, double *v)
{
	char *end;

	errno = 0;
	*v = type == SCHEMA_FLOAT ? (double)strtof(t, &end) : strtod(t, &end);
	return end == t || errno == ERANGE ? -1 : 0;
}

/* std::stoi or std::stoul (64 bits, a minus wrapping, as strtoul; an
 * unsigned int keeps the low 32 bits): base 16 after "0x". */
static int read_integer(enum schema_type type, const char *t, double *v)
{
	int base = t[0] == '0' && (t[1] | 0x20) == 'x' ? 16 : 10;
	char *end;

	errno = 0;
	if (type == SCHEMA_INT) {
		long i = strtol(t, &end, base);
		if (i < INT_MIN || i > INT_MAX)
			errno = ERANGE;
		*v = (double)i;
	} else {
		unsigned long long u = strtoull(t, &end, base);
		*v = type == SCHEMA_UINT ? (double)(unsigned)u : (double)u;
	}
	return end == t || errno == ERANGE ? -1 : 0;
}

/* A scalar T of TYPE as the reader reads it ("true"/"false" as 1/0). */
static int read_scalar(enum schema_type type, const char *t, double *v)
{
	if (!strcasecmp(t, "true") || !strcasecmp(t, "false"))
		t = (t[0] | 0x20) == 't' ? "1" : "0";
	if (type == SCHEMA_DOUBLE || type == SCHEMA_FLOAT)
		return read_real(type, t, v);
	return read_integer(type, t, v);
}

static int is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* One number as an istream (libstdc++'s num_get, C locale) reads it from
 * *P: blanks skipped, then the longest run of a sign, digits, a point, an
 * exponent mark and its sign, which must be one whole number (strtod),
 * not overflowing; subnormals pass.  INTEGER: a sign and digits, within
 * an int.  Advances *P; 0, or -1 for the stream's failbit. */
static int stream_number(const char **p, int integer)
{
	const char *s = *p, *start;
	char buf[128], *end;
	int point = 0, mark = 0, digits = 0;
	size_t n;
	double v;

	while (is_space(*s))
		s++;
	start = s;
	if (*s == '+' || *s == '-')
		s++;
	for (;; s++) {
		if (*s >= '0' && *s <= '9')
			digits = 1;
		else if (*s == '.' && !point && !mark && !integer)
			point = 1;
		else if ((*s | 0x20) == 'e' && digits && !mark && !integer)
			mark = 1, s += s[1] == '+' || s[1] == '-';
		else
			break;
	}
	n = (size_t)(s - start);
	*p = s;
	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, start, n);
	buf[n] = '\0';
	errno = 0;
	v = strtod(buf, &end);
	if (*end != '\0' || isinf(v))
		return -1;
	return integer && (v < INT_MIN || v > INT_MAX) ? -1 : 0;
}

/* N numbers read from T by an istream: gz-math's vectors, sdf::Time. */
static enum schema_verdict check_stream(const char *t, unsigned n, int integer)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (stream_number(&t, integer) != 0)
			return SCHEMA_VALUE_BAD;
	return SCHEMA_VALUE_OK;
}

/* libsdformat's pose: blank-separated tokens, each std::stod, finite,
 * exactly N of them. */
static enum schema_verdict check_pose(const char *t, unsigned n)
{
	unsigned count = 0;

	for (;;) {
		double v;
		while (is_space(*t))
			t++;
		if (!*t)
			break;
		if (read_real(SCHEMA_DOUBLE, t, &v) != 0 || !isfinite(v) || count == n)
			return SCHEMA_VALUE_BAD;
		count++;
		while (*t && !is_space(*t))
			t++;
	}
	return count == n ? SCHEMA_VALUE_OK : SCHEMA_VALUE_BAD;
}

static int is_scalar(enum schema_type type)
{
	return type == SCHEMA_INT || type == SCHEMA_UINT || type == SCHEMA_UINT64 ||
	       type == SCHEMA_DOUBLE || type == SCHEMA_FLOAT;
}

/* Scalar V, read as TYPE reads it, against the bounds MIN and MAX (each
 * may be NULL). */
static enum schema_verdict within_bounds(enum schema_type type, double v, const char *min,
					 const char *max)
{
	double bound;

	/* a bound is read as the value is (a float's min is a float) */
	if (min && read_scalar(type, min, &bound) == 0 && v < bound)
		return SCHEMA_VALUE_LOW;
	if (max && read_scalar(type, max, &bound) == 0 && v > bound)
		return SCHEMA_VALUE_HIGH;
	return SCHEMA_VALUE_OK;
}

enum schema_verdict schema_check(enum schema_type type, const char *text, const char *min,
				 const char *max, unsigned pose_values)
{
	double v;

	while (is_space(*text))
		text++;
	switch (type) {
	case SCHEMA_POSE: return check_pose(text, pose_values);
	case SCHEMA_VECTOR3: return check_stream(text, 3, 0);
	case SCHEMA_VECTOR2D: return check_stream(text, 2, 0);
	case SCHEMA_TIME: return check_stream(text, 2, 1);
	default: break;
	}
	if (!is_scalar(type))
		return SCHEMA_VALUE_OK;
	if (read_scalar(type, text, &v) != 0)
		return SCHEMA_VALUE_BAD;
	return within_bounds(type, v, min, max);
}

enum schema_verdict schema_check_double(double v, const char *min, const char *max)
{
	if (!isfinite(v) || (v != 0 && fabs(v) < DBL_MIN))
		return SCHEMA_VALUE_BAD;
	return within_bounds(SCHEMA_DOUBLE, v, min, max);
}
