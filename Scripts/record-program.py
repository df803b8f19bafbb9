#!/usr/bin/env python3
"""record-program: record the bytes a real program writes to a pseudo-terminal, and the screen
it shows, as test fixtures.

    python3 Scripts/record-program.py fixtures [NAME ...] [--out DIR]
    python3 Scripts/record-program.py list
    python3 Scripts/record-program.py run --name NAME [--out DIR] [--cols C] [--rows R]
        [--env K=V ...] [steps ...] -- COMMAND [ARGS ...]

`fixtures` records the built-in set (fixture_set() below; with no NAME, all of them) into
Tests/BidiTermTerminalTests/Fixtures/Programs/, creating the files the programs show in a
work folder of its own (--work, default /tmp/record-program, emptied first). `run` records
one command with the steps given on the command line, in the order given:

    --quiet MS      wait until the program has written nothing for MS milliseconds (counted
                    from the last output or --send; gives up after --quiet-max, 8000 ms)
    --sleep MS      wait MS milliseconds
    --expect TEXT   wait until the output since the last --send contains TEXT (escapes as
                    for --send; gives up after --quiet-max)
    --send TEXT     write TEXT to the terminal: UTF-8, with \\e ESC, \\r, \\n, \\t, \\\\, \\xHH
                    and \\^X for control-X (\\^C is 0x03)
    --key NAME      press a key as xterm sends it: Up Down Right Left Home End (SS3 or CSI
                    as the program set DECCKM), Escape Enter Tab BSpace PageUp PageDown
                    Delete Insert F1-F4
    --snap          the screen point: NAME.screen.txt is the screen after the bytes written
                    up to here (default: the end of the recording)

The program runs on a new pseudo-terminal of COLS x ROWS (default 100 x 30, set with
TIOCSWINSZ before exec) as the leader of a session of its own, with a clean environment:
PATH, LANG=C.UTF-8, TERM=xterm-256color, COLORTERM=truecolor, TZ=UTC, SHELL=/bin/sh, HOME a
fresh folder under the work folder (so no user configuration leaks in), plus --env. After the
last step it is given --exit-wait seconds (default 5) to end, then SIGHUP, then SIGKILL.

The recorder answers the device-attribute queries as libvterm (the emulator of `rtl-tui run`)
does: DA1 CSI c -> CSI ? 1 ; 2 c, DA2 CSI > c -> CSI > 0 ; 100 ; 0 c, DSR CSI 5 n -> CSI 0 n.
Other queries (CPR CSI 6 n, OSC colour queries, XTVERSION, DECRQM ...) go unanswered; the
ones seen are listed in NAME.json.

Files written to --out for NAME:

    NAME.bytes       every byte read from the pty master up to the screen point
    NAME.exit.bytes  every byte read after it (the program quitting); NAME.bytes followed by
                     NAME.exit.bytes is the whole recording. Absent when empty.
    NAME.screen.txt  the screen after NAME.bytes: the bytes are replayed with `cat` (tty in
                     raw mode, so no newline translation) into a detached tmux pane of the same
                     size, and `tmux capture-pane -p` gives ROWS lines, trailing spaces
                     stripped. tmux does no bidi: this is the program's own cells in visual
                     (left to right) column order; a wide character is one character.
    NAME.screen.ansi the same rows with tmux's SGR codes (capture-pane -e): reverse video,
                     colours; a row ends where tmux ends it (no trailing blank cells unless
                     they carry attributes), each row starts with the attributes reset.
    NAME.json        command, size, environment added, steps, tmux's cursor position and
                     modes after the replay, the program's version, byte counts, the queries
                     seen, which processes of the session had libfribidi mapped at the screen
                     point, and the exit status.

Needs python3 (standard library only) and tmux. Run as root for the built-in set if the
owner and group shown by `ls -l` should be root root, as in the committed fixtures.
"""

import argparse
import calendar
import fcntl
import json
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "Tests", "BidiTermTerminalTests", "Fixtures", "Programs")
DEFAULT_WORK = "/tmp/record-program"
MAX_FIXTURE_BYTES = 200 * 1024

# ---------------------------------------------------------------------------------------------
# Texts (the project's own)

ARABIC = "مرحبا، هذه فقرة عربية مع رقم 2024 وكلمة Linux في الوسط."
HEBREW = "זה משפט ארוך בעברית עם מילה מיוחדת באמצע השורה."
PERSIAN = "این یک جملهٔ فارسی است با عدد ۱۲۳ و کلمهٔ Git."
MIXED = "Mixed: version 2.3 של התוכנה"
FIXED_TIME = "2024-12-01T18:44"

# ---------------------------------------------------------------------------------------------
# Steps


def unescape(text):
    """--send TEXT to bytes: UTF-8 with \\e \\r \\n \\t \\\\ \\xHH \\^X."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\" or i + 1 >= len(text):
            out += c.encode("utf-8")
            i += 1
            continue
        n = text[i + 1]
        simple = {"e": b"\x1b", "r": b"\r", "n": b"\n", "t": b"\t", "\\": b"\\", "a": b"\x07"}
        if n in simple:
            out += simple[n]
            i += 2
        elif n == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", text[i + 2:i + 4]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        elif n == "^" and i + 2 < len(text):
            out.append(ord(text[i + 2].upper()) ^ 0x40)
            i += 3
        else:
            raise ValueError("unknown escape \\%s in %r" % (n, text))
    return bytes(out)


def describe(data):
    """Bytes as readable text for the json and the README: ESC as \\e, controls as \\^X."""
    s = data.decode("utf-8", "backslashreplace")
    out = []
    for ch in s:
        o = ord(ch)
        if ch == "\x1b":
            out.append("\\e")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\n":
            out.append("\\n")
        elif o < 0x20:
            out.append("\\^" + chr(o ^ 0x40))
        elif o == 0x7f:
            out.append("\\x7f")
        else:
            out.append(ch)
    return "".join(out)


def quiet(ms):
    return ("quiet", ms)


def sleep(ms):
    return ("sleep", ms)


def send(data):
    return ("send", data if isinstance(data, bytes) else data.encode("utf-8"))


def expect(data):
    return ("expect", data if isinstance(data, bytes) else data.encode("utf-8"))


def key(name):
    return ("key", name)


SNAP = ("snap", None)

# Keys as xterm sends them; the cursor keys depend on DECCKM (CSI ? 1 h: SS3 A, else CSI A).
CURSOR_KEYS = {"Up": "A", "Down": "B", "Right": "C", "Left": "D", "Home": "H", "End": "F"}
OTHER_KEYS = {
    "Escape": b"\x1b", "Enter": b"\r", "Tab": b"\t", "BSpace": b"\x7f",
    "PageUp": b"\x1b[5~", "PageDown": b"\x1b[6~", "Delete": b"\x1b[3~", "Insert": b"\x1b[2~",
    "F1": b"\x1bOP", "F2": b"\x1bOQ", "F3": b"\x1bOR", "F4": b"\x1bOS",
}


def key_bytes(name, application_cursor):
    if name in CURSOR_KEYS:
        return (b"\x1bO" if application_cursor else b"\x1b[") + CURSOR_KEYS[name].encode()
    if name in OTHER_KEYS:
        return OTHER_KEYS[name]
    raise ValueError("unknown key %r (known: %s)" % (
        name, " ".join(list(CURSOR_KEYS) + list(OTHER_KEYS))))

ESC = b"\x1b"
RET = b"\r"


def ctrl(letter):
    return bytes([ord(letter.upper()) ^ 0x40])


# ---------------------------------------------------------------------------------------------
# The built-in fixtures. Each: command, steps, files to create (path relative to the work
# folder -> text, or None for a folder), extra environment, the version command.

def fixture_set():
    rtl3 = "\n".join([ARABIC, HEBREW, PERSIAN]) + "\n"
    less_text = "\n".join([
        "The first line is plain Latin text, before the right-to-left lines.",
        HEBREW,
        ARABIC,
        "The last line is plain Latin text again.",
    ]) + "\n"
    ls_files = {
        "תיקייה ראשית": None,
        "مجلد جديد": None,
        "קובץ.txt": "שלום\n",
        "readme.md": "# readme\n\nA file with a Latin name.\n",
    }
    fzf_list = "سلام دنیا\\nمرحبا بالعالم\\nשלום עולם\\nhello world\\n"
    menu = ["--title", "הגדרות", "--menu", "בחרו פריט", "15", "50", "4",
            "1", "שפה ואזור", "2", "רשת ואינטרנט", "3", "תצוגה"]
    fixtures = {}

    fixtures["emacs-file"] = dict(
        what="emacs -nw on a file of three RTL lines (Arabic, Hebrew, Persian), then Hebrew "
             "typed on a new last line; emacs reorders on a tty itself and writes visual order",
        command=["emacs", "-nw", "-Q", "rtl.txt"],
        files={"rtl.txt": rtl3},
        steps=[quiet(1500), send(ESC + b">"), quiet(500), send(RET), quiet(500),
               send("אני כותב"), quiet(1000), SNAP,
               send(ctrl("x") + ctrl("c")), quiet(800), send("n"), quiet(800),
               send("yes" + "\r")],
        version=["emacs", "--version"], packages=["emacs-nox"])

    fixtures["vim-rightleft"] = dict(
        what="vim with 'rightleft' set on a mixed line and the Hebrew line: vim mirrors the "
             "window (text from the right edge, `~` at the right of empty lines)",
        command=["vim", "-u", "NONE", "-i", "NONE", "-N", "mixed.txt"],
        files={"mixed.txt": MIXED + "\n" + HEBREW + "\n"},
        steps=[quiet(1000), send(":set rightleft\r"), quiet(800), SNAP, send(":q!\r")],
        version=["vim", "--version"], packages=["vim"])

    fixtures["whiptail-menu"] = dict(
        what="whiptail menu with a Hebrew title, prompt and items, after Down once "
             "(newt dlopens libfribidi and reorders the strings itself)",
        command=["whiptail"] + menu,
        files={},
        steps=[quiet(1000), key("Down"), quiet(800), SNAP, key("Escape")],
        version=["whiptail", "--version"], packages=["whiptail", "libnewt0.52", "libslang2",
                                                   "libfribidi0"])

    fixtures["dialog-menu"] = dict(
        what="the same menu with dialog (no bidi of its own: logical order), after Down once",
        command=["dialog"] + menu,
        files={},
        steps=[quiet(1000), key("Down"), quiet(800), SNAP, key("Escape")],
        version=["dialog", "--version"], packages=["dialog", "libncursesw6"])

    fixtures["ls-long"] = dict(
        what="ls -l of two folders and two files with Hebrew, Arabic and Latin names "
             "(dates fixed, LC_TIME=C)",
        command=["sh", "-c", "cd lsdir && ls -l; sleep 0.3"],
        files=dict(("lsdir/" + k, v) for k, v in ls_files.items()),
        env={"LC_TIME": "C"},
        steps=[],
        version=["ls", "--version"], packages=["coreutils"])

    fixtures["ls-long-iso"] = dict(
        what="ls -l --time-style=+%F of the same folder (dates as 2024-12-01)",
        command=["sh", "-c", "cd lsdir && ls -l --time-style=+%F; sleep 0.3"],
        files=dict(("lsdir/" + k, v) for k, v in ls_files.items()),
        env={"LC_TIME": "C"},
        steps=[],
        version=["ls", "--version"], packages=["coreutils"])

    fixtures["less-search"] = dict(
        what="less on Latin, Hebrew, Arabic, Latin lines after searching a Hebrew word "
             "(the match in reverse video)",
        command=["less", "text.txt"],
        files={"text.txt": less_text},
        steps=[quiet(800), send("/מיוחדת"), quiet(500), send(RET), quiet(800), SNAP,
               send("q")],
        version=["less", "--version"], packages=["less"])

    fixtures["less-search-arabic"] = dict(
        what="the same file in less after searching an Arabic word",
        command=["less", "text.txt"],
        files={"text.txt": less_text},
        steps=[quiet(800), send("/فقرة"), quiet(500), send(RET), quiet(800), SNAP,
               send("q")],
        version=["less", "--version"], packages=["less"])

    fixtures["bash-prompt"] = dict(
        what="interactive bash with a Hebrew prompt and `ls -la` typed, not yet run",
        command=["bash", "--norc", "--noprofile", "-i"],
        files={},
        env={"PS1": "שלום \\W $ "},
        steps=[quiet(800), send("ls -la"), quiet(800), SNAP, send(ctrl("u")), quiet(300),
               send("exit\r")],
        version=["bash", "--version"], packages=["bash", "libreadline8"])

    fixtures["fzf-arabic"] = dict(
        what="fzf choosing among Persian, Arabic, Hebrew and Latin lines, after Up once (the "
             "list grows upwards from the prompt; Down would stay on the first line)",
        command=["sh", "-c", "printf '%s' | fzf" % fzf_list],
        files={},
        steps=[quiet(1000), key("Up"), quiet(800), SNAP, key("Escape")],
        version=["fzf", "--version"], packages=["fzf"])

    fixtures["nano-typing"] = dict(
        what="nano on a new file with `שלום abc 123 עולם` typed (logical order)",
        command=["nano", "--ignorercfiles", "new.txt"],
        files={},
        steps=[quiet(1000), send("שלום abc 123 עולם"), quiet(800), SNAP,
               send(ctrl("x")), quiet(500), send("n")],
        version=["nano", "--version"], packages=["nano", "libncursesw6"])

    fixtures["shell-plain"] = dict(
        what="printf of the Arabic, Hebrew and Persian lines: plain logical-order text",
        command=["sh", "-c", 'printf "%%s\\n" "%s" "%s" "%s"; sleep 0.3'
                 % (ARABIC, HEBREW, PERSIAN)],
        files={},
        steps=[],
        version=None, packages=["dash", "coreutils"])
    return fixtures


# ---------------------------------------------------------------------------------------------
# Recording on a pty

# Queries and libvterm's answers (vterm state.c / vterm 0.3).
ANSWERS = [
    (re.compile(rb"\x1b\[0?c"), b"\x1b[?1;2c", "DA1"),
    (re.compile(rb"\x1b\[>0?c"), b"\x1b[>0;100;0c", "DA2"),
    (re.compile(rb"\x1b\[5n"), b"\x1b[0n", "DSR 5"),
]
DECSET_RE = re.compile(rb"\x1b\[\?([0-9;]*)([hl])")
UNANSWERED = [
    (re.compile(rb"\x1b\[\??6n"), "CPR (CSI 6 n)"),
    (re.compile(rb"\x1b\][0-9]+;\?"), "OSC colour query"),
    (re.compile(rb"\x1b\[>0?q"), "XTVERSION"),
    (re.compile(rb"\x1b\[\??[0-9;]*\$p"), "DECRQM"),
    (re.compile(rb"\x1bP\+q"), "XTGETTCAP"),
    (re.compile(rb"\x1b\[\?u"), "kitty keyboard query"),
    (re.compile(rb"\x1b\[1[48]t"), "window size query"),
]


def session_processes(sid):
    """(pid, comm, fribidi library paths) of every process in session sid."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[3]) != sid:
                continue
            comm = stat[stat.index("(") + 1:stat.rindex(")")]
            libs = set()
            with open("/proc/%s/maps" % name) as f:
                for line in f:
                    if "fribidi" in line:
                        libs.add(line.split()[-1])
            found.append({"pid": int(name), "comm": comm, "fribidi": sorted(libs)})
        except (OSError, ValueError):
            continue
    return sorted(found, key=lambda p: p["pid"])


class Recorder:
    def __init__(self, command, cols, rows, env, cwd, quiet_max_ms=8000):
        self.command = command
        self.cols, self.rows = cols, rows
        self.env, self.cwd = env, cwd
        self.quiet_max = quiet_max_ms / 1000.0
        self.data = bytearray()
        self.last_output = time.monotonic()
        self.since_send = 0
        self.queries_seen = {}
        self.scan_from = 0
        self.closed = False
        self.application_cursor = False
        self.snap_at = None
        self.processes = None
        self.log = []

    def start(self):
        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        pid = os.fork()
        if pid == 0:
            try:
                os.close(master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                if slave > 2:
                    os.close(slave)
                os.chdir(self.cwd)
                os.execvpe(self.command[0], self.command, self.env)
            except Exception as e:  # noqa: BLE001 - report anything, then leave
                os.write(2, ("record-program: exec %s: %s\r\n" % (self.command[0], e)).encode())
            os._exit(127)
        os.close(slave)
        self.master, self.pid = master, pid
        self.started = time.monotonic()
        self.last_output = self.started

    def _read(self, timeout):
        """Read what is there within timeout seconds; False once the pty is closed."""
        if self.closed:
            time.sleep(max(0.0, timeout))
            return False
        r, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not r:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            self.closed = True
            return False
        self.data += chunk
        self.last_output = time.monotonic()
        self._answer()
        return True

    def _answer(self):
        # Queries that end in the bytes just read (a few bytes back, for one split in two).
        start = max(0, self.scan_from - 16)
        window = bytes(self.data[start:])
        for rx, reply, name in ANSWERS:
            for m in rx.finditer(window):
                if start + m.end() > self.scan_from:
                    self.queries_seen[name] = self.queries_seen.get(name, 0) + 1
                    os.write(self.master, reply)
        for m in DECSET_RE.finditer(window):
            if start + m.end() > self.scan_from and b"1" in m.group(1).split(b";"):
                self.application_cursor = m.group(2) == b"h"
        for rx, name in UNANSWERED:
            for m in rx.finditer(window):
                if start + m.end() > self.scan_from:
                    key = name + " (not answered)"
                    self.queries_seen[key] = self.queries_seen.get(key, 0) + 1
        self.scan_from = len(self.data)

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            self._read(min(left, 0.05))

    def wait_quiet(self, ms):
        limit = time.monotonic() + self.quiet_max
        while time.monotonic() < limit:
            left = self.last_output + ms / 1000.0 - time.monotonic()
            if left <= 0:
                return True
            if not self._read(min(left, 0.05)) and self.closed:
                return True
        self.log.append("quiet %d ms: gave up after %.1f s" % (ms, self.quiet_max))
        return False

    def wait_expect(self, needle):
        limit = time.monotonic() + self.quiet_max
        while time.monotonic() < limit:
            if needle in bytes(self.data[self.since_send:]):
                return True
            if not self._read(0.05) and self.closed:
                break
        self.log.append("expect %r: not seen" % needle)
        return False

    def run_steps(self, steps):
        for kind, value in steps:
            if kind == "quiet":
                self.wait_quiet(value)
            elif kind == "sleep":
                self.pump(value / 1000.0)
            elif kind == "expect":
                self.wait_expect(value)
            elif kind == "send":
                self.since_send = len(self.data)
                if not self.closed:
                    os.write(self.master, value)
                # A quiet wait after this counts from the send, not from older output.
                self.last_output = time.monotonic()
            elif kind == "key":
                data = key_bytes(value, self.application_cursor)
                self.since_send = len(self.data)
                if not self.closed:
                    os.write(self.master, data)
                self.last_output = time.monotonic()
            elif kind == "snap":
                self.snapshot()
            else:
                raise ValueError(kind)

    def snapshot(self):
        self.snap_at = len(self.data)
        self.processes = session_processes(self.pid)

    def finish(self, exit_wait):
        if self.processes is None:
            self.pump(0.1)  # past the exec of the command
            self.processes = session_processes(self.pid)
        status = None
        killed = None
        deadline = time.monotonic() + exit_wait
        while time.monotonic() < deadline:
            self._read(0.05)
            done, st = os.waitpid(self.pid, os.WNOHANG)
            if done:
                status = st
                break
        if status is None:
            for sig in (signal.SIGHUP, signal.SIGKILL):
                try:
                    os.killpg(self.pid, sig)
                except OSError:
                    pass
                killed = signal.Signals(sig).name
                t = time.monotonic() + 1.0
                while time.monotonic() < t:
                    self._read(0.05)
                    done, st = os.waitpid(self.pid, os.WNOHANG)
                    if done:
                        status = st
                        break
                if status is not None:
                    break
        # Drain what is left (the pty reports EIO once the last writer is gone).
        t = time.monotonic() + 1.0
        while not self.closed and time.monotonic() < t:
            self._read(0.05)
        os.close(self.master)
        if status is None:
            exit_desc = "unknown"
        elif os.WIFEXITED(status):
            exit_desc = "exit %d" % os.WEXITSTATUS(status)
        else:
            exit_desc = "signal %s" % signal.Signals(os.WTERMSIG(status)).name
        return exit_desc, killed


# ---------------------------------------------------------------------------------------------
# The screen, from tmux

def tmux_screen(data, cols, rows, scratch):
    """Replay data into a detached tmux pane of cols x rows; (lines, info)."""
    os.makedirs(scratch, exist_ok=True)
    rec = os.path.join(scratch, "replay.bytes")
    with open(rec, "wb") as f:
        f.write(data)
    conf = os.path.join(scratch, "tmux.conf")
    with open(conf, "w") as f:
        f.write("set -g status off\nset -g default-terminal xterm-256color\n"
                "set -g history-limit 0\nset -g remain-on-exit on\n")
    sock = os.path.join(scratch, "tmux.sock")
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)

    def tmux(*args, check=True, timeout=20):
        return subprocess.run(["tmux", "-u", "-S", sock, "-f", conf] + list(args), env=env,
                              check=check, timeout=timeout, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE).stdout.decode("utf-8", "replace")

    shell = ("stty raw -echo; cat %s; tmux wait-for -S replayed; exec sleep 3600"
             % shlex_quote(rec))
    try:
        tmux("new-session", "-d", "-x", str(cols), "-y", str(rows), "-s", "replay", shell)
        tmux("wait-for", "replayed", timeout=30)
        fmt = ("#{pane_width}x#{pane_height} #{cursor_x},#{cursor_y} #{cursor_flag} "
               "#{alternate_on} #{insert_flag} #{keypad_cursor_flag} #{mouse_any_flag}")
        prev = None
        stable = 0
        for _ in range(100):
            time.sleep(0.1)
            cur = (tmux("capture-pane", "-p", "-e", "-t", "replay"),
                   tmux("display-message", "-p", "-t", "replay", fmt))
            if cur == prev:
                stable += 1
                if stable >= 3:
                    break
            else:
                stable = 0
            prev = cur
        coded, info = prev
    finally:
        tmux("kill-server", check=False)
    size, cursor, cursor_flag, alt, ins, kpad, mouse = info.split()
    ansi = [dec_graphics(line) for line in coded.split("\n")]
    if len(ansi) == rows + 1 and ansi[-1] == "":
        ansi.pop()
    ansi = (ansi + [""] * rows)[:rows]
    lines = [CODE_RE.sub("", line).rstrip(" ") for line in ansi]
    x, y = cursor.split(",")
    return lines, ansi, {
        "pane": size,
        "cursor": [int(x), int(y)],
        "cursor_visible": cursor_flag == "1",
        "alternate_screen": alt == "1",
        "insert_mode": ins == "1",
        "application_cursor_keys": kpad == "1",
        "mouse": mouse == "1",
    }


# capture-pane -e writes SGR (and OSC 8) codes, and puts a run of cells drawn with the DEC
# special graphics set (ESC ( 0) between SO and SI, as the letters the program sent: tmux
# translates them only when it draws to a client. Translated here to the characters a
# terminal shows (the table of xterm and libvterm).
CODE_RE = re.compile(r"\x1b\[[0-9;:]*m|\x1b\]8;[^\x1b\x07]*(?:\x1b\\|\x07)")
DEC_GRAPHICS = dict(zip("`abcdefghijklmnopqrstuvwxyz{|}~",
                        "◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·"))


def dec_graphics(line):
    out, graphics = [], False
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\x0e":
            graphics = True
        elif c == "\x0f":
            graphics = False
        elif c == "\x1b":
            m = CODE_RE.match(line, i)
            if m:
                out.append(m.group(0))
                i = m.end()
                continue
            out.append(c)
        else:
            out.append(DEC_GRAPHICS.get(c, c) if graphics else c)
        i += 1
    return "".join(out)


def shlex_quote(s):
    return "'" + s.replace("'", "'\"'\"'") + "'"


# ---------------------------------------------------------------------------------------------

def base_env(home):
    return {
        "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "TZ": "UTC",
        "SHELL": "/bin/sh",
        "HOME": home,
    }


def program_version(cmd):
    if not cmd:
        return None
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=10,
                             env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                                  "LANG": "C.UTF-8"}).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in out.decode("utf-8", "replace").splitlines():
        if line.strip():
            return line.strip()
    return None


def package_versions(names):
    out = []
    for name in names or []:
        try:
            v = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}", name],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               timeout=10).stdout.decode().strip()
        except (OSError, subprocess.TimeoutExpired):
            v = ""
        out.append(v or name + " (not installed as a Debian package)")
    return out


def make_files(base, files):
    """Create files (text) and folders (None) under base with fixed contents and times."""
    os.makedirs(base, exist_ok=True)
    made = []
    for rel, text in files.items():
        path = os.path.join(base, rel)
        if text is None:
            os.makedirs(path, exist_ok=True)
            os.chmod(path, 0o755)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(path, 0o644)
        made.append(path)
    # Fixed times (files first, then folders, deepest first, so the folders keep theirs).
    stamp = calendar.timegm(time.strptime(FIXED_TIME, "%Y-%m-%dT%H:%M"))  # UTC, as TZ=UTC
    for path in sorted(made + [os.path.dirname(p) for p in made if os.path.dirname(p) != base],
                       key=lambda p: -p.count(os.sep)):
        os.utime(path, (stamp, stamp))


def record(name, command, steps, out_dir, work, cols=100, rows=30, env_extra=None,
           files=None, version_cmd=None, packages=None, what=None, exit_wait=5.0, quiet_max_ms=8000):
    fdir = os.path.join(work, name)
    if os.path.isdir(fdir):
        shutil.rmtree(fdir)
    home = os.path.join(fdir, "home")
    cwd = os.path.join(fdir, "demo")
    os.makedirs(home)
    os.makedirs(cwd)
    if files:
        make_files(cwd, files)
    env = base_env(home)
    env.update(env_extra or {})

    rec = Recorder(command, cols, rows, env, cwd, quiet_max_ms)
    rec.start()
    rec.run_steps(steps)
    if rec.snap_at is None:
        exit_desc, killed = rec.finish(exit_wait)
        rec.snap_at = len(rec.data)
    else:
        exit_desc, killed = rec.finish(exit_wait)
    data = bytes(rec.data)
    shown, rest = data[:rec.snap_at], data[rec.snap_at:]

    lines, ansi, info = tmux_screen(shown, cols, rows, os.path.join(fdir, "tmux"))

    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, name)
    with open(base + ".bytes", "wb") as f:
        f.write(shown)
    if rest:
        with open(base + ".exit.bytes", "wb") as f:
            f.write(rest)
    elif os.path.exists(base + ".exit.bytes"):
        os.remove(base + ".exit.bytes")
    with open(base + ".screen.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    with open(base + ".screen.ansi", "w", encoding="utf-8") as f:
        f.write("\n".join(ansi) + "\n")

    fribidi = [p for p in rec.processes if p["fribidi"]]
    meta = {
        "name": name,
        "what": what,
        "command": command,
        "columns": cols,
        "rows": rows,
        "env": dict(sorted((k, v) for k, v in env.items()
                           if k not in ("PATH", "HOME"))),
        "home": "a fresh empty folder",
        "steps": [k if v is None else "%s %s" % (k, describe(v) if isinstance(v, bytes) else v)
                  for k, v in steps],
        "program": program_version(version_cmd) or (package_versions(packages) or [None])[0],
        "packages": package_versions(packages),
        "replayed_in": program_version(["tmux", "-V"]),
        "cursor": info["cursor"],
        "cursor_visible": info["cursor_visible"],
        "alternate_screen": info["alternate_screen"],
        "screen_bytes": len(shown),
        "exit_bytes": len(rest),
        "queries": dict(sorted(rec.queries_seen.items())),
        "processes_at_screen": [p["comm"] for p in rec.processes],
        "libfribidi_mapped": sorted({"%s: %s" % (p["comm"], lib)
                                     for p in fribidi for lib in p["fribidi"]}),
        "exit": exit_desc,
    }
    if killed:
        meta["killed_with"] = killed
    if rec.log:
        meta["notes"] = rec.log
    if info["pane"] != "%dx%d" % (cols, rows):
        meta.setdefault("notes", []).append("tmux pane was %s" % info["pane"])
    with open(base + ".json", "w", encoding="utf-8") as f:
        text = json.dumps(meta, ensure_ascii=False, indent=2)
        # Short lists of numbers on one line ("cursor": [3, 5]).
        text = re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text)
        f.write(text)
        f.write("\n")
    size_note = ""
    if len(data) > MAX_FIXTURE_BYTES:
        size_note = " (over %d bytes!)" % MAX_FIXTURE_BYTES
    print("%-20s %7d + %6d bytes%s, cursor %s, %s%s" % (
        name, len(shown), len(rest), size_note, info["cursor"], exit_desc,
        ", libfribidi mapped" if fribidi else ""))
    for n in rec.log:
        print("    note: " + n)
    return meta


class StepAction(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        steps = getattr(namespace, "steps", None) or []
        kind = option_string.lstrip("-")
        if kind == "snap":
            steps.append(SNAP)
        elif kind == "key":
            key_bytes(values, False)
            steps.append((kind, values))
        elif kind in ("quiet", "sleep"):
            steps.append((kind, int(values)))
        else:
            steps.append((kind, unescape(values)))
        namespace.steps = steps


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    sub = ap.add_subparsers(dest="mode", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", default=DEFAULT_OUT, help="folder for the fixture files")
    common.add_argument("--work", default=DEFAULT_WORK,
                        help="folder for HOME, the files shown and tmux (emptied per fixture)")
    common.add_argument("--exit-wait", type=float, default=5.0)
    common.add_argument("--quiet-max", type=int, default=8000)
    fx = sub.add_parser("fixtures", parents=[common], help="record the built-in fixtures")
    fx.add_argument("names", nargs="*")
    sub.add_parser("list", help="list the built-in fixtures")
    run = sub.add_parser("run", parents=[common], help="record one command")
    run.add_argument("--name", required=True)
    run.add_argument("--cols", type=int, default=100)
    run.add_argument("--rows", type=int, default=30)
    run.add_argument("--env", action="append", default=[], metavar="K=V")
    run.add_argument("--version-cmd", help="command whose first line names the program")
    for opt in ("--quiet", "--sleep"):
        run.add_argument(opt, action=StepAction, metavar="MS")
    for opt in ("--send", "--expect"):
        run.add_argument(opt, action=StepAction, metavar="TEXT")
    run.add_argument("--key", action=StepAction, metavar="NAME")
    run.add_argument("--snap", action=StepAction, nargs=0)
    run.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)

    if shutil.which("tmux") is None and args.mode != "list":
        sys.exit("record-program: tmux is needed (apt-get install tmux)")
    os.umask(0o022)
    fixtures = fixture_set()
    if args.mode == "list":
        for name, f in fixtures.items():
            print("%-20s %s" % (name, f["what"]))
        return 0
    if args.mode == "fixtures":
        names = args.names or list(fixtures)
        for n in names:
            if n not in fixtures:
                sys.exit("record-program: no fixture %r (see: list)" % n)
        for n in names:
            f = fixtures[n]
            record(n, f["command"], f["steps"], args.out, args.work, env_extra=f.get("env"),
                   files=f.get("files"), version_cmd=f.get("version"),
                   packages=f.get("packages"), what=f.get("what"),
                   exit_wait=args.exit_wait, quiet_max_ms=args.quiet_max)
        return 0
    command = args.command
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        sys.exit("record-program: run needs a command after --")
    env = {}
    for kv in args.env:
        k, _, v = kv.partition("=")
        env[k] = v
    record(args.name, command, getattr(args, "steps", None) or [], args.out, args.work,
           cols=args.cols, rows=args.rows, env_extra=env,
           version_cmd=args.version_cmd.split() if args.version_cmd else None,
           exit_wait=args.exit_wait, quiet_max_ms=args.quiet_max)
    return 0


if __name__ == "__main__":
    sys.exit(main())
