"""gzlib: run a world in the headless Gazebo Fortress server and read it.

Shared by tests/gz/run_world.py and tests/gz_fortress.sh.  Standard
library only, plus PyYAML (python3-yaml) for the bridge and expectation
files.

The server (../shared/gz-fortress, installed at /opt/gzf) has traps a
checker must step around (its README, "Traps for a checker"):
  - `ign gazebo -s` exits 0 whatever happens: a system that does not load,
    an SDF error that stops the world from being made at all.  A run is
    judged by its `[Err]` lines and by the log lines that say the world
    was made and stepped, never by the exit status.
  - servers running at once share discovery unless each has its own
    IGN_PARTITION, and clash on the profiler port unless each has its own
    RMT_PORT.
  - `ign topic -e -n 1` sometimes crashes after printing its message: a
    message is judged by what was printed.
  - a subscriber started after a fast run may miss every message: they
    start before the server.
"""
import math
import os
import re
import signal
import subprocess
import tempfile
import threading
import time

GZF_ENV = os.environ.get("GZF_ENV", "/opt/gzf/share/gzf/env.sh")

# The gz types a headless server publishes (no render engine: no images,
# point clouds or laser scans).  Joint states are gz.msgs.Model.
HEADLESS_TYPES = {
    "gz.msgs.IMU", "gz.msgs.Odometry", "gz.msgs.Model", "gz.msgs.NavSat",
    "gz.msgs.Wrench", "gz.msgs.Contacts", "gz.msgs.Clock",
}

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ERR = re.compile(r"^\[Err\]")
WRN = re.compile(r"^\[Wrn\]")

_counter = [0]
_counter_lock = threading.Lock()


def server_env():
    """The environment env.sh sets, read once from a shell that sourced it."""
    if not os.path.exists(GZF_ENV):
        raise FileNotFoundError(
            "%s: no Gazebo Fortress server (bash ../shared/gz-fortress/install)"
            % GZF_ENV)
    out = subprocess.run(
        ["bash", "-c", '. "$1" >/dev/null && env -0', "env", GZF_ENV],
        check=True, stdout=subprocess.PIPE).stdout
    env = {}
    for item in out.split(b"\0"):
        if b"=" in item:
            k, v = item.split(b"=", 1)
            env[k.decode()] = v.decode()
    return env


_BASE_ENV = None


def run_env():
    """A fresh environment of the server's, with a partition and a profiler
    port of this run's own (pid and a counter: parallel runs, in one
    process or several, do not see each other's topics)."""
    global _BASE_ENV
    if _BASE_ENV is None:
        _BASE_ENV = server_env()
    with _counter_lock:
        _counter[0] += 1
        n = _counter[0]
    env = dict(_BASE_ENV)
    env["IGN_PARTITION"] = "u2s-gz-%d-%d" % (os.getpid(), n)
    env["RMT_PORT"] = str(free_port())
    return env


def free_port():
    """A TCP port free now, from the kernel (a fixed range clashed with
    other servers on the machine: measured, 2 runs in 676)."""
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


# ---- protobuf text format (what `ign topic -e` prints) -------------------

_TOKEN = re.compile(r'\s*(?:(\{)|(\})|([A-Za-z_][A-Za-z0-9_.]*)\s*(:)?|'
                    r'"((?:[^"\\]|\\.)*)"|([-+0-9.eEinfINFa-z]+))')


def _scalar(text):
    try:
        if re.fullmatch(r"[-+]?\d+", text):
            return int(text)
        return float(text)
    except ValueError:
        return text  # an enum name, true/false


def parse_text(text):
    """Parse protobuf text format into a dict; a field seen twice becomes
    a list.  Good enough for the messages `ign topic -e` prints (no
    extensions, no Any); raises ValueError on what it cannot read."""
    pos = 0
    stack = [{}]

    def put(d, k, v):
        if k in d:
            if not isinstance(d[k], list):
                d[k] = [d[k]]
            d[k].append(v)
        else:
            d[k] = v

    key = None
    while True:
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip():
                raise ValueError("cannot parse near %r" % text[pos:pos + 40])
            break
        pos = m.end()
        if m.group(1):  # {
            if key is None:
                raise ValueError("'{' without a field name")
            child = {}
            put(stack[-1], key, child)
            stack.append(child)
            key = None
        elif m.group(2):  # }
            if len(stack) == 1:
                raise ValueError("unbalanced '}'")
            stack.pop()
        elif m.group(3) is not None and key is None:
            key = m.group(3)
            if not m.group(4):
                continue  # `name {`
        elif m.group(5) is not None:
            if key is None:
                raise ValueError("a string without a field name")
            put(stack[-1], key, bytes(m.group(5), "utf-8").decode("unicode_escape"))
            key = None
            continue
        else:
            val = m.group(3) if m.group(3) is not None else m.group(6)
            if key is None:
                raise ValueError("a value without a field name")
            put(stack[-1], key, _scalar(val))
            key = None
            continue
    if len(stack) != 1:
        raise ValueError("unbalanced '{'")
    return stack[0]


def split_messages(text):
    """The messages in what `ign topic -e` printed, parsed, in order: each
    is printed as text format followed by a blank line; lines that are not
    part of a message (the `Library error: ...backward.so` notice, a crash
    trace after the last message) are dropped."""
    msgs = []
    block = []
    depth = 0
    for line in text.splitlines():
        s = line.strip()
        if depth == 0 and not re.match(r"^[a-z_][a-z0-9_]*\s*(\{|:)", s):
            if block:
                msgs.append("\n".join(block))
                block = []
            continue
        block.append(line)
        depth += s.count("{") - s.count("}")
        if depth < 0:
            depth = 0
    if block and depth == 0:
        msgs.append("\n".join(block))
    out = []
    for b in msgs:
        try:
            out.append(parse_text(b))
        except ValueError:
            pass
    # adjacent blocks with no blank line between them were one message
    return out


def header_data(msg, key):
    """The value of header.data[key] (frame_id, child_frame_id), or None;
    gz.msgs.NavSat carries its frame in a field of its own, frame_id."""
    if key == "frame_id" and isinstance(msg.get("frame_id"), str):
        return msg["frame_id"]
    data = msg.get("header", {}).get("data", [])
    if isinstance(data, dict):
        data = [data]
    for d in data:
        if d.get("key") == key:
            v = d.get("value")
            return v[0] if isinstance(v, list) else v
    return None


def quat_yaw(q):
    """Yaw (rad) of a {x,y,z,w} quaternion; absent fields are 0 (protobuf
    text format leaves zeros out, and w defaults to 1 in gz.msgs.Quaternion
    only when the whole message is absent)."""
    x, y, z = (float(q.get(k, 0.0)) for k in "xyz")
    w = float(q.get("w", 0.0)) if q else 1.0
    return math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))


def angle_diff(a, b):
    return (a - b + math.pi) % (2 * math.pi) - math.pi


def position(msg):
    p = msg.get("pose", {}).get("position", {})
    return tuple(float(p.get(k, 0.0)) for k in "xyz")


# ---- running the server ---------------------------------------------------

class Subscriber:
    """`ign topic -e -t TOPIC` in the background: one message (count=1)
    or every message until stopped (count=None)."""

    def __init__(self, env, topic, count=1, timeout=60, workdir=None):
        self.topic = topic
        self.file = tempfile.NamedTemporaryFile(
            mode="w+", prefix="sub-", suffix=".txt", dir=workdir, delete=False)
        cmd = ["timeout", str(timeout), "ign", "topic", "-e", "-t", topic]
        if count:
            cmd += ["-n", str(count)]
        self.proc = subprocess.Popen(cmd, env=env, stdout=self.file,
                                     stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def stop(self, wait=10):
        """Wait up to `wait` s for it to end by itself, then end it."""
        try:
            self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait()
        self.file.seek(0)
        self.text = self.file.read()
        self.file.close()
        os.unlink(self.file.name)
        self.messages = split_messages(self.text)
        return self.messages


def publish(env, topic, msgtype, payload):
    """One `ign topic -p` (it waits for discovery, publishes once)."""
    subprocess.run(["timeout", "20", "ign", "topic", "-t", topic, "-m",
                    msgtype, "-p", payload], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Run:
    """What one server run left: exit status, wall time, the log, its
    [Err] and [Wrn] lines, whether the world was made and stepped, the
    server version, and the messages of each subscribed topic."""

    def __init__(self):
        self.rc = None
        self.timed_out = False
        self.wall = 0.0
        self.log = ""
        self.errors = []
        self.warnings = []
        self.world_made = False
        self.stepped = False
        self.version = None
        self.messages = {}
        self.raw = {}

    def as_dict(self):
        return {k: getattr(self, k) for k in
                ("rc", "timed_out", "wall", "errors", "warnings", "world_made",
                 "stepped", "version", "messages")}


def sensors_version():
    """ign-sensors' version, from the server's library file name
    (/opt/gzf/lib/libignition-sensors6.so.X.Y.Z), or None."""
    import glob as _glob
    prefix = os.path.dirname(os.path.dirname(os.path.dirname(GZF_ENV)))  # /opt/gzf
    for f in _glob.glob(os.path.join(prefix, "lib", "libignition-sensors*.so.*.*.*")):
        m = re.search(r"\.so\.(\d+\.\d+\.\d+)$", f)
        if m:
            return m.group(1)
    return None


def version_tuple(v):
    try:
        return tuple(int(x) for x in v.split("."))
    except (AttributeError, ValueError):
        return ()


def run_world(world, iterations=500, timeout=120, once=(), stream=(),
              during=None, settle=1.0, verbosity=3, workdir=None):
    """Run `ign gazebo -s -r --iterations N -v V WORLD` in a partition of
    its own.  `once`: topics to read one message from, `stream`: topics to
    read every message from; their subscribers start `settle` s before the
    server.  `during(env, proc)`: called in a thread once the server has
    started (e.g. to publish commands).  Returns a Run."""
    env = run_env()
    r = Run()
    subs = [Subscriber(env, t, 1, timeout, workdir) for t in once]
    subs += [Subscriber(env, t, None, timeout, workdir) for t in stream]
    if subs:
        time.sleep(settle)
    t0 = time.monotonic()
    proc = subprocess.Popen(
        ["ign", "gazebo", "-s", "-r", "--iterations", str(iterations),
         "-v", str(verbosity), os.path.abspath(world)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL, start_new_session=True)
    th = None
    if during:
        th = threading.Thread(target=during, args=(env, proc), daemon=True)
        th.start()
    # stdout ([Msg], [Dbg]) and stderr ([Err], [Wrn]) apart: merged into
    # one pipe, lines of the two streams were seen spliced mid-line.
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        r.timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    r.wall = time.monotonic() - t0
    r.rc = proc.returncode
    if th:
        th.join(30)
    r.stdout = ANSI.sub("", out.decode("utf-8", "replace"))
    r.stderr = ANSI.sub("", err.decode("utf-8", "replace"))
    r.log = r.stdout + "\n---- stderr ----\n" + r.stderr
    for line in r.stderr.splitlines() + r.stdout.splitlines():
        if ERR.match(line):
            r.errors.append(line)
        elif WRN.match(line):
            r.warnings.append(line)
        m = re.search(r"Ignition Gazebo Server v(\S+)", line)
        if m:
            r.version = m.group(1)
    # "Serving world controls": a world was made; "Publishing dynamic pose
    # messages": the SceneBroadcaster's first PostUpdate, after a step.
    r.world_made = "Serving world controls on" in r.stdout
    r.stepped = "Publishing dynamic pose messages" in r.stdout
    for s in subs:
        msgs = s.stop(wait=5 if s in subs[:len(once)] else 0)
        r.messages.setdefault(s.topic, []).extend(msgs)
        r.raw[s.topic] = s.text
    return r


# ---- the allow-list ------------------------------------------------------

class AllowList:
    """tests/gz/allowed-errors: `TAGS: REGEX` lines, each after a comment
    saying why u2s cannot avoid the error.  TAGS is a comma list; a rule
    applies to a run only when each of its tags holds for it:
      any     every run;
      plain   only a plain `--world` output (not --migrate): Gazebo Classic
              plugins, which --migrate must remove;
      corpus  only a robot of tests/corpus, which holds URDFs without the
              mesh files they name (the shared packages have theirs)."""

    TAGS = {"any", "plain", "corpus"}

    def __init__(self, path):
        self.rules = []  # (tags, regex, source line)
        with open(path) as f:
            for n, line in enumerate(f, 1):
                s = line.strip()
                if not s or s.startswith("#"):
                    continue
                m = re.match(r"^([a-z,]+):\s*(.*)$", s)
                if not m or not set(m.group(1).split(",")) <= self.TAGS:
                    raise ValueError("%s:%d: not TAGS: REGEX (tags %s)"
                                     % (path, n, ", ".join(sorted(self.TAGS))))
                self.rules.append((set(m.group(1).split(",")), re.compile(m.group(2)),
                                   "%s:%d" % (os.path.basename(path), n)))

    def classify(self, line, migrated, corpus=False):
        """The rule a line matches (tags, source), or None."""
        have = {"any"} | (set() if migrated else {"plain"}) | ({"corpus"} if corpus else set())
        for tags, rx, src in self.rules:
            if tags <= have and rx.search(line):
                return ",".join(sorted(tags)), src
        return None


class KnownFailures:
    """tests/gz/known-failures: `LABEL-GLOB MODE REGEX` lines, each after
    a comment naming the u2s (or server) bug: [Err] lines u2s could avoid
    and does not yet.  MODE: plain (plain --world runs), migrate
    (--migrate runs) or any.  They are reported as XFAIL, robot by robot;
    an entry of a mode that ran and no longer matches anything is
    reported (XPASS) and fails the run, so the list shrinks as bugs are
    fixed."""

    def __init__(self, path):
        self.rules = []
        if not os.path.exists(path):
            return
        with open(path) as f:
            for n, line in enumerate(f, 1):
                s = line.strip()
                if not s or s.startswith("#"):
                    continue
                glob_, mode, rx = s.split(None, 2)
                if mode not in ("plain", "migrate", "any"):
                    raise ValueError("%s:%d: mode %r: plain, migrate or any" % (path, n, mode))
                self.rules.append([glob_, re.compile(rx), "%s:%d" % (os.path.basename(path), n),
                                   0, mode])

    def match(self, label, line, migrated):
        import fnmatch
        for r in self.rules:
            if r[4] != "any" and (r[4] == "migrate") != migrated:
                continue
            if fnmatch.fnmatch(label, r[0]) and r[1].search(line):
                r[3] += 1
                return r[2]
        return None


def normalise_error(line):
    """An [Err] line without its source location and the robot-specific
    names in brackets, for tallying error kinds across robots."""
    s = re.sub(r"^\[Err\] \[[^\]]*\] ", "", line)
    s = re.sub(r"\[[^\]]*\]", "[...]", s)
    return s[:140]
