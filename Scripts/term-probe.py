#!/usr/bin/env python3
"""term-probe: record, byte for byte, how the terminal it runs in answers queries.

Run it inside the terminal to examine (locally, over SSH, inside tmux/screen):

    python3 Scripts/term-probe.py --out replies.txt [--label xterm] [--linger 5]

It puts the tty in raw mode, enters the alternate screen and sends batches. Every batch is

    CUP(row;col)  QUERY  CPR (CSI 6 n)  DA1 (CSI c)

so the reply stream of each batch has a known end (the DA1 reply, the sentinel) and the
CPR reply tells how far the terminal moved the cursor while handling QUERY: 0 means the
query was consumed silently, N > 0 means the terminal printed N cells of it (garbage).
Glyph batches write one glyph at column 1 and the CPR gives its advance in cells.
Every read() is logged with its time since the batch was sent. Nothing is interpreted
while probing; the summary lines are derived afterwards from the recorded bytes.

The output file (format "terminal-replies 1") is line-based, fields separated by TAB:

    # ...                              comment
    meta    KEY     VALUE              terminal, versions, TERM, size, date
    batch   NAME    KIND    NOTE       start of a batch (KIND: query, glyph, sequence, drain)
    send    ESCAPED                    bytes written for the batch
    recv    MS      ESCAPED HEX        bytes of one read(), MS after the send
    done    MS      sentinel|timeout   end of the batch
    reply   NAME    ESCAPED            derived: QUERY's reply (recv bytes before the probe's
                                       CPR reply), empty when the terminal did not answer
    moved   NAME    COLS               derived: cells the cursor moved while QUERY was handled
    advance NAME    COLS    CODEPOINTS derived: the glyph's advance (-1: no CPR reply)
    first   NAME    MS                 derived: time to the first reply byte

ESCAPED is the bytes with \\e ESC, \\a BEL, \\r, \\n, \\t, \\\\ backslash, \\xHH for any
other byte below 0x20, 0x7f and every byte >= 0x80, printable ASCII as itself (a space
is a space; fields are separated by TAB, which is always escaped). It decodes exactly.
HEX is the same bytes as two-digit hex, space separated.
"""

import argparse
import datetime
import os
import re
import select
import signal
import sys
import termios
import time
import tty

ESC = "\x1b"
CSI = ESC + "["
OSC = ESC + "]"
DCS = ESC + "P"
ST = ESC + "\\"
BEL = "\x07"

DA1_RE = re.compile(rb"\x1b\[\?[0-9;:]*c")
CPR_RE = re.compile(rb"\x1b\[([0-9]+);([0-9]+)R")


def escape(data: bytes) -> str:
    out = []
    for b in data:
        if b == 0x1B:
            out.append("\\e")
        elif b == 0x07:
            out.append("\\a")
        elif b == 0x0D:
            out.append("\\r")
        elif b == 0x0A:
            out.append("\\n")
        elif b == 0x09:
            out.append("\\t")
        elif b == 0x5C:
            out.append("\\\\")
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        else:
            out.append("\\x%02x" % b)
    return "".join(out)


def unescape(text: str) -> bytes:
    """Inverse of escape(); used by tests of the format and by fake terminals."""
    out = bytearray()
    i = 0
    simple = {"e": 0x1B, "a": 0x07, "r": 0x0D, "n": 0x0A, "t": 0x09, "\\": 0x5C}
    while i < len(text):
        c = text[i]
        if c == "\\":
            n = text[i + 1]
            if n == "x":
                out.append(int(text[i + 2:i + 4], 16))
                i += 4
                continue
            out.append(simple[n])
            i += 2
            continue
        out += c.encode("utf-8")
        i += 1
    return bytes(out)


def hexs(data: bytes) -> str:
    return " ".join("%02x" % b for b in data)


def decrqm(mode: int, private: bool = True) -> str:
    return CSI + ("?" if private else "") + str(mode) + "$p"


# (name, query text, note). Each is sent on its own row of the query page.
QUERIES = [
    ("da1", CSI + "c", "primary device attributes (also the sentinel)"),
    ("da2", CSI + ">c", "secondary device attributes"),
    ("da3", CSI + "=c", "tertiary device attributes (unit id, DECRPTUI)"),
    ("xtversion", CSI + ">0q", "XTVERSION: DCS > | name(version) ST"),
    ("enq", "\x05", "ENQ: answerback message"),
    ("decrqm-8", decrqm(8, False), "ANSI mode 8 BDSM (bidi: set=implicit, reset=explicit)"),
    ("decrqm-?1243", decrqm(1243), "VTE: swap arrow keys in RTL paragraphs"),
    ("decrqm-?2500", decrqm(2500), "VTE/mintty: box drawing mirroring"),
    ("decrqm-?2501", decrqm(2501), "VTE/mintty: bidi auto direction"),
    ("decrqm-?2521", decrqm(2521), "mintty: lam-alef single cell"),
    ("decrqm-?7796", decrqm(7796), "mintty: bidi disabled on current line"),
    ("decrqm-?77096", decrqm(77096), "mintty: bidi disabled"),
    ("decrqm-?2004", decrqm(2004), "bracketed paste"),
    ("decrqm-?1000", decrqm(1000), "mouse: button events"),
    ("decrqm-?1002", decrqm(1002), "mouse: button-motion events"),
    ("decrqm-?1006", decrqm(1006), "mouse: SGR encoding"),
    ("decrqm-?1049", decrqm(1049), "alternate screen with saved cursor"),
    ("decrqm-?25", decrqm(25), "cursor visible"),
    ("decrqm-?7", decrqm(7), "autowrap"),
    ("decrqm-?1", decrqm(1), "application cursor keys"),
    ("decrqm-?2026", decrqm(2026), "synchronized output"),
    ("decrqm-?2027", decrqm(2027), "grapheme cluster width mode"),
    ("osc11-bel", OSC + "11;?" + BEL, "background colour, BEL-terminated"),
    ("osc11-st", OSC + "11;?" + ST, "background colour, ST-terminated"),
    ("osc10-bel", OSC + "10;?" + BEL, "foreground colour"),
    ("dsr-996", CSI + "?996n", "colour scheme (dark/light) report"),
    ("xtgettcap-TN", DCS + "+q544e" + ST, "XTGETTCAP TN (terminal name)"),
    ("xtgettcap-Co", DCS + "+q436f" + ST, "XTGETTCAP Co (colours)"),
    ("decrqss-sgr", DCS + "$qm" + ST, "DECRQSS SGR"),
    ("kitty-kbd", CSI + "?u", "kitty keyboard protocol flags"),
    ("xtwinops-18", CSI + "18t", "text area size in characters"),
    ("mlterm-5380-nochal", OSC + "5380;use_ctl" + BEL, "mlterm get use_ctl without challenge"),
    ("mlterm-5380-badchal", OSC + "5380;x;use_ctl" + BEL, "mlterm get with a wrong challenge"),
]

# Glyphs the UI draws beyond plain text; the CPR after each gives its advance.
GLYPHS = [
    ("star-black", "\u2605"), ("star-white", "\u2606"), ("star-left-half", "\u2bea"),
    ("star-right-half", "\u2beb"), ("circle-black", "\u25cf"), ("heavy-horizontal", "\u2501"),
    ("light-horizontal", "\u2500"), ("tri-left-white", "\u25c1"), ("tri-right-white", "\u25b7"),
    ("ellipsis", "\u2026"), ("arrow-left", "\u2190"), ("arrow-right", "\u2192"),
    ("check", "\u2713"), ("bullet", "\u2022"), ("full-block", "\u2588"),
    ("dim", "\U0001f505"), ("bright", "\U0001f506"), ("speaker", "\U0001f508"),
    ("speaker-loud", "\U0001f50a"), ("note", "\U0001f3b5"), ("folder", "\U0001f4c1"),
    ("calendar", "\U0001f4c5"), ("memo", "\U0001f4dd"), ("inbox", "\U0001f4e5"),
    ("camera", "\U0001f4f7"), ("clock3", "\U0001f552"), ("trolley", "\U0001f6d2"),
    ("fast-fwd", "\u23e9"), ("rewind", "\u23ea"), ("next-track", "\u23ed"),
    ("prev-track", "\u23ee"), ("play-pause", "\u23ef"), ("gear", "\u2699"),
    ("gear-vs16", "\u2699\ufe0f"), ("check-heavy-white", "\u2705"),
    ("lam-alef-isolated", "\ufefb"), ("lam-alef-final", "\ufefc"),
    ("lam-alef-madda-isol", "\ufef5"), ("lam-alef-madda-final", "\ufef6"),
    ("lam-alef-hamza-above-isol", "\ufef7"), ("lam-alef-hamza-above-final", "\ufef8"),
    ("lam-alef-hamza-below-isol", "\ufef9"), ("lam-alef-hamza-below-final", "\ufefa"),
    ("lam+alef-logical", "\u0644\u0627"), ("beh+fatha", "\u0628\u064e"),
    ("shadda+fatha-on-beh", "\u0628\u0651\u064e"), ("beh-initial-form", "\ufe91"),
    ("hebrew-shin-qamats", "\u05e9\u05c1\u05b8"), ("arabic-digits", "\u0667\u0665"),
    ("zwnj", "\u200c"), ("zwj", "\u200d"), ("lrm", "\u200e"), ("rlm", "\u200f"),
    ("alm", "\u061c"), ("lri", "\u2066"), ("rli", "\u2067"), ("fsi", "\u2068"),
    ("pdi", "\u2069"), ("lre", "\u202a"), ("pdf", "\u202c"), ("lro", "\u202d"),
    ("x+zwnj", "x\u200c"), ("x+lrm", "x\u200e"), ("x+rlm", "x\u200f"),
    ("x+alm", "x\u061c"), ("x+lro", "x\u202d"), ("x+pdf", "x\u202c"),
    ("x+lri", "x\u2066"), ("x+pdi", "x\u2069"), ("x+zwsp", "x\u200b"),
    ("x+wj", "x\u2060"), ("x+cgj", "x\u034f"),
    ("family-zwj", "\U0001f468\u200d\U0001f469\u200d\U0001f467"),
    ("flag-il", "\U0001f1ee\U0001f1f1"),
    # A 2-byte letter: 2 cells means the terminal reads bytes, not UTF-8. Marks on their own
    # and inside a word: a terminal that gives a mark a cell moves 1 more.
    ("e-acute", "\u00e9"), ("beh+fathatan+beh", "\u0628\u064b\u0628"),
    ("beh+zwj+beh", "\u0628\u200d\u0628"), ("alef+hamza-above", "\u0627\u0654"),
    ("hebrew-bet-dagesh", "\u05d1\u05bc"),
]


def sentinel_end(buf):
    """(start, end) of the DA1 reply that follows the last CPR reply, or None."""
    cprs = list(CPR_RE.finditer(buf))
    if not cprs:
        return None
    m = DA1_RE.search(buf, cprs[-1].end())
    return (m.start(), m.end()) if m else None


class Probe:
    def __init__(self, fd, log, timeout, rows):
        self.fd = fd
        self.log = log  # list of lines
        self.timeout = timeout
        self.rows = rows
        self.summary = []

    def write(self, text):
        data = text.encode("utf-8") if isinstance(text, str) else text
        while data:
            n = os.write(self.fd, data)
            data = data[n:]

    def drain(self, seconds, name="drain"):
        """Read whatever arrives within `seconds` (late replies) and log it."""
        t0 = time.monotonic()
        chunks = []
        while True:
            left = seconds - (time.monotonic() - t0)
            if left <= 0:
                break
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                d = os.read(self.fd, 4096)
                if not d:
                    break
                chunks.append(((time.monotonic() - t0) * 1000, d))
        if chunks:
            self.log.append("batch\t%s\tdrain\tbytes that arrived after the previous batch" % name)
            for ms, d in chunks:
                self.log.append("recv\t%.1f\t%s\t%s" % (ms, escape(d), hexs(d)))
            self.log.append("done\t%.1f\tdrain" % ((time.monotonic() - t0) * 1000))
        return b"".join(d for _, d in chunks)

    def batch(self, name, kind, note, payload):
        """Send payload + CPR + DA1; read until a DA1 reply follows a CPR reply, or timeout.

        The CPR in front of the sentinel matters: some terminals answer other queries with
        the very bytes of a DA1 reply (rxvt-unicode answers ENQ with ESC [ ? 1 ; 2 c)."""
        data = (payload + CSI + "6n" + CSI + "c").encode("utf-8")
        self.log.append("batch\t%s\t%s\t%s" % (name, kind, note))
        self.log.append("send\t%s" % escape(data))
        t0 = time.monotonic()
        self.write(data)
        buf = b""
        chunks = []
        status = "timeout"
        while True:
            left = self.timeout - (time.monotonic() - t0)
            if left <= 0:
                break
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                continue
            d = os.read(self.fd, 4096)
            if not d:
                break
            ms = (time.monotonic() - t0) * 1000
            chunks.append((ms, d))
            self.log.append("recv\t%.1f\t%s\t%s" % (ms, escape(d), hexs(d)))
            buf += d
            if sentinel_end(buf) is not None:
                status = "sentinel"
                break
        total = (time.monotonic() - t0) * 1000
        self.log.append("done\t%.1f\t%s" % (total, status))
        if status == "timeout":
            late = self.drain(0.5, name + ":late")
            buf += late
        return buf, chunks, status

    def query(self, name, q, note, row, col=1):
        buf, chunks, status = self.batch(name, "query", note, "%s%d;%dH%s" % (CSI, row, col, q))
        # The reply is what precedes the probe's own CPR reply (the last CPR before the
        # sentinel); without a CPR reply everything before the sentinel counts as reply.
        end = sentinel_end(buf)
        cprs = [m for m in CPR_RE.finditer(buf) if end is None or m.end() <= end[0]]
        if cprs:
            reply = buf[:cprs[-1].start()]
            moved = int(cprs[-1].group(2)) - col
        else:
            reply = buf if end is None else buf[:end[0]]
            moved = None
        self.summary.append("reply\t%s\t%s" % (name, escape(reply)))
        self.summary.append("moved\t%s\t%s" % (name, "?" if moved is None else moved))
        if chunks:
            self.summary.append("first\t%s\t%.1f" % (name, chunks[0][0]))
        return buf

    def glyph(self, name, text, row=2):
        buf, chunks, status = self.batch(
            "glyph-" + name, "glyph", " ".join("U+%04X" % ord(c) for c in text),
            "%s%d;1H%s2K%s" % (CSI, row, CSI, text))
        cprs = [m for m in CPR_RE.finditer(buf)]
        adv = int(cprs[-1].group(2)) - 1 if cprs else -1
        self.summary.append("advance\t%s\t%d\t%s" % (
            name, adv, " ".join("U+%04X" % ord(c) for c in text)))


def save(path, meta, summary, log):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# terminal-replies 1: recorded by Scripts/term-probe.py; format in its header\n")
        for k, v in meta:
            f.write("meta\t%s\t%s\n" % (k, escape(v.encode("utf-8"))))
        f.write("# summary (derived from the transcript below)\n")
        for line in summary:
            f.write(line + "\n")
        f.write("# transcript\n")
        for line in log:
            f.write(line + "\n")
    return "term-probe: wrote %s (%d batches)" % (
        path, sum(1 for l in log if l.startswith("batch")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="file to write (format terminal-replies 1)")
    ap.add_argument("--label", default="", help="terminal name recorded in the file")
    ap.add_argument("--meta", action="append", default=[], help="KEY=VALUE to record")
    ap.add_argument("--timeout", type=float, default=2.0, help="seconds to wait per batch")
    ap.add_argument("--linger", type=float, default=0.0,
                    help="seconds to keep the query page on the alternate screen at the end")
    ap.add_argument("--no-glyphs", action="store_true")
    ap.add_argument("--tmux", action="store_true",
                    help="also send tmux passthrough batches (default: when $TMUX is set)")
    ap.add_argument("--mlterm-challenge", default="",
                    help="file with mlterm's protocol challenge (~/.mlterm/challenge)")
    ap.add_argument("--bdsm", action="store_true", default=True,
                    help=argparse.SUPPRESS)
    a = ap.parse_args()

    fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    saved = termios.tcgetattr(fd)
    cols, rows = os.get_terminal_size(fd)
    for _ in range(50):        # some terminals (qterminal) size the pty after the program starts
        if cols and rows:
            break
        time.sleep(0.1)
        cols, rows = os.get_terminal_size(fd)
    log = []
    meta = [("format", "terminal-replies 1"), ("terminal", a.label),
            ("date", datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")),
            ("size", "%dx%d" % (cols, rows))]
    for k in ("TERM", "COLORTERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "VTE_VERSION",
              "KONSOLE_VERSION", "KITTY_WINDOW_ID", "MLTERM", "TMUX", "STY", "COLORFGBG",
              "LANG", "LC_ALL"):
        if k in os.environ:
            meta.append(("env." + k, os.environ[k]))
    # The processes above the probe (a terminal's own name, where it runs locally).
    pid, chain = os.getppid(), []
    while pid > 1 and len(chain) < 6:
        try:
            with open("/proc/%d/comm" % pid) as f:
                chain.append(f.read().strip())
            with open("/proc/%d/stat" % pid) as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    meta.append(("parents", " < ".join(chain)))
    for kv in a.meta:
        k, _, v = kv.partition("=")
        meta.append((k, v))
    p = Probe(fd, log, a.timeout, rows)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(129))
    try:
        tty.setraw(fd, termios.TCSANOW)
        p.drain(0.2, "before")
        # Modes as found on the main screen, before the probe changes anything.
        p.log.append("# main screen, before entering the alternate screen")
        for name in ("decrqm-8", "decrqm-?1049", "decrqm-?25", "decrqm-?2004"):
            q = dict((n, (s, note)) for n, s, note in QUERIES)[name]
            p.query(name + ":main", q[0], q[1], rows)
        p.write(CSI + "?1049h" + CSI + "H" + CSI + "2J")

        if not a.no_glyphs:
            p.log.append("# glyph advances: each glyph at column 1 of row 2, then CPR")
            for name, text in GLYPHS:
                p.glyph(name, text)
            p.write(CSI + "H" + CSI + "2J")

        p.log.append("# one realistic identification write, then the queries one by one")
        p.batch("combined", "sequence", "XTVERSION DA2 DECRQM-8 OSC11 in one write",
                CSI + ">0q" + CSI + ">c" + decrqm(8, False) + OSC + "11;?" + ST)
        p.write(CSI + "H" + CSI + "2J")

        # Query page: one query per row at column 1, its name at column 50 (the probe
        # writes the name first, so what the terminal prints for a query stays visible).
        page_rows = max(rows - 1, 4)
        for i, (name, q, note) in enumerate(QUERIES):
            if i and i % page_rows == 0:
                p.write(CSI + "H" + CSI + "2J")
            row = i % page_rows + 1
            p.write("%s%d;50H%s" % (CSI, row, name[:cols - 50]))
            p.query(name, q, note, row)

        if a.mlterm_challenge:
            try:
                chal = open(a.mlterm_challenge).read().strip()
            except OSError as e:
                chal = ""
                log.append("# mlterm challenge unreadable: %s" % e)
            if chal:
                p.write(CSI + "H" + CSI + "2J")
                for key in ("use_ctl", "bidi_mode", "use_ot_layout", "col_size_of_width_a"):
                    p.query("mlterm-5380-" + key, OSC + "5380;" + chal + ";" + key + BEL,
                            "mlterm get " + key + " with the challenge", 1)

        # Bidi mode switching: does DECRQM follow CSI 8 l / CSI 8 h?
        p.write(CSI + "H" + CSI + "2J")
        p.log.append("# BDSM and VTE bidi modes after setting them")
        p.query("decrqm-8:after-8l", CSI + "8l" + decrqm(8, False), "after CSI 8 l", 1)
        p.query("decrqm-8:after-8h", CSI + "8h" + decrqm(8, False), "after CSI 8 h", 2)
        p.query("decrqm-?1243:after-l", CSI + "?1243l" + decrqm(1243), "after CSI ? 1243 l", 3)
        p.query("decrqm-?1243:after-h", CSI + "?1243h" + decrqm(1243), "after CSI ? 1243 h", 4)
        p.query("decrqm-?77096:after-h", CSI + "?77096h" + decrqm(77096), "after set", 5)
        p.query("decrqm-?77096:after-l", CSI + "?77096l" + decrqm(77096), "after reset", 6)

        if a.tmux or os.environ.get("TMUX"):
            p.write(CSI + "H" + CSI + "2J")
            p.log.append("# tmux: queries wrapped in DCS tmux; ... ST (ESC doubled)")

            def wrap(s):
                return DCS + "tmux;" + s.replace(ESC, ESC + ESC) + ST
            for i, (name, q) in enumerate([
                    ("xtversion", CSI + ">0q"), ("da2", CSI + ">c"), ("da1", CSI + "c"),
                    ("decrqm-8", decrqm(8, False)), ("osc11-st", OSC + "11;?" + ST),
                    ("enq", "\x05")]):
                p.query("tmux-passthrough:" + name, wrap(q), "wrapped for tmux passthrough",
                        i + 1)
            # late replies from the outer terminal may arrive after the sentinel
            p.drain(1.0, "tmux-passthrough:late")

        p.write(CSI + "H" + CSI + "2J")
        for i, (name, q, note) in enumerate(QUERIES[:page_rows]):
            # the final page shows every query again for the screenshot, without CPR
            p.write("%s%d;50H%s%s%d;1H%s" % (CSI, i + 1, name[:cols - 50], CSI, i + 1, q))
        p.write(CSI + "c")
        p.drain(0.5, "final-page")
        done = save(a.out, meta, p.summary, log)
        if a.linger > 0:
            time.sleep(a.linger)
        p.write(CSI + "?1049l")
        p.drain(0.3, "end")
    finally:
        termios.tcsetattr(fd, termios.TCSAFLUSH, saved)
        os.close(fd)
    print(done)



if __name__ == "__main__":
    main()
