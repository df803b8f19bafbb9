#!/usr/bin/env python3
"""Compiles every Swift example of the documentation against the library products, and runs the
ones that show their output (`make test`, `make doc-examples`).

    Scripts/doc-examples.py [--list] [--no-build]

Where the examples are: the ```swift blocks of README.md, of every Markdown file under Docs/ (the
guide included) and of the DocC catalogs (Sources/*/*.docc), and the code blocks of the `///`
comments of the library's public API (Sources/BidiTerm, Sources/BidiTermTerminal): ```swift fences and
blocks indented by four spaces, which DocC shows as code too (only Swift is written so there).

How a block is read (the conventions are written for readers too, in Docs/guide/library.md):
- A block is a program of its own (its `main.swift`). It is compiled as it is written when it has
  `import` lines; a block without any (a step of an article) gets `import BidiTerm` and
  `import BidiTermTerminal`.
- A block whose first line starts with `// continues` carries on the block before it in the same
  file: it is compiled after it (and after what that one continues), as one program.
- A block whose first line starts with `// Fragment` (a piece of a larger file, written so on
  purpose) or `// Package.swift` (a manifest) is not compiled; `--list` lists them.
- `// Prints:` followed by comment lines, at the end of a block: the program's standard output,
  line for line (trailing blanks ignored). Such a block is run, from the repository's root, and its
  output compared.
- A block that uses XCTest's assertions (`XCTAssertEqual`…, as a test would) gets stand-ins that
  stop the program on a failed assertion, and is run too.
- A block that starts a terminal session (`TerminalSession.`) is compiled, never run.

The blocks become executable targets of the Examples package (Examples/DocExamples/, written anew
each time and ignored by git; Examples/Package.swift adds a target per folder there), so one
`swift build` of Examples builds the two example programs and every documentation example against
the library products, as a user's package would, sharing one build of the library. The manifest
lists that folder, so it is evaluated anew each time (`--manifest-cache none`; SwiftPM would
otherwise reuse the targets of an earlier evaluation). Each file
starts with `#sourceLocation`, so a compile error names the documentation file and its line.
Exit status 1 when an example does not compile, fails or prints something else."""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "Examples")
OUT = os.path.join(EXAMPLES, "DocExamples")
LIBRARY_SOURCES = ["Sources/BidiTerm", "Sources/BidiTermTerminal"]

ASSERTIONS = '''
// Stand-ins for XCTest's assertions: an example written as a test runs as a program.
func XCTAssertEqual<T: Equatable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T,
                                  _ message: @autoclosure () -> String = "", file: StaticString = #file, line: UInt = #line) rethrows {
    let (x, y) = (try a(), try b())
    if x != y { fatalError("XCTAssertEqual failed: (\\(x)) is not equal to (\\(y)) \\(message())", file: file, line: line) }
}
func XCTAssertNotEqual<T: Equatable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T,
                                     _ message: @autoclosure () -> String = "", file: StaticString = #file, line: UInt = #line) rethrows {
    let (x, y) = (try a(), try b())
    if x == y { fatalError("XCTAssertNotEqual failed: (\\(x)) is equal to (\\(y)) \\(message())", file: file, line: line) }
}
func XCTAssertTrue(_ a: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
                   file: StaticString = #file, line: UInt = #line) rethrows {
    if !(try a()) { fatalError("XCTAssertTrue failed \\(message())", file: file, line: line) }
}
func XCTAssertFalse(_ a: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
                    file: StaticString = #file, line: UInt = #line) rethrows {
    if try a() { fatalError("XCTAssertFalse failed \\(message())", file: file, line: line) }
}
func XCTAssertNil<T>(_ a: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "",
                     file: StaticString = #file, line: UInt = #line) rethrows {
    if let x = try a() { fatalError("XCTAssertNil failed: \\(x) \\(message())", file: file, line: line) }
}
func XCTAssertNotNil<T>(_ a: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "",
                        file: StaticString = #file, line: UInt = #line) rethrows {
    if try a() == nil { fatalError("XCTAssertNotNil failed \\(message())", file: file, line: line) }
}
'''


class Block:
    def __init__(self, path, line, lines):
        self.path, self.line, self.lines = path, line, lines   # line: of the block's first code line
        first = next((l.strip() for l in lines if l.strip()), "")
        self.continues = first.lower().startswith("// continues")
        self.fragment = first.lower().startswith("// fragment") or first.startswith("// Package.swift")
        self.previous = None

    @property
    def where(self):
        return f"{os.path.relpath(self.path, ROOT)}:{self.line}"

    def chain(self):
        blocks, b = [self], self
        while b.continues and b.previous is not None:
            b = b.previous
            blocks.insert(0, b)
        return blocks

    def expected_output(self):
        """The lines after `// Prints:`, or None."""
        for i, l in enumerate(self.lines):
            if l.strip() == "// Prints:":
                out = []
                for m in self.lines[i + 1:]:
                    s = m.strip()
                    if not s.startswith("//"):
                        break
                    out.append(s[3:] if s.startswith("// ") else s[2:])
                return out
        return None


def markdown_blocks(path):
    """```swift blocks of a Markdown file."""
    blocks, cur, start = [], None, 0
    for n, raw in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        s = raw.strip()
        if cur is None and re.fullmatch(r"```\s*swift", s):
            cur, start = [], n + 1
        elif cur is not None and s.startswith("```"):
            blocks.append(Block(path, start, cur))
            cur = None
        elif cur is not None:
            cur.append(raw)
    return blocks


def comment_blocks(path):
    """The code blocks of the `///` comments of a Swift file: ```swift fences, and blocks indented
    by four spaces after a blank comment line (Markdown's indented code, which DocC shows as code;
    not inside a list item)."""
    blocks, cur, start, fenced, pending = [], None, 0, False, []
    def close():
        nonlocal cur
        if cur is not None:
            while cur and not cur[-1].strip():
                cur.pop()
            if cur:
                pending.append(Block(path, start, cur))
        cur = None
    lines = open(path, encoding="utf-8").read().split("\n")
    def declaration_after(n):
        """The declaration a comment ending before line n documents (attributes skipped)."""
        for l in lines[n - 1:]:
            if l.strip() and not l.strip().startswith("@"):
                return l
        return ""
    prev_blank, prev_nonblank, other = True, "", False
    for n, raw in enumerate(lines, 1):
        m = re.match(r"\s*///(.*)$", raw)
        if not m:
            close()
            # Only the examples of public API: the comment documents what follows it.
            if pending and re.search(r"\b(public|open)\b", declaration_after(n)):
                blocks.extend(pending)
            pending.clear()
            prev_blank, prev_nonblank, fenced, other = True, "", False, False
            continue
        text = m.group(1)
        text = text[1:] if text.startswith(" ") else text
        if fenced:
            if text.strip().startswith("```"):
                close()
                fenced = False
            else:
                cur.append(text)
        elif cur is None and re.fullmatch(r"```\s*swift", text.strip()):
            cur, start, fenced = [], n + 1, True
        elif cur is None and (other or text.strip().startswith("```")):
            other = other != text.strip().startswith("```")     # a fence of another language
        elif cur is None and text.startswith("    ") and text.strip() and prev_blank \
                and not re.match(r"\s*([-*+]|\d+\.)\s", prev_nonblank):
            cur, start = [text[4:]], n
        elif cur is not None and (text.startswith("    ") or not text.strip()):
            cur.append(text[4:])
        elif cur is not None:
            close()
        prev_blank = not text.strip()
        if text.strip():
            prev_nonblank = text
    close()
    return blocks


def all_blocks():
    md = [os.path.join(ROOT, "README.md")]
    md += sorted(glob.glob(os.path.join(ROOT, "Docs", "**", "*.md"), recursive=True))
    md += sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "**", "*.md"), recursive=True))
    files = [(p, markdown_blocks) for p in md]
    for folder in LIBRARY_SOURCES:
        files += [(p, comment_blocks) for p in sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.swift"), recursive=True))]
    out = []
    for path, read in files:
        previous = None
        for b in read(path):
            if b.fragment:
                out.append(b)
                continue
            b.previous = previous
            previous = b
            out.append(b)
    return out


def target_name(block):
    rel = os.path.relpath(block.path, ROOT)
    stem = re.sub(r"[^A-Za-z0-9]+", "_", os.path.splitext(rel)[0]).strip("_")
    return f"doc_{stem}_{block.line}"


def source_of(block):
    chain = block.chain()
    code = "\n".join(l for b in chain for l in b.lines)
    parts = []
    if not re.search(r"^\s*import\s", code, re.M):
        parts.append("import BidiTerm\nimport BidiTermTerminal\n")
    else:
        # The imports of the chain's blocks come first, as a file would have them.
        parts.append("\n".join(sorted({l.strip() for l in code.split("\n") if re.match(r"\s*import\s", l)})) + "\n")
    if "XCTAssert" in code:
        parts.append(ASSERTIONS)
    for b in chain:
        body = ["" if re.match(r"\s*import\s", l) else l for l in b.lines]
        parts.append(f'#sourceLocation(file: "{b.path}", line: {b.line})\n' + "\n".join(body) + "\n#sourceLocation()\n")
    return "\n".join(parts)


def main(argv):
    blocks = all_blocks()
    compiled = [b for b in blocks if not b.fragment]
    if "--list" in argv:
        for b in blocks:
            kind = "fragment" if b.fragment else ("continues" if b.continues else "program")
            print(f"{b.where}: {kind}")
        return 0
    shutil.rmtree(OUT, ignore_errors=True)
    names = {}
    for b in compiled:
        name = target_name(b)
        names[b] = name
        os.makedirs(os.path.join(OUT, name))
        with open(os.path.join(OUT, name, "main.swift"), "w", encoding="utf-8") as f:
            f.write(f"// Generated by Scripts/doc-examples.py from {b.where}.\n" + source_of(b))
    print(f"doc-examples: {len(compiled)} examples to compile, {len(blocks) - len(compiled)} fragments left out")
    if "--no-build" in argv:
        return 0
    swift = os.environ.get("SWIFT", "swift")
    # Arguments other than the script's own go to `swift build`.
    extra = [a for a in argv if a not in ("--list", "--no-build")]
    # SwiftPM stops at the first targets that fail: those are taken out and the rest built again,
    # so that one run names every example that does not compile.
    broken, rounds = {}, 0
    while True:
        build = subprocess.run([swift, "build", "--manifest-cache", "none"] + extra, cwd=EXAMPLES, capture_output=True, text=True)
        if build.returncode == 0:
            break
        rounds += 1
        errors = sorted(set(re.findall(r"^(/\S+?):(\d+):\d+: error: .*$", build.stdout, re.M)))
        lines = sorted(set(re.findall(r"^/\S+?:\d+:\d+: error: .*$", build.stdout, re.M)))
        failing = [b for b in compiled if b not in broken and any(
            any(c.path == p and c.line <= int(n) < c.line + len(c.lines) for c in b.chain()) for p, n in errors)]
        if not failing or rounds > 10:
            sys.stdout.write(build.stdout[-20000:] + build.stderr[-5000:])
            print("doc-examples: the build failed, and not in an example")
            return 1
        for b in failing:
            broken[b] = [l for l in lines if any(l.startswith(f"{c.path}:") and
                         c.line <= int(l.split(":")[1]) < c.line + len(c.lines) for c in b.chain())]
            shutil.rmtree(os.path.join(OUT, names[b]))
    if broken:
        for b, errs in broken.items():
            print(f"{b.where}: error: the example does not compile")
            for e in errs:
                print("  " + e.replace(ROOT + "/", ""))
        print(f"doc-examples: {len(broken)} of {len(compiled)} examples do not compile")
        return 1
    bindir = subprocess.run([swift, "build", "--manifest-cache", "none", "--show-bin-path"], cwd=EXAMPLES, capture_output=True,
                            text=True, check=True).stdout.strip()
    failed, ran = 0, 0
    for b in compiled:
        expected = b.expected_output()
        chain = "\n".join(l for c in b.chain() for l in c.lines)
        if expected is None and "XCTAssert" not in chain:
            continue
        if "TerminalSession." in chain:
            print(f"{b.where}: compiled; not run (it starts a terminal session)")
            continue
        ran += 1
        try:
            run = subprocess.run([os.path.join(bindir, names[b])], cwd=ROOT, capture_output=True, text=True,
                                 timeout=60, stdin=subprocess.DEVNULL, env=dict(os.environ, TERM="dumb"))
        except subprocess.TimeoutExpired:
            print(f"{b.where}: error: the example ran for more than 60 s")
            failed += 1
            continue
        got = [l.rstrip() for l in run.stdout.rstrip("\n").split("\n")] if run.stdout else []
        if run.returncode != 0:
            print(f"{b.where}: error: the example exited with status {run.returncode}\n{run.stdout}{run.stderr}")
            failed += 1
        elif expected is not None and got != [l.rstrip() for l in expected]:
            print(f"{b.where}: error: the example prints something else than its `// Prints:` lines")
            print("  expected:\n" + "\n".join("    |" + l for l in expected))
            print("  printed:\n" + "\n".join("    |" + l for l in got))
            failed += 1
    print(f"doc-examples: {len(compiled)} compiled, {ran} run, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
