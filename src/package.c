/* package: finding package directories, as the ROS tools do.
 *
 * Search order: the explicit NAME=DIR list (--package-path), then
 * ROS_PACKAGE_PATH, then AMENT_PREFIX_PATH.  ROS_PACKAGE_PATH is crawled
 * once, the first time a name is not in the explicit list, the way rospack
 * crawls it: an entry that is a package is that package; any other
 * directory is searched below for packages (directories holding a
 * package.xml or manifest.xml, named by their directory), without
 * entering packages, hidden directories, or directories that hold a
 * CATKIN_IGNORE or rospack_nosubdirs file.  An earlier find wins, as in
 * rospack; subdirectories are visited in name order so that the answer
 * does not depend on the file system. */
/* realpath() is an X/Open System Interface. */
#define _XOPEN_SOURCE 700

#include "package.h"

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model.h"

/* Deep enough for any workspace; stops symbolic-link loops. */
#define CRAWL_MAX_DEPTH 16

struct answer {
	char *dir;   /* NULL: not found */
	char *uri;   /* file://DIR, percent-encoded; made when first asked */
};

struct package_finder {
	TALLOC_CTX *ctx;
	oom_jump *oom;
	const struct options *opts;
	struct index *answers;     /* NAME -> struct answer, each name looked up once */
	struct index *ros;         /* ROS_PACKAGE_PATH: NAME -> directory, once crawled */
	struct index *visited;     /* "DEVICE:INODE" of each directory crawled */
	int ros_crawled;
};

struct package_finder *package_finder_new(TALLOC_CTX *ctx, const struct options *opts,
					  oom_jump *jump)
{
	struct package_finder *pf = must(jump, talloc_zero(ctx, struct package_finder));

	pf->ctx = pf;
	pf->oom = jump;
	pf->opts = opts;
	pf->answers = index_new(pf, jump);
	pf->ros = index_new(pf, jump);
	pf->visited = index_new(pf, jump);
	return pf;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int dir_has(struct package_finder *pf, const char *dir, const char *file)
{
	char *path = must(pf->oom, talloc_asprintf(pf->ctx, "%s/%s", dir, file));
	int found = access(path, F_OK) == 0;

	talloc_free(path);
	return found;
}

/* The absolute path of DIR with no symbolic links, or NULL when it is not
 * a directory. */
static char *absolute_dir(struct package_finder *pf, const char *dir)
{
	char *real, *copy;

	if (!is_dir(dir) || (real = realpath(dir, NULL)) == NULL)
		return NULL;
	copy = talloc_strdup(pf->ctx, real);
	free(real);
	must(pf->oom, copy);
	return copy;
}

/* ---- ROS_PACKAGE_PATH ---------------------------------------------------- */

static int is_package(struct package_finder *pf, const char *dir)
{
	return dir_has(pf, dir, "package.xml") || dir_has(pf, dir, "manifest.xml");
}

static int visible(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* Whether DIR was crawled already (through another name: a symbolic link
 * back to a parent would otherwise make the crawl exponential); marks it. */
static int visited(struct package_finder *pf, const char *dir)
{
	struct stat st;
	char *key;

	if (stat(dir, &st) != 0)
		return 1;
	key = must(pf->oom, talloc_asprintf(pf->ctx, "%ju:%ju", (uintmax_t)st.st_dev,
					    (uintmax_t)st.st_ino));
	if (index_get(pf->visited, key)) {
		talloc_free(key);
		return 1;
	}
	index_put(pf->visited, key, pf);
	return 0;
}

static void crawl(struct package_finder *pf, char *dir, unsigned depth)
{
	struct dirent **ents;
	int i, n;

	if (visited(pf, dir))
		return;
	if (is_package(pf, dir)) {
		const char *slash = strrchr(dir, '/');
		index_put(pf->ros, slash ? slash + 1 : dir, dir);
		return;
	}
	if (depth == CRAWL_MAX_DEPTH || dir_has(pf, dir, "CATKIN_IGNORE") ||
	    dir_has(pf, dir, "rospack_nosubdirs"))
		return;
	n = scandir(dir, &ents, visible, alphasort);
	for (i = 0; i < n; i++) {
		char *sub = must(pf->oom, talloc_asprintf(pf->ctx, "%s/%s", dir, ents[i]->d_name));
		if (is_dir(sub))
			crawl(pf, sub, depth + 1);
		else
			talloc_free(sub);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

/* Each entry of a colon-separated LIST, without trailing slashes (so that
 * a package entry is named by its last component); empty entries are
 * skipped. */
static void crawl_path(struct package_finder *pf, const char *list)
{
	while (list && *list) {
		size_t len = strcspn(list, ":");
		size_t end = len;
		while (end > 1 && list[end - 1] == '/')
			end--;
		if (len > 0)
			crawl(pf, must(pf->oom, talloc_strndup(pf->ctx, list, end)), 0);
		list += len;
		if (*list == ':')
			list++;
	}
}

static const char *find_ros(struct package_finder *pf, const char *name)
{
	if (!pf->ros_crawled) {
		pf->ros_crawled = 1;
		crawl_path(pf, pf->opts->ros_package_path);
	}
	return index_get(pf->ros, name);
}

/* ---- AMENT_PREFIX_PATH ---------------------------------------------------------- */

static char *find_ament(struct package_finder *pf, const char *name)
{
	const char *list = pf->opts->ament_prefix_path;

	while (list && *list) {
		size_t len = strcspn(list, ":");
		if (len > 0) {
			char *dir = must(pf->oom, talloc_asprintf(pf->ctx, "%.*s/share/%s", (int)len, list,
							 name));
			char *abs = absolute_dir(pf, dir);
			talloc_free(dir);
			if (abs)
				return abs;
		}
		list += len;
		if (*list == ':')
			list++;
	}
	return NULL;
}

/* ---- lookup ---------------------------------------------------------------------- */

static char *find_explicit(struct package_finder *pf, const char *name)
{
	size_t i = pf->opts->npackages;

	/* The last entry of a name wins, as with a repeated option. */
	while (i-- > 0) {
		const struct u2s_package *p = &pf->opts->packages[i];
		if (p->name && p->dir && strcmp(p->name, name) == 0) {
			char *abs = absolute_dir(pf, p->dir);
			if (abs)
				return abs;
		}
	}
	return NULL;
}

static char *lookup(struct package_finder *pf, const char *name)
{
	char *dir = find_explicit(pf, name);
	const char *ros;

	if (dir)
		return dir;
	ros = find_ros(pf, name);
	if (ros && (dir = absolute_dir(pf, ros)) != NULL)
		return dir;
	return find_ament(pf, name);
}

/* What could name a directory below a search path entry: not "", "." or
 * "..", no slash. */
static int valid_name(const char *name)
{
	return name[0] && strcmp(name, ".") != 0 && strcmp(name, "..") != 0 &&
	       !strchr(name, '/');
}

const char *package_find(struct package_finder *pf, const char *name, int *first)
{
	struct answer *a = index_get(pf->answers, name);

	*first = a == NULL;
	if (!a) {
		a = must(pf->oom, talloc_zero(pf->ctx, struct answer));
		a->dir = valid_name(name) ? lookup(pf, name) : NULL;
		index_put(pf->answers, must(pf->oom, talloc_strdup(pf->ctx, name)), a);
	}
	return a->dir;
}

/* ---- the directory as a file:// URI ----------------------------------------------- */

/* The bytes a file:// URI holds as they are: RFC 3986's path characters
 * (unreserved, sub-delims, ':' and '@'), '/', and the space, which gz-sim
 * (gz-common) finds only as it is: it does not percent-decode a file://
 * path, and workspaces with a space in their path are common.  Any other
 * byte of a path ('%', '#', '?', a control character, every byte from
 * 0x80: UTF-8 or not) is written %XX, so that the URI is well-formed in
 * any XML and percent-decodes to the path byte for byte. */
static const char URI_PATH_KEEP[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				    "0123456789-._~!$&'()*+,;=:@/ ";

char *uri_path_encoded(TALLOC_CTX *ctx, oom_jump *jump, const char *prefix, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t p = strlen(prefix), n = strlen(path), len = p, i;
	char *uri = must(jump, talloc_size(ctx, p + 3 * n + 1));

	memcpy(uri, prefix, p);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)path[i];
		if (strchr(URI_PATH_KEEP, c)) {   /* never '\0': the loop ends first */
			uri[len++] = (char)c;
		} else {
			uri[len++] = '%';
			uri[len++] = hex[c >> 4];
			uri[len++] = hex[c & 15];
		}
	}
	uri[len] = '\0';
	return uri;
}

const char *package_find_uri(struct package_finder *pf, const char *name, int *first)
{
	struct answer *a;

	if (!package_find(pf, name, first))
		return NULL;
	a = index_get(pf->answers, name);
	if (!a->uri)
		a->uri = uri_path_encoded(a, pf->oom, "file://", a->dir);
	return a->uri;
}
