#!/usr/bin/env python3
"""Writes Sources/BidiTerm/BidiTerm.docc/RTLRules.md from Docs/RTL-RULES.md.

DocC cannot link to a file outside its catalog, so the catalog has an article with one heading per
rule (`## R14`, whose anchor `<doc:RTLRules#R14>` the other articles link to), the rule's title, its
line from the page's "rules at a glance" table and where it lives in code, and the way to the full
text. `DocCatalogTests` fails when the article and the page disagree; run this script to update it.
"""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
page = (root / "Docs/RTL-RULES.md").read_text(encoding="utf-8")

titles = {int(m.group(1)): m.group(2).strip() for m in re.finditer(r"^## R(\d+) (.+)$", page, re.M)}
glance = {}
for m in re.finditer(r"^\| \[R(\d+)\]\(#r\d+\) \| (.+?) \| (.+?) \|$", page, re.M):
    glance[int(m.group(1))] = (m.group(2).strip(), m.group(3).strip())
parts = {}
part = None
for line in page.splitlines():
    if line.startswith("# ") and not line.startswith("# Right-to-left rules"):
        part = line[2:].strip()
    m = re.match(r"^## R(\d+) ", line)
    if m:
        parts[int(m.group(1))] = part

out = [
    "# The R-rules",
    "",
    "The rules R1–R\\(n) that the code, the tests and these articles cite, one line each.".replace("\\(n)", str(max(titles))),
    "",
    "## Overview",
    "",
    "Each rule is written out in full, with its pictures, choices, code and tests, in",
    "`Docs/RTL-RULES.md` of the repository, under the anchor `#r<n>` (`Docs/RTL-RULES.md#r14`). Code",
    "comments cite a rule as `(R14)`, and a test that checks one is named after it",
    "(`test_R14_…`). This page is generated from that document by `Scripts/docc-rules-article.py`; a",
    "test keeps the two in step.",
    "",
]
current = None
for n in sorted(titles):
    if parts.get(n) != current:
        current = parts.get(n)
        out += [f"## {current}", ""] if current else []
    summary, code = glance.get(n, ("", "—"))
    out += [f"### R{n}", "", f"**{titles[n]}.** {summary[:1].upper() + summary[1:]}.", ""]
    if code and code != "—":
        out += [f"In code: {code}.", ""]
    out += [f"Full text: `Docs/RTL-RULES.md#r{n}`.", ""]
(root / "Sources/BidiTerm/BidiTerm.docc/RTLRules.md").write_text("\n".join(out), encoding="utf-8")
