/// Lyrics printed under a row of notes: a line of words a verse, each word's syllables parted by hyphens
/// (`A - ma - zing`), each Chinese character a syllable of its own. Read from a vector page's text layer, or from
/// the words OCR finds on a page image; each syllable goes to the note it stands under.

/// One syllable of a lyrics line, with its place.
public struct ScannedSyllable: Sendable, Hashable {
    public var text: String
    public var box: Box
    /// A hyphen joins it to the next syllable: the word goes on.
    public var continues: Bool
    public init(text: String, box: Box, continues: Bool = false) { self.text = text; self.box = box; self.continues = continues }
}

enum LyricLines {
    /// Marks of loudness, printed under the notes too: no lyrics.
    static let dynamics: Set<String> = ["ppp", "pp", "p", "mp", "mf", "f", "ff", "fff", "sf", "sfz", "fp", "rf", "rfz", "cresc.", "dim.", "rit.", "rall."]

    /// The verses printed under the rows, set on the bars they stand under: the lines of words (no key, tempo or
    /// road-map words, no marks of loudness, nothing left of the row's first note, as a part's name is) below a
    /// row and above the next, at most five note heights below it.
    /// A hyphen drawn as ink (LilyPond's) is a short flat piece among `ink` between two syllables.
    static func setting(_ characters: [PositionedCharacter], ink: [InkComponent], on rows: inout [ScannedRow], em: Double) {
        let tops = rows.map(\.box.y).sorted()
        let letters = characters.filter { $0.character.isLetter }
        let hyphens = ink.compactMap { piece -> PositionedCharacter? in
            let box = piece.box
            guard box.height <= em * 0.16, box.width >= em * 0.2, box.width <= em * 1.2,
                let beside = letters.first(where: { $0.box.y < box.midY && box.midY < $0.box.maxY && abs($0.box.maxX - box.x) < em * 1.5 })
            else { return nil }
            return PositionedCharacter("-", box: Box(x: box.x, y: beside.box.y, width: box.width, height: beside.box.height))
        }
        for index in rows.indices {
            let row = rows[index].box
            let limit = min(row.maxY + em * 5, tops.first { $0 > row.maxY } ?? .infinity)
            let below = (characters + hyphens).filter { c in
                !("0"..."9").contains(c.character) && c.box.y >= row.maxY - em * 0.1 && c.box.maxY <= limit && c.box.x >= row.x - em && c.box.x <= row.maxX + em
            }
            var verse = 0
            for line in PageReader.textLines(below) {
                // Syllables are set close under their notes: any gap parts them (letters of a word touch).
                let syllables = self.syllables(PageReader.words(line.sorted { $0.box.x < $1.box.x }, gap: 0.05))
                guard !syllables.isEmpty else { continue }
                for syllable in syllables {
                    let bars = rows[index].bars
                    guard
                        let bar = bars.indices.first(where: { bars[$0].box.x - em * 0.5 <= syllable.box.midX && syllable.box.midX < bars[$0].box.maxX })
                            ?? bars.indices.min(by: { abs(bars[$0].box.midX - syllable.box.midX) < abs(bars[$1].box.midX - syllable.box.midX) })
                    else { continue }
                    while rows[index].bars[bar].lyrics.count <= verse { rows[index].bars[bar].lyrics.append([]) }
                    rows[index].bars[bar].lyrics[verse].append(syllable)
                }
                verse += 1
            }
        }
    }

    /// The syllables of a line's words, or none where the line is no lyrics (a key, a tempo, a road-map word, marks
    /// of loudness only). A hyphen standing alone or ending a word joins the syllables around it; a verse's number
    /// (`1.`) at its start is left out.
    static func syllables(_ words: [(text: String, box: Box)]) -> [ScannedSyllable] {
        let texts = words.map(\.text)
        if texts.contains(where: { $0.contains("=") || ["DS", "DC", "Fine", "Coda"].contains($0.filter { $0 != "." }) }) { return [] }
        var result: [ScannedSyllable] = []
        for (index, word) in words.enumerated() {
            if index == 0, word.text.last == ".", word.text.dropLast().allSatisfy(\.isNumber), !word.text.dropLast().isEmpty { continue }
            if word.text.allSatisfy({ "-–—_".contains($0) }) {
                if !result.isEmpty { result[result.count - 1].continues = true }
                continue
            }
            // A Chinese word is a syllable a character.
            if word.text.unicodeScalars.contains(where: \.properties.isIdeographic) {
                let count = Double(word.text.count)
                for (k, character) in word.text.enumerated() where !character.isPunctuation {
                    let width = word.box.width / count
                    result.append(ScannedSyllable(text: String(character), box: Box(x: word.box.x + Double(k) * width, y: word.box.y, width: width, height: word.box.height)))
                }
                continue
            }
            // A hyphen set against the next syllable (`-kle`) joins it to the one before.
            if word.text.first == "-", !result.isEmpty { result[result.count - 1].continues = true }
            let parts = word.text.split(separator: "-", omittingEmptySubsequences: false)
            let width = word.box.width / Double(max(1, word.text.count))
            var offset = 0
            for (k, part) in parts.enumerated() {
                defer { offset += part.count + 1 }
                guard !part.isEmpty else { continue }
                let box = Box(x: word.box.x + Double(offset) * width, y: word.box.y, width: Double(part.count) * width, height: word.box.height)
                result.append(ScannedSyllable(text: String(part), box: box, continues: k < parts.count - 1))
            }
        }
        // Marks of loudness alone, words with no letter, or a lone syllable (a speck OCR took for a letter) are no lyrics.
        let wordsOnly = result.filter { $0.text.contains(where: \.isLetter) }
        if wordsOnly.count < 2 || wordsOnly.allSatisfy({ dynamics.contains($0.text) }) { return [] }
        return wordsOnly.filter { !dynamics.contains($0.text) || wordsOnly.count > 3 }
    }
}
