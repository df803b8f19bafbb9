import Foundation

/// A PNG file decoded to 8-bit RGBA pixels, for tests that look at pictures (an SVG export
/// converted by `rsvg-convert`). Reads non-interlaced 8-bit greyscale, RGB, RGBA and grey+alpha
/// images, the kinds converters write; inflates the zlib stream itself (RFC 1950/1951), since
/// Foundation has no decompression on Linux.
public struct PNGImage {
    public let width: Int
    public let height: Int
    /// Row-major RGBA, 4 bytes per pixel.
    public let pixels: [UInt8]

    public struct DecodeError: Error, CustomStringConvertible {
        public let description: String
        public init(_ d: String) { description = d }
    }

    /// The pixel at (`x`, `y`) as (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Decodes `data`.
    public init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw DecodeError("not a PNG file")
        }
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var i = 8
        var w = 0, h = 0, depth = 0, colorType = 0, interlace = 0
        var idat: [UInt8] = []
        while i + 8 <= bytes.count {
            let length = be32(i)
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = (i + 8)..<(i + 8 + length)
            guard body.upperBound <= bytes.count else { throw DecodeError("truncated \(type) chunk") }
            switch type {
            case "IHDR":
                w = be32(body.lowerBound)
                h = be32(body.lowerBound + 4)
                depth = Int(bytes[body.lowerBound + 8])
                colorType = Int(bytes[body.lowerBound + 9])
                interlace = Int(bytes[body.lowerBound + 12])
            case "IDAT": idat += bytes[body]
            default: break
            }
            i = body.upperBound + 4
            if type == "IEND" { break }
        }
        guard depth == 8, interlace == 0 else { throw DecodeError("unsupported PNG: depth \(depth), interlace \(interlace)") }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw DecodeError("unsupported PNG colour type \(colorType)")
        }
        guard idat.count > 2 else { throw DecodeError("no image data") }
        let raw = try Inflater.inflate(Array(idat.dropFirst(2)))
        let stride = w * channels
        guard raw.count >= h * (stride + 1) else { throw DecodeError("image data too short") }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        for y in 0..<h {
            let start = y * (stride + 1)
            let filter = raw[start]
            for x in 0..<stride {
                let v = raw[start + 1 + x]
                let a = x >= channels ? Int(row[x - channels]) : 0
                let b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw DecodeError("unknown filter \(filter)")
                }
                row[x] = UInt8((Int(v) + predicted) & 0xFF)
            }
            for x in 0..<w {
                let o = (y * w + x) * 4, s = x * channels
                switch channels {
                case 1: out[o] = row[s]; out[o + 1] = row[s]; out[o + 2] = row[s]; out[o + 3] = 255
                case 2: out[o] = row[s]; out[o + 1] = row[s]; out[o + 2] = row[s]; out[o + 3] = row[s + 1]
                case 3: out[o] = row[s]; out[o + 1] = row[s + 1]; out[o + 2] = row[s + 2]; out[o + 3] = 255
                default: out[o] = row[s]; out[o + 1] = row[s + 1]; out[o + 2] = row[s + 2]; out[o + 3] = row[s + 3]
                }
            }
            swap(&previous, &row)
        }
        width = w
        height = h
        pixels = out
    }
}

/// DEFLATE (RFC 1951) decompression: stored, fixed and dynamic Huffman blocks.
enum Inflater {
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for i in 1..<16 { offsets[i] = offsets[i - 1] + counts[i - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (s, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[l]] = s
                offsets[l] += 1
            }
        }
    }

    struct Bits {
        let data: [UInt8]
        var pos = 0, bit = 0

        mutating func take(_ n: Int) throws -> Int {
            var v = 0
            for k in 0..<n {
                guard pos < data.count else { throw PNGImage.DecodeError("compressed data ends early") }
                v |= Int((data[pos] >> UInt8(bit)) & 1) << k
                bit += 1
                if bit == 8 { bit = 0; pos += 1 }
            }
            return v
        }

        mutating func decode(_ h: Huffman) throws -> Int {
            var code = 0, first = 0, index = 0
            for len in 1..<16 {
                code |= try take(1)
                let count = h.counts[len]
                if code - count < first { return h.symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw PNGImage.DecodeError("bad Huffman code")
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                           4097, 6145, 8193, 12289, 16385, 24577]
    static let distExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        var bits = Bits(data: data)
        var out: [UInt8] = []
        var last = 0
        repeat {
            last = try bits.take(1)
            let type = try bits.take(2)
            switch type {
            case 0:
                if bits.bit != 0 { bits.bit = 0; bits.pos += 1 }
                guard bits.pos + 4 <= data.count else { throw PNGImage.DecodeError("stored block ends early") }
                let len = Int(data[bits.pos]) | Int(data[bits.pos + 1]) << 8
                bits.pos += 4
                guard bits.pos + len <= data.count else { throw PNGImage.DecodeError("stored block ends early") }
                out += data[bits.pos..<(bits.pos + len)]
                bits.pos += len
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for i in 144..<256 { lengths[i] = 9 }
                for i in 256..<280 { lengths[i] = 7 }
                try codes(&bits, &out, Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let hlit = try bits.take(5) + 257, hdist = try bits.take(5) + 1, hclen = try bits.take(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var cl = [Int](repeating: 0, count: 19)
                for i in 0..<hclen { cl[order[i]] = try bits.take(3) }
                let clh = Huffman(lengths: cl)
                var lengths: [Int] = []
                while lengths.count < hlit + hdist {
                    let sym = try bits.decode(clh)
                    switch sym {
                    case 0..<16: lengths.append(sym)
                    case 16:
                        guard let prev = lengths.last else { throw PNGImage.DecodeError("repeat with no length") }
                        lengths += [Int](repeating: prev, count: 3 + (try bits.take(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits.take(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits.take(7)))
                    }
                }
                try codes(&bits, &out, Huffman(lengths: Array(lengths[0..<hlit])), Huffman(lengths: Array(lengths[hlit...])))
            default:
                throw PNGImage.DecodeError("bad block type")
            }
        } while last == 0
        return out
    }

    static func codes(_ bits: inout Bits, _ out: inout [UInt8], _ lit: Huffman, _ dist: Huffman) throws {
        while true {
            let sym = try bits.decode(lit)
            if sym < 256 { out.append(UInt8(sym)); continue }
            if sym == 256 { return }
            let li = sym - 257
            guard li < lengthBase.count else { throw PNGImage.DecodeError("bad length code") }
            let len = lengthBase[li] + (try bits.take(lengthExtra[li]))
            let di = try bits.decode(dist)
            guard di < distBase.count else { throw PNGImage.DecodeError("bad distance code") }
            let d = distBase[di] + (try bits.take(distExtra[di]))
            guard d <= out.count else { throw PNGImage.DecodeError("distance too far back") }
            let start = out.count - d
            for k in 0..<len { out.append(out[start + k]) }
        }
    }
}
