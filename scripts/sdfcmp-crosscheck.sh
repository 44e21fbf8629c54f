#!/bin/sh
# Cross-check the C comparator (tests/sdfcmp) against its definition, the
# corpus's tests/tools/sdfcmp.py: both must give the same exit code on every pair.
#
# usage: scripts/sdfcmp-crosscheck.sh [SEED]
#
# Pairs: every corpus .sdf against itself, against mutated copies of itself
# (numbers moved a little or a lot, an element dropped, siblings swapped,
# attributes changed, added or removed, poses rewritten as equivalent Euler
# triples or with 6 digits, booleans as 1/0, empty elements added, blanks
# changed), in both directions, against the next case's .sdf, plus a set of
# small hand-written pairs on the tricky tokens.  The mutations are random but
# reproducible (SEED, default 1).
#
# Environment: SDFCMP_PY, the python comparator (default
# tests/tools/sdfcmp.py, the corpus's own); SDFCMP_C, the
# C one (default: tests/sdfcmp when built, else compiled here with gcc); U2S,
# the converter (default ./u2s when built): when there is one, its output for
# every case is a pair too.
# Exit 0 when every exit code agrees; differing messages are only reported.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)

py=${SDFCMP_PY:-}
if [ -z "$py" ]; then
	for c in "$top/tests/tools/sdfcmp.py"; do
		if [ -f "$c" ]; then py=$c; break; fi
	done
fi
if [ -z "$py" ] || [ ! -f "$py" ]; then
	echo "sdfcmp-crosscheck: cannot find sdfcmp.py; set SDFCMP_PY" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sdfcmp-crosscheck.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

cbin=${SDFCMP_C:-}
if [ -z "$cbin" ]; then
	if [ -x tests/sdfcmp ] && [ tests/sdfcmp -nt tests/sdfcmp.c ] && [ tests/sdfcmp -nt tests/sdfcmp_main.c ]; then
		cbin=$top/tests/sdfcmp
	else
		cbin=$work/sdfcmp
		${CC:-gcc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow \
			-Wstrict-prototypes -Werror -O2 -o "$cbin" \
			tests/sdfcmp_main.c tests/sdfcmp.c -lexpat -ltalloc -lm
	fi
fi

u2s=${U2S:-}
if [ -z "$u2s" ] && [ -x ./u2s ]; then u2s=$top/u2s; fi

exec python3 - "$py" "$cbin" "$work" "$top/tests/corpus" "${1:-1}" "$u2s" <<'EOF'
import concurrent.futures, contextlib, glob, importlib.util, io, math, os, random, subprocess, sys
import xml.etree.ElementTree as ET

pyfile, cbin, work, corpus, seed, u2s = sys.argv[1:7]
spec = importlib.util.spec_from_file_location("sdfcmp_ref", pyfile)
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
rng = random.Random(int(seed))   # reseeded per corpus file, see one_file()

def run_py(a, b):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            rc = ref.main(["sdfcmp.py", a, b])
    except Exception as e:          # the python raising is not an answer
        return None, f"{type(e).__name__}: {e}"
    return rc, out.getvalue()

def run_c(a, b):
    p = subprocess.run([cbin, a, b], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape") + p.stderr.decode()

n = 0
prefix = "x"
def write(text, tag):
    global n
    n += 1
    path = os.path.join(work, f"{prefix}_{n:04d}_{tag}.sdf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path

def ser(root):
    return ET.tostring(root, encoding="unicode")

NUMTAGS = None
def fmt(x, how):
    if how == "g6":
        return "%g" % x
    return repr(x)

def leaves_with_numbers(root, tags=None):
    out = []
    for e in root.iter():
        if len(e) == 0 and e.text and ref.nums(e.text) and (tags is None or e.tag in tags):
            out.append(e)
    return out

def perturb_text(text, rel, absolute=0.0):
    toks = text.split()
    i = rng.randrange(len(toks))
    x = float(toks[i])
    toks[i] = repr(x * (1 + rel) + absolute) if x != 0 or absolute else repr(rel)
    return " ".join(toks)

def mutations(text):
    """(name, mutated text) pairs; None where the mutation does not apply."""
    root0 = ref.parse(text)
    def fresh():
        return ref.parse(text)
    out = []
    def add(name, root):
        out.append((name, ser(root)))
    # numbers
    for name, rel, ab, tags in [("num_1e-10", 1e-10, 0, None), ("num_5e-8", 5e-8, 0, None),
                                ("num_3e-7", 3e-7, 0, None), ("num_2e-6", 2e-6, 0, None),
                                ("num_4e-6", 4e-6, 0, None), ("num_1e-5", 1e-5, 0, None),
                                ("num_big", 1.0, 1.0, None), ("abs_5e-10", 0, 5e-10, None),
                                ("abs_3e-9", 0, 3e-9, None),
                                ("six_3e-6", 3e-6, 0, ref.SIX), ("six_6e-6", 6e-6, 0, ref.SIX),
                                ("six_2e-5", 2e-5, 0, ref.SIX)]:
        r = fresh()
        cands = leaves_with_numbers(r, tags)
        if cands:
            e = rng.choice(cands)
            e.text = perturb_text(e.text, rel, ab)
            add(name, r)
    # poses
    r = fresh()
    poses = [e for e in r.iter("pose") if e.text and ref.nums(e.text) and len(ref.nums(e.text)) == 6]
    if poses:
        for how in ("full", "g6"):
            r = fresh()
            poses = [e for e in r.iter("pose") if e.text and ref.nums(e.text) and len(ref.nums(e.text)) == 6]
            e = rng.choice(poses)
            x, y, z, ro, pi, ya = ref.nums(e.text)
            ro2, pi2, ya2 = ro + math.pi, math.pi - pi, ya + math.pi
            ro2, ya2 = math.remainder(ro2, 2 * math.pi), math.remainder(ya2, 2 * math.pi)
            e.text = " ".join(fmt(v, how) for v in (x, y, z, ro2, pi2, ya2))
            add("pose_euler_" + how, r)
        r = fresh()
        for e in r.iter("pose"):
            v = ref.nums(e.text or "")
            if v and len(v) == 6:
                e.text = " ".join("%g" % t for t in v)
        add("pose_all_g6", r)
        r = fresh()
        e = rng.choice([e for e in r.iter("pose") if e.text and ref.nums(e.text) and len(ref.nums(e.text)) == 6])
        v = ref.nums(e.text)
        v[rng.randrange(3, 6)] += 0.01
        e.text = " ".join(repr(t) for t in v)
        add("pose_rot", r)
        r = fresh()
        e = rng.choice([e for e in r.iter("pose")])
        e.text = "0 0 0 3.14159265358979 0 0" if rng.random() < 0.5 else ""
        add("pose_pi_or_empty", r)
    # structure
    elems = [(p, c) for p in root0.iter() for c in p]
    if elems:
        r = fresh()
        pairs = [(p, c) for p in r.iter() for c in p]
        p, c = rng.choice(pairs)
        p.remove(c)
        add("drop", r)
        r = fresh()
        pairs = [(p, c) for p in r.iter() for c in p]
        p, c = rng.choice([pc for pc in pairs if len(pc[1]) == 0] or pairs)
        p.remove(c)
        add("drop_leaf", r)
        r = fresh()
        parents = [p for p in r.iter() if len(p) >= 2]
        if parents:
            p = rng.choice(parents)
            i = rng.randrange(len(p) - 1)
            a, b = p[i], p[i + 1]
            p.remove(a)
            p.insert(i + 1, a)
            add("swap", r)
        r = fresh()
        models = [m for m in r.iter("model") if len(m) >= 3]
        if models:
            m = models[0]
            kids = list(m)
            rng.shuffle(kids)
            for k in list(m):
                m.remove(k)
            for k in kids:
                m.append(k)
            add("shuffle_model", r)
        r = fresh()
        p = rng.choice([p for p in r.iter()])
        ET.SubElement(p, "empty_one")
        q = ET.SubElement(p, "empty_two")
        q.text = "  \n "
        ET.SubElement(ET.SubElement(q, "inner"), "deeper")
        add("add_empty", r)
        r = fresh()
        p = rng.choice([p for p in r.iter() if len(p)] or [r])
        ET.SubElement(p, "extra").text = "1"
        add("add_child", r)
        r = fresh()
        e = rng.choice([e for e in r.iter()][1:])
        e.tag = e.tag + "_x"
        add("rename_tag", r)
    # attributes
    r = fresh()
    withattr = [e for e in r.iter() if e.attrib]
    if withattr:
        e = rng.choice(withattr)
        k = rng.choice(list(e.attrib))
        e.set(k, e.get(k) + "_x")
        add("attr_value", r)
        r = fresh()
        e = rng.choice([e for e in r.iter() if e.attrib])
        del e.attrib[rng.choice(list(e.attrib))]
        add("attr_drop", r)
        r = fresh()
        for e in r.iter():
            items = list(e.attrib.items())[::-1]
            e.attrib.clear()
            e.attrib.update(items)
        add("attr_reorder", r)
    r = fresh()
    e = rng.choice([e for e in r.iter()])
    e.set("extra_attr", "0")
    add("attr_add", r)
    # text forms
    r = fresh()
    changed = False
    for e in r.iter():
        if len(e) == 0 and e.text:
            t = e.text.strip()
            swap = {"true": "1", "false": "0", "1": "true", "0": "false"}
            if t in swap:
                e.text = " " + swap[t].upper() + "\n"
                changed = True
    if changed:
        add("bools", r)
    r = fresh()
    for e in r.iter():
        if len(e) == 0 and e.text and e.text.strip():
            e.text = "\n\t " + "   ".join(e.text.split()) + " \n"
    add("blanks", r)
    r = fresh()
    texts = [e for e in r.iter() if len(e) == 0 and e.text and e.text.strip() and ref.nums(e.text) is None]
    if texts:
        e = rng.choice(texts)
        e.text = e.text + "x"
        add("text_word", r)
        r = fresh()
        e = rng.choice([e for e in r.iter() if len(e) == 0 and e.text and e.text.strip()])
        e.text = ""
        add("text_gone", r)
    return out

SMALL = [  # (expected, actual) leaf texts under tag, on the tricky tokens
    ("mass", "1_000", "1000"), ("mass", "1__0", "10"), ("mass", "inf", "5"),
    ("mass", "5", "inf"), ("mass", "nan", "nan"), ("mass", "NaN", "nan"),
    ("mass", "0x10", "16"), ("mass", "1e999", "inf"), ("mass", ".5", "0.5"),
    ("mass", "+1", "1"), ("mass", "1.", "1"), ("mass", "TRUE", "1"),
    ("mass", "True", "false"), ("mass", " a  b ", "a b"), ("mass", "a\u00a0b", "a b"),
    ("mass", "1 2", "1 2 3"), ("mass", "1", "1.0000001"), ("mass", "1", "1.0000002"),
    ("mass", "0", "1e-9"), ("mass", "0", "1.1e-9"), ("mass", "1e-3", "0.001"),
    ("mass", "infinity", "Infinity"), ("mass", "", "0"), ("mass", "0", "false"),
    ("mass", "1 true", "1 1"), ("mass", "-0", "0"), ("mass", "1e", "1e"),
    ("scale", "1 1 1", "1.000004 1 1"), ("scale", "1 1 1", "1.000006 1 1"),
    ("scale", "1.0000000 1 1", "1.000004 1 1"), ("scale", "123456 1 1", "123456.4 1 1"),
    ("scale", "0.000123457 1 1", "0.00012345749 1 1"), ("scale", "0 0 0", "4e-9 0 0"),
    ("xyzOffset", "0.1 0.2 0.3", "0.1000004 0.2 0.3"), ("rpyOffset", "1 2 3", "1 2 3.000014"),
    ("mass", "0.1", "0.1000004"),
    ("pose", "", "0 0 0 0 0 0"), ("pose", "", "0 0 0 0 0 1e-6"), ("pose", "1 2 3", "1 2 3"),
    ("pose", "1 2 3", "1 2  3"), ("pose", "1 2 3", "1 2 4"), ("pose", "a b c d e f", "a b c d e f"),
    ("pose", "0 0 0 3.14159265358979 0 0", "0 0 0 -3.14159265358979 0 0"),
    ("pose", "0 0 0 3.14159 0 0", "0 0 0 -3.14159 0 0"),
    ("pose", "0 0 0 1.5707963267948966 0 0", "0 0 0 1.5707963 0 0"),
    ("pose", "0 0 0 1.5707963 0 0", "0 0 0 1.5707963267948966 0 0"),
    ("pose", "0 0 0 1.57080 0 0", "0 0 0 1.5707963267948966 0 0"),
    ("pose", "0 0 0 0 1.5707963267948966 0", "0 0 0 3.141592653589793 1.5707963267948966 3.141592653589793"),
    ("pose", "1 0 0 0 0 0", "1.000004 0 0 0 0 0"), ("pose", "1 0 0 0 0 0", "1.000006 0 0 0 0 0"),
    ("pose", "0 0 0 0 0 nan", "0 0 0 0 0 nan"), ("pose", "0 0 0 0 0 0 0", "0 0 0 0 0 0 0"),
    ("pose", "1_0 0 0 0 0 0", "10 0 0 0 0 0"),
    # where the python raises instead of answering (reported, not compared)
    ("scale", "inf 1 1", "1 1 1"), ("pose", "0 0 0 inf 0 0", "0 0 0 0 0 0"),
]
STRUCT = [  # whole documents
    ("<sdf><a/><b>1</b></sdf>", "<sdf><b>true</b></sdf>"),
    ("<sdf><a><b/></a><c> </c></sdf>", "<sdf/>"),
    ("<sdf x='1' y='2'/>", "<sdf y='2.0000000001' x='true'/>"),
    ("<sdf><l name='a'/><l name='b'/></sdf>", "<sdf><l name='b'/><l name='a'/></sdf>"),
    ("<sdf><l name='a'>1</l><l name='a'>2</l></sdf>", "<sdf><l name='a'>2</l><l name='a'>3</l></sdf>"),
    ("<sdf><l>1</l><m>2</m></sdf>", "<sdf><m>2</m><l>1</l><k>3</k></sdf>"),
    ("<sdf>text<a/>tail</sdf>", "<sdf>text</sdf>"),
    ("<sdf>text<a/>tail</sdf>", "<sdf>tail</sdf>"),
    ("<sdf><gz::corrected_offsets>1</gz::corrected_offsets><sensor:ray/></sdf>",
     "<sdf><gz::corrected_offsets>true</gz::corrected_offsets></sdf>"),
    ("<sdf><a name='it&apos;s'>1</a></sdf>", "<sdf><a name='it&apos;s'>2</a></sdf>"),
    ("<sdf><a name='x\"y'>1</a></sdf>", "<sdf><b name='x\"y'>2</b></sdf>"),
    ("<sdf><a>x\ty\\z&#133;&#xa0;&#x2028;\u00e9</a></sdf>", "<sdf><a>2</a></sdf>"),
    ("<sdf><a/></sdf>", "<sdf><a/"),
    ("<sdf/>", ""),
    ("<?xml version='1.0' encoding='ISO-8859-1'?><sdf>\u00e9</sdf>", "<sdf>\u00e9</sdf>"),
    ("<sdf>" + "<a>" * 1500 + "1" + "</a>" * 1500 + "</sdf>",
     "<sdf>" + "<a>" * 1500 + "2" + "</a>" * 1500 + "</sdf>"),
]

def small_docs():
    out = []
    for tag, a, b in SMALL:
        out.append((f"small {tag} {a!r} {b!r}", f"<sdf><m><{tag}>{a}</{tag}></m></sdf>",
                    f"<sdf><m><{tag}>{b}</{tag}></m></sdf>"))
        out.append((f"attr {a!r} {b!r}", f"<sdf v='{a}'/>", f"<sdf v='{b}'/>"))
    for a, b in STRUCT:
        ra, rb = repr(a)[:60], repr(b)[:60]
        out.append((f"doc {ra} {rb}", a, b))
        out.append((f"doc {rb} {ra}", b, a))
    return out

def check(a, b, what, stats, bad, msgs, skipped):
    rp, op = run_py(a, b)
    rc, oc = run_c(a, b)
    if rp is None:
        skipped.append(f"{what}: python raised {op}; C says {rc}")
        return
    stats[rp] = stats.get(rp, 0) + 1
    if rp != rc:
        bad.append(f"{what}: python {rp}, C {rc}\n    py: {op.strip()}\n    C:  {oc.strip()}")
    elif op != oc:
        msgs.append(f"{what}: same code {rp}, messages differ\n    py: {op.strip()}\n    C:  {oc.strip()}")

files = sorted(glob.glob(os.path.join(corpus, "*", "*.sdf")))

def one_file(i):
    global rng, prefix, n
    rng, prefix, n = random.Random(int(seed) * 1000003 + i), f"f{i:04d}", 0
    stats, bad, msgs, skipped = {}, [], [], []
    f = files[i]
    name = os.path.relpath(f, corpus)
    check(f, f, f"{name} self", stats, bad, msgs, skipped)
    with open(f, encoding="utf-8") as fh:
        text = fh.read()
    for mname, mtext in mutations(text):
        m = write(mtext, mname)
        check(f, m, f"{name} vs {mname} ({m})", stats, bad, msgs, skipped)
        check(m, f, f"{mname} ({m}) vs {name}", stats, bad, msgs, skipped)
    other = files[(i + 1) % len(files)]
    check(f, other, f"{name} vs {os.path.relpath(other, corpus)}", stats, bad, msgs, skipped)
    urdf = f[:-4] + ".urdf"
    if u2s and os.path.exists(urdf):
        try:
            p = subprocess.run([u2s, os.path.basename(urdf)], cwd=os.path.dirname(urdf),
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=20)
            if p.returncode == 0:
                m = write(p.stdout.decode("utf-8", "surrogateescape"), "u2s")
                check(f, m, f"{name} vs u2s output ({m})", stats, bad, msgs, skipped)
        except subprocess.TimeoutExpired:
            pass
    return stats, bad, msgs, skipped

def small():
    global prefix, n
    prefix, n = "small", 0
    stats, bad, msgs, skipped = {}, [], [], []
    for what, a, b in small_docs():
        check(write(a, "a"), write(b, "b"), what, stats, bad, msgs, skipped)
    return stats, bad, msgs, skipped

stats, bad, msgs, skipped = {}, [], [], []
def merge(r):
    for k, v in r[0].items():
        stats[k] = stats.get(k, 0) + v
    bad.extend(r[1]); msgs.extend(r[2]); skipped.extend(r[3])
merge(small())
with concurrent.futures.ProcessPoolExecutor() as ex:
    for r in ex.map(one_file, range(len(files))):
        merge(r)
total = sum(stats.values())
print(f"sdfcmp-crosscheck: {total} pairs, python codes " +
      ", ".join(f"{k}: {v}" for k, v in sorted(stats.items())) +
      f"; {len(bad)} disagree, {len(msgs)} with other messages, {len(skipped)} where python raised")
for s in skipped:
    print("  python raised (not compared):", s)
for s in msgs[:20]:
    print("  message:", s)
for s in bad[:50]:
    print("  DISAGREE:", s)
sys.exit(1 if bad else 0)
EOF
