/* Semantic comparison of two SDFormat documents: the rules of the corpus's
 * tests/tools/sdfcmp.py, in C.  See sdfcmp.h for what is compared and how.
 *
 * Each document is read by expat (no namespace processing) into a small tree
 * whose nodes, strings and arrays are all allocated directly on one talloc
 * context, so a document of any depth is freed at once, without recursion.
 * Pruning walks the nodes in reverse document order (children before their
 * parents), without recursion either.  The comparison itself recurses, as the
 * python does; documents deeper than SDFCMP_MAX_DEPTH are refused when parsed.
 *
 * Where the python raises an exception instead of answering (math.cos(inf);
 * the 6-digit slack of a non-finite expected number), the pair is reported
 * as different.
 */
#include "sdfcmp.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <expat.h>
#include <talloc.h>

/* ---- the tree ----------------------------------------------------------- */

struct node {
	char *name;
	char **attr;            /* name, value, name, value, ... (document order) */
	size_t nattr;           /* pairs */
	char *text;             /* character data before the first child, or NULL */
	size_t textlen, textcap;
	struct node *parent;
	struct node **kid;
	size_t nkid, kidcap;
	int empty;              /* carries nothing (set by prune) */
};

struct doc {
	TALLOC_CTX *ctx;        /* every allocation of the document, flat */
	XML_Parser parser;
	struct node *root, *cur;
	struct node **all;      /* every node, in document (pre-)order */
	size_t nall, allcap;
	size_t depth;
	int oom, toodeep;
};

/* arr (of *cap elements) with room for need; NULL when out of memory */
static void *grow(TALLOC_CTX *ctx, void *arr, size_t *cap, size_t need, size_t elsize)
{
	size_t ncap;
	void *p;

	if (need <= *cap)
		return arr;
	ncap = *cap ? *cap * 2 : 4;
	while (ncap < need)
		ncap *= 2;
	p = talloc_realloc_size(ctx, arr, ncap * elsize);
	if (p)
		*cap = ncap;
	return p;
}

static void stop(struct doc *d, int oom)
{
	if (oom)
		d->oom = 1;
	else
		d->toodeep = 1;
	XML_StopParser(d->parser, XML_FALSE);
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
	struct doc *d = ud;
	struct node *n;
	void *g;
	size_t k, i;

	if (d->oom || d->toodeep)
		return;
	if (d->depth >= SDFCMP_MAX_DEPTH) {
		stop(d, 0);
		return;
	}
	n = talloc_zero(d->ctx, struct node);
	if (!n)
		goto oom;
	n->name = talloc_strdup(d->ctx, name);
	if (!n->name)
		goto oom;
	for (k = 0; atts[k]; k++)
		;
	n->nattr = k / 2;
	if (k) {
		n->attr = talloc_array(d->ctx, char *, k);
		if (!n->attr)
			goto oom;
		for (i = 0; i < k; i++) {
			n->attr[i] = talloc_strdup(d->ctx, atts[i]);
			if (!n->attr[i])
				goto oom;
		}
	}
	if (!(g = grow(d->ctx, d->all, &d->allcap, d->nall + 1, sizeof *d->all)))
		goto oom;
	d->all = g;
	d->all[d->nall++] = n;
	if (d->cur) {
		struct node *p = d->cur;

		if (!(g = grow(d->ctx, p->kid, &p->kidcap, p->nkid + 1, sizeof *p->kid)))
			goto oom;
		p->kid = g;
		p->kid[p->nkid++] = n;
		n->parent = p;
	} else {
		d->root = n;
	}
	d->cur = n;
	d->depth++;
	return;
oom:
	stop(d, 1);
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	struct doc *d = ud;

	(void)name;
	if (d->oom || d->toodeep || !d->cur)
		return;
	d->cur = d->cur->parent;
	d->depth--;
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
	struct doc *d = ud;
	struct node *n = d->cur;
	char *g;

	/* As the python: text after a child is that child's tail, never compared. */
	if (d->oom || d->toodeep || !n || n->nkid || len <= 0)
		return;
	if (!(g = grow(d->ctx, n->text, &n->textcap, n->textlen + (size_t)len + 1, 1))) {
		stop(d, 1);
		return;
	}
	n->text = g;
	memcpy(n->text + n->textlen, s, (size_t)len);
	n->textlen += (size_t)len;
	n->text[n->textlen] = '\0';
}

/* Feed expat a buffer of any size. */
static int feed(XML_Parser p, const char *buf, size_t len)
{
	size_t off = 0;
	int last;

	if (!buf)
		buf = "";
	do {
		size_t chunk = len - off;

		if (chunk > (size_t)1 << 30)
			chunk = (size_t)1 << 30;
		last = off + chunk == len;
		if (XML_Parse(p, buf + off, (int)chunk, last) != XML_STATUS_OK)
			return -1;
		off += chunk;
	} while (!last);
	return 0;
}

static char *expat_error(TALLOC_CTX *ctx, XML_Parser p)
{
	return talloc_asprintf(ctx, "%s: line %llu, column %llu",
	                       XML_ErrorString(XML_GetErrorCode(p)),
	                       (unsigned long long)XML_GetErrorLineNumber(p),
	                       (unsigned long long)XML_GetErrorColumnNumber(p));
}

/* Parse into d (its nodes on a new context under ctx).  0, or -1 with *err. */
static int parse(TALLOC_CTX *ctx, const char *buf, size_t len, struct doc *d, char **err)
{
	int rc = 0;

	memset(d, 0, sizeof *d);
	d->ctx = talloc_new(ctx);
	if (!d->ctx) {
		*err = NULL;
		return -1;
	}
	d->parser = XML_ParserCreate(NULL);
	if (!d->parser) {
		*err = NULL;
		return -1;
	}
	XML_SetUserData(d->parser, d);
	XML_SetElementHandler(d->parser, on_start, on_end);
	XML_SetCharacterDataHandler(d->parser, on_text);
	if (feed(d->parser, buf, len) || d->oom || d->toodeep || !d->root) {
		if (d->oom)
			*err = NULL;
		else if (d->toodeep)
			*err = talloc_asprintf(ctx, "document nested deeper than %d elements",
			                       SDFCMP_MAX_DEPTH);
		else
			*err = expat_error(ctx, d->parser);
		rc = -1;
	}
	XML_ParserFree(d->parser);
	d->parser = NULL;
	return rc;
}

/* ---- python's str whitespace, on UTF-8 ---------------------------------- */

/* Length of the whitespace character at s (str.isspace), else 0. */
static size_t ws_len(const char *cs, const char *ce)
{
	const unsigned char *s = (const unsigned char *)cs, *e = (const unsigned char *)ce;
	unsigned c = s[0];

	if (c < 0x80)
		return ((c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20)) ? 1 : 0;
	if (c == 0xc2)
		return e - s >= 2 && (s[1] == 0x85 || s[1] == 0xa0) ? 2 : 0;
	if (e - s < 3)
		return 0;
	if (c == 0xe1)
		return s[1] == 0x9a && s[2] == 0x80 ? 3 : 0;
	if (c == 0xe2 && s[1] == 0x80)
		return (s[2] >= 0x80 && s[2] <= 0x8a) || s[2] == 0xa8 || s[2] == 0xa9 ||
		       s[2] == 0xaf ? 3 : 0;
	if (c == 0xe2 && s[1] == 0x81)
		return s[2] == 0x9f ? 3 : 0;
	if (c == 0xe3)
		return s[1] == 0x80 && s[2] == 0x80 ? 3 : 0;
	return 0;
}

struct str {
	const char *p;
	size_t n;
};

/* Next blank-separated token of [*pp, e) (str.split()), 1 if there is one. */
static int next_tok(const char **pp, const char *e, struct str *t)
{
	const char *p = *pp;
	size_t w;

	while (p < e && (w = ws_len(p, e)) > 0)
		p += w;
	if (p >= e)
		return 0;
	t->p = p;
	while (p < e && ws_len(p, e) == 0)
		p++;    /* UTF-8 continuation bytes never look like blanks */
	t->n = (size_t)(p - t->p);
	*pp = p;
	return 1;
}

/* s.strip() of a possibly NULL string (None) */
static struct str strip(const char *s)
{
	struct str r = { "", 0 };
	const char *e, *p, *last;
	size_t w;

	if (!s)
		return r;
	e = s + strlen(s);
	while (s < e && (w = ws_len(s, e)) > 0)
		s += w;
	last = s;
	for (p = s; p < e;) {
		w = ws_len(p, e);
		if (w) {
			p += w;
		} else {
			p++;
			last = p;
		}
	}
	r.p = s;
	r.n = (size_t)(last - s);
	return r;
}

static int str_eq(struct str a, struct str b)
{
	return a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}

/* a.split() == b.split() */
static int tokens_eq(struct str a, struct str b)
{
	const char *pa = a.p, *pb = b.p;
	struct str ta, tb;
	int ha, hb;

	for (;;) {
		ha = next_tok(&pa, a.p + a.n, &ta);
		hb = next_tok(&pb, b.p + b.n, &tb);
		if (!ha || !hb)
			return ha == hb;
		if (!str_eq(ta, tb))
			return 0;
	}
}

/* ---- numbers as python reads them --------------------------------------- */

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int ci_eq(const char *s, size_t n, const char *lit)
{
	size_t i;

	if (strlen(lit) != n)
		return 0;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != lit[i])
			return 0;
	}
	return 1;
}

/* Copy a run of digits with single underscores between them (PEP 515);
 * 0 when there is no digit at *i. */
static int digitpart(const char *s, size_t n, size_t *i, char *out, size_t *j)
{
	if (*i >= n || !is_digit(s[*i]))
		return 0;
	while (*i < n) {
		if (is_digit(s[*i])) {
			out[(*j)++] = s[(*i)++];
		} else if (s[*i] == '_' && *i + 1 < n && is_digit(s[*i + 1])) {
			(*i)++;
		} else {
			break;
		}
	}
	return 1;
}

/* float(token): 0 and *v, or -1 where python raises ValueError.  (ASCII
 * only: python would also take other Unicode decimal digits.) */
static int py_float(struct str t, double *v)
{
	char buf[256], *out = buf;
	const char *s = t.p;
	size_t n = t.n, i = 0, j = 0;
	int neg = 0, ok;

	if (i < n && (s[i] == '+' || s[i] == '-'))
		neg = s[i++] == '-';
	if (ci_eq(s + i, n - i, "inf") || ci_eq(s + i, n - i, "infinity")) {
		*v = neg ? -INFINITY : INFINITY;
		return 0;
	}
	if (ci_eq(s + i, n - i, "nan")) {
		*v = neg ? -NAN : NAN;
		return 0;
	}
	if (n + 2 > sizeof buf) {
		out = malloc(n + 2);
		if (!out)
			return -1;
	}
	if (neg)
		out[j++] = '-';
	ok = digitpart(s, n, &i, out, &j);
	if (i < n && s[i] == '.') {
		out[j++] = s[i++];
		ok |= digitpart(s, n, &i, out, &j);
	}
	if (ok && i < n && (s[i] == 'e' || s[i] == 'E')) {
		out[j++] = s[i++];
		if (i < n && (s[i] == '+' || s[i] == '-'))
			out[j++] = s[i++];
		ok = digitpart(s, n, &i, out, &j);
	}
	ok = ok && i == n;
	if (ok) {
		out[j] = '\0';
		*v = strtod(out, NULL);
	}
	if (out != buf)
		free(out);
	return ok ? 0 : -1;
}

/* len(nums(s)), or -1 where nums(s) is None */
static long count_nums(struct str s)
{
	const char *p = s.p;
	struct str t;
	double v;
	long n = 0;

	while (next_tok(&p, s.p + s.n, &t)) {
		if (py_float(t, &v))
			return -1;
		n++;
	}
	return n;
}

/* sig_digits(tok): tok.lower().lstrip("+-").split("e")[0].replace(".", "").lstrip("0") */
static size_t sig_digits(struct str t)
{
	size_t i = 0, n = 0;
	int lead = 1;

	while (i < t.n && (t.p[i] == '+' || t.p[i] == '-'))
		i++;
	for (; i < t.n && t.p[i] != 'e' && t.p[i] != 'E'; i++) {
		if (t.p[i] == '.')
			continue;
		if (lead && t.p[i] == '0')
			continue;
		lead = 0;
		if (((unsigned char)t.p[i] & 0xc0) != 0x80)
			n++;    /* characters, not bytes */
	}
	return n;
}

/* python's max(p, q): the first unless the second is greater */
static double pymax(double p, double q)
{
	return q > p ? q : p;
}

/* slack(tok, x); -1 where python raises (floor of a non-finite log10) */
static int slack(struct str tok, double x, double *s)
{
	*s = 0.0;
	if (tok.n && sig_digits(tok) <= 6 && x != 0) {
		double k;

		if (!isfinite(x))
			return -1;
		k = floor(log10(fabs(x))) - 5;
		if (k >= 0) {
			/* 10 ** k is an exact integer in python, then rounded to a double */
			char b[32];

			snprintf(b, sizeof b, "1e%d", (int)k);
			*s = 0.5001 * strtod(b, NULL);
		} else {
			*s = 0.5001 * pow(10.0, k);
		}
	}
	return 0;
}

/* close(a, b, tok, scale) */
static int close_to(double tol, double a, double b, struct str tok, double scale)
{
	double s;

	if (a == b)
		return 1;
	if (slack(tok, a, &s))
		return 0;
	return fabs(a - b) <= pymax(pymax(tol + 1e-7 * pymax(fabs(a), fabs(b)), s), scale);
}

/* rounded_scale(toks, vals): the slack of a vector libsdformat printed at
 * 6 significant digits, maybe after several lumping levels each rounded:
 * 1e-5 of its largest finite magnitude (at least 1), when every token has
 * at most 6 significant digits; else 0. */
static double rounded_scale(const struct str *toks, const double *vals, int n)
{
	double m = 1.0;
	int i;

	if (n == 0)
		return 0.0;
	for (i = 0; i < n; i++)
		if (!toks[i].n || sig_digits(toks[i]) > 6)
			return 0.0;
	for (i = 0; i < n; i++)
		if (isfinite(vals[i]))
			m = pymax(m, fabs(vals[i]));
	return 1e-5 * m;
}

/* ---- text --------------------------------------------------------------- */

static void rot(const double *rpy, double *m)
{
	double cr = cos(rpy[0]), sr = sin(rpy[0]), cp = cos(rpy[1]), sp = sin(rpy[1]),
	       cy = cos(rpy[2]), sy = sin(rpy[2]);

	m[0] = cy * cp;
	m[1] = cy * sp * sr - sy * cr;
	m[2] = cy * sp * cr + sy * sr;
	m[3] = sy * cp;
	m[4] = sy * sp * sr + cy * cr;
	m[5] = sy * sp * cr - cy * sr;
	m[6] = -sp;
	m[7] = cp * sr;
	m[8] = cp * cr;
}

static void six_values(struct str s, struct str *tok, double *v)
{
	const char *p = s.p;
	int i;

	for (i = 0; i < 6 && next_tok(&p, s.p + s.n, &tok[i]); i++)
		py_float(tok[i], &v[i]);
}

static int pose_eq(double tol, struct str a, struct str b)
{
	static const struct str zero = { "0 0 0 0 0 0", 11 };
	struct str ta[6], tb[6];
	double va[6], vb[6], ma[9], mb[9], rtol, sc;
	int i;

	if (!a.n)
		a = zero;
	if (!b.n)
		b = zero;
	if (count_nums(a) != 6 || count_nums(b) != 6)
		return tokens_eq(a, b);
	six_values(a, ta, va);
	six_values(b, tb, vb);
	sc = rounded_scale(ta, va, 3);
	for (i = 0; i < 3; i++)
		if (!close_to(tol, va[i], vb[i], ta[i], sc))
			return 0;
	rtol = sig_digits(ta[3]) <= 6 && sig_digits(ta[4]) <= 6 && sig_digits(ta[5]) <= 6
	       ? 2e-5 : 1e-7;
	for (i = 3; i < 6; i++)
		if (isinf(va[i]) || isinf(vb[i]))
			return 0;       /* python: math domain error */
	rot(va + 3, ma);
	rot(vb + 3, mb);
	for (i = 0; i < 9; i++)
		if (!(fabs(ma[i] - mb[i]) <= rtol))
			return 0;
	return 1;
}

static int is_six(const char *tag)
{
	static const char *const six[] = { "pose", "xyzOffset", "rpyOffset",
		"scale", "ambient", "diffuse", "specular", "emissive" };
	for (size_t i = 0; i < sizeof six / sizeof *six; i++)
		if (!strcmp(tag, six[i]))
			return 1;
	return 0;
}

static int is_true(struct str s)
{
	return (s.n == 1 && s.p[0] == '1') || ci_eq(s.p, s.n, "true");
}

static int is_false(struct str s)
{
	return (s.n == 1 && s.p[0] == '0') || ci_eq(s.p, s.n, "false");
}

static int text_eq(double tol, const char *tag, const char *as, const char *bs)
{
	struct str a = strip(as), b = strip(bs);
	long na, nb;

	if (!strcmp(tag, "pose"))
		return pose_eq(tol, a, b);
	if (str_eq(a, b))
		return 1;
	na = count_nums(a);
	nb = count_nums(b);
	if (na > 0 && na == nb) {
		static const struct str none = { "", 0 };
		const char *pa = a.p, *pb = b.p;
		struct str *toks = malloc((size_t)na * sizeof *toks), y;
		double *vals = malloc((size_t)na * sizeof *vals), vy, sc = 0.0;
		int six = is_six(tag), same = 1;
		long i;

		if (!toks || !vals) {
			free(toks);
			free(vals);
			return 0;
		}
		for (i = 0; i < na && next_tok(&pa, a.p + a.n, &toks[i]); i++)
			py_float(toks[i], &vals[i]);
		if (six)
			sc = rounded_scale(toks, vals, (int)na);
		for (i = 0; i < na && same && next_tok(&pb, b.p + b.n, &y); i++) {
			py_float(y, &vy);
			same = close_to(tol, vals[i], vy, six ? toks[i] : none, sc);
		}
		free(toks);
		free(vals);
		return same;
	}
	if ((is_true(a) && is_true(b)) || (is_false(a) && is_false(b)))
		return 1;
	return tokens_eq(a, b);
}

static const char *attr_get(const struct node *n, const char *key)
{
	size_t i;

	for (i = 0; i < n->nattr; i++)
		if (!strcmp(n->attr[2 * i], key))
			return n->attr[2 * i + 1];
	return NULL;
}

static int attrs_eq(double tol, const struct node *a, const struct node *b)
{
	size_t i;

	if (a->nattr != b->nattr)
		return 0;
	for (i = 0; i < a->nattr; i++)
		if (!attr_get(b, a->attr[2 * i]))
			return 0;
	for (i = 0; i < a->nattr; i++)
		if (!text_eq(tol, "", a->attr[2 * i + 1], attr_get(b, a->attr[2 * i])))
			return 0;
	return 1;
}

/* ---- pruning ------------------------------------------------------------ */

static int blank(const char *s)
{
	return strip(s).n == 0;
}

static void prune(struct doc *d)
{
	size_t i, k, m;

	/* reverse document order: every child before its parent */
	for (i = d->nall; i-- > 0;) {
		struct node *n = d->all[i];

		for (k = m = 0; k < n->nkid; k++)
			if (!n->kid[k]->empty)
				n->kid[m++] = n->kid[k];
		n->nkid = m;
		n->empty = !n->nattr && !n->nkid && blank(n->text);
	}
}

/* ---- messages, as python formats them ----------------------------------- */

static int printable(unsigned long c)
{
	if (c < 0x20 || c == 0x7f)
		return 0;
	if (c < 0x7f)
		return 1;
	if (c <= 0xa0 || c == 0xad)
		return 0;
	if ((c >= 0x600 && c <= 0x605) || c == 0x61c || c == 0x6dd || c == 0x70f ||
	    c == 0x1680 || c == 0x180e || (c >= 0x2000 && c <= 0x200f) ||
	    (c >= 0x2028 && c <= 0x202f) || (c >= 0x205f && c <= 0x206f) ||
	    c == 0x3000 || (c >= 0xd800 && c <= 0xf8ff) || c == 0xfeff ||
	    (c >= 0xfff9 && c <= 0xfffb) || c >= 0xf0000)
		return 0;
	return 1;
}

/* Decode one UTF-8 character; invalid bytes come out as U+DC80..U+DCFF, as
 * python's surrogateescape makes of them. */
static size_t utf8_get(const unsigned char *s, unsigned long *c)
{
	size_t n, i;

	if (s[0] < 0x80) {
		*c = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		goto bad;
	*c = s[0] & (0xff >> (n + 1));
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			goto bad;
		*c = (*c << 6) | (s[i] & 0x3f);
	}
	return n;
bad:
	*c = 0xdc00 + s[0];
	return 1;
}

/* repr(s) of a python str; "None" for NULL */
static char *repr(TALLOC_CTX *ctx, const char *s)
{
	const unsigned char *p;
	char q = '\'';
	char *r;

	if (!s)
		return talloc_strdup(ctx, "None");
	if (strchr(s, '\'') && !strchr(s, '"'))
		q = '"';
	r = talloc_asprintf(ctx, "%c", q);
	for (p = (const unsigned char *)s; r && *p;) {
		unsigned long c;
		size_t n = utf8_get(p, &c);

		if (c == (unsigned char)q || c == '\\')
			r = talloc_asprintf_append_buffer(r, "\\%c", (char)c);
		else if (c == '\t')
			r = talloc_strdup_append_buffer(r, "\\t");
		else if (c == '\n')
			r = talloc_strdup_append_buffer(r, "\\n");
		else if (c == '\r')
			r = talloc_strdup_append_buffer(r, "\\r");
		else if (printable(c))
			r = talloc_strndup_append_buffer(r, (const char *)p, n);
		else if (c <= 0xff)
			r = talloc_asprintf_append_buffer(r, "\\x%02lx", c);
		else if (c <= 0xffff)
			r = talloc_asprintf_append_buffer(r, "\\u%04lx", c);
		else
			r = talloc_asprintf_append_buffer(r, "\\U%08lx", c);
		p += n;
	}
	return r ? talloc_asprintf_append_buffer(r, "%c", q) : NULL;
}

static char *label(TALLOC_CTX *ctx, const struct node *n)
{
	const char *name = attr_get(n, "name");

	return name ? talloc_asprintf(ctx, "%s[@name='%s']", n->name, name)
	            : talloc_strdup(ctx, n->name);
}

static char *attrs_repr(TALLOC_CTX *ctx, const struct node *n)
{
	char *r = talloc_strdup(ctx, "{");
	size_t i;

	for (i = 0; r && i < n->nattr; i++)
		r = talloc_asprintf_append_buffer(r, "%s%s: %s", i ? ", " : "",
		                                  repr(ctx, n->attr[2 * i]),
		                                  repr(ctx, n->attr[2 * i + 1]));
	return r ? talloc_strdup_append_buffer(r, "}") : NULL;
}

/* The path of python's diff(): "" at the root, then "/label" per level. */
struct seg {
	const struct seg *up;
	const struct node *n;
};

static char *render(TALLOC_CTX *ctx, const struct seg *s)
{
	const struct seg *p;
	const struct seg **v;
	size_t k = 0, i;
	char *r;

	for (p = s; p; p = p->up)
		k++;
	v = talloc_array(ctx, const struct seg *, k ? k : 1);
	if (!v)
		return NULL;
	for (p = s, i = k; p; p = p->up)
		v[--i] = p;
	r = talloc_strdup(ctx, "");
	for (i = 0; r && i < k; i++)
		r = talloc_asprintf_append_buffer(r, "/%s", label(ctx, v[i]->n));
	return r;
}

/* [repr(x) for x in v[:5]] as python prints a list */
static char *list_repr(TALLOC_CTX *ctx, char **v, size_t n)
{
	char *r = talloc_strdup(ctx, "[");
	size_t i;

	for (i = 0; r && i < n && i < 5; i++)
		r = talloc_asprintf_append_buffer(r, "%s%s", i ? ", " : "", repr(ctx, v[i]));
	return r ? talloc_strdup_append_buffer(r, "]") : NULL;
}

static int in_list(char **v, size_t n, const char *x)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i], x))
			return 1;
	return 0;
}

/* missing = [x for x in la if x not in lb] or la */
static char *not_in(TALLOC_CTX *ctx, char **la, size_t na, char **lb, size_t nb)
{
	char **v = talloc_array(ctx, char *, na ? na : 1);
	size_t i, k = 0;

	if (!v)
		return NULL;
	for (i = 0; i < na; i++)
		if (!in_list(lb, nb, la[i]))
			v[k++] = la[i];
	return k ? list_repr(ctx, v, k) : list_repr(ctx, la, na);
}

/* ---- the comparison ----------------------------------------------------- */

struct cmp {
	double tol;
	TALLOC_CTX *ctx;        /* messages */
	int oom;
};

static char *children_msg(struct cmp *c, const struct seg *here,
                          const struct node *a, const struct node *b)
{
	char **la = talloc_array(c->ctx, char *, a->nkid ? a->nkid : 1);
	char **lb = talloc_array(c->ctx, char *, b->nkid ? b->nkid : 1);
	size_t i;

	if (!la || !lb)
		return NULL;
	for (i = 0; i < a->nkid; i++)
		if (!(la[i] = label(c->ctx, a->kid[i])))
			return NULL;
	for (i = 0; i < b->nkid; i++)
		if (!(lb[i] = label(c->ctx, b->kid[i])))
			return NULL;
	return talloc_asprintf(c->ctx, "%s: %zu children expected, %zu found; missing %s extra %s",
	                       render(c->ctx, here), a->nkid, b->nkid,
	                       not_in(c->ctx, la, a->nkid, lb, b->nkid),
	                       not_in(c->ctx, lb, b->nkid, la, a->nkid));
}

static int same_label(const struct node *x, const struct node *y)
{
	const char *nx = attr_get(x, "name"), *ny = attr_get(y, "name");

	return !strcmp(x->name, y->name) && (nx && ny ? !strcmp(nx, ny) : nx == ny);
}

/* 0 when a and b are equal, else 1 and, when msg, the first difference in
 * *msg.  path is where a and b are (NULL at the root). */
static int diff(struct cmp *c, const struct node *a, const struct node *b,
                const struct seg *path, int ordered, char **msg)
{
	struct seg here = { path, a };
	const struct node **left;
	size_t i, j, nleft;

	if (c->oom)
		return 1;
	if (strcmp(a->name, b->name)) {
		if (msg)
			*msg = talloc_asprintf(c->ctx, "%s: element <%s> expected, <%s> found",
			                       render(c->ctx, path), a->name, b->name);
		return 1;
	}
	if (!attrs_eq(c->tol, a, b)) {
		if (msg)
			*msg = talloc_asprintf(c->ctx, "%s: attributes %s expected, %s found",
			                       render(c->ctx, &here), attrs_repr(c->ctx, a),
			                       attrs_repr(c->ctx, b));
		return 1;
	}
	if (!a->nkid && !b->nkid) {
		if (text_eq(c->tol, a->name, a->text, b->text))
			return 0;
		if (msg)
			*msg = talloc_asprintf(c->ctx, "%s: text %s expected, %s found",
			                       render(c->ctx, &here), repr(c->ctx, a->text),
			                       repr(c->ctx, b->text));
		return 1;
	}
	if (a->nkid != b->nkid) {
		if (msg)
			*msg = children_msg(c, &here, a, b);
		return 1;
	}
	if (ordered) {
		for (i = 0; i < a->nkid; i++)
			if (diff(c, a->kid[i], b->kid[i], &here, 1, msg))
				return 1;
		return 0;
	}
	left = malloc(b->nkid * sizeof *left);
	if (!left) {
		c->oom = 1;
		return 1;
	}
	memcpy(left, b->kid, b->nkid * sizeof *left);
	nleft = b->nkid;
	for (i = 0; i < a->nkid; i++) {
		const struct node *x = a->kid[i];

		for (j = 0; j < nleft; j++)
			if (!diff(c, x, left[j], &here, 0, NULL))
				break;
		if (c->oom)
			break;
		if (j == nleft) {
			if (msg) {
				for (j = 0; j < nleft && !same_label(left[j], x); j++)
					;
				if (j < nleft)
					diff(c, x, left[j], &here, 0, msg);
				else
					*msg = talloc_asprintf(c->ctx, "%s: no match for %s",
					                       render(c->ctx, &here), label(c->ctx, x));
			}
			free(left);
			return 1;
		}
		memmove(left + j, left + j + 1, (nleft - j - 1) * sizeof *left);
		nleft--;
	}
	free(left);
	return c->oom;
}

/* ---- entry points ------------------------------------------------------- */

static void hand_back(const char *s, char **msg)
{
	if (msg)
		*msg = s && *s ? strdup(s) : NULL;
}

static int compare(TALLOC_CTX *top, const char *eb, size_t el, const char *ab, size_t al,
                   double tol, const char **out)
{
	struct doc de, da;
	struct cmp c;
	char *err = NULL, *d1 = NULL, *d2 = NULL;

	*out = NULL;
	if (parse(top, eb, el, &de, &err) || parse(top, ab, al, &da, &err)) {
		*out = err ? talloc_asprintf(top, "parse error: %s", err) : "out of memory";
		return SDFCMP_UNPARSABLE;
	}
	prune(&de);
	prune(&da);
	c.tol = tol;
	c.ctx = top;
	c.oom = 0;
	if (!diff(&c, de.root, da.root, NULL, 1, &d1))
		return SDFCMP_EQUAL;
	if (!c.oom && d1 && !diff(&c, de.root, da.root, NULL, 0, &d2)) {
		*out = talloc_asprintf(top, "equal out of order; in order: %s", d1);
		if (*out)
			return SDFCMP_REORDERED;
	}
	if (c.oom || !d1 || !d2) {
		*out = "out of memory";
		return SDFCMP_UNPARSABLE;
	}
	*out = d2;
	return SDFCMP_DIFFERENT;
}

int sdfcmp_buffers_ex(const char *expected, size_t elen, const char *actual, size_t alen,
                      double tol, char **msg)
{
	TALLOC_CTX *top = talloc_new(NULL);
	const char *out;
	int rc;

	if (!top) {
		hand_back("out of memory", msg);
		return SDFCMP_UNPARSABLE;
	}
	rc = compare(top, expected, elen, actual, alen, tol, &out);
	hand_back(out, msg);
	talloc_free(top);
	return rc;
}

static void copy_why(const char *msg, char *why, size_t whysz)
{
	if (why && whysz)
		snprintf(why, whysz, "%s", msg ? msg : "");
}

int sdfcmp_buffers(const char *expected, size_t elen, const char *actual, size_t alen,
                   char *why, size_t whysz)
{
	char *msg = NULL;
	int rc = sdfcmp_buffers_ex(expected, elen, actual, alen, SDFCMP_TOL, &msg);

	copy_why(msg, why, whysz);
	free(msg);
	return rc;
}

/* Read a whole file; 0, or -1 with errno set. */
static int slurp(TALLOC_CTX *ctx, const char *path, char **buf, size_t *len)
{
	struct stat st;
	size_t cap, n = 0;
	char *b;
	int fd, e;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		errno = EISDIR;
		return -1;
	}
	cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
	b = talloc_size(ctx, cap);
	for (;;) {
		ssize_t r;

		if (!b) {
			close(fd);
			errno = ENOMEM;
			return -1;
		}
		if (n == cap) {
			cap *= 2;
			b = talloc_realloc_size(ctx, b, cap);
			continue;
		}
		r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	*buf = b;
	*len = n;
	return 0;
}

static char *os_error(TALLOC_CTX *ctx, int e, const char *path)
{
	return talloc_asprintf(ctx, "parse error: [Errno %d] %s: %s", e, strerror(e),
	                       repr(ctx, path));
}

int sdfcmp_files_ex(const char *expected_path, const char *actual_path, double tol, char **msg)
{
	TALLOC_CTX *top = talloc_new(NULL);
	char *eb = NULL, *ab = NULL, *perr;
	size_t el = 0, al = 0;
	const char *out;
	struct doc d;
	int rc;

	if (!top) {
		hand_back("out of memory", msg);
		return SDFCMP_UNPARSABLE;
	}
	if (slurp(top, expected_path, &eb, &el)) {
		out = os_error(top, errno, expected_path);
		rc = SDFCMP_UNPARSABLE;
	} else if (slurp(top, actual_path, &ab, &al)) {
		/* python parses EXPECTED before it opens ACTUAL */
		int e = errno;

		if (parse(top, eb, el, &d, &perr))
			out = perr ? talloc_asprintf(top, "parse error: %s", perr) : "out of memory";
		else
			out = os_error(top, e, actual_path);
		rc = SDFCMP_UNPARSABLE;
	} else {
		rc = compare(top, eb, el, ab, al, tol, &out);
	}
	hand_back(out, msg);
	talloc_free(top);
	return rc;
}

int sdfcmp_files(const char *expected_path, const char *actual_path, char *why, size_t whysz)
{
	char *msg = NULL;
	int rc = sdfcmp_files_ex(expected_path, actual_path, SDFCMP_TOL, &msg);

	copy_why(msg, why, whysz);
	free(msg);
	return rc;
}

int sdfcmp_wellformed(const char *buf, size_t len, char *why, size_t whysz)
{
	XML_Parser p = XML_ParserCreate(NULL);
	int rc = 0;

	copy_why("", why, whysz);
	if (!p) {
		copy_why("out of memory", why, whysz);
		return SDFCMP_UNPARSABLE;
	}
	if (feed(p, buf, len)) {
		if (why && whysz)
			snprintf(why, whysz, "%s: line %llu, column %llu",
			         XML_ErrorString(XML_GetErrorCode(p)),
			         (unsigned long long)XML_GetErrorLineNumber(p),
			         (unsigned long long)XML_GetErrorColumnNumber(p));
		rc = SDFCMP_UNPARSABLE;
	}
	XML_ParserFree(p);
	return rc;
}
