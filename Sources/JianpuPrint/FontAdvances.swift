import JianpuCore
import JianpuEngraving

/// The advance widths of the engraving's fonts from a committed table (`scripts/font-advances`): text measured as
/// cairo measures it, without loading cairo, fontconfig or the font files.
///
/// cairo's toy text API lays one glyph per character with no kerning, each advance hinted to a whole point: FreeType
/// scales the font's own advance (font units) in 16.16 and 26.6 fixed point and rounds it, and adds its synthetic
/// bold's stroke where fontconfig asks for one. Done here with the same arithmetic, the widths are cairo's to the bit
/// (`FontAdvancesTests` checks every entry against cairo). The table holds only while the files it was made from are
/// the files installed (`isCurrent`); a character it lacks leaves the text to cairo (`width` is nil).
struct FontAdvances: Sendable {
    /// One face as the generator found it: its file, and its characters' advances in font units.
    struct Face: Sendable {
        var family: String
        var bold: Bool
        var italic: Bool
        var file: String
        var fileSize: Int
        var unitsPerEm: Int
        /// Whether fontconfig has FreeType embolden the glyphs (a family with no bold of its own).
        var emboldened: Bool
        /// By block of 256 characters (the character's value shifted right by 8): runs of consecutive characters of one
        /// advance, `first:count:advance` in hex (count empty for one).
        var blocks: Blocks
    }

    /// A face's blocks as the generated table writes them (a dictionary literal, in order of block), held as a list:
    /// the table is made at a typeset's start, where a dictionary's hashing of a few hundred keys, and the first use
    /// of its key type (a search of the program's every conformance), cost more than the few blocks a score asks for.
    struct Blocks: ExpressibleByDictionaryLiteral, Sendable {
        private let entries: [(block: Int, runs: String)]

        init(dictionaryLiteral elements: (Int, String)...) {
            entries = elements.sorted { $0.0 < $1.0 }.map { (block: $0.0, runs: $0.1) }
        }

        /// The runs of `block`, nil when the face has none in it.
        subscript(block: Int) -> String? {
            let index = entries.partitioningIndex { $0.block >= block }
            return index < entries.count && entries[index].block == block ? entries[index].runs : nil
        }

        var keys: [Int] { entries.map(\.block) }
        var isEmpty: Bool { entries.isEmpty }
    }

    /// A block's runs, parsed at its first use: sorted by first character.
    struct Advances: Sendable {
        var firsts: [UInt32] = []
        var lasts: [UInt32] = []
        var advances: [Int] = []

        /// Reads `first:count:advance` runs in hex, byte by byte (the table's text is ASCII; a start-up cost, so no
        /// `split`), skipping anything malformed.
        init(_ text: String) {
            var text = text
            let runs = text.utf8.count / 10 + 1
            firsts.reserveCapacity(runs)
            lasts.reserveCapacity(runs)
            advances.reserveCapacity(runs)
            text.withUTF8 { bytes in
                var fields = (0, 0, 0)
                var field = 0
                var digits = 0
                // One byte past the end stands for the space that closes the last run.
                for index in 0...bytes.count {
                    let byte = index < bytes.count ? bytes[index] : UInt8(ascii: " ")
                    let digit: Int
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte &- UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte &- UInt8(ascii: "a")) &+ 10
                    case UInt8(ascii: ":"):
                        field += 1
                        digits = 0
                        continue
                    default:
                        if field == 2, digits > 0, digits <= 8 {
                            let count = max(fields.1, 1)
                            firsts.append(UInt32(truncatingIfNeeded: fields.0))
                            lasts.append(UInt32(truncatingIfNeeded: fields.0 &+ count &- 1))
                            advances.append(fields.2)
                        }
                        fields = (0, 0, 0)
                        field = 0
                        digits = 0
                        continue
                    }
                    digits += 1
                    switch field {
                    case 0: fields.0 = fields.0 &<< 4 | digit
                    case 1: fields.1 = fields.1 &<< 4 | digit
                    default: fields.2 = fields.2 &<< 4 | digit
                    }
                }
            }
        }

        /// The advance of `scalar` in font units, nil when the face has no glyph for it in the table.
        func advance(of scalar: Unicode.Scalar) -> Int? {
            let value = scalar.value
            let index = lasts.partitioningIndex { $0 >= value }
            guard index < lasts.count, firsts[index] <= value else { return nil }
            return advances[index]
        }
    }

    /// The blocks of the table's faces (by their index in `faces`) that texts have asked for, parsed: a few, so
    /// a list (a dictionary by a key type of its own cost a typeset a search of the program's every conformance).
    private var parsed: [(face: Int, block: Int, advances: Advances)] = []

    init() {}

    /// Every file the table was made from, with its size in bytes.
    static var files: [(path: String, size: Int)] {
        var seen: [(path: String, size: Int)] = []
        for face in faces where !seen.contains(where: { $0.path == face.file }) { seen.append((face.file, face.fileSize)) }
        return seen
    }

    /// The advance width of `text` in `font`, in points, exactly as `cairo_text_extents` gives it run by run; nil when
    /// a character or a face is not in the table.
    mutating func width(of text: String, in font: Font) -> Double? {
        var width = 0.0
        for run in font.runs(of: text) {
            guard let index = Self.faces.firstIndex(where: { $0.family == run.family && $0.bold == font.bold && $0.italic == font.italic }),
                let advance = advance(of: run.text, face: index, size: font.size)
            else { return nil }
            width += advance
        }
        return width
    }

    /// The advance of `scalar` in font units in the face at `index` of `faces`, nil when the table has no glyph for it.
    private mutating func units(of scalar: Unicode.Scalar, face index: Int) -> Int? {
        let block = Int(scalar.value >> 8)
        if let known = parsed.first(where: { $0.face == index && $0.block == block }) { return known.advances.advance(of: scalar) }
        guard let runs = Self.faces[index].blocks[block] else { return nil }
        let advances = Advances(runs)
        parsed.append((index, block, advances))
        return advances.advance(of: scalar)
    }

    /// One run's advance: the glyphs' hinted advances added up in order, as cairo adds glyph positions.
    private mutating func advance(of text: String, face index: Int, size: Double) -> Double? {
        let face = Self.faces[index]
        // FT_Set_Char_Size as cairo calls it (26.6, rounded), then FreeType's 16.16 scale of font units.
        let charSize = Int(size * 64.0 + 0.5)
        let scale = Self.divideFixed(charSize, face.unitsPerEm)
        // FT_GlyphSlot_Embolden: the advance grows by a 24th of the em, in 26.6.
        let stroke = face.emboldened ? Self.multiplyFixed(face.unitsPerEm, scale) / 24 : 0
        // cairo keeps an advance in font space (divided by its scale) and maps it back to user space by the font matrix.
        let inverse = 1 / size
        var x = 0.0
        for scalar in text.unicodeScalars {
            guard let units = units(of: scalar, face: index) else { return nil }
            let hinted = (Self.multiplyFixed(units, scale) + 32) & ~63
            x += size * (Double(hinted + stroke) / 64 * inverse)
        }
        return x
    }

    /// FT_DivFix: `a / b` in 16.16, rounded.
    private static func divideFixed(_ a: Int, _ b: Int) -> Int {
        let sign = (a < 0) != (b < 0) ? -1 : 1
        let (a, b) = (abs(a), abs(b))
        guard b > 0 else { return 0 }
        return sign * (((a << 16) + (b >> 1)) / b)
    }

    /// FT_MulFix: `a * b` with `b` in 16.16, rounded.
    private static func multiplyFixed(_ a: Int, _ b: Int) -> Int {
        let sign = (a < 0) != (b < 0) ? -1 : 1
        return sign * ((abs(a) * abs(b) + 0x8000) >> 16)
    }
}
