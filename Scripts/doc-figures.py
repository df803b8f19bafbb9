#!/usr/bin/env python3
"""Checks the figures of the docs that depend on what is installed here and can drift as the code
changes: what `rtl-tui check` prints on the Arabic, Hebrew and Persian `.mo` catalogs installed
under /usr/share/locale/{ar,he,fa}/LC_MESSAGES (Docs/guide/check.md, "On the installed catalogs":
the number of catalogs and entries, the errors and their kinds, the warnings and each id's count).

    Scripts/doc-figures.py [--update] [--binary PATH]

It runs the built tool (.build/debug/rtl-tui-full, as `make test` builds it; --binary for
another) with `check --format json` on those catalogs and compares. A figure that differs is
named with its file and line, and the exit status is 1; --update writes the figures printed today
into the page instead (and the date they were measured). With no such catalog installed (a CI
machine), there is nothing to compare: it says so and exits 0. Benchmark figures are dated
measurements and are not checked here."""
import datetime
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "Docs", "guide", "check.md")
LANGUAGES = ["ar", "he", "fa"]

# The paragraph's sentence, with a group for every figure.
SENTENCE = re.compile(
    r"On the (?P<catalogs>[\d,]+) Arabic, Hebrew and Persian `\.mo` catalogs installed on this Debian machine\s+"
    r"\((?P<entries>[\d,]+) entries(?P<date>, [^)]*)?\)\s+`check` reports (?P<errors>[\d,]+) errors: "
    r"(?P<placeholder>[\d,]+) placeholder errors\b.*?, "
    r"(?P<unbalanced>[\d,]+) unterminated embeddings and (?P<visual>[\d,]+)\s+Hebrew strings stored in visual order; "
    r"and (?P<warnings>[\d,]+) warnings: (?P<list>.*?)\.\s+No warning",
    re.S)
WARNING_ITEM = re.compile(r"([a-z][a-z-]*)(?: \([^)]*\))? ([\d,]+)")


def number(text):
    return int(text.replace(",", ""))


def figures_now(binary, files):
    run = subprocess.run([binary, "check", "--format", "json"] + files, capture_output=True)
    if run.returncode == 2 or not run.stdout:
        sys.exit(f"doc-figures: {binary} check failed (status {run.returncode}): {run.stderr.decode()[-2000:]}")
    report = json.loads(run.stdout)
    findings = report["findings"]
    errors = [f for f in findings if f["severity"] == "error"]
    warnings = [f for f in findings if f["severity"] == "warning"]
    by_id = {}
    for f in warnings:
        key = "bidi-unbalanced" if f["id"] == "bidi-unbalanced" else f["id"]
        by_id[key] = by_id.get(key, 0) + 1
    return {
        "catalogs": len(report["files"]),
        "entries": sum(f["entries"] for f in report["files"]),
        "errors": len(errors),
        "placeholder": sum(1 for f in errors if f["id"].startswith("placeholder-")),
        "unbalanced": sum(1 for f in errors if f["id"] == "bidi-unbalanced"),
        "visual": sum(1 for f in errors if f["id"] == "visual-order"),
        "warnings": len(warnings),
        "by_id": by_id,
    }


def rewrap(text, at):
    """The paragraph around offset `at` wrapped again at 100 columns."""
    start = text.rfind("\n\n", 0, at) + 2
    end = text.find("\n\n", at)
    end = len(text) if end < 0 else end
    words = text[start:end].split()
    lines, cur = [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > 100:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    lines.append(cur)
    return text[:start] + "\n".join(lines) + text[end:]


def main(argv):
    binary = os.path.join(ROOT, ".build", "debug", "rtl-tui-full")
    if "--binary" in argv:
        binary = argv[argv.index("--binary") + 1]
    files = sorted(p for lang in LANGUAGES for p in glob.glob(f"/usr/share/locale/{lang}/LC_MESSAGES/*.mo"))
    if not files:
        print("doc-figures: no Arabic, Hebrew or Persian .mo catalog under /usr/share/locale "
              "(as on CI): the figures of Docs/guide/check.md are not compared")
        return 0
    if not os.access(binary, os.X_OK):
        sys.exit(f"doc-figures: {binary} is not built (swift build first)")
    text = open(PAGE, encoding="utf-8").read()
    m = SENTENCE.search(text)
    if not m:
        sys.exit(f"doc-figures: {PAGE}: the sentence with the installed catalogs' figures is not there "
                 "(\"On the N Arabic, Hebrew and Persian `.mo` catalogs installed on this Debian machine …\")")
    line = text.count("\n", 0, m.start()) + 1
    now = figures_now(binary, files)
    documented = {k: number(m.group(k)) for k in ["catalogs", "entries", "errors", "placeholder", "unbalanced", "visual", "warnings"]}
    listed = {i: number(n) for i, n in WARNING_ITEM.findall(m.group("list"))}
    # The list names stray closers as "bidi-unbalanced (stray closers)".
    problems = []
    for k, v in documented.items():
        if now[k] != v:
            problems.append(f"{k}: the page says {v:,}, check prints {now[k]:,}")
    for i in sorted(set(listed) | set(now["by_id"])):
        if listed.get(i, 0) != now["by_id"].get(i, 0):
            problems.append(f"warnings {i}: the page says {listed.get(i, 0):,}, check prints {now['by_id'].get(i, 0):,}")
    rel = os.path.relpath(PAGE, ROOT)
    if not problems:
        print(f"doc-figures: {rel}:{line}: the figures are what check prints on the {now['catalogs']} installed catalogs")
        return 0
    if "--update" not in argv:
        for p in problems:
            print(f"{rel}:{line}: {p}")
        print(f"doc-figures: {len(problems)} figures differ from what check prints on the installed catalogs; "
              "Scripts/doc-figures.py --update writes today's into the page")
        return 1
    order = sorted(now["by_id"].items(), key=lambda kv: (-kv[1], kv[0]))
    names = {"bidi-unbalanced": "bidi-unbalanced (stray closers)"}
    items = ", ".join(f"{names.get(i, i)} {n:,}" for i, n in order)
    spans = {k: m.span(k) for k in ["catalogs", "entries", "errors", "placeholder", "unbalanced", "visual", "warnings", "list"]}
    out, pos = [], m.start()
    date = datetime.date.today().isoformat()
    replacements = sorted([(spans[k], f"{now[k]:,}") for k in documented] + [(spans["list"], items)]
                          + ([(m.span("date"), f", {date}")] if m.group("date") else [((m.end("entries") + len(" entries"),) * 2, f", {date}")]))
    for (a, b), value in replacements:
        out.append(text[pos:a])
        out.append(value)
        pos = b
    new = rewrap(text[:m.start()] + "".join(out) + text[pos:], m.start())
    open(PAGE, "w", encoding="utf-8").write(new)
    for p in problems:
        print(f"{rel}:{line}: updated {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
