/* urdf_version: the URDF versions u2s reads (see urdf_version.h). */
#include "urdf_version.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The versions urdfdom 6 reads (1.1 came with urdfdom 5.1, 1.2 with 6.0). */
static const struct urdf_version KNOWN[] = { { 1, 0 }, { 1, 1 }, { 1, 2 } };
#define NKNOWN (sizeof KNOWN / sizeof KNOWN[0])

/* The version each construct came in, by enum urdf_feature. */
static const struct urdf_version SINCE[URDF_FEATURE_COUNT] = {
	[URDF_QUAT_XYZW] = { 1, 1 },
	[URDF_CAPSULE] = { 1, 1 },
	[URDF_LIMITS_1_2] = { 1, 2 },
};

static int version_at_least(struct urdf_version v, struct urdf_version min)
{
	return v.major > min.major || (v.major == min.major && v.minor >= min.minor);
}

/* One field of the version, S..END, as urdfdom's strtol-based reading takes
 * it: leading blanks and a sign allowed, nothing after the digits.  A value
 * beyond 32 bits wraps as urdfdom's conversion to uint32_t does. */
static const char *read_field(const char *s, const char *end, unsigned *out)
{
	char buf[64], *stop;
	size_t n = (size_t)(end - s);
	long v;

	if (n == 0)
		return "a field is empty";
	if (n >= sizeof buf)
		n = sizeof buf - 1;   /* longer is junk or overflow either way */
	memcpy(buf, s, n);
	buf[n] = '\0';
	v = strtol(buf, &stop, 10);
	if (stop == buf)
		return "a field is not an integer";
	if (*stop != '\0' || (size_t)(end - s) != n)
		return "extra characters after a number";
	if (v < 0)
		return "a field is negative";
	*out = (unsigned)(uint32_t)v;
	return NULL;
}

const char *urdf_version_parse(const char *text, struct urdf_version *out)
{
	/* urdfdom splits at every '.', and keeps the piece after the last one
	 * only when it is not empty: "1.0." is 1.0, "1." is one field. */
	const char *dot = strchr(text, '.');
	const char *minor_end, *why;
	struct urdf_version v;

	if (!dot)
		return "not of the form MAJOR.MINOR";
	minor_end = strchr(dot + 1, '.');
	if (minor_end && minor_end[1] != '\0')
		return "not of the form MAJOR.MINOR";
	if (!minor_end)
		minor_end = dot + 1 + strlen(dot + 1);
	if (minor_end == dot + 1 && *minor_end == '\0')
		return "not of the form MAJOR.MINOR";
	if ((why = read_field(text, dot, &v.major)) != NULL ||
	    (why = read_field(dot + 1, minor_end, &v.minor)) != NULL)
		return why;
	*out = v;
	return NULL;
}

int urdf_version_is(struct urdf_version a, struct urdf_version b)
{
	return a.major == b.major && a.minor == b.minor;
}

int urdf_version_known(struct urdf_version v)
{
	size_t i;

	for (i = 0; i < NKNOWN; i++)
		if (urdf_version_is(KNOWN[i], v))
			return 1;
	return 0;
}

struct urdf_version urdf_version_newest(void)
{
	return KNOWN[NKNOWN - 1];
}

const char *urdf_versions_known_text(char buf[URDF_VERSIONS_TEXT])
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < NKNOWN && n < URDF_VERSIONS_TEXT; i++)
		n += (size_t)snprintf(buf + n, URDF_VERSIONS_TEXT - n, "%s%u.%u",
				      i == 0 ? "" : i + 1 == NKNOWN ? " and " : ", ",
				      KNOWN[i].major, KNOWN[i].minor);
	return buf;
}

int urdf_has(struct urdf_version v, enum urdf_feature f)
{
	return version_at_least(v, SINCE[f]);
}

struct urdf_version urdf_feature_since(enum urdf_feature f)
{
	return SINCE[f];
}
