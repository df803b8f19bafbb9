#!/usr/bin/env python3
"""Writes the byte-exact catalog fixtures of the test suite.

Run from anywhere: python3 Scripts/make_catalog_fixtures.py

The files land in Tests/BidiTermTests/Fixtures/catalogs/ and are committed. They are generated
because their bytes matter and editors or git would change them: binary gettext .mo files (written
with struct, so msgfmt is not needed) in both byte orders, a truncated one and one with a bad magic
number; UTF-16 .strings and XLIFF files; and text files with invalid UTF-8, NUL bytes, a UTF-8 BOM,
lone surrogates or mixed line endings.
"""

import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "BidiTermTests", "Fixtures", "catalogs")


def write(relative, data):
    path = os.path.join(ROOT, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    print(f"{len(data):6d} bytes  {relative}")


def mo(entries, big_endian=False):
    """A GNU .mo file. entries: list of (original, translation) as str; msgctxt is joined to the
    msgid with U+0004 and plural forms with NUL by the caller. Entries are sorted by original, as
    msgfmt does, and no hash table is written (its size is 0)."""
    entries = sorted((o.encode("utf-8"), t.encode("utf-8")) for o, t in entries)
    order = ">" if big_endian else "<"
    n = len(entries)
    header_size = 7 * 4
    originals_offset = header_size
    translations_offset = originals_offset + n * 8
    strings_offset = translations_offset + n * 8
    originals_table, translations_table, blob = b"", b"", b""
    for original, _ in entries:
        originals_table += struct.pack(order + "II", len(original), strings_offset + len(blob))
        blob += original + b"\0"
    for _, translation in entries:
        translations_table += struct.pack(order + "II", len(translation), strings_offset + len(blob))
        blob += translation + b"\0"
    header = struct.pack(order + "7I", 0x950412DE, 0, n, originals_offset, translations_offset, 0, strings_offset)
    return header + originals_table + translations_table + blob


def mo_with_sysdep(entries, sysdep):
    """A revision 1 .mo file: `entries` as in mo(), plus system-dependent strings. sysdep: list of
    (original, translation), each a list of pieces: str for static text, ("name",) for a segment
    such as <PRIu64> or <I>."""
    entries = sorted((o.encode("utf-8"), t.encode("utf-8")) for o, t in entries)
    names = []
    for pair in sysdep:
        for pieces in pair:
            for piece in pieces:
                if isinstance(piece, tuple) and piece[0] not in names:
                    names.append(piece[0])
    n, m, q = len(entries), len(names), len(sysdep)
    header_size = 12 * 4
    originals_offset = header_size
    translations_offset = originals_offset + n * 8
    segments_offset = translations_offset + n * 8
    orig_sysdep_offset = segments_offset + m * 8
    trans_sysdep_offset = orig_sysdep_offset + q * 4
    descriptors_offset = trans_sysdep_offset + q * 4

    # Descriptors: offset of the static text, then (segsize, sysdepref) pairs ending with ~0.
    def layout(pieces):
        static, pairs, run = b"", [], b""
        for piece in pieces:
            if isinstance(piece, tuple):
                pairs.append((len(run), names.index(piece[0])))
                static += run
                run = b""
            else:
                run += piece.encode("utf-8")
        run += b"\0"
        pairs.append((len(run), 0xFFFFFFFF))
        return static + run, pairs

    laid = [[layout(pieces) for pieces in pair] for pair in sysdep]
    descriptor_sizes = [4 + 8 * len(pairs) for pair in laid for (_, pairs) in pair]
    strings_offset = descriptors_offset + sum(descriptor_sizes)

    blob = b""
    def add(data):
        nonlocal blob
        offset = strings_offset + len(blob)
        blob += data
        return offset

    originals_table = b"".join(struct.pack("<II", len(o), add(o + b"\0")) for o, _ in entries)
    translations_table = b"".join(struct.pack("<II", len(t), add(t + b"\0")) for _, t in entries)
    segments_table = b"".join(struct.pack("<II", len(name) + 1, add(name.encode() + b"\0")) for name in names)
    descriptors, orig_sysdep, trans_sysdep = b"", b"", b""
    for (orig, trans) in laid:
        for (static, pairs), which in ((orig, "orig"), (trans, "trans")):
            offset = descriptors_offset + len(descriptors)
            descriptors += struct.pack("<I", add(static)) + b"".join(struct.pack("<II", a, b) for a, b in pairs)
            if which == "orig":
                orig_sysdep += struct.pack("<I", offset)
            else:
                trans_sysdep += struct.pack("<I", offset)
    header = struct.pack("<12I", 0x950412DE, 1, n, originals_offset, translations_offset, 0, strings_offset,
                         m, segments_offset, q, orig_sysdep_offset, trans_sysdep_offset)
    data = header + originals_table + translations_table + segments_table + orig_sysdep + trans_sysdep + descriptors
    assert len(data) == strings_offset
    return data + blob


def header(fields):
    return "".join(f"{k}: {v}\n" for k, v in fields)


FA_MO = [
    ("", header([("Project-Id-Version", "rtl-tui 0.1"), ("Language", "fa"),
                 ("Content-Type", "text/plain; charset=UTF-8"), ("Plural-Forms", "nplurals=2; plural=(n > 1);")])),
    ("Settings", "تنظیمات"),
    ("menu\x04Open", "باز کردن"),
    ("%d file\0%d files", "%d فایل\0%d فایل"),
    ("Hello, %s", "سلام، %s"),
]

# No Language field: the locale comes from the path (he/LC_MESSAGES).
HE_MO = [
    ("", header([("Content-Type", "text/plain; charset=UTF-8"), ("Plural-Forms", "nplurals=2; plural=(n != 1);")])),
    ("Settings", "הגדרות"),
    ("door\x04Open", "פתוח"),
    ("%d day\0%d days", "יום אחד\0%d ימים"),
    ("Quit", "יציאה"),
]

STRINGS_UTF16 = (
    '/* Title of the main window */\r\n'
    '"settings.title" = "{title}";\r\n'
    '\r\n'
    '// Greeting with a placeholder\r\n'
    '"greeting" = "{greeting}";\r\n'
    '"escapes" = "\\"{quote}\\"\\n\\U05D0";\r\n'
)

XLIFF_UTF16 = (
    '<?xml version="1.0" encoding="UTF-16"?>\n'
    '<xliff version="1.2">\n'
    '  <file source-language="en" target-language="fa">\n'
    '    <body>\n'
    '      <trans-unit id="settings">\n'
    '        <source>Settings</source>\n'
    '        <target>تنظیمات</target>\n'
    '      </trans-unit>\n'
    '    </body>\n'
    '  </file>\n'
    '</xliff>\n'
)


def main():
    fa = mo(FA_MO)
    write("mo/fa/LC_MESSAGES/demo.mo", fa)
    write("mo/he/LC_MESSAGES/demo.mo", mo(HE_MO, big_endian=True))
    # Revision 1 with system-dependent strings: %<PRIu64> and glibc's %<I> flag, and one string
    # with a segment no C library defines.
    write("mo/ar/LC_MESSAGES/sysdep.mo", mo_with_sysdep(
        [("", header([("Language", "ar"), ("Content-Type", "text/plain; charset=UTF-8")])), ("Cancel", "إلغاء")],
        [(["Copied %", ("PRIu64",), " bytes"], ["نُسخ %", ("I",), ("PRIu64",), " بايت"]),
         (["Odd %", ("PRIuFOO",)], ["غريب %", ("PRIuFOO",)])]))
    # The tables are complete but the strings they point to are cut off.
    write("broken/mo/truncated.mo", fa[:7 * 4 + len(FA_MO) * 16 + 10])
    write("broken/mo/short-header.mo", fa[:20])
    write("broken/mo/bad-magic.mo", b"\x12\x34\x56\x78" + fa[4:])

    write("strings/he.lproj/Localizable.strings", b"\xff\xfe" + STRINGS_UTF16.format(
        title="הגדרות", greeting="שלום, %@!", quote="ציטוט").encode("utf-16-le"))
    write("strings/fa.lproj/Localizable.strings", b"\xfe\xff" + STRINGS_UTF16.format(
        title="تنظیمات", greeting="سلام، %@!", quote="نقل قول").encode("utf-16-be"))
    # A lone high surrogate (D83D) in the value on line 2.
    write("odd/lone-surrogate-utf16.strings", b"\xff\xfe" + '"a" = "א";\n"b" = "'.encode("utf-16-le")
          + b"\x3d\xd8" + 'ב";\n'.encode("utf-16-le"))
    write("odd/invalid-utf8.strings", '"a" = "'.encode() + b"\xd7" + '";\n"b" = "ב";\n'.encode())
    write("odd/utf16.xlf", b"\xff\xfe" + XLIFF_UTF16.encode("utf-16-le"))

    # Line 5 has a 0xFF byte and a truncated 3-byte sequence (E2 82) in the msgstr.
    write("odd/invalid-utf8.po", 'msgid ""\nmsgstr "Language: ar\\n"\n\nmsgid "Bad"\nmsgstr "سيء'.encode()
          + b"\xff" + " و".encode() + b"\xe2\x82" + '"\n\nmsgid "Good"\nmsgstr "جيد"\n'.encode())
    # A NUL byte inside the msgstr on line 2.
    write("odd/nul.po", 'msgid "Null"\nmsgstr "قبل'.encode() + b"\x00" + 'بعد"\n'.encode())
    # A UTF-8 BOM, \r\n, \r and \n line breaks: "One" starts on line 2, "Two" on 5, "Three" on 8.
    write("odd/mixed-endings.po", b"\xef\xbb\xbf" + (
        '# Mixed line breaks\r\n'
        'msgid "One"\r\n'
        'msgstr "אחת"\r'
        '\r'
        'msgid "Two"\n'
        'msgstr ""\r\n'
        '"שתיים"\r\n'
        'msgid "Three"\r'
        'msgstr "שלוש"\n').encode())
    # The unterminated string is on line 5 (breaks: \r\n, \r, \r\n, \n).
    write("broken/po/mixed-endings-unterminated.po", (
        'msgid "A"\r\n'
        'msgstr "א"\r'
        '\r\n'
        'msgid "B"\n'
        'msgstr "ב\n').encode())

    write("odd/invalid-utf8.json", '{\n  "a": "ok",\n  "b": "'.encode() + b"\xc0\xaf" + '"\n}\n'.encode())
    write("odd/lone-surrogate.json", '{\n  "high": "x\\ud83dy",\n  "low": "\\udc00",\n  "pair": "\\ud83d\\ude00"\n}\n'.encode())
    write("odd/nul.json", '{\n  "nul": "قبل'.encode() + b"\x00" + 'بعد"\n}\n'.encode())
    write("odd/values-he/strings.xml", '<resources>\n  <string name="nul">לפני'.encode() + b"\x00"
          + 'אחרי</string>\n  <string name="bad">'.encode() + b"\xff" + '</string>\n</resources>\n'.encode())


if __name__ == "__main__":
    main()
