#!/usr/bin/env python3
"""Checks that a move of documentation lost nothing: every line of an old file (taken from git)
appears in the new files.

    Scripts/check-doc-move.py [--old REV:PATH] [NEW.md...]

The defaults check the README that held everything (ad41b4d:README.md) against README.md and
Docs/guide/*.md. Lines are compared after normalising: surrounding blanks and runs of spaces, link
targets (`[text](a/b.md)` and `[text](../b.md)` compare equal, since relative paths change from
Docs/guide/) and emphasis markers. A line is found when it is a line of the new files or lies inside
one of their paragraphs (a rewrapped paragraph). Headings are reported when their text is nowhere in
the new files, but do not fail (pages get titles of their own). A line that is not found but whose
closest new line is at least 75% alike is listed as edited, with that line, for a person to read; a
line with no such match is missing, and the exit status is then 1."""
import difflib
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def normalise(line):
    line = re.sub(r"(!?)\[([^\]]*)\]\([^)]*\)", r"\1\2", line)      # links: their text only
    line = line.replace("**", "")
    return " ".join(line.split())


def lines_outside(text):
    """(line, is_heading) for every non-blank line; headings only outside code fences."""
    fence = False
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped.startswith("```"):
            fence = not fence
            continue
        if not stripped:
            continue
        yield raw, (not fence and re.match(r"#{1,6} ", raw) is not None)


def paragraphs(text):
    out, cur = [], []
    for raw in text.split("\n"):
        if raw.strip():
            cur.append(normalise(raw))
        elif cur:
            out.append(" ".join(cur))
            cur = []
    if cur:
        out.append(" ".join(cur))
    return out


def main(argv):
    old_spec = "ad41b4d:README.md"
    news = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--old":
            old_spec = args.pop(0)
        else:
            news.append(a)
    if not news:
        news = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "Docs/guide/*.md")))
    old = subprocess.run(["git", "-C", ROOT, "show", old_spec], check=True, capture_output=True,
                         text=True).stdout
    new_text = "\n\n".join(open(p, encoding="utf-8").read() for p in news)
    new_lines = {normalise(l) for l in new_text.split("\n") if l.strip()}
    new_paragraphs = paragraphs(new_text)
    new_list = sorted(new_lines)
    flat = "\n".join(new_paragraphs)

    missing, edited, headings, found = [], [], [], 0
    for number, (raw, is_heading) in enumerate(lines_outside(old), 1):
        n = normalise(raw)
        if is_heading:
            title = normalise(raw.lstrip("#"))
            if title not in flat:
                headings.append(raw)
            continue
        if n in new_lines or n in flat:
            found += 1
            continue
        close = difflib.get_close_matches(n, new_list, n=1, cutoff=0.75)
        (edited if close else missing).append((raw, close[0] if close else None))

    for raw in headings:
        print(f"heading not kept (info): {raw}")
    for raw, close in edited:
        print(f"edited:  {raw.strip()}\n    now: {close}")
    for raw, _ in missing:
        print(f"MISSING: {raw.strip()}")
    print(f"{found} lines found as they were, {len(edited)} edited, {len(missing)} missing, "
          f"{len(headings)} headings renamed; old: {old_spec}, new: {len(news)} files", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
