/// What a page's header says: the title, the key (`1=D`), the meter (stacked `3` over `4`, or `3/4`)
/// and the tempo (`♩=90`, `= 90`).
public struct ScannedHeader: Sendable, Hashable {
    public var title: String?
    /// The composer's line: set right, over the music (`ComposerLine`).
    public var composer: String?
    /// The key's tonic as written after `1=`: `D`, `Bb`, `F#`.
    public var key: String?
    /// True where the key is printed `6=X`: `key` is then the minor key's tonic.
    public var keyIsMinor = false
    public var meter: (beats: Int, beatType: Int)? {
        get { meterBeats.map { ($0, meterBeatType ?? 4) } }
        set { meterBeats = newValue?.beats; meterBeatType = newValue?.beatType }
    }
    var meterBeats: Int?
    var meterBeatType: Int?
    public var tempo: Int?
    public init() {}
}

enum HeaderReader {
    /// The header of characters above the music (`characters`), whose lines of text are `lines`; `em` is the note digits' size.
    /// A stacked meter is looked for among `meterCandidates` (digits left of the first row's first note).
    static func header(_ characters: [PositionedCharacter], lines: [String], em: Double, meterCandidates: [PositionedCharacter]) -> ScannedHeader {
        var header = ScannedHeader()
        for line in lines {
            let scalars = Array(line.unicodeScalars)
            for (index, scalar) in scalars.enumerated() where scalar == "=" {
                let before = index > 0 ? scalars[index - 1] : " "
                var after = scalars[(index + 1)...].drop { $0 == " " }.prefix(3)
                if before == "1" || before == "6", let letter = after.first, ("A"..."G").contains(letter), header.key == nil {
                    header.keyIsMinor = before == "6"
                    var key = String(letter)
                    after = after.dropFirst()
                    if let sign = after.first, "#♯b♭".unicodeScalars.contains(sign) { key += sign == "♯" || sign == "#" ? "#" : "b" }
                    header.key = key
                } else if before != "1", header.tempo == nil {
                    let digits = String(String.UnicodeScalarView(scalars[(index + 1)...].drop { $0 == " " }.prefix { ("0"..."9").contains($0) }))
                    if let tempo = Int(digits), (20...400).contains(tempo) { header.tempo = tempo }
                }
            }
            // An inline meter, `3/4`.
            if header.meter == nil, let slash = line.firstIndex(of: "/") {
                let beats = Int(String(line[..<slash].reversed().prefix { $0.isNumber }.reversed()))
                let type = Int(String(line[line.index(after: slash)...].prefix { $0.isNumber }))
                if let beats, let type, [1, 2, 4, 8, 16].contains(type), (1...32).contains(beats) { header.meter = (beats, type) }
            }
        }
        // A stacked meter: two digits (or numbers) one above the other, smaller than the notes.
        if header.meter == nil {
            let digits = (characters + meterCandidates).filter { $0.character.isNumber && abs($0.box.height - em) > em * 0.05 }
            outer: for top in digits {
                for bottom in digits
                where bottom.box.y > top.box.midY && bottom.box.y - top.box.maxY < top.box.height * 0.6
                    && abs(bottom.box.midX - top.box.midX) < top.box.width * 0.6
                {
                    if let beats = Int(String(top.character)), let type = Int(String(bottom.character)), [2, 4, 8].contains(type), beats > 0 {
                        header.meter = (beats, type)
                        break outer
                    }
                }
            }
        }
        // The title is set largest: of the lines of words (no key or tempo, not road-map words alone), the tallest, the
        // first of those as tall.
        let candidates = PageReader.textLines(characters).compactMap { line -> (text: String, height: Double)? in
            guard let text = PageReader.lines(of: line).first, !text.contains("="), text.contains(where: \.isLetter), text.count > 1,
                // A music font's sign with no Unicode (LilyPond's coda sign, read as a control character) is no word.
                !text.split(separator: " ").allSatisfy({
                    ["Coda", "Fine", "DS", "DC"].contains($0.filter { $0 != "." }) || $0.allSatisfy(\.isNumber) || !$0.contains(where: { $0.isLetter || $0.isNumber })
                })
            else { return nil }
            return (text, RowReader.median(line.map(\.box.height)))
        }
        let tallest = candidates.map(\.height).max() ?? 0
        header.title = candidates.first { $0.height >= tallest * 0.95 }?.text
        return header
    }
}
