#!/usr/bin/env python3
"""term-lab: replay a captured screen into a real terminal, optionally rewritten so that the
terminal's own bidi produces the intended picture.

    lab.py capture-to-json CAPTURE.txt > SCREEN.json   # tmux capture-pane -e -N output
    lab.py replay SCREEN.json --strategy NAME [--hold S]
    lab.py check SCREEN.json --strategy NAME             # simulate, report rows that fail

A screen is rows of cells (text = base character plus its combining marks, width 1 or 2,
SGR attributes). The intended picture is what a terminal without bidi (xterm) shows for
`plain`. Strategies (each simulation below cites the terminal source it follows):

  plain           the cells as they are (what rtl-tui sends to xterm today)
  vte             CSI 8 l, CSI 1 SP k before the alternate screen is entered and cleared
  vte-inalt       CSI 8 l, CSI 1 SP k after CSI ? 1049 h, before the first CSI 2 J
                  (what curses does between initscr() and the first refresh())
  vte-late        CSI 8 l, CSI 1 SP k after the screen is drawn (what fails)
  vte-fixrows     draw first, then make every existing row explicit: DECSC, for each row
                  CUP(row;1) CSI 8 l CSI 1 SP k, DECRC (for rows made by someone else)
  konsole-lro     U+202D (LRO) appended to the first cell of every row
  putty-inverse   every row rewritten with ICU's inverse reordering, so that PuTTY's own
                  per-row UBA (paragraph level from the row's first strong character,
                  L3 mirroring) reproduces the cells
  qterm-inverse   every qtermwidget text fragment (cells of equal colours and rendition,
                  box-drawing or not) rewritten with ICU's inverse reordering for an LTR
                  paragraph (Qt lays each fragment out with its own UBA)
  kitty-reverse   every kitty shaping run (non-blank cells of one font) whose first
                  character of a strong script is right-to-left is sent in reverse order,
                  with mirrorable characters swapped (HarfBuzz reverses and mirrors it back)
"""

import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import time
import unicodedata
from ctypes import POINTER, c_int, c_int32, c_uint8, c_uint16, c_void_p

ESC = "\x1b"
CSI = ESC + "["

# ---------------------------------------------------------------- ICU (libicuuc 72)
_icu = ctypes.CDLL("libicuuc.so.72")


def _fn(name, res, *args):
    fn = getattr(_icu, name + "_72")
    fn.restype = res
    fn.argtypes = list(args)
    return fn


ubidi_open = _fn("ubidi_open", c_void_p)
ubidi_close = _fn("ubidi_close", None, c_void_p)
ubidi_setPara = _fn("ubidi_setPara", None, c_void_p, POINTER(c_uint16), c_int32, c_uint8,
                    c_void_p, POINTER(c_int))
ubidi_setReorderingMode = _fn("ubidi_setReorderingMode", None, c_void_p, c_int)
ubidi_getVisualMap = _fn("ubidi_getVisualMap", None, c_void_p, POINTER(c_int32), POINTER(c_int))
ubidi_getLevelAt = _fn("ubidi_getLevelAt", c_uint8, c_void_p, c_int32)
ubidi_setReorderingOptions = _fn("ubidi_setReorderingOptions", None, c_void_p, ctypes.c_uint32)
ubidi_getResultLength = _fn("ubidi_getResultLength", c_int32, c_void_p, POINTER(c_int))
ubidi_writeReordered = _fn("ubidi_writeReordered", c_int32, c_void_p, POINTER(c_uint16), c_int32,
                           ctypes.c_uint16, POINTER(c_int))
ubidi_getParaLevel = _fn("ubidi_getParaLevel", c_uint8, c_void_p)
ubidi_getProcessedLength = _fn("ubidi_getProcessedLength", c_int32, c_void_p)
CLASSCB = ctypes.CFUNCTYPE(c_int, c_void_p, c_int32)
ubidi_setClassCallback = _fn("ubidi_setClassCallback", None, c_void_p, CLASSCB, c_void_p,
                             c_void_p, c_void_p, POINTER(c_int))
u_charMirror = _fn("u_charMirror", c_int32, c_int32)
u_charDirection = _fn("u_charDirection", c_int, c_int32)
uscript_getScript = _fn("uscript_getScript", c_int, c_int32, POINTER(c_int))
uscript_isRightToLeft = _fn("uscript_isRightToLeft", ctypes.c_int8, c_int)

DEFAULT_LTR = 0xFE
REORDER_DEFAULT, REORDER_INVERSE_NUMBERS_AS_L, REORDER_INVERSE_LIKE_DIRECT = 0, 4, 5
U_CHAR_DIRECTION_COUNT = 23
U_LEFT_TO_RIGHT = 0
USCRIPT_COMMON, USCRIPT_INHERITED, USCRIPT_UNKNOWN = 0, 1, 103


def bidi(units, level, mode=REORDER_DEFAULT, class_cb=None):
    """Run ICU's UBA on UTF-16 units; return (visual map, levels, paragraph level)."""
    n = len(units)
    if n == 0:
        return [], [], level
    ub = ubidi_open()
    err = c_int(0)
    if class_cb is not None:
        ubidi_setClassCallback(ub, class_cb, None, None, None, ctypes.byref(err))
    ubidi_setReorderingMode(ub, mode)
    buf = (c_uint16 * n)(*units)
    ubidi_setPara(ub, buf, n, level, None, ctypes.byref(err))
    if err.value > 0:
        ubidi_close(ub)
        raise RuntimeError("ubidi_setPara error %d" % err.value)
    m = (c_int32 * n)()
    ubidi_getVisualMap(ub, m, ctypes.byref(err))
    levels = [ubidi_getLevelAt(ub, i) for i in range(n)]
    para = ubidi_getParaLevel(ub)
    ubidi_close(ub)
    return list(m), levels, para


UBIDI_OPTION_INSERT_MARKS = 1


def inverse_with_marks(units, level, mode, class_cb=None):
    """ICU inverse reordering with UBIDI_OPTION_INSERT_MARKS: returns the logical sequence
    as a list of input indexes and inserted marks (0x200E LRM / 0x200F RLM)."""
    n = len(units)
    ub = ubidi_open()
    err = c_int(0)
    if class_cb is not None:
        ubidi_setClassCallback(ub, class_cb, None, None, None, ctypes.byref(err))
    ubidi_setReorderingMode(ub, mode)
    ubidi_setReorderingOptions(ub, UBIDI_OPTION_INSERT_MARKS)
    buf = (c_uint16 * n)(*units)
    ubidi_setPara(ub, buf, n, level, None, ctypes.byref(err))
    rl = ubidi_getResultLength(ub, ctypes.byref(err))
    m = (c_int32 * rl)()
    ubidi_getVisualMap(ub, m, ctypes.byref(err))
    out = (c_uint16 * (rl + 8))()
    k = ubidi_writeReordered(ub, out, rl + 8, 0, ctypes.byref(err))
    ubidi_close(ub)
    if err.value > 0:
        raise RuntimeError("ICU error %d" % err.value)
    return [m[i] if m[i] >= 0 else chr(out[i]) for i in range(rl)]


def mirror(text):
    """Swap the base character for its Bidi_Mirroring_Glyph, keeping the marks."""
    if not text:
        return text
    c = ord(text[0])
    mc = u_charMirror(c)
    return chr(mc) + text[1:] if mc != c else text


def script_of(ch):
    err = c_int(0)
    return uscript_getScript(ord(ch), ctypes.byref(err))


# ---------------------------------------------------------------- screens
class Cell:
    __slots__ = ("text", "width", "attrs")

    def __init__(self, text, width, attrs):
        self.text, self.width, self.attrs = text, width, attrs

    def unit(self):
        c = ord(self.text[0]) if self.text else 0x20
        return c if c <= 0xFFFF else 0xFFFD

    def to_json(self):
        return [self.text, self.width, self.attrs]


def char_width(ch):
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


SGR_RE = re.compile(r"\x1b\[([0-9;:]*)m")


def apply_sgr(state, params):
    ps = [int(p) if p else 0 for p in params.replace(":", ";").split(";")] if params else [0]
    i = 0
    while i < len(ps):
        p = ps[i]
        if p == 0:
            state.clear()
        elif p in (1, 2, 3, 4, 5, 7, 8, 9):
            state[str(p)] = True
        elif p == 22:
            state.pop("1", None); state.pop("2", None)
        elif p in (23, 24, 25, 27, 28, 29):
            state.pop(str(p - 20), None)
        elif 30 <= p <= 37 or 90 <= p <= 97:
            state["fg"] = str(p)
        elif p == 39:
            state.pop("fg", None)
        elif 40 <= p <= 47 or 100 <= p <= 107:
            state["bg"] = str(p)
        elif p == 49:
            state.pop("bg", None)
        elif p in (38, 48):
            key = "fg" if p == 38 else "bg"
            if ps[i + 1] == 5:
                state[key] = "%d;5;%d" % (p, ps[i + 2]); i += 2
            else:
                state[key] = "%d;2;%d;%d;%d" % (p, ps[i + 2], ps[i + 3], ps[i + 4]); i += 4
        i += 1


def attrs_key(state):
    return ";".join(sorted(k if v is True else v for k, v in state.items()))


def parse_capture(text, cols):
    rows = []
    for line in text.split("\n"):
        state = {}
        cells = []
        pos = 0
        for m in list(SGR_RE.finditer(line)) + [None]:
            chunk = line[pos:m.start()] if m else line[pos:]
            for ch in chunk:
                w = char_width(ch)
                if w == 0 and cells:
                    cells[-1].text += ch
                    continue
                cells.append(Cell(ch, w, attrs_key(state)))
            if m is None:
                break
            apply_sgr(state, m.group(1))
            pos = m.end()
        rows.append(cells)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def load(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return [[Cell(*c) for c in row] for row in data["rows"]], data.get("cols", 100)


def sgr(attrs):
    return CSI + "0" + (";" + attrs if attrs else "") + "m"


def emit_rows(rows, indexes=None):
    out = []
    cur = None
    for r, cells in enumerate(rows):
        if indexes is not None and r not in indexes:
            continue
        out.append("%s%d;1H" % (CSI, r + 1))
        for c in cells:
            if c.attrs != cur:
                out.append(sgr(c.attrs))
                cur = c.attrs
            out.append(c.text)
    out.append(CSI + "0m")
    return "".join(out)


def row_text(cells):
    return "".join(c.text for c in cells)


# ---------------------------------------------------------------- terminal simulations
def putty_forward(cells):
    """PuTTY 0.78 (terminal.c term_bidi_line + bidi.c): one UBA paragraph per row over the
    base characters (a wide character is one unit, combining marks do not take part), level
    from P2/P3 (default LTR), L3 mirroring of odd-level characters, then L2 reordering."""
    vis, levels, _ = bidi([c.unit() for c in cells], DEFAULT_LTR)
    return [Cell(mirror(cells[i].text) if levels[i] % 2 else cells[i].text,
                 cells[i].width, cells[i].attrs) for i in vis]


def inverse_for(cells, forward, modes_levels):
    """Find a logical row whose forward() equals `cells`, trying ICU's inverse modes."""
    target = [c.text for c in cells]
    units = [c.unit() for c in cells]
    for mode, level in modes_levels:
        vis, levels, _ = bidi(units, level, mode)
        cand = [Cell(mirror(cells[i].text) if levels[i] % 2 else cells[i].text,
                     cells[i].width, cells[i].attrs) for i in vis]
        if [c.text for c in forward(cand)] == target:
            return cand, (mode, level)
    return None, None


PUTTY_TRIES = [(REORDER_INVERSE_LIKE_DIRECT, 0), (REORDER_INVERSE_NUMBERS_AS_L, 0),
               (REORDER_DEFAULT, 0), (REORDER_INVERSE_LIKE_DIRECT, 1),
               (REORDER_INVERSE_NUMBERS_AS_L, 1), (REORDER_DEFAULT, 1)]


BRAILLE_BLANK = "\u2800"   # looks like a space, bidi class L


def strong_class(cell):
    d = u_charDirection(cell.unit())
    return {0: "L", 1: "R", 13: "R"}.get(d)   # U_LEFT_TO_RIGHT, U_RIGHT_TO_LEFT, U_RIGHT_TO_LEFT_ARABIC


def putty_inverse(cells):
    """Logical row for PuTTY: PuTTY chooses the paragraph level from the row's first strong
    character (P2/P3), so the row is made an LTR paragraph: if the leftmost strong cell is
    right-to-left, the first blank cell left of it becomes U+2800 BRAILLE PATTERN BLANK
    (bidi class L, drawn empty). Then ICU's inverse reordering at level 0 gives the order;
    the result is verified by simulating PuTTY. Returns (cells, how) or (None, None)."""
    cells = list(cells)
    first = next((i for i, c in enumerate(cells) if strong_class(c)), None)
    how = ""
    if first is not None and strong_class(cells[first]) == "R":
        blank = next((i for i in range(first) if cells[i].text == " "), None)
        if blank is not None:
            cells[blank] = Cell(BRAILLE_BLANK, 1, cells[blank].attrs)
            how = "braille@%d " % blank
    target = [c.text for c in cells]
    for mode, level in PUTTY_TRIES:
        vis, levels, _ = bidi([c.unit() for c in cells], level, mode)
        cand = [Cell(mirror(cells[i].text) if levels[i] % 2 else cells[i].text,
                     cells[i].width, cells[i].attrs) for i in vis]
        if [c.text for c in putty_forward(cand)] == target:
            return cand, how + "mode=%d level=%d" % (mode, level)
    return None, None


@CLASSCB
def _konsole_class(ctx, c):
    # Konsole 22.12 TerminalDisplay.cpp BiDiClass (BidiTableDirOverride, default on):
    # U+2500..U+25FF (box drawing, blocks, geometric shapes) count as strong L.
    return U_LEFT_TO_RIGHT if 0x2500 <= c <= 0x25FF else U_CHAR_DIRECTION_COUNT


def konsole_units(cells):
    """Konsole's bidiMap line string: every cell's base and combining characters."""
    units, starts = [], []
    for c in cells:
        starts.append(len(units))
        for ch in c.text:
            o = ord(ch)
            if o > 0xFFFF:
                o -= 0x10000
                units += [0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)]
            else:
                units.append(o)
    return units, starts


def konsole_forward(cells):
    """Konsole 22.12 TerminalPainter::drawContents + TerminalDisplay::bidiMap: one ICU
    paragraph per row at level 0 (BidiLineLTR, default on) over all cells' characters,
    box/geometric shapes forced to L; cells are placed by the visual map of their first code
    unit; no mirroring (each cell is drawn on its own, left to right)."""
    units, starts = konsole_units(cells)
    vis, levels, _ = bidi(units, 0, class_cb=_konsole_class)
    start_of = {s: i for i, s in enumerate(starts)}
    return [cells[start_of[v]] for v in vis if v in start_of]


INVERSE_TRIES_LTR = [(REORDER_INVERSE_LIKE_DIRECT, 0), (REORDER_INVERSE_NUMBERS_AS_L, 0),
                     (REORDER_DEFAULT, 0)]


def konsole_inverse(cells):
    """Logical row for Konsole: candidates from ICU's inverse modes at level 0 (and the
    forward reordering itself), each verified with konsole_forward()."""
    target = [c.text for c in cells]
    units = [c.unit() for c in cells]
    for mode, level in INVERSE_TRIES_LTR:
        vis, levels, _ = bidi(units, level, mode, class_cb=_konsole_class)
        cand = [cells[i] for i in vis]
        if [c.text for c in konsole_forward(cand)] == target:
            return cand, "mode=%d" % mode
    return None, None


def qt_forward(cells):
    """Qt's QPainter::drawText with layoutDirection LTR: a UBA paragraph at level 0 over the
    fragment, mirroring at odd levels (simulated with ICU)."""
    vis, levels, _ = bidi([c.unit() for c in cells], 0)
    return [Cell(mirror(cells[i].text) if levels[i] % 2 else cells[i].text,
                 cells[i].width, cells[i].attrs) for i in vis]


def qterm_fragments(cells):
    """qtermwidget 1.2 TerminalDisplay::drawContents: a fragment is a run of cells with equal
    foreground, background and rendition, equal double-width-ness and equal box-drawing-ness
    (U+2500..U+257F)."""
    frags = []
    for i, c in enumerate(cells):
        line = (ord(c.text[0]) & 0xFF80) == 0x2500 if c.text else False
        key = (c.attrs, c.width, line)
        if frags and frags[-1][0] == key:
            frags[-1][1].append(i)
        else:
            frags.append((key, [i]))
    return [idx for _, idx in frags]


_KITTY_FONT_CACHE = {}


def kitty_font(cell, main_family):
    """kitty 0.26 fonts.c font_for_cell: blank (NUL, space, tab), box (U+2500..U+259F,
    Braille, powerline, legacy computing), else the main face when it has the glyph, else a
    fallback face (approximated by fontconfig's choice)."""
    ch = cell.text[0] if cell.text else " "
    c = ord(ch)
    if ch in (" ", "\t", "\0"):
        return "blank"
    if 0x2500 <= c <= 0x259F or 0x2800 <= c <= 0x28FF or 0xE0B0 <= c <= 0xE0BF or \
            0x1FB00 <= c <= 0x1FBAE:
        return "box:%d" % c
    bold = "1" in cell.attrs.split(";")
    key = (c, main_family)
    if key not in _KITTY_FONT_CACHE:
        fam = subprocess.run(["fc-match", "%s:charset=%x" % (main_family, c), "family"],
                             capture_output=True, text=True).stdout.strip()
        _KITTY_FONT_CACHE[key] = fam
    fam = _KITTY_FONT_CACHE[key]
    if cell.width == 2 and unicodedata.category(ch) == "So":
        fam = "emoji"
    return ("bold:" if bold else "") + fam


def kitty_runs(cells, main_family):
    runs = []
    for i, c in enumerate(cells):
        f = kitty_font(c, main_family)
        if f == "blank" or f.startswith("box:"):
            runs.append((f, [i]))
            continue
        if runs and runs[-1][0] == f:
            runs[-1][1].append(i)
        else:
            runs.append((f, [i]))
    return runs


def run_is_rtl(cells):
    """hb_buffer_guess_segment_properties: the script of the first character that is not
    Common or Inherited decides; marks inside a cell count too."""
    for c in cells:
        for ch in c.text:
            s = script_of(ch)
            if s not in (USCRIPT_COMMON, USCRIPT_INHERITED, USCRIPT_UNKNOWN):
                return bool(uscript_isRightToLeft(s))
    return False


# ---------------------------------------------------------------- strategies
def transform(rows, strategy, cols, main_family="DejaVu Sans Mono", report=None):
    """Return (prefix before the alternate screen, rows to draw, suffix after drawing)."""
    pre, post = "", ""
    out = rows
    if strategy == "plain":
        pass
    elif strategy == "vte":
        pre = CSI + "8l" + CSI + "1 k"
    elif strategy == "vte-inalt":
        pass    # handled in main: between CSI ? 1049 h and the first CSI 2 J
    elif strategy == "mlterm":
        pre = ESC + "]5379;use_ctl=false" + "\x07"
    elif strategy == "vte-late":
        post = CSI + "8l" + CSI + "1 k"
    elif strategy == "vte-fixrows":
        post = ESC + "7" + "".join("%s%d;1H%s8l%s1 k" % (CSI, r + 1, CSI, CSI)
                                   for r in range(len(rows))) + ESC + "8"
    elif strategy in ("vte-tmux", "vte-tmux-fixrows"):
        # Inside tmux: the bidi mode has to reach the outer terminal through passthrough
        # (DCS tmux; ... ST with every ESC doubled; tmux needs allow-passthrough on).
        # The outer rows already exist (tmux drew them), so every row is switched again:
        # DECSC, CUP(row;1) CSI 8 l CSI 1 SP k for each row, DECRC.
        inner = CSI + "8l" + CSI + "1 k"
        if strategy == "vte-tmux-fixrows":
            inner = ESC + "7" + "".join("%s%d;1H%s8l%s1 k" % (CSI, r + 1, CSI, CSI)
                                        for r in range(len(rows))) + ESC + "8"
        post = ESC + "Ptmux;" + inner.replace(ESC, ESC + ESC) + ESC + "\\"
    elif strategy == "konsole-lro":
        out = []
        for cells in rows:
            cells = [Cell(c.text, c.width, c.attrs) for c in cells]
            if cells:
                cells[0].text += "\u202d"
            out.append(cells)
    elif strategy in ("konsole-inverse", "putty-inverse"):
        # row-based terminals: every row, padded to the full width, in the logical order
        # whose forward pass gives back the row
        inverse = konsole_inverse if strategy == "konsole-inverse" else putty_inverse
        out = []
        for r, cells in enumerate(rows):
            cells = cells + [Cell(" ", 1, "")] * (cols - sum(c.width for c in cells))
            cand, how = inverse(cells)
            if report is not None:
                report.append((r, how))
            out.append(cand if cand is not None else cells)
    elif strategy == "qterm-inverse":
        out = []
        for r, cells in enumerate(rows):
            new = list(cells)
            for idx in qterm_fragments(cells):
                frag = [cells[i] for i in idx]
                cand, how = inverse_for(frag, qt_forward, INVERSE_TRIES_LTR)
                if cand is None and report is not None:
                    report.append((r, row_text(frag)))
                for k, i in enumerate(idx):
                    new[i] = cand[k] if cand is not None else frag[k]
            out.append(new)
    elif strategy == "kitty-reverse":
        out = []
        for cells in rows:
            new = list(cells)
            for font, idx in kitty_runs(cells, main_family):
                run = [cells[i] for i in idx]
                if len(run) > 1 and run_is_rtl(run):
                    # kitty assigns glyphs to cells by the cluster distance to the next glyph,
                    # counted against the cells in cell order: in a right-to-left run that is
                    # off by one cluster, so every cell of the run gets the same number of
                    # code points (padded with U+034F COMBINING GRAPHEME JOINER, invisible).
                    most = max(len(c.text) for c in run)
                    rev = [Cell(mirror(c.text) + "\u034f" * (most - len(c.text)), c.width, c.attrs)
                           for c in reversed(run)]
                    for k, i in enumerate(idx):
                        new[i] = rev[k]
                elif len(run) == 1 and run_is_rtl(run):
                    new[idx[0]] = Cell(mirror(run[0].text), run[0].width, run[0].attrs)
            out.append(new)
    else:
        raise SystemExit("unknown strategy " + strategy)
    return pre, out, post


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("capture-to-json")
    c.add_argument("capture")
    c.add_argument("--cols", type=int, default=100)
    r = sub.add_parser("replay")
    r.add_argument("screen")
    r.add_argument("--strategy", default="plain")
    r.add_argument("--hold", type=float, default=3600)
    r.add_argument("--font", default="DejaVu Sans Mono")
    k = sub.add_parser("check")
    k.add_argument("screen")
    k.add_argument("--strategy", default="putty-inverse")
    a = ap.parse_args()

    if a.cmd == "capture-to-json":
        rows = parse_capture(open(a.capture, encoding="utf-8").read(), a.cols)
        json.dump({"cols": a.cols, "rows": [[c.to_json() for c in row] for row in rows]},
                  sys.stdout, ensure_ascii=False)
        return
    rows, cols = load(a.screen)
    if a.cmd == "check":
        report = []
        transform(rows, a.strategy, cols, report=report)
        for r, how in report:
            print(r + 1, how)
        return
    pre, out, post = transform(rows, a.strategy, cols, a.font)
    fd = os.open("/dev/tty", os.O_WRONLY)
    os.system("stty -echo -icanon < /dev/tty")
    inalt = CSI + "8l" + CSI + "1 k" if a.strategy == "vte-inalt" else ""
    data = (pre + CSI + "?1049h" + inalt + CSI + "?25l" + CSI + "H" + CSI + "2J" +
            emit_rows(out) + post)
    os.write(fd, data.encode("utf-8"))
    # Terminals paint while bytes arrive, in chunks; where two chunks meet, antialiased
    # glyph edges are drawn twice (a few pixels differ from run to run). Flipping DECSCNM
    # twice makes every terminal here repaint the whole screen in one pass.
    time.sleep(0.5)
    os.write(fd, (CSI + "?5h" + CSI + "?5l").encode())
    time.sleep(a.hold)


if __name__ == "__main__":
    main()
