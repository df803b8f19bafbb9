#!/usr/bin/env python3
"""Builds the letter n-gram model of `LetterNgramModel` (R25: is a row already in visual order?).

Run from anywhere: python3 Scripts/make-letter-ngrams.py   (python3 standard library only; about
two minutes)

Sources: Debian's hunspell word lists, read from the installed packages
  myspell-he   /usr/share/hunspell/he_IL.dic  Hspell, (c) 2000-2017 Nadav Har'El and Dan
               Kenigsberg; AGPL-3.0-or-later
  hunspell-ar  /usr/share/hunspell/ar.dic     Ayaspell, (c) 2006-2008 Mohamed Kebdani;
               GPL-2.0-or-later / LGPL-2.1-or-later / MPL-1.1 (any of the three)
  myspell-fa   /usr/share/hunspell/fa_IR.dic  Gostareh Negar Co., Sharif FarsiWeb, Alan Baghumian
               and others; GPL-2.0-or-later
(apt-get install -y hunspell-ar myspell-he myspell-fa). The script reads each package's
/usr/share/doc/PKG/copyright and stops when it no longer names the licence above. None of these
licences forbids redistributing statistics derived from the lists, nor the lists' words; the
generated files name the sources and their licences.

What it writes (all committed):
  Sources/BidiTerm/Emulation/LetterNgrams+Data.swift   the model (generated: do not edit)
  Tests/BidiTermTests/Fixtures/LetterNgrams/heldout-{he,ar,fa}.txt          held-out words
  Tests/BidiTermTests/Fixtures/LetterNgrams/heldout-phrases-{he,ar,fa}.txt  held-out phrases
  Tests/BidiTermTests/Fixtures/LetterNgrams/README.md

Words. An entry of a list is `word/FLAGS` (anything after a blank dropped). The lists hold stems
(Hebrew without its prefixes ו ה ב ל מ ש כ, Arabic without ال و ب ف and most suffixes), which
running text rarely shows bare, so each entry also gives a few forms drawn at random (seeded)
from its own affix rules in the list's .aff file (SAMPLES; shorter affixes likelier); Persian's
list is already expanded. The forms are cut into words the way the scorer cuts text: maximal runs
of one script's letters. Marks (niqqud, harakat, tatweel) are dropped, presentation forms become
their letters (NFKC: the model never sees Arabic positional shapes), the Hebrew final letters
become their non-final forms (ך ם ן ף ץ to כ מ נ פ צ: final letters are R25's separate evidence,
and the model must decide without them), ۀ becomes ه (its ezafe hamza is a mark), ZWNJ ends a
word (the parts of a Persian word are shaped as words). A word with a letter outside the model's
alphabet is not scored; words of one letter read the same both ways and are left out.

Three tables: Hebrew (22 letters), Arabic and Persian (the same 42 letters of the Arabic script,
both lists' letters). Arabic and Persian get a table each: one joint table left about twice as
many held-out 2-word phrases without the right call at the same rate of wrong calls (Arabic 4.1%
against 2.2%, Persian 0.9% against 0.2%, at 0.25% wrong), for 80 KB more of source. The scorer
does not know a row's language, so it scores an Arabic-script row with both tables and takes, for
each reading, the likelier over the whole row (an approximation of the mixture of the two).

Each table is dense: -log P(z | x y) for every symbol triple, the symbols being the letters and one
boundary symbol (`^` in a context, `$` as the next letter; a word's first letter is P(z | ^ ^)).
Smoothing is add-k toward the next lower order: P(z|y) = (c(yz) + k V P(z)) / (c(y) + k V),
P(z|xy) = (c(xyz) + k V P(z|y)) / (c(xy) + k V), V the number of symbols, counting each distinct
word once; trigrams seen fewer than PRUNE times count as unseen and back off to the bigram. The
values are quantised to LEVELS levels of STEP nats and written one character each in a Swift raw
string literal (a large array literal compiles slowly; a string compiles at once).

Held-out evaluation: a seeded 10% of each list's entries (SEED), with their forms, is held out
and not trained on (words that training also has are dropped from it). Phrases of 1, 2, 3 and 5
held-out words are scored as written and reversed (a row in visual order: each word's letters and
the words' order reversed); the margin per letter and the fewest letters a call needs are chosen
here from those phrases (WRONG_TARGET, WRONG_TARGET_ONE) and written into the model. The script
also prints, for a look at running text, the calls on the project's Demo catalogs and on the
gettext catalogs installed under /usr/share/locale (other programs' interface text: never trained
on, never written anywhere); those are much harder than held-out words (short phrases of
frequent words such as לא, ملف, نام, whose reversal is a word too).
"""

import bisect
import collections
import math
import os
import random
import re
import subprocess
import sys
import unicodedata

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DATA = os.path.join(ROOT, "Sources", "BidiTerm", "Emulation", "LetterNgrams+Data.swift")
FIXTURES = os.path.join(ROOT, "Tests", "BidiTermTests", "Fixtures", "LetterNgrams")
CATALOGS = os.path.join(ROOT, "Demo", "catalogs")

SEED = 20250125          # the held-out split, the sampled forms and the phrases
HOLDOUT = 0.10           # share of each list's entries held out
SAMPLES = {"he": 2, "ar": 3, "fa": 0}   # forms drawn from each entry's affix rules
PREFIX_WEIGHT = 0.25     # a prefix of n letters weighs PREFIX_WEIGHT ** (n - 1) (no prefix: 1)
SUFFIX_WEIGHT = 0.5      # the same for suffixes
K_BIGRAM = 0.5           # add-k of the bigrams (toward the unigrams)
K_TRIGRAM = 0.5          # add-k of the trigrams (toward the bigrams)
PRUNE = 2                # trigrams seen fewer times than this back off to the bigram
STEP = 0.2               # nats per quantisation level
LEVELS = 64              # -log P = level * STEP, level 0...63 (clipped)
FIXTURE_WORDS = 400      # held-out words of each language in the fixture
FIXTURE_PHRASES = 500    # fixture phrases of each language and length
EVAL_PHRASES = 20000     # phrases of each language and length for choosing the margin
LENGTHS = (1, 2, 3, 5)   # words per phrase
WRONG_TARGET = 0.0025    # wrong calls allowed on phrases of 2+ words, each language and direction
WRONG_TARGET_ONE = 0.001 # wrong calls allowed on single words (rows of one short word: rather no call)
MARGINS = [round(0.05 * i, 2) for i in range(0, 61)]   # nats per letter
MIN_LETTERS = range(2, 13)

LANGUAGES = ("he", "ar", "fa")
FAMILY = {"he": 1, "ar": 2, "fa": 2}    # 1 Hebrew script, 2 Arabic script
SOURCES = {
    # language: (package, list, the licence as the copyright file says it, the licence as we name it)
    "he": ("myspell-he", "/usr/share/hunspell/he_IL.dic", "License: AGPL-3+",
           "AGPL-3.0-or-later (Hspell, (c) 2000-2017 Nadav Har'El, Dan Kenigsberg)"),
    "ar": ("hunspell-ar", "/usr/share/hunspell/ar.dic", "GPL 2.0/LGPL 2.1/MPL 1.1",
           "GPL-2.0-or-later / LGPL-2.1-or-later / MPL-1.1 (Ayaspell, (c) 2006-2008 Mohamed Kebdani)"),
    "fa": ("myspell-fa", "/usr/share/hunspell/fa_IR.dic", "either version 2 of the License, or",
           "GPL-2.0-or-later (Gostareh Negar Co., Sharif FarsiWeb, Alan Baghumian and others)"),
}

# MARK: - Letters

HEBREW = "אבגדהוזחטיכלמנסעפצקרשת"
FINALS = {"ך": "כ", "ם": "מ", "ן": "נ", "ף": "פ", "ץ": "צ"}
PERSIAN = "پچژکگی"
EXTRA = {"\u06C0": "\u0647"}   # ۀ: heh and the ezafe's hamza (a mark)
ZWNJ, ZWJ = "\u200C", "\u200D"

# The scorer's classes: a letter of the model is chr(SYMBOL + its index), index 1...; else
BREAK, IGNORE, UNKNOWN, SYMBOL = ".", ",", "?", 0x40     # below "A", the first letter
BLOCK = (0x0590, 0x08FF)     # Hebrew, Arabic, Syriac, Arabic Supplement, Thaana, NKo, ..., Arabic Extended-A
FORMS = (0xFB1D, 0xFEFC)     # Hebrew and Arabic presentation forms
FORM_WIDTH = 3               # symbols per presentation form (lam-alef is two letters, most ligatures three)
# The blocks of combining marks that any script takes (diacritical marks, their supplements and
# extensions, those for symbols, half marks): skipped inside a word. Elsewhere anything else ends it.
MARKS = ((0x0300, 0x036F), (0x0483, 0x0489), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))


def family_of(cp):
    """1 for the Hebrew script's code points, 2 for the Arabic script's (and the blocks after it up
    to Arabic Extended-A, whose letters are unknown to the model), 0 otherwise."""
    if 0x0590 <= cp <= 0x05FF or 0xFB1D <= cp <= 0xFB4F:
        return 1
    if 0x0600 <= cp <= 0x08FF or 0xFB50 <= cp <= 0xFEFC:
        return 2
    return 0


def alphabets(raw):
    """The letters of each script's tables: Hebrew's 22; the letters U+0621-064A that the Arabic or
    the Persian list uses, then the Persian letters, then those of U+06C0-06D3 the lists use."""
    present = set()
    for lang in ("ar", "fa"):
        for word, _ in raw[lang]:
            present.update(EXTRA.get(c, c) for c in unicodedata.normalize("NFKC", word))
    arabic = [chr(c) for c in range(0x0621, 0x064B) if chr(c) in present and unicodedata.category(chr(c)) == "Lo"]
    arabic += [c for c in PERSIAN if c not in arabic]
    arabic += [chr(c) for c in range(0x06C0, 0x06D4) if chr(c) in present and chr(c) not in EXTRA and chr(c) not in arabic]
    return {1: HEBREW, 2: "".join(arabic)}


def classify(ch, alpha):
    """The class of one character (after NFKC): a letter of the model, a mark, an unknown letter, a break."""
    ch = EXTRA.get(ch, FINALS.get(ch, ch))
    cp = ord(ch)
    fam = family_of(cp)
    if fam and ch in alpha[fam]:
        return chr(SYMBOL + 1 + alpha[fam].index(ch))
    cat = unicodedata.category(ch)
    if cat.startswith("M") or cp == 0x0640 or ch == ZWJ:      # marks, tatweel, ZWJ
        return IGNORE
    if cat.startswith("L") and fam:
        return UNKNOWN
    return BREAK


def class_tables(alpha):
    """The scorer's two lookup strings: one class per code point of BLOCK, FORM_WIDTH per form of FORMS."""
    block = "".join(classify(chr(cp), alpha) for cp in range(BLOCK[0], BLOCK[1] + 1))
    forms = []
    for cp in range(FORMS[0], FORMS[1] + 1):
        ch = chr(cp)
        nfkc = unicodedata.normalize("NFKC", ch)
        if nfkc[:1] == " " and len(nfkc) > 1 and all(0x064B <= ord(c) <= 0x065F for c in nfkc[1:]):
            nfkc = nfkc[1:]                                 # a spacing haraka (ﹶ): the haraka
        parts = [classify(c, alpha) for c in nfkc]
        kept = [p for p in parts if p != IGNORE]
        if unicodedata.category(ch) == "Cn" or (kept and all(p == BREAK for p in kept)):
            cls = BREAK                                     # unassigned, punctuation, spaces
        elif not kept:
            cls = IGNORE                                    # a mark, or tatweel and a mark
        elif any(p in (BREAK, UNKNOWN) for p in kept) or len(kept) > FORM_WIDTH:
            cls = UNKNOWN                                   # ﷺ and other phrases in one character
        else:
            cls = "".join(kept)
        forms.append(cls + IGNORE * (FORM_WIDTH - len(cls)))
    return block, "".join(forms)


class Classes:
    """The scorer's view of text: classes of characters, and the words it scores."""

    def __init__(self, alpha):
        self.alpha = alpha
        self.block, self.forms = class_tables(alpha)

    def of(self, ch):
        """The classes of one character, as the Swift scorer finds them."""
        cp = ord(ch)
        if BLOCK[0] <= cp <= BLOCK[1]:
            return self.block[cp - BLOCK[0]]
        if FORMS[0] <= cp <= FORMS[1]:
            i = (cp - FORMS[0]) * FORM_WIDTH
            return self.forms[i:i + FORM_WIDTH]
        if ch == ZWJ or any(a <= cp <= b for a, b in MARKS):
            return IGNORE
        return BREAK

    def words(self, text):
        """The words the scorer scores, as (family, symbols, start, end) with text[start:end] the
        word's spelling: runs of one script's letters (marks inside skipped); a run with a letter
        the model does not know is dropped, and so are runs of one letter."""
        out = []
        fam, syms, bad, start, end = 0, [], False, 0, 0

        for i, ch in enumerate(text):
            for c in self.of(ch):
                if c == IGNORE:
                    if fam:
                        end = i + 1
                    continue
                if c == BREAK:
                    if fam > 0 and not bad and len(syms) >= 2:
                        out.append((fam, tuple(syms), start, end))
                    fam, syms, bad = 0, [], False
                    continue
                if c == UNKNOWN:
                    if not fam:
                        fam, start = -1, i
                    bad, end = True, i + 1
                    continue
                f = family_of(ord(ch))
                if fam and fam != f and not bad:
                    if fam > 0 and len(syms) >= 2:
                        out.append((fam, tuple(syms), start, end))
                    fam, syms = 0, []
                if not fam:
                    fam, start = f, i
                syms.append(ord(c) - SYMBOL)
                end = i + 1
        if fam > 0 and not bad and len(syms) >= 2:
            out.append((fam, tuple(syms), start, end))
        return out

# MARK: - Word lists


def check_licences():
    for lang, (package, _, licence, _) in SOURCES.items():
        path = f"/usr/share/doc/{package}/copyright"
        try:
            text = open(path, encoding="utf-8").read()
        except OSError:
            sys.exit(f"{path}: missing (apt-get install -y {package})")
        if licence not in text:
            sys.exit(f"{path} no longer says {licence!r}: read its licence again before using {package}")


def dictionary_path(lang):
    package, dic, _, _ = SOURCES[lang]
    if os.path.exists(dic):
        return dic
    try:
        files = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True).stdout.split()
    except OSError:
        files = []
    for f in files:
        if os.path.basename(f) == os.path.basename(dic) and os.path.exists(f):
            return f
    sys.exit(f"{dic}: missing (apt-get install -y {package})")


def entries(lang):
    """The list's entries: (word, [flags]), the word's `/FLAGS` split off and anything after a
    blank dropped, in file order, unique by word (a repeated word keeps every line's flags)."""
    out = {}
    with open(dictionary_path(lang), encoding="utf-8") as f:
        next(f)                                    # the word count
        for line in f:
            if not line.strip():
                continue
            word, _, flags = line.split(None, 1)[0].partition("/")
            if word:
                out.setdefault(word, [])
                if flags:
                    out[word].append(flags)
    return list(out.items())


class Affixes:
    """A list's .aff file, enough to draw forms of a word: its PFX and SFX classes (strip, add,
    condition, continuation flags, cross product), FLAG and AF (flag aliases)."""

    def __init__(self, dic):
        self.mode, self.aliases = "char", []
        self.classes = {}         # flag: (kind, cross, {(strip, condition): [rules]})
        aff = dic[:-4] + ".aff"
        if not os.path.exists(aff):
            return
        af_header = True
        for line in open(aff, encoding="utf-8"):
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            if parts[0] == "FLAG" and len(parts) > 1:
                self.mode = parts[1]
            elif parts[0] == "AF" and len(parts) > 1:
                if af_header:
                    af_header = False           # "AF count"
                else:
                    self.aliases.append(parts[1])
            elif parts[0] in ("PFX", "SFX") and len(parts) >= 4:
                kind, flag = parts[0], parts[1]
                if flag not in self.classes:
                    self.classes[flag] = (kind, parts[2] == "Y", {})
                    continue
                strip = "" if parts[2] == "0" else parts[2]
                add, _, cont = parts[3].partition("/")
                add = "" if add == "0" else add
                cond = parts[4] if len(parts) > 4 else "."
                self.classes[flag][2].setdefault((strip, cond), []).append((strip, add, cont))
        # Each group of rules with one strip and condition: its pattern, rules and cumulative weights.
        for flag, (kind, cross, groups) in self.classes.items():
            weight = PREFIX_WEIGHT if kind == "PFX" else SUFFIX_WEIGHT
            compiled = []
            for (strip, cond), rules in groups.items():
                pattern = re.compile(("^" + cond) if kind == "PFX" else (cond + "$"))
                total, cumulative = 0.0, []
                for _, add, _ in rules:
                    total += weight ** max(0, len(add) - 1)
                    cumulative.append(total)
                compiled.append((strip, pattern, rules, cumulative, total))
            self.classes[flag] = (kind, cross, compiled)

    def flags(self, texts):
        out = []
        for text in texts:
            if self.aliases and text.isdigit():
                text = self.aliases[int(text) - 1]
            if self.mode == "long":
                out += [text[i:i + 2] for i in range(0, len(text), 2)]
            elif self.mode == "num":
                out += text.split(",")
            else:
                out += list(text)
        return out

    def pick(self, kind, flags, word, rng):
        """One rule of `flags` of that kind that applies to `word`, drawn at random, or None (as
        likely as one affix of one letter): (strip, add, continuation flags, cross product)."""
        groups, total = [], 1.0
        for flag in flags:
            c = self.classes.get(flag)
            if not c or c[0] != kind:
                continue
            for strip, pattern, rules, cumulative, weight in c[2]:
                if (word.startswith(strip) if kind == "PFX" else word.endswith(strip)) and pattern.search(word):
                    groups.append((rules, cumulative, weight, c[1]))
                    total += weight
        x = rng.random() * total - 1.0
        for rules, cumulative, weight, cross in groups:
            if x < weight:
                strip, add, cont = rules[min(len(rules) - 1, bisect.bisect_right(cumulative, max(0.0, x)))]
                return strip, add, self.flags([cont] if cont else []), cross
            x -= weight
        return None

    def forms(self, word, flags, samples, rng):
        """The word and `samples` forms of it drawn at random: a suffix of its flags or none, then
        a prefix (of its flags if both allow the cross product, or of the suffix's continuation
        flags) or none; the shorter an affix, the likelier (running text has more ה, ו and ال
        than וכשה and أفبال)."""
        out = [word]
        fl = self.flags(flags)
        if not fl:
            return out
        for _ in range(samples):
            w, pflags = word, fl
            s = self.pick("SFX", fl, word, rng)
            if s:
                strip, add, cont, cross = s
                w = w[:len(w) - len(strip)] + add
                pflags = (fl if cross else []) + cont
            p = self.pick("PFX", pflags, w, rng)
            if p:
                strip, add, _, _ = p
                w = add + w[len(strip):]
            if w != word:
                out.append(w)
        return out



def list_words(lang, raw, classes, rng):
    """Each entry's words: [[(symbols, spelling)]], from the entry and its sampled forms."""
    affixes = Affixes(dictionary_path(lang))
    out = []
    for word, flags in raw:
        seen, words = set(), []
        for form in affixes.forms(word, flags, SAMPLES[lang], rng):
            for fam, syms, start, end in classes.words(form):
                if fam == FAMILY[lang] and syms not in seen:
                    seen.add(syms)
                    words.append((syms, form[start:end]))
        out.append(words)
    return out

# MARK: - Model


def train(words, size):
    """The dense table of -log P(z | x y), in levels, over `size` symbols (0 the boundary), from
    distinct words of symbols. Returns the table, the trigrams kept and the trigrams seen."""
    V = size
    uni, bi, tri = collections.Counter(), collections.Counter(), collections.Counter()
    for w in words:
        p = (0, 0) + w + (0,)
        for i in range(2, len(p)):
            uni[p[i]] += 1
            bi[p[i - 1], p[i]] += 1
            tri[p[i - 2], p[i - 1], p[i]] += 1
    n = sum(uni.values())
    p1 = [(uni[z] + 1) / (n + V) for z in range(V)]
    bi_ctx = collections.Counter()
    for (y, z), c in bi.items():
        bi_ctx[y] += c
    p2 = [[(bi[y, z] + K_BIGRAM * V * p1[z]) / (bi_ctx[y] + K_BIGRAM * V) for z in range(V)] for y in range(V)]
    kept = {t: c for t, c in tri.items() if c >= PRUNE}
    tri_ctx = collections.Counter()
    for (x, y, _), c in kept.items():
        tri_ctx[x, y] += c
    table = []
    for x in range(V):
        for y in range(V):
            d = tri_ctx[x, y] + K_TRIGRAM * V
            for z in range(V):
                p = (kept.get((x, y, z), 0) + K_TRIGRAM * V * p2[y][z]) / d
                table.append(min(LEVELS - 1, max(0, round(-math.log(p) / STEP))))
    return table, len(kept), len(tri)


class Model:
    """The scorer, as the Swift one: sums of levels (-log P / STEP) per table, forward and reversed."""

    def __init__(self, classes, tables):
        self.classes = classes
        self.tables = tables                 # {lang: (symbols, levels)}
        self.cache = {}

    def word(self, fam, w):
        """{lang: (forward, reversed)} of one word for the tables of its script."""
        key = (fam, w)
        got = self.cache.get(key)
        if got is None:
            got = {}
            p = (0,) + w + (0,)
            for lang in LANGUAGES:
                if FAMILY[lang] != fam:
                    continue
                V, t = self.tables[lang]
                f, r = t[w[0]], t[w[-1]]
                for i in range(len(p) - 2):
                    a, b, c = p[i], p[i + 1], p[i + 2]
                    f += t[(a * V + b) * V + c]
                    r += t[(c * V + b) * V + a]
                got[lang] = (f, r)
            if len(self.cache) < 2_000_000:
                self.cache[key] = got
        return got

    def score(self, text):
        """(forward, reversed, letters): for each script the smallest sum of its tables, per reading."""
        sums = {lang: [0, 0] for lang in LANGUAGES}
        seen = set()
        letters = 0
        for fam, w, _, _ in self.classes.words(text):
            seen.add(fam)
            for lang, (f, r) in self.word(fam, w).items():
                sums[lang][0] += f
                sums[lang][1] += r
            letters += len(w)
        forward = reverse = 0
        for fam in seen:
            langs = [l for l in LANGUAGES if FAMILY[l] == fam]
            forward += min(sums[l][0] for l in langs)
            reverse += min(sums[l][1] for l in langs)
        return forward, reverse, letters

# MARK: - Evaluation


def phrases(words, count, length, rng):
    return [" ".join(rng.choice(words) for _ in range(length)) for _ in range(count)]


def call(score, margin, minimum):
    """"logical", "visual" or None, as LetterNgramModel.order(of:) decides."""
    f, r, n = score
    if n < minimum:
        return None
    d = (r - f) * STEP / n            # nats per letter in favour of the text as written
    return "logical" if d > margin else "visual" if d < -margin else None


def rates(model, texts, margin, minimum):
    """[(right, wrong)] of the texts as written (logical) and reversed (visual)."""
    out = []
    for expected, transform in (("logical", lambda s: s), ("visual", lambda s: s[::-1])):
        calls = [call(model.score(transform(t)), margin, minimum) for t in texts]
        out.append((sum(c == expected for c in calls) / len(texts),
                     sum(c is not None and c != expected for c in calls) / len(texts)))
    return out


def choose(model, evaluation):
    """The margin and the fewest letters: of the pairs whose wrong calls stay within WRONG_TARGET
    on phrases of 2, 3 and 5 words and within WRONG_TARGET_ONE on single words, for every language
    and direction, the one with the most right calls on 2-word phrases in the worst language and
    direction (on a tie, the fewer letters, then the smaller margin). A reversed phrase scores as
    the phrase with its two readings swapped, so one sample stands for both directions."""
    groups = []                      # (length, [(letters, nats per letter toward the right call)])
    for lang, by_length in evaluation.items():
        for length, texts in by_length.items():
            rows = []
            for t in texts:
                f, r, n = model.score(t)
                rows.append((n, (r - f) * STEP / n if n else 0.0))
            groups.append((length, rows))
    best = None
    for minimum in MIN_LETTERS:
        sorted_groups = [(length, len(rows), sorted(d for n, d in rows if n >= minimum)) for length, rows in groups]
        for margin in MARGINS:
            worst_right, ok = 1.0, True
            for length, total, d in sorted_groups:
                wrong = bisect.bisect_left(d, -margin) / total
                if wrong > (WRONG_TARGET_ONE if length == 1 else WRONG_TARGET):
                    ok = False
                    break
                if length == 2:
                    worst_right = min(worst_right, (len(d) - bisect.bisect_right(d, margin)) / total)
            if ok and (best is None or worst_right > best[0] + 1e-9):
                best = (worst_right, margin, minimum)
    if best is None:
        sys.exit(f"no margin keeps the wrong calls within {WRONG_TARGET:.2%}")
    return best[1], best[2]


def installed_texts(lang):
    """The translations of the gettext catalogs installed for LANG (/usr/share/locale/LANG/
    LC_MESSAGES/*.mo, other programs' interface text), a line each, the mnemonic markers & and _
    before a letter dropped: running text to look at, never trained on and never written."""
    import glob
    import struct
    lines = []
    for path in sorted(glob.glob(f"/usr/share/locale/{lang}/LC_MESSAGES/*.mo")):
        if os.path.basename(path).startswith("iso_"):
            continue                                # names of languages and countries
        data = open(path, "rb").read()
        if len(data) < 28:
            continue
        order = {0x950412DE: "<", 0xDE120495: ">"}.get(struct.unpack("<I", data[:4])[0])
        if not order:
            continue
        count, _, translations = struct.unpack(order + "3I", data[8:20])
        for i in range(1, count):                   # entry 0 is the header
            length, offset = struct.unpack(order + "2I", data[translations + 8 * i:translations + 8 * i + 8])
            text = data[offset:offset + length].decode("utf-8", "replace")
            lines += [re.sub(r"[&_](?=\w)", "", l) for l in re.split(r"[\0\n]", text) if l.strip()]
    return lines


def catalog_texts(lang):
    """The lines of the translations of Demo/catalogs/LANG.po (the project's own texts), for a
    look at running text; the header and lines without letters of the script skipped."""
    path = os.path.join(CATALOGS, f"{lang}.po")
    if not os.path.exists(path):
        return []
    strings, current = [], None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line.startswith("msgstr"):
            current = []
            strings.append(current)
            line = line.split(None, 1)[1] if " " in line else ""
        elif not line.startswith('"'):
            current = None
        if current is not None and line.startswith('"') and line.endswith('"'):
            current.append(line[1:-1].replace('\\n', "\n").replace('\\"', '"').replace("\\\\", "\\"))
    lines = []
    for parts in strings[1:]:
        lines += [l for l in "".join(parts).split("\n") if l.strip()]
    return lines

# MARK: - Output


def swift_lines(chars, indent="        ", width=112):
    return "\n".join(indent + chars[i:i + width] for i in range(0, len(chars), width))


def wrap(text, prefix="// ", width=100):
    out, line = [], ""
    for word in text.split():
        if line and len(prefix) + len(line) + 1 + len(word) > width:
            out.append(prefix + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join(out + [prefix + line])


def raw_string(doc, name, chars):
    return f"""{doc}
    static let {name} = #\"\"\"
{swift_lines(chars)}
        \"\"\"#
"""


def write_data(alpha, classes, tables, margin, minimum, notes, figures):
    sources = "\n".join(f"//   {SOURCES[l][0]:12} {SOURCES[l][1]:30} {SOURCES[l][3]}" for l in LANGUAGES)
    names = {"he": "hebrew", "ar": "arabic", "fa": "persian"}
    text = f"""// Generated by Scripts/make-letter-ngrams.py. Do not edit: change the script and run it again.
//
// A letter trigram model of Hebrew, Arabic and Persian for LetterNgramModel, built from Debian's
// hunspell word lists (package, list, licence):
{sources}
// The tables are statistics of those lists (no word of them is stored here); the lists'
// licences allow redistributing them.
//
// Each table holds -log P(z | x y) for every triple of symbols, in levels of `step` nats, one
// character per triple ("0" + level), at offset (x * n + y) * n + z, n the number of symbols:
// index 0 is the boundary ("^" before a word as x or y, "$" after it as z), 1... the letters of
// the script's alphabet. A word's first letter z is P(z | ^ ^).
//
{wrap(notes)}
//
{wrap(figures)}

extension LetterNgramModel {{
    /// Nats per quantisation level of the tables.
    static let step = {STEP}
    /// How much likelier per letter, in nats, one reading must be than the other for a call:
    /// chosen by the script from held-out phrases, for at most {WRONG_TARGET:.2%} wrong calls on
    /// phrases of two words or more and {WRONG_TARGET_ONE:.2%} on single words.
    static let margin = {margin}
    /// The fewest letters (of words of two letters or more) a call needs.
    static let minimumLetters = {minimum}

    /// The Hebrew letters of the model, in index order (from 1): a final letter counts as its
    /// non-final form.
    static let hebrewAlphabet = "{alpha[1]}"
    /// The Arabic-script letters of the model (Arabic's and Persian's), in index order (from 1).
    static let arabicAlphabet = "{alpha[2]}"
    /// The number of symbols (the boundary and the letters) of the Hebrew table.
    static let hebrewSymbols = {len(alpha[1]) + 1}
    /// The number of symbols (the boundary and the letters) of the Arabic and Persian tables.
    static let arabicSymbols = {len(alpha[2]) + 1}

{raw_string(f'''    /// The class of each code point of U+{BLOCK[0]:04X}...U+{BLOCK[1]:04X}: "." not part of a word, "," skipped
    /// in a word (marks, tatweel), "?" a letter the model does not know, else "@" + the index of
    /// the letter (in the Hebrew alphabet below U+0600, in the Arabic one above).''', "blockClasses", classes.block)}
{raw_string(f'''    /// The classes of each presentation form of U+{FORMS[0]:04X}...U+{FORMS[1]:04X}, {FORM_WIDTH} a form: those of the
    /// letters of its compatibility decomposition (NFKC), padded with ","; a Hebrew form below
    /// U+FB50.''', "formClasses", classes.forms)}
"""
    for lang in LANGUAGES:
        V, t = tables[lang]
        text += "\n" + raw_string(f"    /// The {names[lang].capitalize()} table: {V}³ = {V ** 3} triples.",
                                  names[lang] + "Table", "".join(chr(0x30 + v) for v in t))
    text += "}\n"
    with open(DATA, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{len(text.encode()):8d} bytes  {os.path.relpath(DATA, ROOT)}")


def write_fixtures(words, phrase_lines):
    os.makedirs(FIXTURES, exist_ok=True)
    for lang in LANGUAGES:
        for name, lines in ((f"heldout-{lang}.txt", words[lang]), (f"heldout-phrases-{lang}.txt", phrase_lines[lang])):
            path = os.path.join(FIXTURES, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            print(f"{os.path.getsize(path):8d} bytes  {os.path.relpath(path, ROOT)}")
    readme = f"""# Held-out words of the letter n-gram model

Written by `Scripts/make-letter-ngrams.py` (do not edit: run the script again). The model of
`LetterNgramModel` (`Sources/BidiTerm/Emulation/LetterNgrams+Data.swift`) is trained on 90% of
the entries of Debian's hunspell word lists, and forms of them drawn from the lists' affix rules;
the words here come from the other 10% (seed {SEED}) and were never trained on.
`LetterNgramModelTests` scores them as written and reversed.

- `heldout-{{he,ar,fa}}.txt`: {FIXTURE_WORDS} held-out words of each language, one a line, spelled as
  the list spells them (final letters and marks kept, hunspell flags stripped).
- `heldout-phrases-{{he,ar,fa}}.txt`: {FIXTURE_PHRASES} phrases of each length, {", ".join(map(str, LENGTHS))} words in
  that order, made of held-out words picked at random, one a line.

The words are copied from these lists, under their licences:

| Files | Debian package | List | Licence |
|---|---|---|---|
"""
    for lang in LANGUAGES:
        package, dic, _, licence = SOURCES[lang]
        readme += f"| `heldout-{lang}.txt`, `heldout-phrases-{lang}.txt` | {package} | `{dic}` | {licence} |\n"
    readme += "\nThe licences' full texts are in each package's `/usr/share/doc/PACKAGE/copyright`.\n"
    with open(os.path.join(FIXTURES, "README.md"), "w", encoding="utf-8") as f:
        f.write(readme)


def figure(label, texts, model, margin, minimum):
    (lr, lw), (vr, vw) = rates(model, texts, margin, minimum)
    return (f"{label}: logical {lr:.1%} right {lw:.2%} wrong, visual {vr:.1%} right {vw:.2%} wrong "
            f"(n={len(texts)})")


def main():
    check_licences()
    rng = random.Random(SEED)
    raw = {lang: entries(lang) for lang in LANGUAGES}
    alpha = alphabets(raw)
    classes = Classes(alpha)

    tables, heldout, notes = {}, {}, []
    for lang in LANGUAGES:
        by_entry = list_words(lang, raw[lang], classes, rng)
        order = list(range(len(by_entry)))
        rng.shuffle(order)
        cut = int(len(order) * HOLDOUT)
        trained = {syms for i in order[cut:] for syms, _ in by_entry[i]}
        held = {}
        for i in order[:cut]:
            for syms, spelling in by_entry[i]:
                if syms not in trained and syms not in held:
                    held[syms] = spelling
        heldout[lang] = list(held.values())
        V = len(alpha[FAMILY[lang]]) + 1
        t, kept, seen = train(sorted(trained), V)
        tables[lang] = (V, t)
        clipped = sum(v == LEVELS - 1 for v in t)
        print(f"{lang}: {len(raw[lang])} entries, {len(trained)} words trained on, {len(held)} held out; "
              f"{seen} trigrams seen, {kept} kept; {clipped} of {len(t)} levels clipped")
        sampled = f"{SAMPLES[lang]} forms drawn from each entry's affixes" if SAMPLES[lang] else "the list's own forms"
        notes.append(f"{lang}: {len(raw[lang])} entries, {len(trained)} distinct words trained on ({sampled}), "
                     f"{seen} trigrams seen, {kept} seen {PRUNE} times or more (the others back off to bigrams).")
    model = Model(classes, tables)

    evaluation = {lang: {n: phrases(heldout[lang], EVAL_PHRASES, n, rng) for n in LENGTHS} for lang in LANGUAGES}
    margin, minimum = choose(model, evaluation)
    print(f"margin {margin} nats a letter, {minimum} letters at least")
    lines = []
    for lang in LANGUAGES:
        for n in LENGTHS:
            lines.append(figure(f"{lang} {n} words", evaluation[lang][n], model, margin, minimum))
            print("  held out " + lines[-1])
    for lang in LANGUAGES:
        texts = catalog_texts(lang)
        if texts:
            print("  Demo/catalogs " + figure(f"{lang}", texts, model, margin, minimum))
    for lang in LANGUAGES:
        texts = installed_texts(lang)
        for label, some in (("1 word", [t for t in texts if len(classes.words(t)) == 1]),
                            ("2+ words", [t for t in texts if len(classes.words(t)) >= 2])):
            if some:
                print("  installed catalogs " + figure(f"{lang} {label}", some, model, margin, minimum))

    fixture_words = {lang: heldout[lang][:FIXTURE_WORDS] for lang in LANGUAGES}
    fixture_phrases = {lang: [p for n in LENGTHS for p in phrases(heldout[lang], FIXTURE_PHRASES, n, rng)]
                       for lang in LANGUAGES}
    figures = (f"Held-out phrases (seed {SEED}), as written and reversed: "
               + "; ".join(l for l in lines if " 1 words" not in l) + ".")
    write_data(alpha, classes, tables, margin, minimum, " ".join(notes), figures)
    write_fixtures(fixture_words, fixture_phrases)
    for lang in LANGUAGES:
        for i, n in enumerate(LENGTHS):
            texts = fixture_phrases[lang][i * FIXTURE_PHRASES:(i + 1) * FIXTURE_PHRASES]
            print("  fixture " + figure(f"{lang} {n} words", texts, model, margin, minimum))


if __name__ == "__main__":
    main()
