/// Digits stacked in a column whose boxes poppler merges: it reads LilyPond's chord digits set close together
/// (a chord with an arpeggio before it) as one line of text, and gives each digit the column's height, or none of
/// its width. Each is given back its own box, from the glyphs of ink in the column.
extension PageReader {
    /// `characters` with the digits of merged boxes (taller than 1.6 digits, one column) each on its own glyph:
    /// the glyph the classifier reads as that digit, else the glyphs top to bottom in the text's order.
    static func splittingMergedDigits(_ characters: [PositionedCharacter], ink: [InkComponent], bitmap: InkBitmap?, em: Double) -> [PositionedCharacter] {
        let merged = characters.indices.filter { index in
            let c = characters[index]
            return ("0"..."9").contains(c.character) && c.box.height > em * 1.6 && c.box.height <= em * 4.5
        }
        guard !merged.isEmpty else { return characters }
        var result = characters
        var done: Set<Int> = []
        for index in merged where !done.contains(index) {
            let box = characters[index].box
            // The column: the merged digits starting at its left edge and top.
            let group = merged.filter { abs(characters[$0].box.x - box.x) <= 0.5 && abs(characters[$0].box.y - box.y) <= 0.5 }
            done.formUnion(group)
            let width = group.map { characters[$0].box.width }.max() ?? 0
            guard width > 0 else { continue }
            let glyphs = ink.filter { p in
                p.box.x >= box.x - 0.5 && p.box.maxX <= box.x + width + 0.5 && p.box.y >= box.y - 0.5 && p.box.maxY <= box.maxY + 0.5
                    && p.box.height >= em * 0.6 && p.box.height <= em * 1.1
            }.sorted { $0.box.y < $1.box.y }
            guard glyphs.count == group.count else { continue }
            var order = group
            // The classifier tells which glyph is which digit where it can read them all.
            let read = glyphs.map { classify($0.box, bitmap: bitmap) }
            if read.allSatisfy({ $0 != nil }), read.map({ String($0 ?? " ") }).sorted() == group.map({ String(characters[$0].character) }).sorted() {
                var left = group
                order = read.compactMap { character in
                    guard let at = left.firstIndex(where: { characters[$0].character == character }) else { return nil }
                    return left.remove(at: at)
                }
            }
            for (glyph, member) in zip(glyphs, order) {
                result[member] = PositionedCharacter(characters[member].character, box: Box(x: box.x, y: glyph.box.maxY - em, width: width, height: em))
            }
        }
        return result
    }
}
