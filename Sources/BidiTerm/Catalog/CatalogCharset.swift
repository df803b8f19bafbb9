import Foundation

/// The character set a gettext catalog declares in its header (`Content-Type: text/plain;
/// charset=ISO-8859-8`).
///
/// Most catalogs are UTF-8, but older ones in `/usr/share/locale` still use 8-bit sets (Hebrew
/// `diffutils.mo` and `grep.mo` are ISO-8859-8). Those are converted with Foundation's
/// `String(data:encoding:)`, through the CoreFoundation encoding numbers below, which Foundation
/// supports on Linux as well as on Apple platforms. A set not in the table is read as UTF-8, with
/// a warning.
enum CatalogCharset: Equatable {
    /// UTF-8, ASCII, or the `CHARSET` placeholder of a template: read as UTF-8.
    case utf8
    /// A set Foundation converts.
    case foundation(name: String, encoding: String.Encoding)
    /// A set this loader cannot convert.
    case unsupported(name: String)

    /// CoreFoundation encoding numbers (`kCFStringEncoding…`) by normalized name (lowercase, no
    /// `-` or `_`).
    private static let table: [String: UInt32] = [
        "iso88591": 0x0201, "latin1": 0x0201, "iso88592": 0x0202, "iso88593": 0x0203, "iso88594": 0x0204,
        "iso88595": 0x0205, "iso88596": 0x0206, "iso88597": 0x0207, "iso88598": 0x0208, "iso88598i": 0x0208,
        "iso88599": 0x0209, "iso885910": 0x020A, "iso885911": 0x020B, "iso885913": 0x020D, "iso885914": 0x020E,
        "iso885915": 0x020F, "iso885916": 0x0210,
        "windows1252": 0x0500, "cp1252": 0x0500, "windows1250": 0x0501, "cp1250": 0x0501,
        "windows1251": 0x0502, "cp1251": 0x0502, "windows1253": 0x0503, "cp1253": 0x0503,
        "windows1254": 0x0504, "cp1254": 0x0504, "windows1255": 0x0505, "cp1255": 0x0505,
        "windows1256": 0x0506, "cp1256": 0x0506, "windows1257": 0x0507, "cp1257": 0x0507,
        "windows1258": 0x0508, "cp1258": 0x0508,
        "koi8r": 0x0A02, "koi8u": 0x0A08, "big5": 0x0A03, "shiftjis": 0x0A01, "sjis": 0x0A01,
        "gb2312": 0x0930, "euccn": 0x0930, "gb18030": 0x0632, "euckr": 0x0940,
    ]

    /// The set called `name` in a header.
    static func named(_ name: String) -> CatalogCharset {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        if ["utf8", "usascii", "ascii", "charset", ""].contains(key) { return .utf8 }
        guard let cf = table[key] else { return .unsupported(name: name) }
        return .foundation(name: name, encoding: String.Encoding(rawValue: 0x8000_0000 | UInt(cf)))
    }

    /// The `charset=` value of a `Content-Type` header field, or `nil`.
    static func declared(inContentType type: String) -> String? {
        guard let range = type.range(of: "charset=", options: .caseInsensitive) else { return nil }
        return String(type[range.upperBound...].prefix { !$0.isWhitespace && $0 != ";" && $0 != "\\" && $0 != "\"" })
    }

    /// The charset a `.po` file declares, found in its first 8 KiB (where the header entry is).
    static func declared(inPO bytes: [UInt8]) -> CatalogCharset {
        let head = String(decoding: bytes.prefix(8192), as: UTF8.self)
        guard let type = head.range(of: "Content-Type:"),
              let name = declared(inContentType: String(head[type.upperBound...].prefix { $0 != "\n" && $0 != "\r" }))
        else { return .utf8 }
        return named(name)
    }

    /// `bytes` decoded in this set; `nil` when they are not valid in it (or it is not convertible).
    func decode<C: Collection>(_ bytes: C) -> String? where C.Element == UInt8 {
        switch self {
        case .utf8: return String(decoding: bytes, as: UTF8.self)
        case .foundation(_, let encoding): return String(data: Data(bytes), encoding: encoding)
        case .unsupported: return nil
        }
    }
}
