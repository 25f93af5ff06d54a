import JianpuCore

/// Where a page image's words are, for OCR to read only there: the header above the music (title, composer)
/// and the bands between the rows of notes (lyrics, D.S., Fine), never the notes themselves. And the words read
/// there, taken into the page's characters.
public enum WordRegions {
    /// The regions of `content` (a page image's characters as the glyph classifier reads them) that hold words:
    /// above the first row of note digits, and under each row down to the next (at most six note heights).
    public static func regions(of content: PageContent) -> [Box] {
        let digits = content.characters.filter { ("0"..."7").contains($0.character) }
        guard let em = PageReader.noteSize(digits) else { return [] }
        // A title's letters read as digits make a row of "notes": the first rows no bar line crosses are words.
        let rows = PageReader.withoutLinesAbove(
            PageReader.rowsOf(digits.filter { abs($0.box.height - em) <= em * 0.05 }, em: em).filter { $0.count >= 3 }, ink: content.components ?? [], em: em)
        guard let first = rows.first else { return [] }
        var regions: [Box] = []
        let top = first.map(\.box.y).min() ?? 0
        // Octave dots and a tempo stand just above the notes: the header ends a note height above them.
        if top - em * 1.2 > em { regions.append(Box(x: 0, y: 0, width: content.width, height: top - em * 1.2)) }
        // Lyrics and marks stand under the notes: the bands reach from a little left of the leftmost row to right of the rightmost.
        let left = max(0, (rows.compactMap { $0.first?.box.x }.min() ?? 0) - em * 3)
        let right = min(content.width, (rows.compactMap { $0.last?.box.maxX }.max() ?? content.width) + em * 3)
        for (index, row) in rows.enumerated() {
            // Under the notes: their underlines and low octave dots, then the words.
            let start = (row.map(\.box.maxY).max() ?? 0) + em * 0.3
            // Down to the next row's octave dots (a digit box reaches a fifth of a digit above its ink, the dots as far again).
            let next = index + 1 < rows.count ? (rows[index + 1].map(\.box.y).min() ?? content.height) - em * 0.4 : content.height
            let end = min(next, start + em * 6)
            if end - start >= em * 0.8, right > left { regions.append(Box(x: left, y: start, width: right - left, height: end - start)) }
        }
        return regions
    }

    /// The x-height expected of the page's words, in points: lyrics are set about the notes' size, and a small letter
    /// is about 0.7 of a digit's ink (a page image's digit boxes are 1.6 times their ink, as `ImagePageReader` makes them).
    public static func xHeight(of content: PageContent) -> Double? {
        PageReader.noteSize(content.characters.filter { ("0"..."7").contains($0.character) }).map { $0 / 1.6 * 0.7 }
    }

    /// `content` with the characters OCR read in its word regions: letters, Chinese characters and signs, no digits
    /// (the glyph classifier reads those) and nothing where the classifier has read a digit, a key's letter or an `=`.
    /// A sharp or flat the classifier saw in a word (an `l` read as ♭) gives way to the word's letter.
    public static func adding(_ read: [PositionedCharacter], to content: PageContent) -> PageContent {
        func overlap(_ k: PositionedCharacter, _ c: PositionedCharacter) -> Bool {
            min(k.box.maxX, c.box.maxX) - max(k.box.x, c.box.x) > min(k.box.width, c.box.width) * 0.3
                && min(k.box.maxY, c.box.maxY) - max(k.box.y, c.box.y) > min(k.box.height, c.box.height) * 0.3
        }
        var content = content
        let dots = octaveDots(in: content)
        // A Latin letter over a note's octave dot is the dot read as text (semiquavers' second low dot, under their
        // beams, lies inside the band under the row); a Chinese character is not, though its strokes may hold dots.
        let words = read.filter { c in
            !("0"..."9").contains(c.character) && !c.character.isWhitespace
                && (c.character.unicodeScalars.contains { LyricSyllables.isCJK($0) } || !dots.contains { c.box.x <= $0.midX && $0.midX <= c.box.maxX && c.box.y <= $0.midY && $0.midY <= c.box.maxY })
        }
        content.characters.removeAll { k in "♯♭♮".contains(k.character) && words.contains { $0.character.isLetter && overlap(k, $0) } }
        let known = content.characters
        content.characters += words.filter { c in !known.contains { overlap($0, c) } }
        return content
    }

    /// The dot-shaped pieces of ink in a note digit's column, just over or under it: its octave dots.
    static func octaveDots(in content: PageContent) -> [Box] {
        let notes = content.characters.filter { ("1"..."7").contains($0.character) }
        guard let em = PageReader.noteSize(notes), let ink = content.components else { return [] }
        return ink.map(\.box).filter { dot in
            MarkShapes.isDot(dot, em: em)
                && notes.contains { note in
                    note.box.x <= dot.midX && dot.midX <= note.box.maxX
                        && ((0...em * 1.2).contains(dot.y - note.box.maxY) || (0...em * 1.2).contains(note.box.y - dot.maxY))
                }
        }
    }
}
