/// Keys printed on the page: `1=Bb` (major) and `6=F#` (minor, naming its own tonic), in the header and
/// among the music, where jianpu-ly prints a key change above the bar it starts from (and a new section's
/// key above its first row).

/// A key as the page prints it.
public struct ScannedKey: Sendable, Hashable {
    /// The tonic as written after the `=`: `D`, `Bb`, `F#`.
    public var tonic: String
    /// True for `6=X`: a minor key whose tonic is `tonic`.
    public var isMinor: Bool
    public init(tonic: String, isMinor: Bool = false) { self.tonic = tonic; self.isMinor = isMinor }

    static let majorNames = ["Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"]
    static let minorNames = ["Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#"]

    /// The key signature: sharps positive, flats negative (0 for a name no key has).
    public var fifths: Int {
        let names = isMinor ? Self.minorNames : Self.majorNames
        return (names.firstIndex(of: tonic) ?? 7) - 7
    }

    /// The major key whose 1 the digits count from: the key itself, or a minor key's relative major
    /// (jianpu-ly reads `6=E` as `1=G`).
    public var major: String { isMinor ? Self.majorNames[fifths + 7] : tonic }
}

extension PageReader {
    /// Every `1=X` and `6=X` among `characters`, with the box of its words (the sign after the letter included).
    /// A sign the text layer does not hold (LilyPond draws its ♭ as ink) is read from the ink by `classify`.
    static func keyMarks(_ characters: [PositionedCharacter], ink: [InkComponent], classify: (Box) -> Character?) -> [(key: ScannedKey, box: Box)] {
        var found: [(key: ScannedKey, box: Box)] = []
        for line in textLines(characters) {
            let line = line.sorted { $0.box.x < $1.box.x }
            for index in line.indices.dropFirst().dropLast() where line[index].character == "=" {
                // The characters either side at the sign's height: a bar number set under the key (jianpu-ly's `6=C`
                // over the bar's `5`) may come between them in the line.
                let sign = line[index]
                func level(_ c: PositionedCharacter) -> Bool { min(c.box.maxY, sign.box.maxY) - max(c.box.y, sign.box.y) > sign.box.height * 0.3 }
                guard let digit = line[..<index].last(where: level), let letter = line[(index + 1)...].first(where: level) else { continue }
                let size = max(digit.box.height, letter.box.height)
                guard digit.character == "1" || digit.character == "6", ("A"..."G").contains(letter.character),
                    line[index].box.x - digit.box.maxX <= size * 0.5, letter.box.x - line[index].box.maxX <= size * 0.6
                else { continue }
                var tonic = String(letter.character)
                var box = digit.box.union(letter.box)
                let written = characters.first { c in
                    "♯#♭b".contains(c.character) && c.box.x >= letter.box.maxX - letter.box.width * 0.3 && c.box.x - letter.box.maxX <= size * 0.5
                        && min(c.box.maxY, letter.box.maxY) - max(c.box.y, letter.box.y) > letter.box.height * 0.3
                }
                if let written {
                    tonic += "♯#".contains(written.character) ? "#" : "b"
                    box = box.union(written.box)
                } else {
                    // Only this key's `=` and letter are given, so that the sign is looked for after this one.
                    // A music font's glyph with no Unicode (LilyPond's sharp) is the sign's own character, not text in its way.
                    let others = characters.filter { c in
                        !c.character.isLetter && c.character != "="
                            && c.character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .privateUse && $0.properties.generalCategory != .control && $0.value != 0xFFFD }
                    }
                    if let sign = keySign(after: tonic, in: [line[index], letter] + others, ink: ink, classify: classify) { tonic += sign }
                }
                found.append((ScannedKey(tonic: tonic, isMinor: digit.character == "6"), box))
            }
        }
        return found
    }

    /// The keys printed above `rows` (the nearest row below each, at most four note heights under it), set on the
    /// bar each starts: the bar whose first symbol is nearest the key's right end (jianpu-ly centres it over the bar line).
    static func settingKeys(_ marks: [(key: ScannedKey, box: Box)], on rows: inout [ScannedRow], em: Double) {
        for mark in marks {
            // A row's top is that of its notes: on a photo its box can reach up to a speck by the page's edge.
            let tops = rows.map { row in
                row.bars.flatMap(\.symbols).filter { symbol in
                    switch symbol.kind {
                    case .digit, .chordDigit: true
                    default: false
                    }
                }.map(\.box.y).min() ?? row.box.y
            }
            guard
                let row = rows.indices.filter({ tops[$0] >= mark.box.maxY - em * 0.5 && tops[$0] - mark.box.maxY <= em * 4 }).min(by: { tops[$0] < tops[$1] }),
                !rows[row].bars.isEmpty
            else { continue }
            let starts = rows[row].bars.map { $0.symbols.first?.box.x ?? $0.box.x }
            guard let bar = starts.indices.min(by: { abs(starts[$0] - mark.box.maxX) < abs(starts[$1] - mark.box.maxX) }) else { continue }
            rows[row].bars[bar].key = mark.key
        }
    }
}
