#!/usr/bin/env python3
"""--diagnostics=json and --diagnostics=github say what the text form says
(tests/diagnostics.sh says what is checked).  Usage: diagnostics.py [U2S
[SRCDIR]]."""
import glob, json, os, re, shutil, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib

u2s = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else testlib.U2S
src = sys.argv[2] if len(sys.argv) > 2 else testlib.SRC
report = testlib.Report("diagnostics.sh")
bad = report.bad
KEYS = ["file", "line", "column", "severity", "code", "message", "path"]

def run(args, cwd):
    rc, _, err = testlib.run(args, cwd=cwd, prog=[u2s], timeout=60)
    return rc, err

def text_escape(s):
    out = []
    for ch in s:
        c = ord(ch)
        if ch in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif c < 0x20 or c == 0x7f:
            out.append("\\x%02x" % c)
        else:
            out.append(ch)
    return "".join(out)

def gh_unescape(s, prop):
    s = s.replace("%0D", "\r").replace("%0A", "\n")
    if prop:
        s = s.replace("%3A", ":").replace("%2C", ",")
    return s.replace("%25", "%")

def check(case, args, cwd, shown_file):
    """Runs ARGS in the three forms; SHOWN_FILE is what messages call it."""
    rt, text = run(args, cwd)
    rj, js = run(["--diagnostics=json"] + args, cwd)
    rg, gh = run(["--diagnostics=github"] + args, cwd)
    if not (rt == rj == rg):
        bad.append("%s: statuses %d (text), %d (json), %d (github)" % (case, rt, rj, rg))
        return 0
    tlines = text.split(b"\n")[:-1]
    tlines = [l for l in tlines if not l.startswith(b"Try 'u2s --help'")]
    jlines = js.split(b"\n")[:-1]
    glines = gh.split(b"\n")[:-1]
    if not (len(tlines) == len(jlines) == len(glines)):
        bad.append("%s: %d text lines, %d JSON, %d GitHub" %
                   (case, len(tlines), len(jlines), len(glines)))
        return 0
    for t, j, g in zip(tlines, jlines, glines):
        where = "%s: %r" % (case, t[:120])
        try:
            obj = json.loads(j.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            bad.append("%s: JSON does not parse (%s): %r" % (where, e, j[:200]))
            continue
        if list(obj) != KEYS:
            bad.append("%s: JSON members %s" % (where, list(obj)))
            continue
        t = t.decode("utf-8", "replace")
        m = re.match(r"^(.*) \[(U2S\d{4})\]$", t)
        if not m:
            bad.append("%s: the text line has no code" % where)
            continue
        body, code = m.groups()
        if obj["code"] != code:
            bad.append("%s: code %s in JSON" % (where, obj["code"]))
        if obj["file"] is None:
            want = "u2s: "
            pos = None
        else:
            if obj["file"] != shown_file:
                bad.append("%s: JSON file %r, not %r" % (where, obj["file"], shown_file))
            want = shown_file.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            want = text_escape(want)
            pos = (obj["line"], obj["column"])
            if obj["line"] is not None:
                want += ":%d:%d" % pos
            want += ": %s: " % obj["severity"]
        if not body.startswith(want):
            bad.append("%s: text starts otherwise than %r" % (where, want))
            continue
        rest = body[len(want):]
        msg = text_escape(obj["message"])
        if not (rest == msg or (rest.endswith("...") and msg.startswith(rest[:-3]))):
            bad.append("%s: JSON message %r" % (where, obj["message"][:120]))
        if (obj["line"] is None) != (obj["column"] is None):
            bad.append("%s: line %r, column %r" % (where, obj["line"], obj["column"]))
        # GitHub
        gm = re.match(rb"^::(error|warning) (.*?)::(.*)$", g, re.S)
        if not gm:
            bad.append("%s: not a workflow command: %r" % (where, g[:160]))
            continue
        sev, props, data = gm.group(1).decode(), gm.group(2).decode("utf-8"), gm.group(3).decode("utf-8")
        if sev != obj["severity"]:
            bad.append("%s: GitHub severity %s" % (where, sev))
        if "\n" in data or "\r" in data or re.search(r"%(?!25|0D|0A)", data):
            bad.append("%s: GitHub text not escaped: %r" % (where, data[:160]))
        if gh_unescape(data, False) != obj["message"]:
            bad.append("%s: GitHub text %r" % (where, data[:160]))
        kv = {}
        for part in props.split(","):
            k, _, v = part.partition("=")
            if ":" in v:
                bad.append("%s: ':' left in a GitHub property: %r" % (where, props))
            kv[k] = gh_unescape(v, True)
        if kv.get("title") != obj["code"]:
            bad.append("%s: GitHub title %r" % (where, kv.get("title")))
        wantfile = obj["file"] if obj["file"] not in (None, "<stdin>") else None
        if kv.get("file") != wantfile:
            bad.append("%s: GitHub file %r, not %r" % (where, kv.get("file"), wantfile))
        if wantfile and obj["line"] is not None and \
           (kv.get("line"), kv.get("col")) != (str(obj["line"]), str(obj["column"])):
            bad.append("%s: GitHub position %r" % (where, (kv.get("line"), kv.get("col"))))
    return len(jlines)

with testlib.workdir("diagnostics") as work:
    n = cases = 0
    inputs = sorted(glob.glob(os.path.join(src, "tests", "fuzz", "*", "*.urdf")) +
                    glob.glob(os.path.join(src, "tests", "corpus", "versions", "*.urdf")) +
                    glob.glob(os.path.join(src, "tests", "corpus", "edge", "*.urdf")))
    for path in inputs:
        shutil.copy(path, os.path.join(work, "t.urdf"))
        n += check(os.path.relpath(path, src), ["--check", "t.urdf"], work, "t.urdf")
        cases += 1
    hostile = {
        "quotes": "<robot name='r'><link name='a\"b\\c&#9;d&#10;e&#13;'/>"
                  "<link name='a\"b\\c&#9;d&#10;e&#13;'/></robot>",
        "unicode": "<robot name='r'><link name='\u00fc\u20ac\U0001F916'/>"
                   "<link name='\u00fc\u20ac\U0001F916'/></robot>",
        "gazebo": "<robot name='r'><link name='a'><inertial><mass value='1'/><inertia "
                  "ixx='1' ixy='0' ixz='0' iyy='1' iyz='0' izz='1'/></inertial></link>"
                  "<gazebo reference='%0A,:&#10;x'/></robot>",
        "long": "<robot name='r'><link name='%s'/><link name='%s'/></robot>" % ("n" * 3000, "n" * 3000),
        "malformed": "<robot name='r'><link name='a'></robot>",
        "version": "<robot name='r' version='1.0~pre&#10;'><link name='a'/></robot>",
    }
    for name, xml in hostile.items():
        with open(os.path.join(work, "t.urdf"), "w", encoding="utf-8") as f:
            f.write(xml)
        n += check("hostile " + name, ["--check", "t.urdf"], work, "t.urdf")
        cases += 1
    # A file name with what GitHub's properties must escape, and a byte
    # that is not UTF-8: JSON shows U+FFFD for it.
    odd = b"odd%,:name\xff.urdf"
    with open(os.path.join(work.encode(), odd), "w") as f:
        f.write(hostile["gazebo"])
    shown = odd.decode("utf-8", "surrogateescape")
    rt, js = run(["--check", "--diagnostics=json", shown], work)
    objs = [json.loads(l) for l in js.decode("utf-8").splitlines()]
    if not objs or objs[0]["file"] != "odd%,:name\ufffd.urdf":
        bad.append("odd file name: JSON file %r" % (objs[0]["file"] if objs else None))
    rg, gh = run(["--check", "--diagnostics=github", shown], work)
    if not gh.startswith(b"::warning file=odd%25%2C%3Aname\xef\xbf\xbd.urdf,line=1,col="):
        bad.append("odd file name: GitHub %r" % gh[:100])
    cases += 1
    # The CLI's own messages, and standard input.
    n += check("usage", ["--bogus"], work, None)
    n += check("missing file", ["--check", "nowhere.urdf"], work, None)
    cases += 2
    _, _, err = testlib.run(["--diagnostics=json", "--check"], prog=[u2s],
                            data=b"<robot name='r'><link/></robot>")
    obj = json.loads(err.decode().splitlines()[0])
    if obj["file"] != "<stdin>" or obj["path"] != "/robot/link":
        bad.append("standard input: %r" % obj)

report.finish("%d cases, %d messages compared in three forms" % (cases, n), limit=40)
