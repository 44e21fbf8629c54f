/* Unit tests of src/out.c: the buffered writer. */
#include <criterion/criterion.h>

#include <errno.h>
#include <expat.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#include "out.h"

static off_t file_size(int fd)
{
	return lseek(fd, 0, SEEK_END);
}

Test(out, buffers_until_flush)
{
	int fd = temp_fd();
	char buf[64];
	struct out o;
	size_t len;
	char *s;

	out_init(&o, fd, buf, sizeof buf);
	cr_assert_eq(o.err, 0);
	cr_assert_eq(o.len, 0);
	out_str(&o, "<sdf");
	out_char(&o, ' ');
	out_put(&o, "version='1.9'>xyz", 14);
	out_put(&o, "ignored", 0);
	out_char(&o, '\n');
	cr_assert_eq(file_size(fd), 0, "written before the buffer was full");
	cr_assert_eq(o.len, 20);
	cr_assert_eq(out_flush(&o), 0);
	cr_assert_eq(o.len, 0);
	s = slurp(fd, &len);
	cr_assert_str_eq(s, "<sdf version='1.9'>\n");
	cr_assert_eq(len, 20);
	/* flushing again writes nothing more */
	cr_assert_eq(out_flush(&o), 0);
	cr_assert_eq(file_size(fd), 20);
	free(s);
	close(fd);
}

Test(out, into_a_pipe)
{
	int p[2];
	char buf[16], got[256];
	struct out o;
	ssize_t n;

	cr_assert_eq(pipe(p), 0);
	out_init(&o, p[1], buf, sizeof buf);
	out_str(&o, "<model name='");
	out_escaped(&o, "a&b");
	out_str(&o, "'>\n");
	out_str(&o, "  <link name='base'/>\n");
	cr_assert_eq(out_flush(&o), 0);
	close(p[1]);
	n = read(p[0], got, sizeof got - 1);
	cr_assert_gt(n, 0);
	got[n] = '\0';
	cr_assert_str_eq(got, "<model name='a&amp;b'>\n  <link name='base'/>\n");
	close(p[0]);
}

Test(out, escaping)
{
	static const struct { const char *in, *want; } cases[] = {
		{ "", "" },
		{ "plain text", "plain text" },
		{ "<", "&lt;" },
		{ ">", "&gt;" },
		{ "&", "&amp;" },
		{ "'", "&apos;" },
		{ "\"", "&quot;" },
		{ "a<b>&'\"z", "a&lt;b&gt;&amp;&apos;&quot;z" },
		{ "&&<<", "&amp;&amp;&lt;&lt;" },
		{ "x & y", "x &amp; y" },
		{ "&amp;", "&amp;amp;" },
		{ "caf\xc3\xa9 \xe2\x88\x98", "caf\xc3\xa9 \xe2\x88\x98" },
	};
	size_t caps[] = { 1, 2, 3, 5, 4096 };
	unsigned i, k;

	for (k = 0; k < sizeof caps / sizeof caps[0]; k++)
		for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			int fd = temp_fd();
			char *buf = malloc(caps[k]), *s;
			struct out o;
			size_t len;
			out_init(&o, fd, buf, caps[k]);
			out_char(&o, '[');
			out_escaped(&o, cases[i].in);
			out_char(&o, ']');
			cr_assert_eq(out_flush(&o), 0);
			s = slurp(fd, &len);
			cr_assert_eq(len, strlen(cases[i].want) + 2);
			cr_assert_eq(s[0], '[');
			cr_assert_eq(s[len - 1], ']');
			s[len - 1] = '\0';
			cr_assert_str_eq(s + 1, cases[i].want, "cap %zu: escaped \"%s\"", caps[k], cases[i].in);
			free(s);
			free(buf);
			close(fd);
		}
}

/* What out_escaped() writes must read back, through an XML parser, as the
 * same text: as element content and as a single-quoted attribute value. */
struct parsed {
	char attr[256];
	char text[256];
	size_t textlen;
};

static void XMLCALL on_start(void *arg, const XML_Char *name, const XML_Char **atts)
{
	struct parsed *p = arg;

	(void)name;
	for (; *atts; atts += 2)
		if (strcmp(atts[0], "a") == 0)
			snprintf(p->attr, sizeof p->attr, "%s", atts[1]);
}

static void XMLCALL on_text(void *arg, const XML_Char *s, int len)
{
	struct parsed *p = arg;

	cr_assert_lt(p->textlen + (size_t)len, sizeof p->text);
	memcpy(p->text + p->textlen, s, (size_t)len);
	p->textlen += (size_t)len;
	p->text[p->textlen] = '\0';
}

static void reads_back(const char *value)
{
	int fd = temp_fd();
	char buf[7], *s;
	struct out o;
	struct parsed p = { "", "", 0 };
	XML_Parser parser = XML_ParserCreate("UTF-8");
	size_t len;

	out_init(&o, fd, buf, sizeof buf);
	out_str(&o, "<e a='");
	out_escaped_attr(&o, value);
	out_str(&o, "'>");
	out_escaped(&o, value);
	out_str(&o, "</e>");
	cr_assert_eq(out_flush(&o), 0);
	s = slurp(fd, &len);
	XML_SetUserData(parser, &p);
	XML_SetElementHandler(parser, on_start, NULL);
	XML_SetCharacterDataHandler(parser, on_text);
	cr_assert_eq(XML_Parse(parser, s, (int)len, 1), XML_STATUS_OK, "not well-formed: %s", s);
	cr_expect_str_eq(p.attr, value, "attribute value changed: written as %s", s);
	cr_expect_str_eq(p.text, value, "text changed: written as %s", s);
	XML_ParserFree(parser);
	free(s);
	close(fd);
}

Test(out, escaped_reads_back)
{
	reads_back("plain");
	reads_back("a<b>&'\"z");
	reads_back("]]>");
	reads_back("&lt;&#65;");
	reads_back("caf\xc3\xa9 \xe2\x88\x98");
	reads_back("two  spaces ");
}

/* XML turns a literal tab, newline or carriage return in an attribute value
 * into a space, and a carriage return in text into a newline: those must be
 * written as character references to mean the same. */
Test(out, escaped_whitespace_reads_back)
{
	reads_back("line1\nline2");
	reads_back("col1\tcol2");
	reads_back("cr\rhere");
	reads_back("crlf\r\nthere");
}

/* Writes bigger than the buffer, and a mix of sizes around its capacity. */
Test(out, larger_than_the_buffer)
{
	enum { BIG = 300000 };
	char *big = malloc(BIG), *want = malloc(4 * BIG), *s;
	char buf[64];
	size_t i, wlen = 0, len;
	unsigned seed = 1;
	struct out o;
	int fd = temp_fd();

	for (i = 0; i < BIG; i++)
		big[i] = (char)('a' + i % 26);
	out_init(&o, fd, buf, sizeof buf);
	out_put(&o, big, BIG);                 /* alone, far larger */
	memcpy(want + wlen, big, BIG), wlen += BIG;
	out_str(&o, "tail");
	memcpy(want + wlen, "tail", 4), wlen += 4;
	out_put(&o, big + 7, 64);              /* exactly the capacity */
	memcpy(want + wlen, big + 7, 64), wlen += 64;
	out_put(&o, big + 3, 63);
	memcpy(want + wlen, big + 3, 63), wlen += 63;
	out_put(&o, big + 5, 65);
	memcpy(want + wlen, big + 5, 65), wlen += 65;
	for (i = 0; i < 5000; i++) {          /* pseudo-random sizes 0..200 */
		size_t n, off;
		seed = seed * 1103515245u + 12345u;
		n = (seed >> 8) % 201;
		off = (seed >> 4) % 1000;
		if (n == 1) {
			out_char(&o, big[off]);
		} else {
			out_put(&o, big + off, n);
		}
		memcpy(want + wlen, big + off, n), wlen += n;
	}
	cr_assert_eq(out_flush(&o), 0);
	s = slurp(fd, &len);
	cr_assert_eq(len, wlen);
	cr_assert(memcmp(s, want, len) == 0, "content differs");
	free(s);
	free(want);
	free(big);
	close(fd);
}

Test(out, char_at_full_buffer)
{
	char buf[4], *s;
	struct out o;
	size_t len;
	int fd = temp_fd();
	int i;

	out_init(&o, fd, buf, sizeof buf);
	for (i = 0; i < 4; i++)
		out_char(&o, (char)('0' + i));
	cr_assert_eq(file_size(fd), 0);
	out_char(&o, '4');                 /* the buffer is full: it goes out first */
	cr_assert_eq(file_size(fd), 4);
	for (i = 5; i < 10; i++)
		out_char(&o, (char)('0' + i));
	cr_assert_eq(out_flush(&o), 0);
	s = slurp(fd, &len);
	cr_assert_str_eq(s, "0123456789");
	free(s);
	close(fd);
}

Test(out, no_space_left)
{
	int fd = open("/dev/full", O_WRONLY);
	char buf[32];
	struct out o;

	cr_assert_geq(fd, 0, "/dev/full: %s", strerror(errno));
	out_init(&o, fd, buf, sizeof buf);
	out_str(&o, "fits in the buffer");
	cr_assert_eq(o.err, 0, "nothing written yet");
	cr_assert_eq(out_flush(&o), -1);
	cr_assert_eq(o.err, ENOSPC);
	/* later writes are dropped; the first error stays */
	out_str(&o, "more");
	out_char(&o, 'x');
	out_escaped(&o, "<&>");
	cr_assert_eq(out_flush(&o), -1);
	cr_assert_eq(o.err, ENOSPC);
	close(fd);
}

Test(out, no_space_left_on_a_large_write)
{
	int fd = open("/dev/full", O_WRONLY);
	char buf[16], big[1000];
	struct out o;

	cr_assert_geq(fd, 0);
	memset(big, 'x', sizeof big);
	out_init(&o, fd, buf, sizeof buf);
	out_put(&o, big, sizeof big);      /* goes straight to write(2) */
	cr_assert_eq(o.err, ENOSPC);
	cr_assert_eq(out_flush(&o), -1);
	cr_assert_eq(o.err, ENOSPC);
	close(fd);
}

Test(out, broken_pipe)
{
	int p[2];
	char buf[64], big[100000];
	struct out o;

	signal(SIGPIPE, SIG_IGN);   /* this test runs in its own process */
	cr_assert_eq(pipe(p), 0);
	close(p[0]);
	out_init(&o, p[1], buf, sizeof buf);
	out_str(&o, "<sdf version='1.9'>\n");
	cr_assert_eq(out_flush(&o), -1);
	cr_assert_eq(o.err, EPIPE);
	memset(big, 'y', sizeof big);
	out_put(&o, big, sizeof big);
	cr_assert_eq(out_flush(&o), -1);
	cr_assert_eq(o.err, EPIPE);
	close(p[1]);
}

Test(out, bad_descriptor)
{
	char buf[8];
	struct out o;

	out_init(&o, -1, buf, sizeof buf);
	out_str(&o, "x");
	cr_assert_eq(out_flush(&o), -1);
	cr_assert_eq(o.err, EBADF);
}

Test(out, empty_flush_succeeds)
{
	char buf[8];
	struct out o;

	/* nothing to write: no write(2), so even a bad descriptor is fine */
	out_init(&o, -1, buf, sizeof buf);
	cr_assert_eq(out_flush(&o), 0);
	cr_assert_eq(o.err, 0);
}
