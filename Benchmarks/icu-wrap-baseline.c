// The wrapping C baseline of `make bench`: the cost of ICU alone for what `rtl-tui render --dir
// auto --width W` does per line (W is the first argument, default 80). For every line of standard
// input, one paragraph:
//   1. UTF-8 -> UTF-16 (u_strFromUTF8WithSub) and Arabic shaping (u_shapeArabic, letters, logical
//      order), as Benchmarks/icu-baseline.c does;
//   2. bidi once for the paragraph, direction of the first strong character (ubidi_setPara with
//      UBIDI_DEFAULT_LTR);
//   3. wrapping, greedy, at ICU's line break opportunities (a UBRK_LINE iterator, ubrk_next), only
//      when the paragraph is wider than W: a segment that does not fit starts a new line; spaces at
//      the end of a wrapped line hang (take no cell, are not written); a segment wider than W on
//      its own is cut at code points;
//   4. each visual line on its own: ubidi_setLine, ubidi_writeReordered with mirroring, UTF-16 ->
//      UTF-8 (u_strToUTF8WithSub), padded with spaces to W cells on the trailing side, so that the
//      text sits on the leading side (the right in a right-to-left paragraph), to a buffered
//      standard output.
// Widths are those of rtl-tui's width table, which is generated from glibc's wcwidth: here, glibc's
// wcwidth() itself in the C.UTF-8 locale, per code point of the shaped text; a code point wcwidth
// rejects (a control, a non-character) counts 1, as rtl-tui draws it as one placeholder. No grapheme
// clusters, no sanitising, no tab stops: this is the floor. One UBiDi for the paragraph, one for the
// line, one break iterator and the buffers are reused for every line.
//
// Build: cc -O2 -o icu-wrap-baseline Benchmarks/icu-wrap-baseline.c -licuuc
#define _GNU_SOURCE
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/ushape.h>
#include <unicode/ustring.h>

static void *grow(void *p, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return p;
    size_t c = *cap ? *cap : 256;
    while (c < need) c *= 2;
    p = realloc(p, c * elem);
    if (!p) { fputs("icu-wrap-baseline: out of memory\n", stderr); exit(1); }
    *cap = c;
    return p;
}

static void check(UErrorCode e, const char *what) {
    if (U_FAILURE(e)) { fprintf(stderr, "icu-wrap-baseline: %s: %s\n", what, u_errorName(e)); exit(1); }
}

// The code point at text[*i] (advancing *i) and its width.
static inline int nextWidth(const UChar *text, int32_t n, int32_t *i) {
    UChar32 c;
    U16_NEXT(text, *i, n, c);
    if (c >= 0x20 && c < 0x7F) return 1;
    int w = wcwidth((wchar_t)c);
    return w < 0 ? 1 : w;
}

static UBiDi *para, *line;
static UChar *visual;
static size_t visualCap;
static char *u8;
static size_t u8Cap;
static int width = 80;

// Writes [start, limit) of the paragraph as one visual line of `cells` cells, padded to `width`.
static void writeLine(const UChar *text, int32_t start, int32_t limit, int cells, int rtl) {
    UErrorCode e = U_ZERO_ERROR;
    int32_t v = 0;
    if (limit > start) {
        ubidi_setLine(para, start, limit, line, &e);
        check(e, "ubidi_setLine");
        visual = grow(visual, &visualCap, (size_t)(limit - start) + 1, sizeof(UChar));
        v = ubidi_writeReordered(line, visual, (int32_t)visualCap, UBIDI_DO_MIRRORING, &e);
        check(e, "ubidi_writeReordered");
    }
    int pad = width > cells ? width - cells : 0;
    u8 = grow(u8, &u8Cap, (size_t)v * 3 + (size_t)pad + 2, 1);
    int32_t k = 0;
    if (rtl) { memset(u8, ' ', (size_t)pad); k = pad; }
    int32_t written = 0;
    if (v > 0) {
        u_strToUTF8WithSub(u8 + k, (int32_t)u8Cap - k, &written, visual, v, 0xFFFD, NULL, &e);
        check(e, "u_strToUTF8");
    }
    k += written;
    if (!rtl) { memset(u8 + k, ' ', (size_t)pad); k += pad; }
    u8[k++] = '\n';
    fwrite(u8, 1, (size_t)k, stdout);
}

int main(int argc, char **argv) {
    if (argc > 1) width = atoi(argv[1]);
    if (width < 1) { fputs("usage: icu-wrap-baseline [WIDTH]\n", stderr); return 64; }
    if (!setlocale(LC_CTYPE, "C.UTF-8")) { fputs("icu-wrap-baseline: no C.UTF-8 locale\n", stderr); return 1; }
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    para = ubidi_open();
    line = ubidi_open();
    UErrorCode e = U_ZERO_ERROR;
    UBreakIterator *breaks = ubrk_open(UBRK_LINE, "", NULL, 0, &e);
    check(e, "ubrk_open");
    char *input = NULL;
    size_t inputCap = 0;
    UChar *u16 = NULL, *shaped = NULL;
    size_t u16Cap = 0, shapedCap = 0;
    ssize_t len;
    while ((len = getline(&input, &inputCap, stdin)) >= 0) {
        if (len > 0 && input[len - 1] == '\n') len--;
        e = U_ZERO_ERROR;
        int32_t n = 0;
        u16 = grow(u16, &u16Cap, (size_t)len + 1, sizeof(UChar));
        u_strFromUTF8WithSub(u16, (int32_t)u16Cap, &n, input, (int32_t)len, 0xFFFD, NULL, &e);
        check(e, "u_strFromUTF8");
        shaped = grow(shaped, &shapedCap, (size_t)n + 1, sizeof(UChar));
        int32_t m = u_shapeArabic(u16, n, shaped, (int32_t)shapedCap,
                                  U_SHAPE_LETTERS_SHAPE | U_SHAPE_TEXT_DIRECTION_LOGICAL | U_SHAPE_LENGTH_FIXED_SPACES_NEAR, &e);
        check(e, "u_shapeArabic");
        // A paragraph separator inside the line (U+2029, U+001C-U+001E, U+0085, CR; a catalog's
        // message may hold one) would make ICU see several paragraphs, and ubidi_setLine refuses a
        // line across two: the line is one paragraph, the separator a space.
        for (int32_t i = 0; i < m; i++) {
            UChar c = shaped[i];
            if (c == 0x2029 || c == 0x0085 || c == 0x000D || (c >= 0x001C && c <= 0x001E)) shaped[i] = 0x20;
        }
        ubidi_setPara(para, shaped, m, UBIDI_DEFAULT_LTR, NULL, &e);
        check(e, "ubidi_setPara");
        int rtl = ubidi_getParaLevel(para) & 1;

        int total = 0;
        for (int32_t i = 0; i < m;) total += nextWidth(shaped, m, &i);
        if (total <= width) {
            writeLine(shaped, 0, m, total, rtl);
            continue;
        }
        // Greedy wrapping over the segments between line break opportunities.
        ubrk_setText(breaks, shaped, m, &e);
        check(e, "ubrk_setText");
        int32_t start = 0;      // the current line: [start, end), `cells` wide without its hanging spaces
        int32_t end = 0;
        int cells = 0, hanging = 0;
        int32_t b0 = 0;
        for (int32_t b1 = ubrk_next(breaks); b1 != UBRK_DONE; b0 = b1, b1 = ubrk_next(breaks)) {
            // The segment [b0, b1): its width without and with its trailing spaces.
            int32_t textEnd = b1;
            while (textEnd > b0 && shaped[textEnd - 1] == 0x20) textEnd--;
            int w = 0;
            for (int32_t i = b0; i < textEnd;) w += nextWidth(shaped, textEnd, &i);
            int spaces = b1 - textEnd;
            if (end > start && cells + hanging + w > width) {
                writeLine(shaped, start, end, cells, rtl);
                start = end = b0;
                cells = hanging = 0;
            }
            if (w > width) {
                // A segment wider than the line on its own: cut at code points.
                int32_t i = b0, cut = b0;
                int c = 0;
                while (i < textEnd) {
                    int32_t before = i;
                    int cw = nextWidth(shaped, textEnd, &i);
                    if (c + cw > width && before > cut) {
                        writeLine(shaped, cut, before, c, rtl);
                        cut = before;
                        c = 0;
                    }
                    c += cw;
                }
                start = cut;
                cells = c;
            } else {
                cells += hanging + w;
            }
            end = textEnd;
            hanging = spaces;
            // The last line keeps its trailing spaces (they are drawn at the end of a paragraph).
            if (b1 == m) { end = m; cells += spaces; }
        }
        while (cells > width && end > start && shaped[end - 1] == 0x20) { end--; cells--; }
        writeLine(shaped, start, end, cells, rtl);
    }
    fflush(stdout);
    ubrk_close(breaks);
    ubidi_close(line);
    ubidi_close(para);
    free(input); free(u16); free(shaped); free(visual); free(u8);
    return ferror(stdout) ? 1 : 0;
}
