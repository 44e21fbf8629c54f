/* rosname: ROS 2 name expansion and remapping (see rosname.h). */
#include "rosname.h"

#include <string.h>

/* S without the blanks around it, in A. */
static const char *trim(struct arena *a, const char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		n--;
	return arena_strndup(a, s, n);
}

/* NS made absolute, without a trailing '/' ("/" stays). */
static const char *absolute_ns(struct arena *a, const char *ns)
{
	size_t n;

	if (!ns || !*ns)
		return "/";
	if (ns[0] != '/')
		ns = arena_cat3(a, "/", 1, ns, "");
	n = strlen(ns);
	while (n > 1 && ns[n - 1] == '/')
		n--;
	return arena_strndup(a, ns, n);
}

void ros_node_init(struct arena *a, struct ros_node *n, const char *name, const char *ns)
{
	memset(n, 0, sizeof *n);
	n->name = name ? name : "";
	n->ns = absolute_ns(a, ns ? trim(a, ns) : NULL);
}

static void push(struct arena *a, struct ros_node *n, const char *node, const char *from,
		 const char *to)
{
	if (n->nremaps == n->cap) {
		unsigned cap = n->cap ? 2 * n->cap : 4;
		struct ros_remap *v = ARENA_ARRAY(a, struct ros_remap, cap);
		if (n->nremaps)
			memcpy(v, n->remaps, n->nremaps * sizeof *v);
		n->remaps = v;
		n->cap = cap;
	}
	n->remaps[n->nremaps++] = (struct ros_remap){ node, from, to };
}

int ros_node_remap(struct arena *a, struct ros_node *n, const char *rule)
{
	const char *r = trim(a, rule), *sep = strstr(r, ":="), *colon;
	const char *node = NULL, *from, *to;

	if (!sep || sep == r || !sep[2])
		return -1;
	from = arena_strndup(a, r, (size_t)(sep - r));
	to = sep + 2;
	/* NODE:FROM: a node name holds no ':' (nor does a topic) */
	if ((colon = strchr(from, ':')) != NULL) {
		node = arena_strndup(a, from, (size_t)(colon - from));
		from = colon + 1;
		if (!*from)
			return -1;
	}
	if (node && strcmp(node, n->name) != 0)
		return 0;   /* a rule for another node: valid, not ours */
	if (strcmp(from, "__ns") == 0)
		n->ns = absolute_ns(a, to);
	else if (strcmp(from, "__node") == 0 || strcmp(from, "__name") == 0)
		n->name = to;
	else
		push(a, n, node, from, to);
	return 0;
}

const char *ros_expand(struct arena *a, const struct ros_node *n, const char *topic)
{
	int root = strcmp(n->ns, "/") == 0;

	if (topic[0] == '/')
		return topic;
	if (topic[0] == '~') {
		const char *node = root ? arena_cat3(a, "/", 1, n->name, "") :
				   arena_cat3(a, n->ns, strlen(n->ns), "/", n->name);
		if (!topic[1])
			return node;
		return arena_cat3(a, node, strlen(node), topic[1] == '/' ? "" : "/", topic + 1);
	}
	return root ? arena_cat3(a, "/", 1, topic, "") : arena_cat3(a, n->ns, strlen(n->ns), "/", topic);
}

const char *ros_resolve(struct arena *a, const struct ros_node *n, const char *topic)
{
	const char *name = ros_expand(a, n, topic);

	for (unsigned i = 0; i < n->nremaps; i++)
		if (strcmp(ros_expand(a, n, n->remaps[i].from), name) == 0)
			return ros_expand(a, n, n->remaps[i].to);
	return name;
}

/* S as ros::names::clean leaves it: no "//", no trailing '/' (but "/"). */
static const char *clean(struct arena *a, const char *s)
{
	size_t n = strlen(s), k = 0;
	char *out = arena_alloc(a, n + 1);

	for (size_t i = 0; i < n; i++)
		if (s[i] != '/' || k == 0 || out[k - 1] != '/')
			out[k++] = s[i];
	while (k > 1 && out[k - 1] == '/')
		k--;
	out[k] = '\0';
	return out;
}

const char *ros1_resolve(struct arena *a, const char *ns, const char *topic)
{
	if (!topic || !*topic || topic[0] == '~')
		return NULL;
	if (topic[0] == '/')
		return clean(a, topic);
	if (!ns || !*ns)
		ns = "/";
	return clean(a, arena_cat3(a, ns[0] == '/' ? "" : "/", ns[0] == '/' ? 0 : 1,
				   arena_cat3(a, ns, strlen(ns), "/", ""), topic));
}

const char *tf_frame_id(const char *frame)
{
	while (frame && *frame == '/')
		frame++;
	return frame;
}

static int word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int ros_name_valid(const char *name)
{
	const char *p = name;

	if (*p != '/')
		return 0;
	if (!p[1])
		return 1;   /* "/" itself */
	while (*p == '/') {
		p++;
		if (!word_char(*p) || (*p >= '0' && *p <= '9'))
			return 0;
		while (word_char(*p))
			p++;
	}
	return *p == '\0';
}
