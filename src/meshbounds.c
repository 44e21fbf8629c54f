/* meshbounds: the lowest point of mesh files along directions (see
 * meshbounds.h). */
#define _POSIX_C_SOURCE 200809L

#include "meshbounds.h"

#include <errno.h>
#include <expat.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "index.h"

/* The directions a vertex is seen along. */
struct probes {
	struct mesh_probe *v;
	size_t n;
};

static void see(const struct probes *p, const double v[3])
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		double z = p->v[i].d[0] * v[0] + p->v[i].d[1] * v[1] + p->v[i].d[2] * v[2];
		if (z < p->v[i].low)
			p->v[i].low = z;
	}
}

/* A mapped file. */
struct bytes {
	const char *p;
	size_t n;
};

/* What must be given back however the reading ends: running out of memory
 * jumps out of it, and the conversion's talloc context, freed then, runs
 * these destructors (a mapping, an expat parser). */
struct mapping {
	void *p;
	size_t n;
};

static int unmap(struct mapping *m)
{
	if (m->n)
		munmap(m->p, m->n);
	return 0;
}

struct parser_ref {
	XML_Parser parser;
};

static int parser_free(struct parser_ref *r)
{
	if (r->parser)
		XML_ParserFree(r->parser);
	return 0;
}

/* An expat parser freed with TMP (or before, by talloc_free). */
static struct parser_ref *parser_new(TALLOC_CTX *tmp, oom_jump *jump)
{
	struct parser_ref *r = must(jump, talloc_zero(tmp, struct parser_ref));

	talloc_set_destructor(r, parser_free);
	if (!(r->parser = XML_ParserCreate(NULL)))
		oom(jump);
	return r;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* The number at *AT (blanks skipped, no further than END) into *OUT;
 * 0, or -1 when there is none. */
static int read_number(const char **at, const char *end, double *out)
{
	char buf[64], *stop;
	const char *s = *at;
	size_t n = 0;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	while (s + n < end && !is_blank(s[n]) && n < sizeof buf - 1) {
		buf[n] = s[n];
		n++;
	}
	buf[n] = '\0';
	if (n == 0 || n == sizeof buf - 1)
		return -1;
	*out = strtod(buf, &stop);
	if (*stop != '\0')
		return -1;
	*at = s + n;
	return 0;
}

/* ---- STL ------------------------------------------------------------------ */

static double float_le(const unsigned char *b)
{
	uint32_t u = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
		     (uint32_t)b[3] << 24;
	float f;

	memcpy(&f, &u, sizeof f);
	return f;
}

static int stl_binary(const struct bytes *f)
{
	const unsigned char *b = (const unsigned char *)f->p;
	uint64_t count;

	if (f->n < 84)
		return 0;
	count = (uint64_t)b[80] | (uint64_t)b[81] << 8 | (uint64_t)b[82] << 16 |
		(uint64_t)b[83] << 24;
	return 84 + 50 * count == f->n;
}

static const char *stl_read(const struct bytes *f, const struct probes *p)
{
	const unsigned char *b = (const unsigned char *)f->p;
	const char *s = f->p, *end = f->p + f->n;
	double v[3];
	size_t at, k;

	if (stl_binary(f)) {
		for (at = 84; at + 50 <= f->n; at += 50)
			for (k = 0; k < 3; k++) {
				v[0] = float_le(b + at + 12 + 12 * k);
				v[1] = float_le(b + at + 16 + 12 * k);
				v[2] = float_le(b + at + 20 + 12 * k);
				see(p, v);
			}
		return NULL;
	}
	while (s < end && is_blank(*s))
		s++;
	if ((size_t)(end - s) < 5 || strncmp(s, "solid", 5) != 0)
		return "neither a binary STL (its size is not 84 + 50 bytes a triangle) "
		       "nor an ASCII one (it does not start with 'solid')";
	while (s < end) {
		const char *tok = s;
		while (s < end && !is_blank(*s))
			s++;
		if (s - tok == 6 && strncasecmp(tok, "vertex", 6) == 0) {
			for (k = 0; k < 3; k++)
				if (read_number(&s, end, &v[k]) != 0)
					return "an ASCII STL 'vertex' not followed by three numbers";
			see(p, v);
		}
		while (s < end && is_blank(*s))
			s++;
	}
	return NULL;
}

/* ---- OBJ ------------------------------------------------------------------ */

static const char *obj_read(const struct bytes *f, const struct probes *p)
{
	const char *s = f->p, *end = f->p + f->n;
	double v[3];
	int k;

	while (s < end) {
		const char *eol = memchr(s, '\n', (size_t)(end - s));
		if (!eol)
			eol = end;
		while (s < eol && (*s == ' ' || *s == '\t'))
			s++;
		if (eol - s > 2 && s[0] == 'v' && (s[1] == ' ' || s[1] == '\t')) {
			s++;
			for (k = 0; k < 3; k++)
				if (read_number(&s, eol, &v[k]) != 0)
					return "an OBJ 'v' line that does not hold three numbers";
			see(p, v);
		}
		s = eol + (eol < end);
	}
	return NULL;
}

/* ---- COLLADA ---------------------------------------------------------------- */

/* A 3x4 affine transform, row by row: [r00 r01 r02 t0; r10 ...]. */
typedef double affine[12];

static const affine IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0 };

static void affine_mul(const double *a, const double *b, double *out)
{
	affine r;
	int i, j;

	for (i = 0; i < 3; i++) {
		for (j = 0; j < 4; j++)
			r[4 * i + j] = a[4 * i] * b[j] + a[4 * i + 1] * b[4 + j] +
				       a[4 * i + 2] * b[8 + j];
		r[4 * i + 3] += a[4 * i + 3];
	}
	memcpy(out, r, sizeof r);
}

/* A geometry instantiated by a node of a visual scene. */
struct dae_instance {
	const char *scene, *geometry;
	affine m;
	/* when gz-common loads it: LoadNode loads a node's children first,
	 * then the node's own geometries, so the order is the nodes' ends */
	size_t order;
	size_t next_own;        /* the node's next instance, + 1; 0: none */
};

/* What the first pass gathers. */
struct dae_scene {
	TALLOC_CTX *tmp;
	oom_jump *jump;
	XML_Parser parser;
	const char *error;
	double meter;
	const char *scene_url;            /* <instance_visual_scene url>, '#' left out */
	struct index *position_of;        /* geometry id -> its POSITION source id */
	struct index *stride_of;          /* source id -> (its accessor's stride, boxed) */
	struct dae_instance *inst;
	size_t ninst, cap;
	/* while reading */
	const char *in_geometry, *in_source, *in_scene;
	int in_vertices, in_asset;
	/* the open nodes of the scene: their transforms, whether the node's
	 * own is complete (a child came), and its parts */
	struct dae_node {
		affine acc;               /* the parents' and its own, once complete */
		int done, has_matrix, has_translate, has_scale;
		affine matrix, rot;
		double translate[3], scale[3];
		size_t first_own;         /* its first instance, + 1; 0: none */
	} *nodes;
	size_t ended;                     /* instances ordered so far */
	size_t depth, node_cap;
	char *text;                       /* a transform's text */
	size_t text_len;
	int collecting;
};

static const char *attr(const char **atts, const char *name)
{
	for (; atts && atts[0]; atts += 2)
		if (strcmp(atts[0], name) == 0)
			return atts[1];
	return NULL;
}

static const char *local_ref(const char *url)
{
	return url && url[0] == '#' ? url + 1 : url;
}

static void dae_fail(struct dae_scene *s, const char *why)
{
	if (!s->error)
		s->error = why;
	XML_StopParser(s->parser, XML_FALSE);
}

/* The node's own transform as gz-common composes it, after its parent's. */
static void node_complete(struct dae_node *n, const double *parent)
{
	affine own;

	if (n->done)
		return;
	memcpy(own, IDENTITY, sizeof own);
	if (n->has_matrix) {
		memcpy(own, n->matrix, sizeof own);
	} else {
		if (n->has_translate) {
			own[3] = n->translate[0];
			own[7] = n->translate[1];
			own[11] = n->translate[2];
		}
		affine_mul(own, n->rot, own);
		if (n->has_scale) {
			affine s = { n->scale[0], 0, 0, 0, 0, n->scale[1], 0, 0, 0, 0, n->scale[2], 0 };
			affine_mul(own, s, own);
		}
	}
	affine_mul(parent, own, n->acc);
	n->done = 1;
}

static struct dae_node *top_node(struct dae_scene *s)
{
	struct dae_node *n = &s->nodes[s->depth - 1];

	node_complete(n, s->depth > 1 ? s->nodes[s->depth - 2].acc : IDENTITY);
	return n;
}

static void node_open(struct dae_scene *s)
{
	if (s->depth)
		top_node(s);
	if (s->depth == s->node_cap) {
		s->node_cap = s->node_cap ? 2 * s->node_cap : 16;
		s->nodes = must(s->jump, talloc_realloc(s->tmp, s->nodes, struct dae_node,
							s->node_cap));
	}
	memset(&s->nodes[s->depth], 0, sizeof s->nodes[0]);
	memcpy(s->nodes[s->depth].rot, IDENTITY, sizeof(affine));
	s->depth++;
}

static void instance_add(struct dae_scene *s, const char *url)
{
	struct dae_instance *i;

	if (s->ninst == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->inst = must(s->jump, talloc_realloc(s->tmp, s->inst, struct dae_instance, s->cap));
	}
	i = &s->inst[s->ninst++];
	i->scene = s->in_scene;
	i->geometry = must(s->jump, talloc_strdup(s->tmp, local_ref(url)));
	memcpy(i->m, top_node(s)->acc, sizeof i->m);
	/* pushed on the node's own list (their order among themselves does
	 * not matter: they share one transform) */
	i->next_own = s->nodes[s->depth - 1].first_own;
	s->nodes[s->depth - 1].first_own = s->ninst;
}

/* The node ends: its own instances are loaded now, after its children's. */
static void node_close(struct dae_scene *s)
{
	size_t k;

	for (k = s->nodes[s->depth - 1].first_own; k; k = s->inst[k - 1].next_own)
		s->inst[k - 1].order = s->ended++;
	s->depth--;
}

static int transform_name(const char *name)
{
	return !strcmp(name, "matrix") || !strcmp(name, "translate") || !strcmp(name, "rotate") ||
	       !strcmp(name, "scale");
}

static void scene_element(struct dae_scene *s, const char *name, const char **atts)
{
	if (!strcmp(name, "node")) {
		node_open(s);
	} else if (s->depth && transform_name(name)) {
		if (s->nodes[s->depth - 1].done)
			dae_fail(s, "a <node> transform after the node's children: beyond u2s");
		s->collecting = 1;
		s->text_len = 0;
	} else if (s->depth && (!strcmp(name, "lookat") || !strcmp(name, "skew"))) {
		dae_fail(s, "a <node> <lookat> or <skew> transform: beyond u2s");
	} else if (s->depth && (!strcmp(name, "instance_node") ||
				!strcmp(name, "instance_controller"))) {
		dae_fail(s, "an <instance_node> or <instance_controller> (a skinned mesh): "
			    "beyond u2s");
	} else if (s->depth && !strcmp(name, "instance_geometry")) {
		instance_add(s, attr(atts, "url") ? attr(atts, "url") : "");
	}
}

static void put_stride(struct dae_scene *s, const char **atts)
{
	const char *st = attr(atts, "stride");
	long *v = must(s->jump, talloc(s->tmp, long));

	*v = st ? strtol(st, NULL, 10) : 1;
	index_put(s->stride_of, s->in_source, v);
}

static void scene_start(void *arg, const char *name, const char **atts)
{
	struct dae_scene *s = arg;
	const char *id = attr(atts, "id");

	if (s->in_scene) {
		scene_element(s, name, atts);
	} else if (!strcmp(name, "visual_scene")) {
		s->in_scene = must(s->jump, talloc_strdup(s->tmp, id ? id : ""));
	} else if (!strcmp(name, "geometry")) {
		s->in_geometry = must(s->jump, talloc_strdup(s->tmp, id ? id : ""));
	} else if (!strcmp(name, "source") && id) {
		s->in_source = must(s->jump, talloc_strdup(s->tmp, id));
	} else if (!strcmp(name, "accessor") && s->in_source) {
		put_stride(s, atts);
	} else if (!strcmp(name, "vertices")) {
		s->in_vertices = 1;
	} else if (!strcmp(name, "input") && s->in_vertices && s->in_geometry &&
		   attr(atts, "semantic") && !strcmp(attr(atts, "semantic"), "POSITION") &&
		   attr(atts, "source")) {
		index_put(s->position_of, s->in_geometry,
			  must(s->jump, talloc_strdup(s->tmp, local_ref(attr(atts, "source")))));
	} else if (!strcmp(name, "instance_visual_scene") && attr(atts, "url")) {
		s->scene_url = must(s->jump, talloc_strdup(s->tmp, local_ref(attr(atts, "url"))));
	} else if (!strcmp(name, "asset")) {
		s->in_asset = 1;
	} else if (!strcmp(name, "unit") && s->in_asset && attr(atts, "meter")) {
		s->meter = strtod(attr(atts, "meter"), NULL);
	}
}

/* The numbers of a transform's text into OUT (at most N); how many. */
static int numbers(const char *text, double *out, int n)
{
	const char *s = text, *end = text + strlen(text);
	int k = 0;

	while (k < n) {
		while (s < end && is_blank(*s))
			s++;
		if (s == end || read_number(&s, end, &out[k]) != 0)
			break;
		k++;
	}
	return k;
}

static void rotate_by(struct dae_node *n, const double *a)
{
	double len = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
	double x = len > 0 ? a[0] / len : 0, y = len > 0 ? a[1] / len : 0;
	double z = len > 0 ? a[2] / len : 1, t = a[3] * 3.14159265358979323846 / 180, c = cos(t), s = sin(t);
	double C = 1 - c;
	affine r = { x * x * C + c, x * y * C - z * s, x * z * C + y * s, 0,
		     y * x * C + z * s, y * y * C + c, y * z * C - x * s, 0,
		     z * x * C - y * s, z * y * C + x * s, z * z * C + c, 0 };

	affine_mul(n->rot, r, n->rot);
}

/* A transform element's text, into the open node (gz-common's rules: the
 * first matrix, translate and scale, every rotate). */
static void transform_end(struct dae_scene *s, const char *name)
{
	struct dae_node *n = &s->nodes[s->depth - 1];
	double v[16];
	int k;

	s->collecting = 0;
	s->text = must(s->jump, talloc_realloc(s->tmp, s->text, char, s->text_len + 1));
	s->text[s->text_len] = '\0';
	k = numbers(s->text, v, 16);
	if (!strcmp(name, "matrix") && k == 16 && !n->has_matrix) {
		memcpy(n->matrix, v, sizeof n->matrix);
		n->has_matrix = 1;
	} else if (!strcmp(name, "translate") && k == 3 && !n->has_translate) {
		memcpy(n->translate, v, sizeof n->translate);
		n->has_translate = 1;
	} else if (!strcmp(name, "scale") && k == 3 && !n->has_scale) {
		memcpy(n->scale, v, sizeof n->scale);
		n->has_scale = 1;
	} else if (!strcmp(name, "rotate") && k == 4) {
		rotate_by(n, v);
	} else if (k != (!strcmp(name, "matrix") ? 16 : !strcmp(name, "rotate") ? 4 : 3)) {
		dae_fail(s, "a <node> transform without its numbers");
	}
}

static void scene_end(void *arg, const char *name)
{
	struct dae_scene *s = arg;

	if (s->collecting && transform_name(name))
		transform_end(s, name);
	else if (s->in_scene && !strcmp(name, "node") && s->depth)
		node_close(s);
	else if (!strcmp(name, "visual_scene"))
		s->in_scene = NULL;
	else if (!strcmp(name, "geometry"))
		s->in_geometry = NULL;
	else if (!strcmp(name, "source"))
		s->in_source = NULL;
	else if (!strcmp(name, "vertices"))
		s->in_vertices = 0;
	else if (!strcmp(name, "asset"))
		s->in_asset = 0;
}

static void scene_text(void *arg, const char *t, int len)
{
	struct dae_scene *s = arg;

	if (!s->collecting || len <= 0)
		return;
	if (s->text_len + (size_t)len > 4096) {
		dae_fail(s, "a <node> transform of more than 4 KiB");
		return;
	}
	s->text = must(s->jump, talloc_realloc(s->tmp, s->text, char, s->text_len + (size_t)len + 1));
	memcpy(s->text + s->text_len, t, (size_t)len);
	s->text_len += (size_t)len;
}

/* Feeds F to PARSER in pieces expat takes (an int's worth); NULL or why not. */
static const char *parse_all(XML_Parser parser, const struct bytes *f)
{
	size_t at = 0;

	do {
		size_t n = f->n - at > (1u << 30) ? (1u << 30) : f->n - at;
		if (XML_Parse(parser, f->p + at, (int)n, at + n == f->n) != XML_STATUS_OK)
			return XML_GetErrorCode(parser) == XML_ERROR_ABORTED ? "" :
			       XML_ErrorString(XML_GetErrorCode(parser));
		at += n;
	} while (at < f->n);
	return NULL;
}

/* The second pass: the positions of the sources asked for. */
struct dae_positions {
	struct index *probes_of;   /* source id -> struct probes */
	struct index *stride_of;
	const struct probes *cur;  /* in a <float_array> of a source asked for */
	const struct probes *next; /* in a <source> asked for */
	long next_stride, stride, i;
	double v[3];
	char tok[64];
	size_t toklen;
	int bad;
};

static void positions_token(struct dae_positions *p)
{
	char *stop;
	double x;

	p->tok[p->toklen] = '\0';
	p->toklen = 0;
	x = strtod(p->tok, &stop);
	if (*stop) {
		p->bad = 1;
		return;
	}
	if (p->i % p->stride < 3)
		p->v[p->i % p->stride] = x;
	if (p->i % p->stride == 2)
		see(p->cur, p->v);
	p->i++;
}

static void positions_start(void *arg, const char *name, const char **atts)
{
	struct dae_positions *p = arg;
	const char *id = attr(atts, "id");
	const long *stride;

	if (!strcmp(name, "source")) {
		p->next = id ? index_get(p->probes_of, id) : NULL;
		stride = id ? index_get(p->stride_of, id) : NULL;
		p->next_stride = stride ? *stride : 1;
	}
	if (strcmp(name, "float_array") != 0 || !p->next)
		return;
	p->cur = p->next;
	p->stride = p->next_stride;
	p->next = NULL;
	p->i = 0;
	p->toklen = 0;
	if (p->stride < 3)
		p->bad = 1;
	if (p->bad)
		p->cur = NULL;
}

static void positions_end(void *arg, const char *name)
{
	struct dae_positions *p = arg;

	if (p->cur && !strcmp(name, "float_array")) {
		if (p->toklen)
			positions_token(p);
		p->cur = NULL;
	} else if (!strcmp(name, "source")) {
		p->next = NULL;
	}
}

static void positions_text(void *arg, const char *t, int len)
{
	struct dae_positions *p = arg;
	int k;

	for (k = 0; p->cur && k < len; k++) {
		if (!is_blank(t[k]) && p->toklen < sizeof p->tok - 1)
			p->tok[p->toklen++] = t[k];
		else if (!is_blank(t[k]))
			p->bad = 1;
		else if (p->toklen)
			positions_token(p);
	}
}

/* The composed probes of each source the scene's geometries use: a
 * probe per (asked direction, instance), the direction carried through
 * the instance's transform and the unit; OFF and TO say how each folds
 * back into the probe asked. */
struct dae_fold {
	struct mesh_probe *probe;   /* the composed one */
	double off;
	struct mesh_probe *to;
};

/* The source of instance I when it is of the scene shown, else NULL. */
static const char *instance_source(const struct dae_scene *s, size_t i)
{
	const char *src = index_get(s->position_of, s->inst[i].geometry);

	return src && !strcmp(s->inst[i].scene, s->scene_url) ? src : NULL;
}

/* gz-common transforms a POSITION source's vertices for the first
 * instance it loads and keeps them by the source's id: every later
 * instance of it reuses them (ColladaLoader's positionIds), so one
 * transform per source is what gz-sim builds.  Per source, the index of
 * that instance (boxed), in FIRST. */
static void first_instances(struct dae_scene *s, struct index *first)
{
	size_t i, *k;
	const char *src;

	for (i = 0; i < s->ninst; i++) {
		if ((src = instance_source(s, i)) == NULL)
			continue;
		if ((k = index_get(first, src)) == NULL) {
			k = must(s->jump, talloc(s->tmp, size_t));
			*k = i;
			index_put(first, src, k);
		} else if (s->inst[i].order < s->inst[*k].order) {
			*k = i;
		}
	}
}

static struct dae_fold *compose(struct dae_scene *s, struct mesh_probe *asked, size_t n,
				struct index *probes_of, size_t *nfold)
{
	struct dae_fold *fold = must(s->jump, talloc_array(s->tmp, struct dae_fold,
							     s->ninst * n + 1));
	struct index *first = index_new(s->tmp, s->jump);
	size_t i, k, f = 0;
	const char *src;
	const size_t *use;

	first_instances(s, first);
	for (i = 0; i < s->ninst; i++) {
		struct probes *ps;
		if ((src = instance_source(s, i)) == NULL ||
		    (use = index_get(first, src)) == NULL || *use != i)
			continue;
		ps = must(s->jump, talloc_zero(s->tmp, struct probes));
		ps->v = must(s->jump, talloc_array(s->tmp, struct mesh_probe, n ? n : 1));
		index_put(probes_of, src, ps);
		for (k = 0; k < n; k++) {
			const double *d = asked[k].d, *m = s->inst[i].m;
			struct mesh_probe *p = &ps->v[ps->n++];
			int c;
			for (c = 0; c < 3; c++)
				p->d[c] = s->meter * (d[0] * m[c] + d[1] * m[4 + c] + d[2] * m[8 + c]);
			p->low = INFINITY;
			fold[f].probe = p;
			fold[f].off = s->meter * (d[0] * m[3] + d[1] * m[7] + d[2] * m[11]);
			fold[f++].to = &asked[k];
		}
	}
	*nfold = f;
	return fold;
}

static const char *dae_second(struct dae_scene *s, const struct bytes *f,
			      struct mesh_probe *asked, size_t n)
{
	struct dae_positions pos = { 0 };
	struct dae_fold *fold;
	size_t nfold, i;
	struct parser_ref *ref;
	const char *why;

	pos.probes_of = index_new(s->tmp, s->jump);
	pos.stride_of = s->stride_of;
	fold = compose(s, asked, n, pos.probes_of, &nfold);
	ref = parser_new(s->tmp, s->jump);
	XML_SetUserData(ref->parser, &pos);
	XML_SetElementHandler(ref->parser, positions_start, positions_end);
	XML_SetCharacterDataHandler(ref->parser, positions_text);
	why = parse_all(ref->parser, f);
	talloc_free(ref);
	if (why)
		return why;
	if (pos.bad)
		return "a POSITION <float_array> that is not numbers, or of a stride below 3";
	for (i = 0; i < nfold; i++)
		if (fold[i].probe->low + fold[i].off < fold[i].to->low)
			fold[i].to->low = fold[i].probe->low + fold[i].off;
	return NULL;
}

static const char *dae_read(TALLOC_CTX *tmp, oom_jump *jump, const struct bytes *f,
			    struct mesh_probe *asked, size_t n)
{
	struct dae_scene s = { 0 };
	struct parser_ref *ref;
	const char *why;

	s.tmp = tmp;
	s.jump = jump;
	s.meter = 1;
	s.position_of = index_new(tmp, jump);
	s.stride_of = index_new(tmp, jump);
	ref = parser_new(tmp, jump);
	s.parser = ref->parser;
	XML_SetUserData(s.parser, &s);
	XML_SetElementHandler(s.parser, scene_start, scene_end);
	XML_SetCharacterDataHandler(s.parser, scene_text);
	why = parse_all(s.parser, f);
	talloc_free(ref);
	if (s.error)
		return s.error;
	if (why)
		return must(jump, talloc_asprintf(tmp, "not well-formed XML (%s)", why));
	if (!s.scene_url)
		return "no <scene><instance_visual_scene>, which gz-common needs";
	if (!(s.meter > 0) || !isfinite(s.meter))
		return "an <asset><unit meter> that is not a positive number";
	return dae_second(&s, f, asked, n);
}

/* ---- the file --------------------------------------------------------------- */

static int ends_with(const char *path, const char *suffix)
{
	size_t n = strlen(path), k = strlen(suffix);

	return n >= k && strcasecmp(path + n - k, suffix) == 0;
}

const char *meshbounds_read(TALLOC_CTX *tmp, oom_jump *jump, const char *path,
			    struct mesh_probe *probes, size_t n)
{
	struct probes p = { probes, n };
	struct bytes f = { NULL, 0 };
	const char *why = NULL;
	struct mapping *m;
	struct stat st;
	void *map = NULL;
	int fd;

	if (!ends_with(path, ".stl") && !ends_with(path, ".obj") && !ends_with(path, ".dae"))
		return "not a kind of mesh u2s reads (STL, OBJ or COLLADA)";
	/* not blocking: a FIFO named like a mesh must not hang the conversion
	 * (it is then refused as not a regular file) */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0 || fstat(fd, &st) != 0) {
		why = must(jump, talloc_asprintf(tmp, "%s", strerror(errno)));
		if (fd >= 0)
			close(fd);
		return why;
	}
	f.n = (size_t)st.st_size;
	if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	else if (f.n && (map = mmap(NULL, f.n, PROT_READ, MAP_PRIVATE, fd, 0)) == MAP_FAILED)
		why = must(jump, talloc_asprintf(tmp, "%s", strerror(errno)));
	close(fd);
	if (why)
		return why;
	m = talloc(tmp, struct mapping);
	if (!m) {
		if (f.n)
			munmap(map, f.n);
		oom(jump);
	}
	*m = (struct mapping){ map, f.n };
	talloc_set_destructor(m, unmap);
	f.p = f.n ? map : "";
	if (ends_with(path, ".stl"))
		why = stl_read(&f, &p);
	else if (ends_with(path, ".obj"))
		why = obj_read(&f, &p);
	else
		why = dae_read(tmp, jump, &f, probes, n);
	talloc_free(m);
	return why;
}
