// CICU: a thin C shim over the system ICU (libicuuc, libicui18n).
//
// ICU's public functions are version-renaming macros (ubidi_open is really ubidi_open_72), which
// Swift cannot call by their documented names, and ICU's headers clash with the toolchain's own
// bundled ICU when a Swift file also imports Foundation. So this header exposes only CICU_-prefixed
// functions and plain C types (uint16_t for UChar, int32_t for UChar32 and error codes, void * for
// ICU objects). ICU headers are included in shim.c only.
//
// Error convention: functions that can fail take `int32_t *err`, ICU's UErrorCode. Zero or negative
// is success (negative values are warnings); positive is failure. Callers must start with *err == 0.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// ---- ubidi --------------------------------------------------------------------------------------
typedef struct CICU_Bidi CICU_Bidi;  // opaque UBiDi

CICU_Bidi *CICU_bidi_open(void);
void CICU_bidi_close(CICU_Bidi *bidi);
/// paraLevel: 0 LTR, 1 RTL, 0xFE (UBIDI_DEFAULT_LTR) or 0xFF (UBIDI_DEFAULT_RTL) for auto (P2-P3).
/// The text must stay alive and unchanged while `bidi` (and lines set from it) is in use.
void CICU_bidi_setPara(CICU_Bidi *bidi, const uint16_t *text, int32_t length, uint8_t paraLevel, int32_t *err);
/// A line [start, limit) of the paragraph in `para`, reordered on its own (L1 applied to the line).
void CICU_bidi_setLine(CICU_Bidi *para, int32_t start, int32_t limit, CICU_Bidi *line, int32_t *err);
uint8_t CICU_bidi_getParaLevel(CICU_Bidi *bidi);
/// 0 = all LTR, 1 = all RTL, 2 = mixed.
int32_t CICU_bidi_getDirection(CICU_Bidi *bidi);
/// Pointer to one level per UTF-16 unit (valid until the next setPara/setLine on `bidi`).
const uint8_t *CICU_bidi_getLevels(CICU_Bidi *bidi, int32_t *err);
/// visualMap[visualIndex] = logicalIndex; `map` must hold getLength entries.
void CICU_bidi_getVisualMap(CICU_Bidi *bidi, int32_t *map, int32_t *err);
int32_t CICU_bidi_countRuns(CICU_Bidi *bidi, int32_t *err);
/// Returns 0 for an LTR run, 1 for an RTL run.
int32_t CICU_bidi_getVisualRun(CICU_Bidi *bidi, int32_t runIndex, int32_t *logicalStart, int32_t *length);
/// ubidi_writeReordered of the paragraph or line in `bidi` with the given options (CICU_REORDER_ bits).
/// Returns the length written to dest.
int32_t CICU_bidi_writeReordered(CICU_Bidi *bidi, uint16_t *dest, int32_t capacity, uint16_t options, int32_t *err);
extern const uint16_t CICU_REORDER_KEEP_BASE_COMBINING;
extern const uint16_t CICU_REORDER_DO_MIRRORING;
extern const uint16_t CICU_REORDER_REMOVE_BIDI_CONTROLS;

/// ubidi_setReorderingMode: how setPara reorders (call before setPara). CICU_REORDERING_DEFAULT is
/// the standard algorithm; the inverse modes take visual text and give the logical order that the
/// standard algorithm turns back into it (ICU's "inverse BiDi").
void CICU_bidi_setReorderingMode(CICU_Bidi *bidi, int32_t mode);
extern const int32_t CICU_REORDERING_DEFAULT;
extern const int32_t CICU_REORDERING_INVERSE_NUMBERS_AS_L;
extern const int32_t CICU_REORDERING_INVERSE_LIKE_DIRECT;

/// A range of code points whose bidi class is replaced (a terminal that treats box drawing as L).
typedef struct CICU_ClassOverride {
    int32_t first;
    int32_t last;
    int32_t bidiClass;  // a UCharDirection value (0 L, 1 R, 13 AL, 10 ON...)
} CICU_ClassOverride;
/// ubidi_setClassCallback: from now on the code points inside `ranges` (count entries) take the
/// given bidi classes in setPara; the others keep ICU's. `ranges` must stay alive and unchanged
/// while `bidi` is in use; count 0 (or NULL) removes the override.
void CICU_bidi_setClassOverrides(CICU_Bidi *bidi, const CICU_ClassOverride *ranges, int32_t count, int32_t *err);

// ---- character properties ------------------------------------------------------------------------
/// u_charDirection: UCharDirection (0 L, 1 R, 2 EN, 3 ES, 4 ET, 5 AN, 6 CS, 7 B, 8 S, 9 WS, 10 ON,
/// 11 LRE, 12 LRO, 13 AL, 14 RLE, 15 RLO, 16 PDF, 17 NSM, 18 BN, 19 FSI, 20 LRI, 21 RLI, 22 PDI).
int32_t CICU_charDirection(int32_t c);
/// u_charMirror: the Bidi_Mirroring_Glyph, or c itself.
int32_t CICU_charMirror(int32_t c);
/// The script of `c` (uscript_getScript): 1 when it is written right to left (Arabic, Hebrew,
/// Syriac, Thaana...), 0 when left to right, -1 for Common, Inherited and Unknown (digits,
/// punctuation, symbols, combining marks).
int32_t CICU_scriptDirection(int32_t c);
/// uscript_getScript: the UScriptCode of `c` (0 Common, 1 Inherited, 2 Arabic, 19 Hebrew...).
int32_t CICU_script(int32_t c);
/// u_charType: the general category as UCharCategory (6 Mn, 7 Me, 8 Mc, 16 Cf, ...).
int32_t CICU_charType(int32_t c);
/// u_charName (U_EXTENDED_CHAR_NAME): writes a NUL-terminated name; returns its length.
int32_t CICU_charName(int32_t c, char *buffer, int32_t capacity);
/// The Unicode version of ICU's character data, e.g. "15.0".
void CICU_unicodeVersion(char *buffer, int32_t capacity);

/// Properties of the code points start..<start+count packed into one uint16_t each, for the
/// engine's lookup table (see the CICU_INFO_ constants; bits 8 and 9 are left for the engine).
void CICU_charInfoBlock(int32_t start, int32_t count, uint16_t *out);
/// Grapheme cluster class, bits 0-2 (the rules of UAX #29 for these classes are applied by the
/// engine itself; anything else goes to ICU's break iterator):
#define CICU_INFO_GCB_MASK 7
#define CICU_INFO_GCB_OTHER 0       // Other (also Extended_Pictographic: GB11 needs a ZWJ, which is complex)
#define CICU_INFO_GCB_EXTEND 1      // Extend (ZWNJ too) and SpacingMark: GB9, GB9a
#define CICU_INFO_GCB_PREPEND 2     // Prepend: GB9b
#define CICU_INFO_GCB_CONTROL 3     // Control and LF: GB4, GB5
#define CICU_INFO_GCB_COMPLEX 4     // CR, ZWJ, Hangul jamo and syllables, regional indicators,
                                    // surrogates, and the scripts with conjunct rules
#define CICU_INFO_MARK 8            // general category Mn, Me or Mc
#define CICU_INFO_MIRRORS 16        // has a Bidi_Mirroring_Glyph
#define CICU_INFO_STRONG_L 32       // Bidi_Class L
#define CICU_INFO_TRANSPARENT 64    // Joining_Type T
#define CICU_INFO_RTL_NEUTRAL 1024  // Bidi_Class R, AL, ON, WS, CS, ES, ET, NSM, BN or S: in a right-to-left
                                    // paragraph without L, EN, AN, B or explicit formatting characters,
                                    // every character resolves to level 1
#define CICU_INFO_STRONG_R 2048     // Bidi_Class R or AL

// ---- Arabic shaping ------------------------------------------------------------------------------
/// u_shapeArabic with the given option bits (see the CICU_SHAPE_ constants). Returns the output length.
int32_t CICU_shapeArabic(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity,
                         uint32_t options, int32_t *err);
extern const uint32_t CICU_SHAPE_LETTERS_SHAPE;
extern const uint32_t CICU_SHAPE_LETTERS_UNSHAPE;
extern const uint32_t CICU_SHAPE_LENGTH_GROW_SHRINK;
extern const uint32_t CICU_SHAPE_TEXT_DIRECTION_LOGICAL;

// ---- break iterators -----------------------------------------------------------------------------
typedef struct CICU_Break CICU_Break;  // opaque UBreakIterator
/// kind: 0 character (grapheme cluster), 2 line (UAX #14), 1 word.
CICU_Break *CICU_break_open(int32_t kind, const char *locale, int32_t *err);
void CICU_break_close(CICU_Break *brk);
/// The text must stay alive and unchanged while it is set.
void CICU_break_setText(CICU_Break *brk, const uint16_t *text, int32_t length, int32_t *err);
/// All boundaries after the first (0) up to and including `length`, written to `out` (which must
/// hold `length` entries); returns how many were written. One call instead of one per boundary.
int32_t CICU_break_all(CICU_Break *brk, int32_t length, int32_t *out);
/// The next boundaries, up to `capacity` of them, written to `out` (from the start of the text when
/// `fromStart` is not 0, else from where the previous call stopped); returns how many were written,
/// 0 at the end of the text.
int32_t CICU_break_next(CICU_Break *brk, int32_t fromStart, int32_t *out, int32_t capacity);

// ---- numbering systems ---------------------------------------------------------------------------
/// The default numbering system of a locale: writes its name ("latn", "arab", "arabext") and its ten
/// digits as UTF-16 (digits must hold 10 units for algorithmic-free decimal systems).
/// Returns 1 when the system is a plain decimal system with ten single-unit digits, 0 otherwise.
int32_t CICU_numberingSystem(const char *locale, char *name, int32_t nameCapacity, uint16_t *digits,
                             int32_t *err);

// ---- plural rules --------------------------------------------------------------------------------
/// The CLDR plural category ("zero", "one", "two", "few", "many", "other") of the integer n in a
/// locale's cardinal rules (uplrules_select), NUL-terminated in `keyword`; returns its length.
int32_t CICU_pluralCategory(const char *locale, int32_t n, char *keyword, int32_t capacity, int32_t *err);

/// The CLDR plural category of the number `n` (uplrules_select on a double), as
/// CICU_pluralCategory. A fraction counts (ar: 1.5 is "other", fr: 1.5 is "one").
int32_t CICU_pluralCategoryOf(const char *locale, double n, char *keyword, int32_t capacity, int32_t *err);
/// The cardinal plural categories a locale uses (uplrules_getKeywords), written as a NUL-terminated
/// list separated by spaces, in ICU's order; returns its length.
int32_t CICU_pluralKeywords(const char *locale, char *out, int32_t capacity, int32_t *err);
/// The first integer sample of CLDR's rules for `keyword` in `locale` (PluralRules::getSamples,
/// shim.cpp): returns 1 and sets *sample, or 0 when the category has no integer sample (a
/// category reached only by fractions). `*decimalSample` gets the first sample, integer or not.
int32_t CICU_pluralSample(const char *locale, const char *keyword, double *sample, double *decimalSample,
                          int32_t *err);
// ---- number formatting ---------------------------------------------------------------------------
/// unumf: formats `value` with an ICU number skeleton (`group-auto .00`, `percent scale/100`,
/// `currency/SAR`, `compact-short`, `measure-unit/length-kilometer unit-width-full-name`, ...) in
/// `locale` (which may carry `@numbers=latn`). `skeleton` is UTF-16; the result is written as
/// UTF-16 to `out` (NUL not included) and its length returned. U_BUFFER_OVERFLOW_ERROR (15) when
/// `capacity` is too small: the return value is then the length needed.
int32_t CICU_formatNumber(const char *locale, const uint16_t *skeleton, int32_t skeletonLength, double value,
                          uint16_t *out, int32_t capacity, int32_t *err);
/// The same with the value given as a decimal string (`1249.50`), so no digit is lost to binary
/// floating point.
int32_t CICU_formatDecimal(const char *locale, const uint16_t *skeleton, int32_t skeletonLength,
                           const char *decimal, int32_t decimalLength, uint16_t *out, int32_t capacity, int32_t *err);
/// CICU_formatNumber, and the CLDR plural category of the number as formatted
/// (uplrules_selectFormatted: `1.0` is "other" in English where `1` is "one"), written as a
/// NUL-terminated keyword to `keyword`. The return value and errors are CICU_formatNumber's.
int32_t CICU_formatNumberPlural(const char *locale, const uint16_t *skeleton, int32_t skeletonLength, double value,
                                uint16_t *out, int32_t capacity, char *keyword, int32_t keywordCapacity, int32_t *err);
// ---- message formatting (shim.cpp: icu::MessageFormat, which the C API cannot reach with named
// arguments) --------------------------------------------------------------------------------------
/// One argument of a message: a name and either a number or a UTF-16 string.
typedef struct CICU_MessageArgument {
    const uint16_t *name;
    int32_t nameLength;
    int32_t isNumber;          // 1: `number` is the value; 0: `text`
    double number;
    const uint16_t *text;
    int32_t textLength;
} CICU_MessageArgument;
/// Formats an ICU MessageFormat pattern (plural, select, selectordinal, `#`, offsets, nesting,
/// named or numbered arguments) in `locale`. The result goes to `out` as UTF-16; returns its length
/// (the length needed, with U_BUFFER_OVERFLOW_ERROR, when `capacity` is too small). A syntax
/// error sets *err and writes the offset (UTF-16 units) of the problem to *errorOffset.
int32_t CICU_formatMessage(const char *locale, const uint16_t *pattern, int32_t patternLength,
                           const CICU_MessageArgument *args, int32_t argCount,
                           uint16_t *out, int32_t capacity, int32_t *errorOffset, int32_t *err);
/// The arguments a pattern selects on, comma-separated and NUL-terminated UTF-8 in `out`: `p:name`
/// for a plural or selectordinal argument (`{count, plural, ...}` gives `p:count`), `s:name` for a
/// select argument, each followed by its selectors after spaces (`p:count =0 one other`); returns
/// the length, or -1 (and *err set) when the pattern does not parse.
int32_t CICU_messagePluralArguments(const uint16_t *pattern, int32_t patternLength, char *out, int32_t capacity,
                                    int32_t *err);
/// An ICU locale ID for a locale name as users write it (`ar-SA`, `fa_IR.UTF-8`, `ar-u-nu-latn`,
/// `he_IL@calendar=hebrew`), with the numbering system `numbers` set when it is not empty
/// (`ar@numbers=latn`). Writes the ID NUL-terminated and returns its length.
int32_t CICU_localeID(const char *name, const char *numbers, char *out, int32_t capacity);
/// The ICU error name (u_errorName) of a code.
const char *CICU_errorName(int32_t err);
// ---- locales -------------------------------------------------------------------------------------
/// A BCP 47 language tag (`ur-PK`, `ff-Adlm`, `ar-u-nu-latn`; legacy codes such as `iw` too): writes
/// its canonical BCP 47 form to `tag` (NUL-terminated) and returns 1 when the locale's script is
/// written right to left, 0 when not. The script is the tag's own, else the likely script from
/// CLDR's likely-subtags data (uloc_isRightToLeft: `nqo` → Nkoo, `dv` → Thaa, `sd-Deva` → Deva).
/// Returns -1 (and an empty tag) when `name` is not a well-formed tag as a whole.
int32_t CICU_localeInfo(const char *name, char *tag, int32_t tagCapacity);

#ifdef __cplusplus
}
#endif

#endif
