import XCTest
@testable import BidiTerm

/// Hexadecimal as the code point tables and JSON write it: as a string and as bytes, the same.
final class HexTests: XCTestCase {
    func test_paddedAndAppend_agree() {
        for v: UInt32 in [0, 0x1B, 0x5D0, 0xFEFF, 0x1F600, 0x10FFFF, 0xFFFF_FFFF] {
            var bytes: [UInt8] = []
            Hex.append(v, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), Hex.padded(v), "\(v)")
            bytes = []
            Hex.append(v, digits: 2, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), Hex.padded(v, digits: 2), "\(v)")
        }
        XCTAssertEqual(Hex.padded(0x1B), "001B")
        XCTAssertEqual(Hex.padded(0x1F600), "1F600")
        XCTAssertEqual(Hex.bytes([0xC3, 0x28]), "C3 28")
    }
}
