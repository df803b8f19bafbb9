#!/usr/bin/env python3
"""Checks the figures of the docs that depend on what is installed here and can drift as the code
changes: what `rtl-tui check` prints on the Arabic, Hebrew and Persian catalogs installed under
/usr/share/locale/{ar,he,fa}/LC_MESSAGES (Docs/guide/check.md, "On the installed catalogs": the
sentence with the number of catalogs, `.mo` and `.qm` files and entries, and the summary line
`check` prints, quoted in the block below it).

    Scripts/doc-figures.py [--update] [--strict] [--binary PATH]

It runs the built tool (.build/debug/rtl-tui-full, as `make test` builds it; --binary for another)
with `check` on those folders, as the page says, and compares its summary line and the counts of
files and entries with the page's.
- The same catalogs (the same number of files and entries) and other findings: the code changed
  what `check` reports and the page was not brought up to date: the figure is named with its file
  and line, and the exit status is 1.
- Other catalogs (a machine with more or fewer translations installed): the page's figures were
  measured on another set, so nothing is compared: it says so and exits 0 (1 with --strict).
- No such catalog installed (a CI machine without them): it says so and exits 0.
--update writes the figures printed today into the page instead. Benchmark figures are dated
measurements and are not checked here."""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "Docs", "guide", "check.md")
FOLDERS = [f"/usr/share/locale/{lang}/LC_MESSAGES" for lang in ("ar", "he", "fa")]

# The summary line `check` prints last, and the page's sentence about the catalogs.
SUMMARY = re.compile(r"^(\d+) files, (\d+) entries: .*$", re.M)
SENTENCE = re.compile(r"reads ([\d,]+) catalogs \(([\d,]+) `\.mo`, ([\d,]+) Qt `\.qm`; ([\d,]+) entries\)")


def grouped(n):
    return f"{n:,}"


def main(argv):
    binary = os.path.join(ROOT, ".build", "debug", "rtl-tui-full")
    if "--binary" in argv:
        binary = argv[argv.index("--binary") + 1]
    folders = [f for f in FOLDERS if os.path.isdir(f)]
    mo = sum(len(glob.glob(os.path.join(f, "*.mo"))) for f in folders)
    qm = sum(len(glob.glob(os.path.join(f, "*.qm"))) for f in folders)
    if mo + qm == 0:
        print("doc-figures: no Arabic, Hebrew or Persian catalog is installed here: the figures of "
              "Docs/guide/check.md are not compared")
        return 0
    run = subprocess.run([binary, "check"] + folders, capture_output=True, text=True)
    if run.returncode == 2:
        sys.exit(f"doc-figures: {binary} check failed (status 2): {run.stderr[-2000:]}")
    found = SUMMARY.findall(run.stdout + "\n" + run.stderr)
    lines = [m.group(0) for m in SUMMARY.finditer(run.stdout + "\n" + run.stderr)]
    if not lines:
        sys.exit(f"doc-figures: {binary} check printed no summary line")
    summary, files, entries = lines[-1], int(found[-1][0]), int(found[-1][1])

    page = open(PAGE, encoding="utf-8").read()
    shown = SUMMARY.search(page)
    sentence = SENTENCE.search(page)
    if not shown or not sentence:
        sys.exit(f"doc-figures: {PAGE}: the sentence 'reads N catalogs (N `.mo`, N Qt `.qm`; N entries)' "
                 "or the summary line below it is missing")
    line_of = lambda pos: page.count("\n", 0, pos) + 1
    if "--update" in argv:
        page = page[:shown.start()] + summary + page[shown.end():]
        sentence = SENTENCE.search(page)
        page = (page[:sentence.start()] + f"reads {files} catalogs ({mo} `.mo`, {qm} Qt `.qm`; "
                f"{grouped(entries)} entries)" + page[sentence.end():])
        open(PAGE, "w", encoding="utf-8").write(page)
        print(f"doc-figures: {os.path.relpath(PAGE, ROOT)} updated: {summary}")
        return 0

    page_files, page_entries = int(shown.group(1)), int(shown.group(2))
    if (page_files, page_entries) != (files, entries):
        print(f"doc-figures: the catalogs installed here ({files} files, {entries} entries) are not the "
              f"ones {os.path.relpath(PAGE, ROOT)} was measured on ({page_files} files, {page_entries} "
              "entries): its figures are not compared (Scripts/doc-figures.py --update rewrites them)")
        return 1 if "--strict" in argv else 0
    wrong = []
    if shown.group(0) != summary:
        wrong.append(f"{os.path.relpath(PAGE, ROOT)}:{line_of(shown.start())}: the page says\n  {shown.group(0)}\n"
                     f"but check prints\n  {summary}")
    want = (grouped(files), grouped(mo), grouped(qm), grouped(entries))
    have = tuple(grouped(int(g.replace(",", ""))) for g in sentence.groups())
    if have != want:
        wrong.append(f"{os.path.relpath(PAGE, ROOT)}:{line_of(sentence.start())}: the page says {sentence.group(0)}, "
                     f"but here there are {files} catalogs ({mo} .mo, {qm} .qm; {entries} entries)")
    if wrong:
        print("\n".join(wrong))
        print("doc-figures: the figures of the docs differ from what check prints on the same catalogs "
              "(Scripts/doc-figures.py --update rewrites them)")
        return 1
    print(f"doc-figures: Docs/guide/check.md agrees with check on {files} installed catalogs ({entries} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
