/// The road map a page prints around its bars: the words D.C., D.S., Fine, To Coda and Coda (a vector page's
/// text), and the segno and coda signs (their ink, on vector pages and images alike).

/// A sign or word of the road map.
public enum NavigationMark: String, Sendable, Hashable {
    /// 𝄋: where a D.S. goes back to (at a bar's start).
    case segno
    /// ⊕ over a bar's start, or "To Coda" after a bar: on the last pass the music goes on at the coda from here.
    case toCoda
    /// The coda itself begins (at a bar's start).
    case coda
    /// Fine: the piece ends here after a D.C. or D.S.
    case fine
    /// D.C.: back to the start.
    case daCapo
    /// D.S.: back to the segno.
    case dalSegno
}

extension PageReader {
    /// The road map's words among `characters`, set on the bars of `rows` they stand over or under: D.C., D.S.
    /// and Fine after the bar they are printed at (jianpu-ly sets them under its end), To Coda after its bar,
    /// and a lone Coda at the start of the bar it is over.
    static func settingNavigationWords(_ characters: [PositionedCharacter], on rows: inout [ScannedRow], em: Double) {
        for line in textLines(characters) {
            let words = Self.words(line.sorted { $0.box.x < $1.box.x })
            for (index, word) in words.enumerated() {
                let text = word.text.last.map { ",;:".contains($0) } == true ? String(word.text.dropLast()) : word.text
                let previous = index > 0 ? words[index - 1].text.lowercased() : ""
                let mark: NavigationMark?
                // OCR may lose a dot of `D.S.` (an italic one), and the segno after it may be read as a ♭ of the word: the letters decide.
                switch text.filter(\.isLetter) {
                case "DC": mark = .daCapo
                case "DS": mark = .dalSegno
                case "Fine": mark = .fine
                case "Coda" where previous == "to": mark = .toCoda
                // `D.S. al Coda e poi la Coda` names the coda: only a Coda of its own is where it starts.
                case "Coda" where !["al", "la", "the", "e", "poi"].contains(previous) && !words.contains(where: { ["DS", "DC"].contains($0.text.filter { $0 != "." }) }): mark = .coda
                default: mark = nil
                }
                guard let mark, let (row, bar) = barAt(word.box, rows: rows, em: em) else { continue }
                if mark == .coda {
                    rows[row].bars[bar].jumpsAtStart.append(mark)
                } else if !rows[row].bars[bar].jumpsAtEnd.contains(mark) {
                    rows[row].bars[bar].jumpsAtEnd.append(mark)
                }
            }
        }
    }

    /// The segno and coda signs over the rows: pieces of ink a note or two tall, just above a row, alone (a key's
    /// sign stands by its letter, a word's letters by one another), that are no character's own. A coda sign (⊕) has a column of ink
    /// through its whole height, a segno (its slash slanted) has none. A segno is set at the start of the bar it is
    /// over; a coda sign (where jianpu-ly puts To Coda) as `toCoda` at the start of its bar, the assembler moving it to
    /// the end of the bar before.
    static func settingNavigationSigns(
        _ ink: [InkComponent], characters: [PositionedCharacter], bitmap: InkBitmap, on rows: inout [ScannedRow], em: Double
    ) {
        let texts = characters.filter { $0.character.isLetter || $0.character.isNumber || "♯♭=".contains($0.character) }
        for piece in ink
        where piece.box.height >= em * 1.1 && piece.box.height <= em * 3 && piece.box.width >= em * 0.4 && piece.box.width <= em * 1.6 {
            let box = piece.box
            guard
                let row = rows.indices.first(where: { rows[$0].box.y >= box.maxY - em * 0.3 && rows[$0].box.y - box.maxY <= em * 2.5 }),
                !texts.contains(where: { c in c.box.x - 0.5 <= box.midX && box.midX <= c.box.maxX + 0.5 && c.box.y - 0.5 <= box.midY && box.midY <= c.box.maxY + 0.5 }),
                // A key's sign drawn as ink alone (LilyPond's ♯ in `6=F♯`) stands right after the key's letter.
                !characters.contains(where: { c in
                    ("A"..."G").contains(c.character) && box.x >= c.box.maxX - c.box.width * 0.3 && box.x - c.box.maxX <= em * 0.6
                        && min(c.box.maxY, box.maxY) > max(c.box.y, box.y)
                }),
                // A tempo's note (`♩ = 90`) has its `=` right after it.
                !characters.contains(where: { c in c.character == "=" && c.box.x >= box.midX && c.box.x - box.maxX <= em && c.box.y <= box.maxY && c.box.maxY >= box.y }),
                // A sign stands alone: nothing else of its height beside it (a word's letters are pieces side by side).
                !ink.contains(where: { other in
                    other != piece && other.box.height >= em * 0.5 && abs(other.box.midY - box.midY) < em * 0.5 && abs(other.box.midX - box.midX) < em * 1.5
                })
            else { continue }
            let starts = rows[row].bars.map { $0.symbols.first?.box.x ?? $0.box.x }
            guard let bar = starts.indices.min(by: { abs(starts[$0] - box.midX) < abs(starts[$1] - box.midX) }) else { continue }
            let mark: NavigationMark = InkComponents.fullColumn(in: bitmap, box: box) != nil ? .toCoda : .segno
            if !rows[row].bars[bar].jumpsAtStart.contains(mark) { rows[row].bars[bar].jumpsAtStart.append(mark) }
        }
    }

    /// The row and bar a word printed over or under a row stands at: the nearest row (its digits within four note
    /// heights), the bar whose stretch holds the word's middle, or the nearest bar.
    static func barAt(_ box: Box, rows: [ScannedRow], em: Double) -> (row: Int, bar: Int)? {
        func distance(_ row: ScannedRow) -> Double { box.maxY < row.box.y ? row.box.y - box.maxY : box.y > row.box.maxY ? box.y - row.box.maxY : 0 }
        guard let row = rows.indices.filter({ distance(rows[$0]) <= em * 4 && !rows[$0].bars.isEmpty }).min(by: { distance(rows[$0]) < distance(rows[$1]) })
        else { return nil }
        let bars = rows[row].bars
        if let bar = bars.indices.first(where: { bars[$0].box.x - em * 0.3 <= box.midX && box.midX <= bars[$0].box.maxX + em * 0.3 }) { return (row, bar) }
        let nearest = bars.indices.min { abs(bars[$0].box.midX - box.midX) < abs(bars[$1].box.midX - box.midX) }
        return nearest.map { (row, $0) }
    }

    /// A line's characters as words: split where the gap is wider than `gap` (a fifth) of their height.
    static func words(_ line: [PositionedCharacter], gap: Double = 0.2) -> [(text: String, box: Box)] {
        var words: [(text: String, box: Box)] = []
        var previous: PositionedCharacter?
        for character in line {
            if let previous, character.box.x - previous.box.maxX <= max(character.box.height, previous.box.height) * gap, !words.isEmpty {
                words[words.count - 1].text.append(character.character)
                words[words.count - 1].box = words[words.count - 1].box.union(character.box)
            } else {
                words.append((String(character.character), character.box))
            }
            previous = character
        }
        return words
    }
}
