// The ICU side of CICU.h. ICU's headers stay inside this file (see the header's comment).
#include "CICU.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/uscript.h>
#include <unicode/ushape.h>
#include <unicode/uenum.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

#define ERR(e) ((UErrorCode *)(e))

CICU_Bidi *CICU_bidi_open(void) { return (CICU_Bidi *)ubidi_open(); }

void CICU_bidi_setPara(CICU_Bidi *bidi, const uint16_t *text, int32_t length, uint8_t paraLevel, int32_t *err) {
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, (UBiDiLevel)paraLevel, NULL, ERR(err));
}

void CICU_bidi_setLine(CICU_Bidi *para, int32_t start, int32_t limit, CICU_Bidi *line, int32_t *err) {
    ubidi_setLine((const UBiDi *)para, start, limit, (UBiDi *)line, ERR(err));
}

uint8_t CICU_bidi_getParaLevel(CICU_Bidi *bidi) { return ubidi_getParaLevel((const UBiDi *)bidi); }
int32_t CICU_bidi_getDirection(CICU_Bidi *bidi) { return (int32_t)ubidi_getDirection((const UBiDi *)bidi); }

const uint8_t *CICU_bidi_getLevels(CICU_Bidi *bidi, int32_t *err) {
    return (const uint8_t *)ubidi_getLevels((UBiDi *)bidi, ERR(err));
}

void CICU_bidi_getVisualMap(CICU_Bidi *bidi, int32_t *map, int32_t *err) {
    ubidi_getVisualMap((UBiDi *)bidi, map, ERR(err));
}

int32_t CICU_bidi_countRuns(CICU_Bidi *bidi, int32_t *err) { return ubidi_countRuns((UBiDi *)bidi, ERR(err)); }

int32_t CICU_bidi_getVisualRun(CICU_Bidi *bidi, int32_t runIndex, int32_t *logicalStart, int32_t *length) {
    return (int32_t)ubidi_getVisualRun((UBiDi *)bidi, runIndex, logicalStart, length);
}

int32_t CICU_bidi_writeReordered(CICU_Bidi *bidi, uint16_t *dest, int32_t capacity, uint16_t options, int32_t *err) {
    return ubidi_writeReordered((UBiDi *)bidi, (UChar *)dest, capacity, options, ERR(err));
}
const uint16_t CICU_REORDER_KEEP_BASE_COMBINING = UBIDI_KEEP_BASE_COMBINING;
const uint16_t CICU_REORDER_DO_MIRRORING = UBIDI_DO_MIRRORING;
const uint16_t CICU_REORDER_REMOVE_BIDI_CONTROLS = UBIDI_REMOVE_BIDI_CONTROLS;

void CICU_bidi_setReorderingMode(CICU_Bidi *bidi, int32_t mode) {
    ubidi_setReorderingMode((UBiDi *)bidi, (UBiDiReorderingMode)mode);
}
const int32_t CICU_REORDERING_DEFAULT = UBIDI_REORDER_DEFAULT;
const int32_t CICU_REORDERING_INVERSE_NUMBERS_AS_L = UBIDI_REORDER_INVERSE_NUMBERS_AS_L;
const int32_t CICU_REORDERING_INVERSE_LIKE_DIRECT = UBIDI_REORDER_INVERSE_LIKE_DIRECT;

// The context of the class callback: the ranges and their count (set once per UBiDi).
typedef struct {
    const CICU_ClassOverride *ranges;
    int32_t count;
} OverrideContext;

static UCharDirection U_CALLCONV overrideClass(const void *context, UChar32 c) {
    const OverrideContext *ctx = (const OverrideContext *)context;
    for (int32_t i = 0; i < ctx->count; i++) {
        if (c >= ctx->ranges[i].first && c <= ctx->ranges[i].last) return (UCharDirection)ctx->ranges[i].bidiClass;
    }
    // U_CHAR_DIRECTION_COUNT: "use ICU's own class" (ubidi.h, UBiDiClassCallback).
    return (UCharDirection)U_CHAR_DIRECTION_COUNT;
}

void CICU_bidi_setClassOverrides(CICU_Bidi *bidi, const CICU_ClassOverride *ranges, int32_t count, int32_t *err) {
    // One context per UBiDi, kept until the override is removed or replaced: ICU holds the pointer.
    const void *oldContext = NULL;
    UBiDiClassCallback *oldFn = NULL;
    ubidi_getClassCallback((UBiDi *)bidi, &oldFn, &oldContext);
    OverrideContext *ctx = NULL;
    if (ranges != NULL && count > 0) {
        ctx = (OverrideContext *)malloc(sizeof *ctx);
        if (ctx == NULL) { *ERR(err) = U_MEMORY_ALLOCATION_ERROR; return; }
        ctx->ranges = ranges;
        ctx->count = count;
        ubidi_setClassCallback((UBiDi *)bidi, overrideClass, ctx, NULL, NULL, ERR(err));
    } else {
        ubidi_setClassCallback((UBiDi *)bidi, NULL, NULL, NULL, NULL, ERR(err));
    }
    if (oldFn == overrideClass) free((void *)oldContext);
}

void CICU_bidi_close(CICU_Bidi *bidi) {
    if (bidi == NULL) return;
    const void *context = NULL;
    UBiDiClassCallback *fn = NULL;
    ubidi_getClassCallback((UBiDi *)bidi, &fn, &context);
    ubidi_close((UBiDi *)bidi);
    if (fn == overrideClass) free((void *)context);
}

int32_t CICU_charDirection(int32_t c) { return (int32_t)u_charDirection((UChar32)c); }
int32_t CICU_charMirror(int32_t c) { return (int32_t)u_charMirror((UChar32)c); }
int32_t CICU_script(int32_t c) {
    UErrorCode e = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript((UChar32)c, &e);
    return U_FAILURE(e) ? USCRIPT_UNKNOWN : (int32_t)s;
}

int32_t CICU_scriptDirection(int32_t c) {
    UScriptCode s = (UScriptCode)CICU_script(c);
    if (s == USCRIPT_COMMON || s == USCRIPT_INHERITED || s == USCRIPT_UNKNOWN) return -1;
    return uscript_isRightToLeft(s) ? 1 : 0;
}
int32_t CICU_charType(int32_t c) { return (int32_t)u_charType((UChar32)c); }

void CICU_charInfoBlock(int32_t start, int32_t count, uint16_t *out) {
    for (int32_t i = 0; i < count; i++) {
        UChar32 c = start + i;
        uint16_t info;
        int32_t gcb = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
        switch (gcb) {
        case U_GCB_OTHER: info = CICU_INFO_GCB_OTHER; break;
        case U_GCB_EXTEND: case U_GCB_SPACING_MARK: info = CICU_INFO_GCB_EXTEND; break;
        case U_GCB_PREPEND: info = CICU_INFO_GCB_PREPEND; break;
        case U_GCB_CONTROL: case U_GCB_LF: info = CICU_INFO_GCB_CONTROL; break;
        default: info = CICU_INFO_GCB_COMPLEX; break;   // CR, ZWJ, L, V, T, LV, LVT, RI, E_*
        }
        // Scripts where ICU applies conjunct (virama) rules or that have many spacing marks and
        // clusters of their own: Indic, Southeast Asian, Tibetan, Mongolian and the like.
        if ((c >= 0x0900 && c <= 0x109F) || (c >= 0x1700 && c <= 0x1CFF) || (c >= 0xA800 && c <= 0xABFF) ||
            (c >= 0xD800 && c <= 0xDFFF))
            info = CICU_INFO_GCB_COMPLEX;
        int8_t t = u_charType(c);
        if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK || t == U_COMBINING_SPACING_MARK) info |= CICU_INFO_MARK;
        if (u_charMirror(c) != c) info |= CICU_INFO_MIRRORS;
        switch (u_charDirection(c)) {
        case U_LEFT_TO_RIGHT: info |= CICU_INFO_STRONG_L; break;
        case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC: info |= CICU_INFO_RTL_NEUTRAL | CICU_INFO_STRONG_R; break;
        case U_OTHER_NEUTRAL: case U_WHITE_SPACE_NEUTRAL: case U_COMMON_NUMBER_SEPARATOR:
        case U_EUROPEAN_NUMBER_SEPARATOR: case U_EUROPEAN_NUMBER_TERMINATOR: case U_DIR_NON_SPACING_MARK:
        case U_BOUNDARY_NEUTRAL: case U_SEGMENT_SEPARATOR: info |= CICU_INFO_RTL_NEUTRAL; break;
        default: break;
        }
        if (u_getIntPropertyValue(c, UCHAR_JOINING_TYPE) == U_JT_TRANSPARENT) info |= CICU_INFO_TRANSPARENT;
        out[i] = info;
    }
}

int32_t CICU_charName(int32_t c, char *buffer, int32_t capacity) {
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = u_charName((UChar32)c, U_EXTENDED_CHAR_NAME, buffer, capacity, &e);
    if (U_FAILURE(e)) {
        if (capacity > 0) buffer[0] = 0;
        return 0;
    }
    if (n >= capacity) n = capacity - 1;
    if (n >= 0 && capacity > 0) buffer[n] = 0;
    return n;
}

void CICU_unicodeVersion(char *buffer, int32_t capacity) {
    UVersionInfo v;
    char s[U_MAX_VERSION_STRING_LENGTH];
    u_getUnicodeVersion(v);
    u_versionToString(v, s);
    strncpy(buffer, s, (size_t)capacity);
    if (capacity > 0) buffer[capacity - 1] = 0;
}

int32_t CICU_shapeArabic(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity,
                         uint32_t options, int32_t *err) {
    return u_shapeArabic((const UChar *)source, length, (UChar *)dest, capacity, options, ERR(err));
}

const uint32_t CICU_SHAPE_LETTERS_SHAPE = U_SHAPE_LETTERS_SHAPE;
const uint32_t CICU_SHAPE_LETTERS_UNSHAPE = U_SHAPE_LETTERS_UNSHAPE;
const uint32_t CICU_SHAPE_LENGTH_GROW_SHRINK = U_SHAPE_LENGTH_GROW_SHRINK;
const uint32_t CICU_SHAPE_TEXT_DIRECTION_LOGICAL = U_SHAPE_TEXT_DIRECTION_LOGICAL;

CICU_Break *CICU_break_open(int32_t kind, const char *locale, int32_t *err) {
    return (CICU_Break *)ubrk_open((UBreakIteratorType)kind, locale, NULL, 0, ERR(err));
}
void CICU_break_close(CICU_Break *brk) { ubrk_close((UBreakIterator *)brk); }
void CICU_break_setText(CICU_Break *brk, const uint16_t *text, int32_t length, int32_t *err) {
    ubrk_setText((UBreakIterator *)brk, (const UChar *)text, length, ERR(err));
}
int32_t CICU_break_next(CICU_Break *brk, int32_t fromStart, int32_t *out, int32_t capacity) {
    int32_t n = 0;
    if (fromStart) ubrk_first((UBreakIterator *)brk);
    while (n < capacity) {
        int32_t b = ubrk_next((UBreakIterator *)brk);
        if (b == UBRK_DONE) break;
        out[n++] = b;
    }
    return n;
}
int32_t CICU_break_all(CICU_Break *brk, int32_t length, int32_t *out) {
    int32_t n = 0;
    ubrk_first((UBreakIterator *)brk);
    for (int32_t b = ubrk_next((UBreakIterator *)brk); b != UBRK_DONE && n < length; b = ubrk_next((UBreakIterator *)brk))
        out[n++] = b;
    return n;
}

int32_t CICU_numberingSystem(const char *locale, char *name, int32_t nameCapacity, uint16_t *digits,
                             int32_t *err) {
    UNumberingSystem *ns = unumsys_open(locale, ERR(err));
    if (U_FAILURE(*ERR(err)) || ns == NULL) return 0;
    const char *n = unumsys_getName(ns);
    strncpy(name, n ? n : "", (size_t)nameCapacity);
    if (nameCapacity > 0) name[nameCapacity - 1] = 0;
    int32_t ok = 0;
    if (!unumsys_isAlgorithmic(ns) && unumsys_getRadix(ns) == 10) {
        UChar desc[64];
        int32_t len = unumsys_getDescription(ns, desc, 64, ERR(err));
        if (U_SUCCESS(*ERR(err)) && len == 10) {
            memcpy(digits, desc, 10 * sizeof(UChar));
            ok = 1;
        }
    }
    unumsys_close(ns);
    return ok;
}

int32_t CICU_pluralCategory(const char *locale, int32_t n, char *keyword, int32_t capacity, int32_t *err) {
    UPluralRules *rules = uplrules_open(locale, ERR(err));
    if (U_FAILURE(*ERR(err)) || rules == NULL) return 0;
    UChar buf[16];
    int32_t len = uplrules_select(rules, (double)n, buf, 16, ERR(err));
    uplrules_close(rules);
    if (U_FAILURE(*ERR(err)) || capacity < 1) return 0;
    int32_t k = 0;
    for (; k < len && k < capacity - 1; k++) keyword[k] = (char)buf[k];
    keyword[k] = 0;
    return k;
}

int32_t CICU_localeInfo(const char *name, char *tag, int32_t tagCapacity) {
    if (tagCapacity > 0) tag[0] = 0;
    char id[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode err = U_ZERO_ERROR;
    int32_t length = (int32_t)strlen(name);
    uloc_forLanguageTag(name, id, (int32_t)sizeof id, &parsed, &err);
    // A tag that does not parse to its end is not taken (`ar_EG` must be given as `ar-EG`).
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING || parsed != length || length == 0) return -1;
    err = U_ZERO_ERROR;
    uloc_toLanguageTag(id, tag, tagCapacity, 0, &err);
    if (U_FAILURE(err) || err == U_STRING_NOT_TERMINATED_WARNING) {
        if (tagCapacity > 0) tag[0] = 0;
        return -1;
    }
    return uloc_isRightToLeft(id) ? 1 : 0;
}

int32_t CICU_pluralCategoryOf(const char *locale, double n, char *keyword, int32_t capacity, int32_t *err) {
    UPluralRules *rules = uplrules_open(locale, ERR(err));
    if (U_FAILURE(*ERR(err)) || rules == NULL) return 0;
    UChar buf[16];
    int32_t len = uplrules_select(rules, n, buf, 16, ERR(err));
    uplrules_close(rules);
    if (U_FAILURE(*ERR(err)) || capacity < 1) return 0;
    int32_t k = 0;
    for (; k < len && k < capacity - 1; k++) keyword[k] = (char)buf[k];
    keyword[k] = 0;
    return k;
}

int32_t CICU_pluralKeywords(const char *locale, char *out, int32_t capacity, int32_t *err) {
    if (capacity < 1) return 0;
    out[0] = 0;
    UPluralRules *rules = uplrules_open(locale, ERR(err));
    if (U_FAILURE(*ERR(err)) || rules == NULL) return 0;
    UEnumeration *e = uplrules_getKeywords(rules, ERR(err));
    int32_t n = 0;
    if (U_SUCCESS(*ERR(err)) && e != NULL) {
        int32_t len = 0;
        const char *k;
        while ((k = uenum_next(e, &len, ERR(err))) != NULL && U_SUCCESS(*ERR(err))) {
            if (n + len + 2 > capacity) break;
            if (n > 0) out[n++] = ' ';
            memcpy(out + n, k, (size_t)len);
            n += len;
            out[n] = 0;
        }
        uenum_close(e);
    }
    uplrules_close(rules);
    return n;
}

static int32_t formatWith(UNumberFormatter *f, const char *decimal, int32_t decimalLength, double value,
                          uint16_t *out, int32_t capacity, int32_t *err) {
    UFormattedNumber *result = unumf_openResult(ERR(err));
    if (U_FAILURE(*ERR(err))) return 0;
    if (decimal != NULL) unumf_formatDecimal(f, decimal, decimalLength, result, ERR(err));
    else unumf_formatDouble(f, value, result, ERR(err));
    int32_t len = 0;
    if (U_SUCCESS(*ERR(err))) len = unumf_resultToString(result, (UChar *)out, capacity, ERR(err));
    unumf_closeResult(result);
    return len;
}

int32_t CICU_formatNumber(const char *locale, const uint16_t *skeleton, int32_t skeletonLength, double value,
                          uint16_t *out, int32_t capacity, int32_t *err) {
    UNumberFormatter *f = unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeletonLength, locale, ERR(err));
    if (U_FAILURE(*ERR(err))) return 0;
    int32_t len = formatWith(f, NULL, 0, value, out, capacity, err);
    unumf_close(f);
    return len;
}

int32_t CICU_formatDecimal(const char *locale, const uint16_t *skeleton, int32_t skeletonLength,
                           const char *decimal, int32_t decimalLength, uint16_t *out, int32_t capacity, int32_t *err) {
    UNumberFormatter *f = unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeletonLength, locale, ERR(err));
    if (U_FAILURE(*ERR(err))) return 0;
    int32_t len = formatWith(f, decimal, decimalLength, 0, out, capacity, err);
    unumf_close(f);
    return len;
}

int32_t CICU_formatNumberPlural(const char *locale, const uint16_t *skeleton, int32_t skeletonLength, double value,
                                uint16_t *out, int32_t capacity, char *keyword, int32_t keywordCapacity, int32_t *err) {
    if (keywordCapacity > 0) keyword[0] = 0;
    UNumberFormatter *f = unumf_openForSkeletonAndLocale((const UChar *)skeleton, skeletonLength, locale, ERR(err));
    if (U_FAILURE(*ERR(err))) return 0;
    UFormattedNumber *result = unumf_openResult(ERR(err));
    int32_t len = 0;
    if (U_SUCCESS(*ERR(err))) unumf_formatDouble(f, value, result, ERR(err));
    if (U_SUCCESS(*ERR(err))) {
        // The category of the number as written (`1.0` is "other" in English, `1` is "one").
        UPluralRules *rules = uplrules_open(locale, ERR(err));
        if (U_SUCCESS(*ERR(err)) && rules != NULL) {
            UChar buf[16];
            int32_t k = uplrules_selectFormatted(rules, result, buf, 16, ERR(err));
            if (U_SUCCESS(*ERR(err)) && keywordCapacity > 0) {
                int32_t i = 0;
                for (; i < k && i < keywordCapacity - 1; i++) keyword[i] = (char)buf[i];
                keyword[i] = 0;
            }
            uplrules_close(rules);
        }
    }
    if (U_SUCCESS(*ERR(err))) len = unumf_resultToString(result, (UChar *)out, capacity, ERR(err));
    unumf_closeResult(result);
    unumf_close(f);
    return len;
}

const char *CICU_errorName(int32_t err) { return u_errorName((UErrorCode)err); }

int32_t CICU_localeID(const char *name, const char *numbers, char *out, int32_t capacity) {
    if (capacity < 1) return 0;
    out[0] = 0;
    char clean[ULOC_FULLNAME_CAPACITY];
    // A POSIX name's encoding (`.UTF-8`) is no part of the locale.
    size_t n = strcspn(name, ".");
    if (n >= sizeof clean) n = sizeof clean - 1;
    memcpy(clean, name, n);
    clean[n] = 0;
    char id[ULOC_FULLNAME_CAPACITY];
    UErrorCode err = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(clean, id, (int32_t)sizeof id, &parsed, &err);
    if (U_FAILURE(err) || parsed != (int32_t)strlen(clean) || parsed == 0) {
        err = U_ZERO_ERROR;
        uloc_canonicalize(clean, id, (int32_t)sizeof id, &err);
        if (U_FAILURE(err)) id[0] = 0;
    }
    if (numbers != NULL && numbers[0] != 0) {
        err = U_ZERO_ERROR;
        uloc_setKeywordValue("numbers", numbers, id, (int32_t)sizeof id, &err);
    }
    id[sizeof id - 1] = 0;
    strncpy(out, id, (size_t)capacity);
    out[capacity - 1] = 0;
    return (int32_t)strlen(out);
}
