import Foundation

/// Loads localization catalogs: gettext `.po`/`.mo`, Apple `.strings`/`.stringsdict`/`.xcstrings`, Android
/// `strings.xml`, XLIFF 1.2/2.0, JSON, ARB, and Qt `.ts`/`.qm`.
///
/// ```swift
/// let catalog = try CatalogLoader.load(path: "res/values-ar/strings.xml")
/// for warning in catalog.warnings { print(warning) }     // file:line:column: message
/// print(catalog.lookup("app_name") ?? "?")
/// ```
///
/// A file that cannot be read as its format throws a ``CatalogDiagnostic`` with the file, line and
/// column of the problem. Problems that leave the rest usable (invalid UTF-8, NUL characters,
/// duplicate keys, elements the model has no place for) become ``Catalog/warnings``; nothing is
/// dropped without one.
///
/// Text files may be UTF-8 (with or without BOM) or UTF-16 with a BOM; line breaks may be `\n`,
/// `\r\n` or `\r`, mixed. gettext and `.strings` files are parsed by hand from their bytes; JSON
/// goes through `JSONSerialization` and XML through `XMLParser`.
public enum CatalogLoader {
    /// Loads the catalog at `path`.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - format: the format; `nil` detects it with ``detectFormat(path:data:)``.
    ///   - locale: for `.xcstrings`, which holds several languages, the language to load; `nil`
    ///     picks the first localization other than the source language, in alphabetical order
    ///     (the source language when there is no other). For the other formats, the catalog's
    ///     locale when the file itself does not name one (it wins over a locale guessed from the path).
    /// - Returns: the catalog, with its warnings.
    /// - Throws: ``CatalogDiagnostic`` when the file cannot be read, its format is unknown, or it is
    ///   malformed.
    /// - Complexity: O(*n*) in the size of the file.
    public static func load(path: String, format: CatalogFormat? = nil, locale: String? = nil) throws -> Catalog {
        // A loop of links, a device or a pipe is named as such (a pipe would otherwise block the read).
        if let why = CatalogFiles.problem(path: path) {
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "cannot read the file: \(why)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "cannot read the file: \(error.localizedDescription)")
        }
        return try load(data: data, path: path, format: format, locale: locale)
    }

    /// Loads a catalog from bytes already in memory; `path` names it in diagnostics, and serves
    /// format detection and the locale guess. Otherwise the same as ``load(path:format:locale:)``.
    public static func load(data: Data, path: String, format: CatalogFormat? = nil, locale: String? = nil) throws -> Catalog {
        guard let format = format ?? detectFormat(path: path, data: data) else {
            throw CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "unknown catalog format (expected .po, .mo, .strings, .stringsdict, .xcstrings, strings.xml, .xlf, .json, .arb, .ts or .qm)")
        }
        let bytes = [UInt8](data)
        let fallbackLocale = locale ?? self.locale(fromPath: path)
        switch format {
        case .po: return try loadPO(bytes, path: path, fallbackLocale: fallbackLocale)
        case .mo: return try loadMO(bytes, path: path, fallbackLocale: fallbackLocale)
        case .strings: return try loadStrings(bytes, path: path, fallbackLocale: fallbackLocale)
        case .xcstrings: return try loadXCStrings(bytes, path: path, locale: locale)
        case .stringsdict: return try loadStringsDict(bytes, path: path, fallbackLocale: fallbackLocale)
        case .androidXML: return try loadAndroidXML(bytes, path: path, fallbackLocale: fallbackLocale)
        case .xliff12, .xliff20: return try loadXLIFF(bytes, path: path, fallbackLocale: fallbackLocale)
        case .json, .arb: return try loadJSON(bytes, path: path, arb: format == .arb, fallbackLocale: fallbackLocale)
        case .qtTS: return try loadQtTS(bytes, path: path, fallbackLocale: fallbackLocale)
        case .qtQM: return try loadQtQM(bytes, path: path, fallbackLocale: fallbackLocale)
        }
    }

    /// The format of a catalog, from the file extension, else from the first bytes; `nil` when
    /// neither tells.
    ///
    /// Extensions: `.po`/`.pot`, `.mo`/`.gmo`, `.strings`, `.stringsdict`, `.xcstrings`, `.arb`, `.json` (ARB when
    /// it has an `@@locale` key near the top), `.xlf`/`.xliff` (1.2 or 2.0 from the `version`
    /// attribute), `.xml` (XLIFF when the root is `<xliff>`, Android otherwise), `.qm`, `.ts` (Qt
    /// Linguist when it is XML: a TypeScript file is no catalog). A `.qm` file is also
    /// known by its magic number, a `.ts` by its `<TS>` root, a `.stringsdict` by a `<plist>` root
    /// with `NSStringLocalizedFormatKey` near the top.
    public static func detectFormat(path: String, data: Data) -> CatalogFormat? {
        let name = (path as NSString).lastPathComponent.lowercased()
        let ext = (name as NSString).pathExtension
        let head = sniffText(data)
        switch ext {
        case "po", "pot": return .po
        case "mo", "gmo": return .mo
        case "strings": return .strings
        case "xcstrings": return .xcstrings
        case "stringsdict": return .stringsdict
        case "arb": return .arb
        case "xlf", "xliff": return xliffVersion(head)
        case "json": return head.contains("\"@@locale\"") ? .arb : .json
        case "xml": return rootElement(head) == "xliff" ? xliffVersion(head) : .androidXML
        case "qm": return .qtQM
        case "ts": return head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<") ? .qtTS : nil
        default: break
        }
        let prefix = [UInt8](data.prefix(4))
        if prefix == [0xDE, 0x12, 0x04, 0x95] || prefix == [0x95, 0x04, 0x12, 0xDE] { return .mo }
        if data.starts(with: Array("bplist".utf8)) { return .strings }
        if data.starts(with: qmMagic) { return .qtQM }
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") {
            switch rootElement(head) {
            case "xliff": return xliffVersion(head)
            case "resources": return .androidXML
            case "plist": return head.contains("NSStringLocalizedFormatKey") ? .stringsdict : .strings
            case "TS": return .qtTS
            default: return nil
            }
        }
        if trimmed.hasPrefix("{") {
            if head.contains("\"@@locale\"") { return .arb }
            if head.contains("\"sourceLanguage\"") && head.contains("\"strings\"") { return .xcstrings }
            return .json
        }
        if head.contains("\nmsgid ") || head.contains("\nmsgid\t") || trimmed.hasPrefix("msgid ") || trimmed.hasPrefix("msgctxt ") {
            return .po
        }
        if trimmed.hasPrefix("\"") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("//") { return .strings }
        return nil
    }

    /// The first 4 KiB of `data` as text, for sniffing (UTF-16 when it has a BOM).
    private static func sniffText(_ data: Data) -> String {
        let head = [UInt8](data.prefix(4096))
        let littleEndianBOM = head.starts(with: [0xFF, 0xFE]), bigEndianBOM = head.starts(with: [0xFE, 0xFF])
        if littleEndianBOM || bigEndianBOM {
            var units: [UInt16] = []
            var i = 2
            while i + 1 < head.count {
                let (a, b) = (UInt16(head[i]), UInt16(head[i + 1]))
                units.append(bigEndianBOM ? a << 8 | b : b << 8 | a)
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        return String(decoding: head, as: UTF8.self)
    }

    /// The name of the first element in `head`, after the declaration, comments and DOCTYPE.
    private static func rootElement(_ head: String) -> String? {
        var rest = head[...]
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            if after.hasPrefix("?") || after.hasPrefix("!") {
                let close = after.hasPrefix("!--") ? after.range(of: "-->")?.upperBound : after.firstIndex(of: ">")
                guard let close else { return nil }
                rest = after[close...]
                continue
            }
            return String(after.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
        }
        return nil
    }

    private static func xliffVersion(_ head: String) -> CatalogFormat {
        if head.contains("urn:oasis:names:tc:xliff:document:2") { return .xliff20 }
        if let root = head.range(of: "<xliff") {
            let tag = head[root.upperBound...].prefix { $0 != ">" }
            if tag.contains("version=\"2") || tag.contains("version='2") { return .xliff20 }
        }
        return .xliff12
    }

    // MARK: Locale from the path

    private static let languageCodes: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// Android's old codes for three languages, which its resource directories still use.
    private static let androidLegacyLanguages = ["iw": "he", "ji": "yi", "in": "id"]

    /// The locale a catalog path names, or `nil`: `…/ar/LC_MESSAGES/x.mo` → `ar`,
    /// `fa.lproj/Localizable.strings` → `fa`, `values-ar-rEG/strings.xml` → `ar-EG`,
    /// `values-b+sr+Latn/` → `sr-Latn`, `values-iw/` → `he`, `po/fa_IR.po` → `fa_IR`,
    /// `l10n/app_ar.arb` → `ar`, `locales/he/common.json` → `he`.
    ///
    /// File names and directories count only when their language part is an ISO 639 code known to
    /// Foundation, so `app.json` is not Apache (`app` is no code) and `po/x.po` is not a language.
    static func locale(fromPath path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard let file = parts.last else { return nil }
        let directories = parts.dropLast()
        if let i = directories.lastIndex(of: "LC_MESSAGES"), i > directories.startIndex {
            return directories[i - 1]
        }
        if let lproj = directories.last(where: { $0.hasSuffix(".lproj") }) {
            let name = String(lproj.dropLast(6))
            return name == "Base" || name.isEmpty ? nil : name
        }
        if let values = directories.last(where: { $0 == "values" || $0.hasPrefix("values-") }) {
            return androidLocale(values)
        }
        let stem = (file as NSString).deletingPathExtension
        var candidates = [stem]
        if let dot = stem.lastIndex(of: ".") { candidates.append(String(stem[stem.index(after: dot)...])) }
        if let underscore = stem.firstIndex(of: "_") { candidates.append(String(stem[stem.index(after: underscore)...])) }
        if let parent = directories.last { candidates.append(parent) }
        return candidates.first(where: isLocaleIdentifier)
    }

    /// `values-ar` → `ar`, `values-ar-rEG-land` → `ar-EG`, `values-b+sr+Latn` → `sr-Latn`;
    /// `nil` for `values` and `values-night`. Android language qualifiers have two letters (the
    /// `b+` form carries the others), which keeps `car` (a UI mode) from reading as a language.
    private static func androidLocale(_ directory: String) -> String? {
        let qualifiers = directory.split(separator: "-").dropFirst().map(String.init)
        for (i, q) in qualifiers.enumerated() {
            if q.hasPrefix("b+") {
                return q.dropFirst(2).split(separator: "+").joined(separator: "-")
            }
            guard q.count == 2, q.allSatisfy({ $0.isASCII && $0.isLowercase }) else { continue }
            let language = androidLegacyLanguages[q] ?? q
            guard languageCodes.contains(language) else { continue }
            if i + 1 < qualifiers.count, case let r = qualifiers[i + 1], r.count == 3, r.first == "r" {
                return language + "-" + r.dropFirst()
            }
            return language
        }
        return nil
    }

    /// `ar`, `fa_IR`, `zh-Hant-TW`, `ckb`: a known ISO 639 code, then subtags of 2 to 8 letters or
    /// digits joined by `-` or `_`.
    private static func isLocaleIdentifier(_ text: String) -> Bool {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = subtags.first, languageCodes.contains(String(language)) else { return false }
        return subtags.dropFirst().allSatisfy { tag in
            (2...8).contains(tag.count) && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
