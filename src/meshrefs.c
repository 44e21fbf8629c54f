/* meshrefs: the files of a model folder for one mesh (meshrefs.h). */
/* realpath() is an X/Open System Interface; memmem and memrchr are GNU. */
#define _GNU_SOURCE

#include "meshrefs.h"

#include <ctype.h>
#include <errno.h>
#include <expat.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "index.h"

/* What kind of file names others. */
enum refs_kind { REFS_NONE, REFS_DAE, REFS_OBJ, REFS_MTL };

/* A file told to the caller whose names are still to be followed. */
struct pending {
	struct pending *next;
	const char *real;        /* to read */
	const char *rel;         /* its path in the root */
	const char *place_rel;   /* the same as the folder names it */
	const char *shown;       /* for messages: the place under meshes/ */
	enum refs_kind kind;
};

struct mesh_refs {
	TALLOC_CTX *ctx;
	struct real_dirs *dirs;  /* the real paths of the folders looked in */
	char *buf;               /* the file being read for what it names */
	size_t buf_size;
	oom_jump *oom;
	struct diag *d;
	const struct options *opts;
	struct index *told;      /* place under meshes/ -> the real path told */
	/* the mesh being followed */
	const struct mesh_root *root;
	const char *uri;
	struct srcpos pos;
	struct pending *first, *last;
	int err;                 /* the first errno of a read or a copy */
};

struct mesh_refs *mesh_refs_new(TALLOC_CTX *ctx, oom_jump *jump, struct diag *d,
				const struct options *opts)
{
	struct mesh_refs *mr = must(jump, talloc_zero(ctx, struct mesh_refs));

	mr->ctx = mr;
	mr->oom = jump;
	mr->d = d;
	mr->opts = opts;
	mr->told = index_new(mr, jump);
	mr->dirs = real_dirs_new(mr, jump);
	return mr;
}

/* ---- real paths ---------------------------------------------------------------- */

struct real_dirs {
	TALLOC_CTX *ctx;
	oom_jump *oom;
	struct index *real;   /* a folder's path as looked up -> its real path */
};

struct real_dirs *real_dirs_new(TALLOC_CTX *ctx, oom_jump *jump)
{
	struct real_dirs *rd = must(jump, talloc_zero(ctx, struct real_dirs));

	rd->ctx = rd;
	rd->oom = jump;
	rd->real = index_new(rd, jump);
	return rd;
}

/* DIR's real path, looked up once; NULL when realpath fails (not kept). */
static const char *real_dir(struct real_dirs *rd, const char *dir, size_t len)
{
	char *key = must(rd->oom, talloc_strndup(rd->ctx, dir, len)), *real;
	const char *had = index_get(rd->real, key), *kept;

	if (had) {
		talloc_free(key);
		return had;
	}
	if ((real = realpath(key, NULL)) == NULL) {
		talloc_free(key);
		return NULL;
	}
	kept = talloc_strdup(rd->ctx, real);
	free(real);
	index_put(rd->real, key, (void *)must(rd->oom, (void *)kept));
	return kept;
}

char *real_path(struct real_dirs *rd, TALLOC_CTX *ctx, oom_jump *jump, const char *lex)
{
	const char *slash = strrchr(lex, '/'), *base = slash ? slash + 1 : "", *dir;
	char *real;
	struct stat st;

	/* realpath(FOLDER/NAME) is FOLDER's real path and NAME when NAME is
	 * there and no symbolic link: FOLDER's is looked up once (realpath
	 * reads every link on the way, a readlink per part of the path, for
	 * each mesh); anything else, failures included, is realpath's */
	if (rd && slash && slash != lex && *base && strcmp(base, ".") && strcmp(base, "..") &&
	    (dir = real_dir(rd, lex, (size_t)(slash - lex))) != NULL) {
		real = must(jump, talloc_asprintf(ctx, "%s/%s", strcmp(dir, "/") ? dir : "", base));
		if (lstat(real, &st) == 0 && !S_ISLNK(st.st_mode))
			return real;
		talloc_free(real);
	}
	if ((real = realpath(lex, NULL)) == NULL)
		return NULL;
	lex = talloc_strdup(ctx, real);
	free(real);
	return must(jump, (void *)lex);
}

/* ---- paths ---------------------------------------------------------------- */

static int under(const char *real, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return real[0] == '/';
	return strncmp(real, dir, n) == 0 && (real[n] == '/' || real[n] == '\0');
}

int mesh_root_holds(const struct mesh_root *root, const char *real)
{
	return under(real, root->dir) || (root->alt && under(real, root->alt));
}

char *rel_join(TALLOC_CTX *ctx, oom_jump *jump, const char *dir, const char *ref)
{
	size_t dn = strlen(dir), rn = strlen(ref), len = 0;
	char *out = must(jump, talloc_size(ctx, dn + rn + 2));
	const char *parts[2] = { dir, ref }, *p;
	int i;

	for (i = 0; i < 2; i++)
		for (p = parts[i]; *p;) {
			size_t n = strcspn(p, "/");
			if (n == 2 && p[0] == '.' && p[1] == '.') {
				char *slash;
				if (!len) {
					talloc_free(out);
					return NULL;
				}
				/* back over the last segment only: each byte goes once */
				slash = memrchr(out, '/', len);
				len = slash ? (size_t)(slash - out) : 0;
			} else if (n && !(n == 1 && p[0] == '.')) {
				if (len)
					out[len++] = '/';
				memcpy(out + len, p, n);
				len += n;
			}
			p += n + (p[n] == '/');
		}
	out[len] = '\0';
	return out;
}

/* REL's directory: REL up to its last '/', or "". */
static const char *rel_dir(TALLOC_CTX *ctx, oom_jump *jump, const char *rel)
{
	const char *slash = strrchr(rel, '/');

	return slash ? must(jump, talloc_strndup(ctx, rel, (size_t)(slash - rel))) : "";
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

static enum refs_kind kind_of(const char *path)
{
	return ends_with(path, ".dae") ? REFS_DAE : ends_with(path, ".obj") ? REFS_OBJ :
	       ends_with(path, ".mtl") ? REFS_MTL : REFS_NONE;
}

/* ---- telling the caller ------------------------------------------------------ */

/* The caller told of REAL at PLACE under meshes/, once; WHAT names it in
 * messages.  Returns 1 when it is new (its names are to be followed), 0
 * when told already or refused. */
static int tell(struct mesh_refs *mr, const char *real, const char *place, const char *what)
{
	const char *had = index_put(mr->told, place, (void *)real);
	int err;

	if (had && strcmp(had, real) != 0) {
		diag_error(mr->d, D_MESH_PLACE_SHARED, mr->pos.line, mr->pos.col,
			   "%s (%s, of mesh '%s') would take meshes/%s in the model folder, "
			   "which %s has: two files cannot share one place", what, real, mr->uri,
			   place, had);
		return 0;
	}
	if (had || mr->err)
		return 0;
	if (mr->opts->mesh_fn && (err = mr->opts->mesh_fn(mr->opts->mesh_arg, real, place)) != 0) {
		diag_error(mr->d, D_MODEL_MESH_REFUSED, mr->pos.line, mr->pos.col,
			   "%s (%s, of mesh '%s') cannot be put in the model folder: %s", what,
			   real, mr->uri, strerror(err));
		mr->err = err;
		return 0;
	}
	return 1;
}

/* A file followed later, told now. */
static void queue(struct mesh_refs *mr, const char *real, const char *rel, const char *place_rel,
		  const char *place, const char *what)
{
	struct pending *p;
	enum refs_kind kind = kind_of(real);

	if (!tell(mr, real, place, what) || kind == REFS_NONE || !mr->opts->mesh_fn)
		return;
	p = must(mr->oom, talloc_zero(mr->ctx, struct pending));
	*p = (struct pending){ NULL, real, rel, place_rel, place, kind };
	LIST_APPEND(mr->first, mr->last, p, next);
}

const char *mesh_file_kind(const struct stat *st)
{
	return S_ISDIR(st->st_mode) ? "a directory" : S_ISFIFO(st->st_mode) ? "a FIFO" :
	       S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ? "a device" :
	       S_ISSOCK(st->st_mode) ? "a socket" : "of another kind";
}

void mesh_not_regular(struct diag *d, struct srcpos pos, const char *desc,
		      const struct stat *st)
{
	diag_error(d, D_MESH_NOT_REGULAR, pos.line, pos.col,
		   "%s is not a regular file (it is %s): only regular files are read", desc,
		   mesh_file_kind(st));
}

/* A name a file gave: how messages about it start. */
struct named {
	const struct pending *from;   /* the file that names it */
	const char *name;
	unsigned long line;           /* where in that file */
	const char *what;             /* "image", "texture", "material file" */
};

/* "WHAT 'NAME' (FROM:LINE, of mesh 'URI')", FROM the file's real path
 * (where the user finds the line), under TMP. */
static const char *named_desc(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct named *n)
{
	char ex[DIAG_EXCERPT + 4];

	return must(mr->oom, talloc_asprintf(tmp, "%s '%s' (%s:%lu, of mesh '%s')", n->what,
					     diag_excerpt(ex, n->name), n->from->real, n->line,
					     mr->uri));
}

/* N lies outside the root (HOW says how). */
static void ref_outside(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct named *n,
			const char *how)
{
	diag_error(mr->d, D_MESH_REF_OUTSIDE, mr->pos.line, mr->pos.col,
		   "%s %s %s: a mesh brings only files of its own package or directory",
		   named_desc(mr, tmp, n), how, mr->root->what);
}

/* N is not there (WHY says where it was looked for): the mesh goes alone. */
static void ref_missing(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct named *n,
			const char *why)
{
	diag_warn(mr->d, D_MESH_REF_MISSING, mr->pos.line, mr->pos.col,
		  "%s is not found: %s; the mesh is copied without it", named_desc(mr, tmp, n), why);
}

/* DESC cannot be read (ERR): the conversion ends, an I/O failure. */
static void ref_unread(struct mesh_refs *mr, const char *desc, const char *doing, int err)
{
	diag_error(mr->d, D_MESH_REF_UNREAD, mr->pos.line, mr->pos.col, "%s cannot be %s: %s",
		   desc, doing, strerror(err));
	mr->err = err;
}

/* N found in the root, checked, told and queued.  TMP holds what is not
 * kept. */
static void follow(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct named *n)
{
	const struct mesh_root *root = mr->root;
	const char *rel, *place_rel, *lex, *place;
	char *real;
	struct stat st;

	if (!*n->name)
		return;
	if (n->name[0] == '/' || strstr(n->name, "://")) {
		diag_warn(mr->d, D_MESH_REF_ABSOLUTE, mr->pos.line, mr->pos.col,
			  "%s is named by an absolute path or a URI: not copied into the model "
			  "folder, which then needs it where it is", named_desc(mr, tmp, n));
		return;
	}
	rel = rel_join(tmp, mr->oom, rel_dir(tmp, mr->oom, n->from->rel), n->name);
	place_rel = rel_join(tmp, mr->oom, rel_dir(tmp, mr->oom, n->from->place_rel), n->name);
	if (!rel || !place_rel) {
		ref_outside(mr, tmp, n, "climbs out of");
		return;
	}
	lex = must(mr->oom, talloc_asprintf(tmp, "%s/%s", root->dir, rel));
	if ((real = real_path(mr->dirs, mr->ctx, mr->oom, lex)) == NULL) {
		if (errno == ENOENT || errno == ENOTDIR || errno == ENAMETOOLONG)
			ref_missing(mr, tmp, n, must(mr->oom, talloc_asprintf(tmp, "no file %s", lex)));
		else
			ref_unread(mr, named_desc(mr, tmp, n), "looked up", errno);
		return;
	}
	if (!mesh_root_holds(root, real)) {
		ref_outside(mr, tmp, n, must(mr->oom, talloc_asprintf(tmp, "is a symbolic link to "
								       "%s, outside", real)));
		return;
	}
	if (stat(real, &st) != 0 || !S_ISREG(st.st_mode)) {
		mesh_not_regular(mr->d, mr->pos, named_desc(mr, tmp, n), &st);
		return;
	}
	place = *root->prefix ? talloc_asprintf(mr->ctx, "%s/%s", root->prefix, place_rel)
			      : talloc_strdup(mr->ctx, place_rel);
	queue(mr, real, talloc_strdup(mr->ctx, rel), talloc_strdup(mr->ctx, place_rel),
	      must(mr->oom, (void *)place), n->what);
}

/* ---- reading what a file names ---------------------------------------------------- */

/* "meshes/PLACE (REAL, of mesh 'URI')": a file told, in messages. */
static const char *from_desc(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct pending *from)
{
	return must(mr->oom, talloc_asprintf(tmp, "meshes/%s (%s, of mesh '%s')", from->shown,
					     from->real, mr->uri));
}

/* A file read or mapped (LEN 0: an empty one, P ""). */
struct mapped {
	const char *p;
	size_t len;
	int is_map;   /* mmap's, to unmap */
};

/* Files up to this size are read into the buffer kept for the whole
 * conversion (MR's), bigger ones mapped: a mapping set up, faulted in and
 * torn down per file cost more system time than reading (spot_arm's 27
 * meshes, 4.5 MB: 0.57 ms mapped with MAP_POPULATE, 0.40 read). */
#define READ_MAX ((size_t)8 << 20)

/* SIZE bytes of FD (fewer if it shrank since) into MR's buffer; 0 or an
 * errno value. */
static int read_whole(struct mesh_refs *mr, int fd, size_t size, struct mapped *m)
{
	size_t n = 0;
	ssize_t r;

	if (size + 1 > mr->buf_size) {
		mr->buf = must(mr->oom, talloc_realloc_size(mr, mr->buf, size + 1));
		mr->buf_size = size + 1;
	}
	while (n < size) {
		if ((r = read(fd, mr->buf + n, size - n)) < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return errno;
		if (r == 0)
			break;
		n += (size_t)r;
	}
	m->p = n ? mr->buf : "";
	m->len = n;
	return 0;
}

/* FROM read or mapped into M: opened without blocking (it was a regular
 * file when looked at, and must not hang if a FIFO took its place since);
 * -1 with the failure said. */
static int map_named(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct pending *from,
		     struct mapped *m)
{
	int fd = open(from->real, O_RDONLY | O_CLOEXEC | O_NONBLOCK), err = 0;
	struct stat st;
	void *p = NULL;

	m->is_map = 0;
	if (fd < 0 || fstat(fd, &st) != 0)
		err = errno;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	else if ((m->len = (size_t)st.st_size) <= READ_MAX)
		err = read_whole(mr, fd, m->len, m);
	else if ((p = mmap(NULL, m->len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0)) == MAP_FAILED)
		err = errno;
	else
		*m = (struct mapped){ p, m->len, 1 };
	if (fd >= 0)
		close(fd);
	if (err) {
		ref_unread(mr, from_desc(mr, tmp, from), "read for the files it names", err);
		return -1;
	}
	return 0;
}

static void unmap(struct mapped *m)
{
	if (m->is_map)
		munmap((void *)m->p, m->len);
}

/* COLLADA: each <image>'s <init_from> (1.4: its text; 1.5: the text of
 * its <ref>), read as gz-common's loader reads it. */
struct dae {
	struct mesh_refs *mr;
	TALLOC_CTX *tmp;
	const struct pending *from;
	XML_Parser parser;
	int depth, image_at, init_at;   /* depth of <image>, of its <init_from> */
	unsigned long line;             /* of the <init_from> */
	char *text;                     /* its text so far */
	size_t len;
	int too_long;
};

static const char *local(const char *name)
{
	const char *c = strrchr(name, ':');

	return c ? c + 1 : name;
}

static void XMLCALL dae_start(void *arg, const char *name, const char **attrs)
{
	struct dae *x = arg;

	(void)attrs;
	x->depth++;
	if (!strcmp(local(name), "image") && !x->image_at) {
		x->image_at = x->depth;
	} else if (x->image_at && !strcmp(local(name), "init_from") && !x->init_at) {
		x->init_at = x->depth;
		x->line = (unsigned long)XML_GetCurrentLineNumber(x->parser);
		x->len = 0;
		x->too_long = 0;
	}
}

/* No name of a file is longer than PATH_MAX: the rest is not kept. */
#define NAME_TEXT_MAX 4096

static void XMLCALL dae_text(void *arg, const char *s, int n)
{
	struct dae *x = arg;

	if (!x->init_at)
		return;
	if (x->len + (size_t)n > NAME_TEXT_MAX) {
		x->too_long = 1;
		return;
	}
	memcpy(x->text + x->len, s, (size_t)n);
	x->len += (size_t)n;
}

static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (s[0] == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
			char hex[3] = { s[1], s[2], 0 };
			*o++ = (char)strtol(hex, NULL, 16);
			s += 2;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

static void XMLCALL dae_end(void *arg, const char *name)
{
	struct dae *x = arg;
	char *t, *e;

	(void)name;
	if (x->init_at == x->depth) {
		x->text[x->len] = '\0';
		for (t = x->text; isspace((unsigned char)*t); t++)
			;
		for (e = t + strlen(t); e > t && isspace((unsigned char)e[-1]); e--)
			;
		*e = '\0';
		if (!strncmp(t, "file://", 7))
			t += 7;   /* file:///abs stays absolute, file://rel relative */
		else if (!strncmp(t, "./", 2))
			t += 2;
		unescape(t);
		{
			struct named n = { x->from, t, x->line, "image" };
			if (x->too_long)
				ref_missing(x->mr, x->tmp, &n, "its name is longer than any file's");
			else
				follow(x->mr, x->tmp, &n);
		}
		x->init_at = 0;
	}
	if (x->image_at == x->depth)
		x->image_at = 0;
	x->depth--;
}

static void dae_names(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct pending *from)
{
	struct dae x = { mr, tmp, from, NULL, 0, 0, 0, 0, NULL, 0, 0 };
	struct mapped m;

	if (map_named(mr, tmp, from, &m) != 0)
		return;
	x.text = must(mr->oom, talloc_size(tmp, NAME_TEXT_MAX + 1));
	x.parser = XML_ParserCreateNS(NULL, ':');
	if (!x.parser) {
		unmap(&m);
		oom(mr->oom);
	}
	XML_SetUserData(x.parser, &x);
	XML_SetElementHandler(x.parser, dae_start, dae_end);
	XML_SetCharacterDataHandler(x.parser, dae_text);
	/* in pieces: XML_Parse takes an int length */
	{
		size_t at = 0, piece;
		int ok = 1;
		do {
			piece = m.len - at > (1u << 30) ? 1u << 30 : m.len - at;
			ok = XML_Parse(x.parser, m.p + at, (int)piece, at + piece == m.len) !=
			     XML_STATUS_ERROR;
			at += piece;
		} while (ok && at < m.len);
		if (!ok)
			diag_warn(mr->d, D_MESH_DAE_MALFORMED, mr->pos.line, mr->pos.col,
				  "%s:%lu (of mesh '%s') is not XML (%s): the images it names "
				  "are not copied", from->real,
				  (unsigned long)XML_GetCurrentLineNumber(x.parser), mr->uri,
				  XML_ErrorString(XML_GetErrorCode(x.parser)));
	}
	XML_ParserFree(x.parser);
	unmap(&m);
}

/* OBJ and MTL, line by line: the keyword, then what names files. */
static const char *const texture_maps[] = { "map_Ka", "map_Kd", "map_Ks", "map_Ke", "map_Ns",
	"map_d", "map_bump", "bump", "map_Bump", "disp", "decal", "norm", "map_Pr", "map_Pm",
	"map_Ps", "refl", NULL };

static int is_word(const char *w, size_t n, const char *word)
{
	return strlen(word) == n && strncmp(w, word, n) == 0;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* The line [LS, LE) (at LINE) of FROM: an OBJ file's "mtllib NAME..."
 * (each word a material file, as OBJ readers take them) or, in an MTL,
 * a texture map "map_Kd [-option value...] NAME" (NAME the rest of the
 * line after the options, or its last word when options come first). */
static void line_names(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct pending *from,
		       const char *ls, const char *le, unsigned long line)
{
	const char *w, *we;
	int i, map = 0;

	while (ls < le && is_space(*ls))
		ls++;
	while (le > ls && isspace((unsigned char)le[-1]))
		le--;
	for (we = ls; we < le && !is_space(*we); we++)
		;
	if (from->kind == REFS_OBJ) {
		if (!is_word(ls, (size_t)(we - ls), "mtllib"))
			return;
		for (w = we; w < le; w = we) {
			while (w < le && is_space(*w))
				w++;
			for (we = w; we < le && !is_space(*we); we++)
				;
			if (we > w) {
				struct named n = { from, must(mr->oom, talloc_strndup(tmp, w,
										      (size_t)(we - w))),
						   line, "material file" };
				follow(mr, tmp, &n);
			}
		}
		return;
	}
	for (i = 0; texture_maps[i]; i++)
		map |= is_word(ls, (size_t)(we - ls), texture_maps[i]);
	if (!map)
		return;
	for (w = we; w < le && is_space(*w); w++)
		;
	if (w < le && *w == '-')   /* options first: the file is the last word */
		for (w = le; w > ls && !is_space(w[-1]); w--)
			;
	if (w < le) {
		struct named n = { from, must(mr->oom, talloc_strndup(tmp, w, (size_t)(le - w))), line,
				   "texture" };
		follow(mr, tmp, &n);
	}
}

/* The first "mtllib" in [AT, END), or NULL.  By memchr for its 'm' (an
 * OBJ file's vertices and faces hold none): several times glibc's memmem
 * on meshes (0.06 ms against 0.72 for spot_arm's 4.5 MB), each byte still
 * looked at a bounded number of times. */
static const char *find_mtllib(const char *at, const char *end)
{
	static const char word[] = "mtllib";
	const size_t n = sizeof word - 1;

	while ((size_t)(end - at) >= n) {
		at = memchr(at, 'm', (size_t)(end - at) - n + 1);
		if (!at)
			return NULL;
		if (memcmp(at, word, n) == 0)
			return at;
		at++;
	}
	return NULL;
}

/* An OBJ file is mostly vertices and names files only on "mtllib" lines:
 * those are found by find_mtllib, not line by line, and their line
 * numbers counted from the last one found (each byte looked at a bounded
 * number of times).  An MTL file is read line by line. */
static void text_names(struct mesh_refs *mr, TALLOC_CTX *tmp, const struct pending *from)
{
	struct mapped m;
	const char *at, *end, *ls, *le, *counted;
	unsigned long line = 1;

	if (map_named(mr, tmp, from, &m) != 0)
		return;
	end = m.p + m.len;
	counted = m.p;
	for (at = m.p; at < end; at = le + 1) {
		if (from->kind == REFS_OBJ) {
			const char *k = find_mtllib(at, end);
			if (!k)
				break;
			for (ls = k; ls > at && ls[-1] != '\n' && ls[-1] != '\r'; ls--)
				;
		} else {
			ls = at;
		}
		for (le = ls; le < end && *le != '\n' && *le != '\r'; le++)
			;
		for (; (counted = memchr(counted, '\n', (size_t)(ls - counted))) != NULL; counted++)
			line++;
		counted = ls;
		line_names(mr, tmp, from, ls, le, line);
		if (le == end)
			break;
	}
	unmap(&m);
}

/* ---- a mesh ------------------------------------------------------------------ */

int mesh_refs_tell(struct mesh_refs *mr, const struct mesh_root *root, const char *real,
		   const char *rel, const char *place_rel, const char *uri, struct srcpos pos)
{
	const char *place = *root->prefix ? talloc_asprintf(mr->ctx, "%s/%s", root->prefix, place_rel)
					  : talloc_strdup(mr->ctx, place_rel);
	struct pending *p;

	must(mr->oom, (void *)place);
	real = must(mr->oom, talloc_strdup(mr->ctx, real));   /* kept in the index */
	mr->root = root;
	mr->uri = uri;
	mr->pos = pos;
	mr->first = mr->last = NULL;
	mr->err = 0;
	queue(mr, real, rel, place_rel, place, "mesh");
	while ((p = mr->first) != NULL && !mr->err) {
		TALLOC_CTX *tmp = must(mr->oom, talloc_new(mr->ctx));
		if ((mr->first = p->next) == NULL)
			mr->last = NULL;
		if (p->kind == REFS_DAE)
			dae_names(mr, tmp, p);
		else
			text_names(mr, tmp, p);
		talloc_free(tmp);
	}
	mr->first = mr->last = NULL;
	return mr->err;
}
