/// SVG text gathered as UTF-8 bytes, a page's glyphs at a time (`SVGWriter`).
///
/// Every glyph of a page is a few literals and numbers: appended as bytes they cost a fraction of what string
/// interpolation into a `String` did (a third of an SVG typeset's own work was that).
struct SVGText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    /// The text so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// An integer in decimal, as `"\(value)"` writes it.
    mutating func append(_ value: Int) {
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var end = 24
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                end -= 1
                buffer[end] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[end...]))
        }
    }

    /// A number as `SVGWriter.n(_:places:)` writes it.
    mutating func append(number value: Double, places: Int = 2) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.numberBytes) { buffer in
            let count = Self.write(value, places: places, into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes `write(_:places:into:)` writes: a sign, up to 20 digits, a point and 3 decimals.
    static let numberBytes = 32

    /// Writes `value` with at most `places` decimals (2 or 3), without trailing zeros, at the start of `buffer`
    /// (`numberBytes` long); returns how many bytes it took. Byte by byte: every coordinate of a page comes here.
    static func write(_ value: Double, places: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let scale = places == 3 ? 1000 : 100
        let product = (value * Double(scale)).rounded()
        // `Int(saturating:)` spelled out: across modules that generic call cost an SVG typeset a millisecond.
        let scaled: Int = product.isNaN ? 0 : product <= -9.2e18 ? -Int.max : product >= 9.2e18 ? Int.max : Int(product)
        let magnitude = scaled.magnitude
        var whole = magnitude / UInt(scale)
        var fraction = magnitude % UInt(scale)
        var decimals = fraction == 0 ? 0 : places
        while decimals > 0, fraction % 10 == 0 {
            fraction /= 10
            decimals -= 1
        }
        var end = numberBytes
        func put(_ byte: UInt8) {
            end -= 1
            buffer[end] = byte
        }
        for _ in 0..<decimals {
            put(UInt8(ascii: "0") + UInt8(fraction % 10))
            fraction /= 10
        }
        if decimals > 0 { put(UInt8(ascii: ".")) }
        repeat {
            put(UInt8(ascii: "0") + UInt8(whole % 10))
            whole /= 10
        } while whole > 0
        if scaled < 0 { put(UInt8(ascii: "-")) }
        let count = numberBytes - end
        for index in 0..<count { buffer[index] = buffer[end + index] }
        return count
    }
}
