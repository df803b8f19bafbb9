// The parts of CICU.h that ICU offers in C++ only: MessageFormat with named arguments (the C
// umsg_* API formats numbered arguments only) and the samples of plural rules. ICU's headers stay
// inside this file, as in shim.c; every function is extern "C" and catches nothing (ICU reports
// through UErrorCode, not exceptions).
#include "CICU.h"

#include <string.h>
#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/plurrule.h>
#include <unicode/unistr.h>

#include <string>

using icu::Formattable;
using icu::Locale;
using icu::MessageFormat;
using icu::MessagePattern;
using icu::PluralRules;
using icu::UnicodeString;

extern "C" int32_t CICU_formatMessage(const char *locale, const uint16_t *pattern, int32_t patternLength,
                                      const CICU_MessageArgument *args, int32_t argCount,
                                      uint16_t *out, int32_t capacity, int32_t *errorOffset, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse;
    memset(&parse, 0, sizeof parse);
    *errorOffset = -1;
    MessageFormat format(UnicodeString((const UChar *)pattern, patternLength), Locale(locale), parse, status);
    if (U_FAILURE(status)) {
        *errorOffset = parse.offset;
        *err = (int32_t)status;
        return 0;
    }
    UnicodeString *names = new UnicodeString[argCount > 0 ? argCount : 1];
    Formattable *values = new Formattable[argCount > 0 ? argCount : 1];
    for (int32_t i = 0; i < argCount; i++) {
        names[i] = UnicodeString((const UChar *)args[i].name, args[i].nameLength);
        if (args[i].isNumber) values[i].setDouble(args[i].number);
        else values[i].setString(UnicodeString((const UChar *)args[i].text, args[i].textLength));
    }
    UnicodeString result;
    format.format(names, values, argCount, result, status);
    delete[] names;
    delete[] values;
    if (U_FAILURE(status)) {
        *err = (int32_t)status;
        return 0;
    }
    UErrorCode extract = U_ZERO_ERROR;
    int32_t length = result.extract((UChar *)out, capacity, extract);
    *err = extract == U_STRING_NOT_TERMINATED_WARNING ? 0 : (int32_t)extract;
    return length;
}

extern "C" int32_t CICU_messagePluralArguments(const uint16_t *pattern, int32_t patternLength, char *out,
                                               int32_t capacity, int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse;
    MessagePattern mp(UnicodeString((const UChar *)pattern, patternLength), &parse, status);
    if (capacity > 0) out[0] = 0;
    if (U_FAILURE(status)) {
        *err = (int32_t)status;
        return -1;
    }
    int32_t n = 0;
    int32_t count = mp.countParts();
    for (int32_t i = 0; i + 1 < count; i++) {
        const MessagePattern::Part &part = mp.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        UMessagePatternArgType type = part.getArgType();
        if (type != UMSGPAT_ARG_TYPE_PLURAL && type != UMSGPAT_ARG_TYPE_SELECTORDINAL && type != UMSGPAT_ARG_TYPE_SELECT)
            continue;
        const MessagePattern::Part &name = mp.getPart(i + 1);
        UnicodeString text = mp.getSubstring(name);
        std::string utf8(type == UMSGPAT_ARG_TYPE_SELECT ? "s:" : "p:");
        text.toUTF8String(utf8);
        // The selectors of this argument's own cases (`=0`, `one`, `other`), nested ones skipped.
        int32_t limit = mp.getLimitPartIndex(i);
        for (int32_t j = i + 2; j < limit; j++) {
            const MessagePattern::Part &sel = mp.getPart(j);
            if (sel.getType() == UMSGPAT_PART_TYPE_ARG_SELECTOR) {
                utf8 += ' ';
                mp.getSubstring(sel).toUTF8String(utf8);
            } else if (sel.getType() == UMSGPAT_PART_TYPE_MSG_START) {
                j = mp.getLimitPartIndex(j);
            }
        }
        if (n + (int32_t)utf8.size() + 2 > capacity) break;
        if (n > 0) out[n++] = ',';
        memcpy(out + n, utf8.data(), utf8.size());
        n += (int32_t)utf8.size();
        out[n] = 0;
    }
    return n;
}

extern "C" int32_t CICU_pluralSample(const char *locale, const char *keyword, double *sample, double *decimalSample,
                                     int32_t *err) {
    UErrorCode status = U_ZERO_ERROR;
    PluralRules *rules = PluralRules::forLocale(Locale(locale), status);
    if (U_FAILURE(status) || rules == NULL) {
        *err = (int32_t)status;
        delete rules;
        return 0;
    }
    double samples[8];
    int32_t found = rules->getSamples(UnicodeString(keyword, -1, US_INV), samples, 8, status);
    int32_t integer = 0;
    if (U_SUCCESS(status) && found > 0) {
        *decimalSample = samples[0];
        for (int32_t i = 0; i < found; i++) {
            if (samples[i] == (double)(int64_t)samples[i]) { *sample = samples[i]; integer = 1; break; }
        }
    }
    delete rules;
    *err = U_FAILURE(status) ? (int32_t)status : 0;
    return integer;
}
