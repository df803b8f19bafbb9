// The C baseline of `make bench`: the cost of ICU alone for what `rtl-tui render --dir auto` does
// per line. For every line of standard input: UTF-8 -> UTF-16 (u_strFromUTF8), Arabic shaping
// (u_shapeArabic, letters, logical order), bidi with the direction of the first strong character
// (ubidi_setPara with UBIDI_DEFAULT_LTR), reordering with mirroring (ubidi_writeReordered), and
// UTF-16 -> UTF-8 (u_strToUTF8) to a buffered standard output. One UBiDi object and the buffers are
// reused for every line. No grapheme clusters, widths or sanitising: this is the floor.
//
// Build: cc -O2 -o icu-baseline Benchmarks/icu-baseline.c -licuuc
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ushape.h>
#include <unicode/ustring.h>

static void *grow(void *p, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return p;
    size_t c = *cap ? *cap : 256;
    while (c < need) c *= 2;
    p = realloc(p, c * elem);
    if (!p) { fputs("icu-baseline: out of memory\n", stderr); exit(1); }
    *cap = c;
    return p;
}

int main(void) {
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    UBiDi *bidi = ubidi_open();
    char *line = NULL;
    size_t lineCap = 0;
    UChar *u16 = NULL, *shaped = NULL, *visual = NULL;
    size_t u16Cap = 0, shapedCap = 0, visualCap = 0;
    char *u8 = NULL;
    size_t u8Cap = 0;
    ssize_t len;
    while ((len = getline(&line, &lineCap, stdin)) >= 0) {
        if (len > 0 && line[len - 1] == '\n') len--;
        UErrorCode e = U_ZERO_ERROR;
        int32_t n = 0;
        u16 = grow(u16, &u16Cap, (size_t)len + 1, sizeof(UChar));
        u_strFromUTF8WithSub(u16, (int32_t)u16Cap, &n, line, (int32_t)len, 0xFFFD, NULL, &e);
        if (U_FAILURE(e)) { fprintf(stderr, "icu-baseline: u_strFromUTF8: %s\n", u_errorName(e)); return 1; }
        shaped = grow(shaped, &shapedCap, (size_t)n + 1, sizeof(UChar));
        int32_t m = u_shapeArabic(u16, n, shaped, (int32_t)shapedCap,
                                  U_SHAPE_LETTERS_SHAPE | U_SHAPE_TEXT_DIRECTION_LOGICAL | U_SHAPE_LENGTH_FIXED_SPACES_NEAR, &e);
        if (U_FAILURE(e)) { fprintf(stderr, "icu-baseline: u_shapeArabic: %s\n", u_errorName(e)); return 1; }
        ubidi_setPara(bidi, shaped, m, UBIDI_DEFAULT_LTR, NULL, &e);
        if (U_FAILURE(e)) { fprintf(stderr, "icu-baseline: ubidi_setPara: %s\n", u_errorName(e)); return 1; }
        visual = grow(visual, &visualCap, (size_t)m + 1, sizeof(UChar));
        int32_t v = ubidi_writeReordered(bidi, visual, (int32_t)visualCap, UBIDI_DO_MIRRORING, &e);
        if (U_FAILURE(e)) { fprintf(stderr, "icu-baseline: ubidi_writeReordered: %s\n", u_errorName(e)); return 1; }
        u8 = grow(u8, &u8Cap, (size_t)v * 3 + 2, 1);
        int32_t k = 0;
        u_strToUTF8WithSub(u8, (int32_t)u8Cap, &k, visual, v, 0xFFFD, NULL, &e);
        if (U_FAILURE(e)) { fprintf(stderr, "icu-baseline: u_strToUTF8: %s\n", u_errorName(e)); return 1; }
        u8[k++] = '\n';
        fwrite(u8, 1, (size_t)k, stdout);
    }
    fflush(stdout);
    ubidi_close(bidi);
    free(line); free(u16); free(shaped); free(visual); free(u8);
    return ferror(stdout) ? 1 : 0;
}
