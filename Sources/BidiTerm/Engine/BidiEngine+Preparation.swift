import CICU

extension BidiEngine {
    /// Puts the UTF-16 form of `text` into the unit buffer; returns its length.
    func load(_ text: String) -> Int {
        var text = text
        let count = text.utf8.count
        guard count > 0 else { return 0 }
        scratch.pointee.units.reserve(count)
        let dst = scratch.pointee.units.base
        return text.withUTF8 { BidiEngine.decodeUTF8($0.baseAddress!, $0.count, into: dst) }
    }

    /// The paragraph in the unit buffer, ready for bidi and clusters: digits converted, controls
    /// replaced by stand-ins, Arabic shaped, and what the text contains.
    func prepare(count n: Int, options: LayoutOptions) -> PreparedText {
        let u = scratch.pointee.units.base
        if let ns = options.numerals {
            let z = UInt16(ns.zero)
            for i in 0..<n {
                let x = u[i]
                if x < 0x30 || (x > 0x39 && x < 0x660) || x > 0x6F9 { continue }
                if let v = NumeralSystem.digitValue(UInt32(x)) { u[i] = z + UInt16(v) }
            }
        }
        var prepared = PreparedText(units: u, clusterStart: scratch.pointee.clusterStart.base, unitCluster: scratch.pointee.unitCluster.base)
        prepared.n = n
        var hasControl = false, arabic = false
        var classes: UInt16 = 0, transparent = false, noncharacter = false, shapingNeedsICU = false
        var allRTLNeutral = true, strongR = false
        let chars = self.chars
        let classMask = UInt16(CICU_INFO_GCB_MASK), transparentBit = UInt16(CICU_INFO_TRANSPARENT)
        let rtlNeutralBit = UInt16(CICU_INFO_RTL_NEUTRAL), strongRBit = UInt16(CICU_INFO_STRONG_R)
        let controlClass: UInt16 = 1 << UInt16(CICU_INFO_GCB_CONTROL), complexClass: UInt16 = 1 << UInt16(CICU_INFO_GCB_COMPLEX)
        for i in 0..<n {
            let x = u[i]
            if x < 0x7F {
                if x < 0x20 {
                    if x == 0x09 { prepared.hasTab = true } else { hasControl = true }
                    classes |= x == 0x0D ? complexClass : controlClass
                } else if x >= 0x30 && (x <= 0x39 || x >= 0x41 && x <= 0x5A || x >= 0x61 && x <= 0x7A) {
                    allRTLNeutral = false   // digits (EN) and Latin letters (L)
                }
                continue
            }
            let info = chars.info(x)
            classes |= 1 << (info & classMask)
            if info & transparentBit != 0 { transparent = true }
            if x <= 0x9F { hasControl = true; continue }
            if info & strongRBit != 0 { strongR = true }
            // Controls (their stand-ins are ON) aside, the bidi class decides.
            if info & rtlNeutralBit == 0 && x != 0x2028 && x != 0x2029 { allRTLNeutral = false }
            if x < 0x0590 { continue }
            if x <= 0x08FF {
                prepared.rtlPossible = true
                if x >= 0x0600 { arabic = true }
                continue
            }
            if x >= 0xD800 && x <= 0xDFFF { prepared.hasSurrogates = true; prepared.rtlPossible = true; continue }
            // Characters whose effect on shaping only ICU's own code knows (see `ShapingTable`).
            if x == 0x200D || (x >= 0x206D && x <= 0x206F) || (x >= 0xFB50 && x <= 0xFC62) || (x >= 0xFE70 && x <= 0xFEFC) {
                shapingNeedsICU = true
            }
            if (x >= 0x200E && x <= 0x200F) || (x >= 0x202A && x <= 0x202E) || (x >= 0x2066 && x <= 0x2069)
                || (x >= 0xFB1D && x <= 0xFDFF) || (x >= 0xFE70 && x <= 0xFEFF) {
                prepared.rtlPossible = true
                continue
            }
            if x == 0x2028 || x == 0x2029 { hasControl = true }
            if x >= 0xFFFE { noncharacter = true }
        }
        prepared.classes = classes
        prepared.allRTLNeutral = allRTLNeutral
        prepared.strongR = strongR
        if prepared.hasSurrogates {
            scratch.pointee.unitScalar.reserve(n)
            let us = scratch.pointee.unitScalar.base
            var s: Int32 = -1
            for i in 0..<n {
                if !(u[i] >= 0xDC00 && u[i] <= 0xDFFF) { s += 1 }
                us[i] = max(0, s)
            }
            prepared.unitScalar = us
        }
        // Stand-ins for bidi resolution and line breaking (R22).
        prepared.stand = u
        if hasControl {
            scratch.pointee.stand.reserve(n)
            let s = scratch.pointee.stand.base
            s.update(from: u, count: n)
            for i in 0..<n {
                let x = s[i]
                if x < 0x20 || (x >= 0x7F && x <= 0x9F) || x == 0x2028 || x == 0x2029, let r = Sanitizer.standIn(x) { s[i] = r }
            }
            prepared.stand = s
        }
        // Shaping (R20), on the stand-ins. A long paragraph is shaped in segments of about
        // `shapingSegment` units, each cut after an ASCII character: ASCII is non-joining and not
        // transparent, so no letter's joining looks across the cut, and the shaper's buffers stay
        // bounded by the segment. Text the shaper refuses (see `Shaper.shape`) stays unshaped, all
        // of it, as when it is shaped whole.
        prepared.glyphs = prepared.stand
        if options.shaping && arabic {
            scratch.pointee.glyphs.reserve(n)
            let g = scratch.pointee.glyphs.base
            g.update(from: prepared.stand, count: n)
            prepared.glyphs = g
            var s = 0
            while s < n {
                var e = n
                let segment = scratch.pointee.shapingSegment
                if n - s > segment {
                    e = s + segment
                    while e < n && g[e - 1] >= 0x80 { e += 1 }
                }
                guard let tails = scratch.pointee.shaper.shape(g + s, count: e - s, chars: chars, hasTransparent: transparent,
                                                                     hasNoncharacter: noncharacter, needsICU: shapingNeedsICU) else {
                    prepared.glyphs = prepared.stand
                    prepared.merged = nil
                    break
                }
                if !tails.isEmpty {
                    if prepared.merged == nil {
                        scratch.pointee.merged.reserve(n)
                        scratch.pointee.merged.base.update(repeating: false, count: n)
                        prepared.merged = scratch.pointee.merged.base
                    }
                    let m = prepared.merged!
                    for t in tails { m[s + Int(t)] = true }
                }
                s = e
            }
        }
        return prepared
    }

    /// The paragraph level, and whether ICU's bidi (set on `para`) is needed: not when nothing in
    /// the text can be right-to-left in an LTR paragraph.
    func resolveBidi(_ prepared: PreparedText, direction: BaseDirection, options: LayoutOptions) -> (Bool, UInt8) {
        let n = prepared.n
        var paraLevel = direction.levelWithoutStrongText
        var useICU = false
        if n > 0 && options.reordering && (prepared.rtlPossible || paraLevel == 1) {
            var base = direction
            if case .auto(let f) = direction, !prepared.rtlPossible, f == .rtl {
                // No RTL character: the first strong character, if any, is L.
                base = hasStrongLTR(prepared) ? .ltr : .rtl
            }
            var err: Int32 = 0
            // ICU keeps the pointer: the stand-ins stay in the engine's buffers until the next call.
            CICU_bidi_setPara(para.raw, prepared.stand, Int32(n), base.icuLevel, &err)
            if err <= 0 {
                useICU = true
                paraLevel = CICU_bidi_getParaLevel(para.raw) & 1
                if paraLevel == 0 && CICU_bidi_getDirection(para.raw) == 0 { useICU = false }
            }
        } else if case .auto = direction, n > 0, !prepared.rtlPossible, hasStrongLTR(prepared) {
            paraLevel = 0
        }
        return (useICU, paraLevel)
    }

    func hasStrongLTR(_ prepared: PreparedText) -> Bool {
        let strongL = UInt16(CICU_INFO_STRONG_L)
        for i in 0..<prepared.n {
            let u = prepared.stand[i]
            if (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) { return true }
            if u >= 0xC0 && chars.info(u) & strongL != 0 { return true }
        }
        return false
    }
}

/// The current paragraph, prepared: plain pointers into the engine's buffers, valid until the
/// engine's next call.
struct PreparedText {
    var n = 0
    /// The text as written (digits converted).
    var units: UnsafeMutablePointer<UInt16>
    /// `units` with controls replaced by stand-ins (the same buffer when there is no control).
    var stand: UnsafeMutablePointer<UInt16>
    /// `stand`, shaped (the same buffer when nothing was shaped).
    var glyphs: UnsafeMutablePointer<UInt16>
    /// Units merged into the previous lam-alef ligature; nil when there is none.
    var merged: UnsafeMutablePointer<Bool>? = nil
    var hasSurrogates = false
    var hasTab = false
    /// Something in the text may be right-to-left or steer bidi: Hebrew, Arabic and the other RTL
    /// blocks, explicit controls, Arabic-Indic digits, supplementary characters.
    var rtlPossible = false
    /// Unit offset of each cluster, plus n at the end (set by `buildClusters`).
    var clusterStart: UnsafeMutablePointer<Int32>
    /// Cluster index of each unit.
    var unitCluster: UnsafeMutablePointer<Int32>
    var clusterCount = 0
    /// One bit per grapheme cluster class (`CICU_INFO_GCB_`) met in the text.
    var classes: UInt16 = 0
    /// Every character (controls by their stand-ins) is R, AL or a neutral that takes the
    /// direction around it (`CICU_INFO_RTL_NEUTRAL`): no L, no number, no explicit formatting.
    var allRTLNeutral = false
    /// The text has an R or AL character.
    var strongR = false
    /// Scalar index of each unit (only with surrogates).
    var unitScalar: UnsafeMutablePointer<Int32>

    /// Units `range` of the text as a text of their own (clusters not built: see `buildClusters`).
    /// The caller keeps the range on cluster boundaries, away from the middle of a surrogate pair.
    func window(_ range: Range<Int>) -> PreparedText {
        var w = self
        let a = range.lowerBound
        w.n = range.count
        w.units = units + a
        w.stand = stand + a
        w.glyphs = glyphs + a
        w.merged = merged.map { $0 + a }
        w.clusterCount = 0
        return w
    }

    init(units: UnsafeMutablePointer<UInt16>, clusterStart: UnsafeMutablePointer<Int32>, unitCluster: UnsafeMutablePointer<Int32>) {
        self.units = units
        self.stand = units
        self.glyphs = units
        self.clusterStart = clusterStart
        self.unitCluster = unitCluster
        self.unitScalar = unitCluster
    }
}
