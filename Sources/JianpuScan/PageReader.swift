/// Reads the structure of printed jianpu from a vector page: the digits from its text layer, the
/// marks (dots, underlines, dashes, bar lines) from its ink, joined by geometry.
///
/// The note digits are the digits of the most common size; rows are digits sharing a line; every piece
/// of ink that is not a character is a mark, told by its shape (a small round piece is a dot, a thin flat
/// one a line, a thin tall one a bar line) and given to the row it is nearest.
public enum PageReader {
    /// The page's systems (one row each: parts are not told apart yet), rows, bars and symbols, and its header text.
    public static func page(_ content: PageContent) -> ScannedPage {
        var page = ScannedPage(number: content.number, width: content.width, height: content.height)
        let digits = content.characters.filter { ("0"..."7").contains($0.character) }
        guard let em = noteSize(digits) else {
            page.header = lines(of: content.characters)
            return page
        }
        let notes = digits.filter { abs($0.box.height - em) <= em * 0.05 }
        let rows = withoutBarNumbers(rowsOf(notes, em: em), em: em)
        let firstRowTop = rows.first?.map(\.box.y).min() ?? content.height
        let headerCharacters = content.characters.filter { $0.box.maxY < firstRowTop - em * 0.2 }
        page.header = lines(of: headerCharacters)
        let firstNote = rows.first?.first?.box.x ?? 0
        page.heading = HeaderReader.header(headerCharacters, lines: page.header, em: em,
                                           meterCandidates: content.characters.filter { $0.box.maxX <= firstNote && $0.box.y < (rows.first?.last?.box.maxY ?? 0) })
        let ink = content.components ?? content.ink.map { InkComponents.find(in: $0) } ?? []
        var marks = MarkShapes.marks(ink, characters: content.characters, em: em)
        // Underlines drawn close together can touch: a piece is as many underlines as strokes cross its middle.
        if let bitmap = content.ink {
            marks = marks.flatMap { mark -> [ScannedSymbol] in
                guard case .underline = mark.kind else { return [mark] }
                return Array(repeating: mark, count: max(1, InkComponents.strokes(in: bitmap, across: mark.box)))
            }
        }
        let accidentals = content.characters.compactMap { c -> ScannedSymbol? in
            switch c.character {
            case "♯", "#": ScannedSymbol(.accidental(1), box: c.box)
            case "♭": ScannedSymbol(.accidental(-1), box: c.box)
            default: nil
            }
        }
        var previousBottom: Double?
        var rowsWithBarLines = 0
        for row in rows {
            let top = row.map(\.box.y).min() ?? 0, bottom = row.map(\.box.maxY).max() ?? 0
            let mine = (marks + accidentals).filter { mark in
                mark.box.midY >= top - em * 0.45 && mark.box.midY <= bottom + em * 0.45
            }
            // Digits far below the music with no bar line (a footer's date or version, a page number) are no row.
            let hasBarLine = mine.contains { $0.kind == .barLine }
            defer { previousBottom = bottom }
            if !hasBarLine, rowsWithBarLines > 0, let previousBottom, top - previousBottom > em * 3 { continue }
            if hasBarLine { rowsWithBarLines += 1 }
            let symbols = row.map { ScannedSymbol(.digit(Int(String($0.character)) ?? 0), box: $0.box) } + mine
            page.systems.append(ScannedSystem(rows: [RowReader.row(symbols, em: em)]))
        }
        return page
    }

    /// The most common height of the digits, rounded to a tenth of a point: the size of the note digits.
    static func noteSize(_ digits: [PositionedCharacter]) -> Double? {
        var counts: [Int: Int] = [:]
        for digit in digits { counts[Int((digit.box.height * 10).rounded()), default: 0] += 1 }
        guard let best = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { return nil }
        return Double(best.key) / 10
    }

    /// The note digits grouped into rows: digits whose middles are within half a digit's height, top to bottom.
    static func rowsOf(_ notes: [PositionedCharacter], em: Double) -> [[PositionedCharacter]] {
        var rows: [[PositionedCharacter]] = []
        for note in notes.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = rows.last?.last, abs(last.box.midY - note.box.midY) <= em * 0.5 {
                rows[rows.count - 1].append(note)
            } else {
                rows.append([note])
            }
        }
        return rows.map { $0.sorted { $0.box.x < $1.box.x } }
    }

    /// The rows without those of one or two digits just above another row: bar numbers (and fingerings)
    /// set in the notes' size.
    static func withoutBarNumbers(_ rows: [[PositionedCharacter]], em: Double) -> [[PositionedCharacter]] {
        rows.enumerated().filter { index, row in
            guard row.count <= 2, index + 1 < rows.count else { return true }
            let gap = (rows[index + 1].map(\.box.midY).min() ?? 0) - (row.map(\.box.midY).max() ?? 0)
            return gap > em * 2
        }.map(\.element)
    }

    /// Characters as lines of text, top to bottom (a line: characters whose middles are close), each line
    /// left to right with a space where the gap is wide.
    static func lines(of characters: [PositionedCharacter]) -> [String] {
        var lines: [[PositionedCharacter]] = []
        for character in characters.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = lines.last?.last, abs(last.box.midY - character.box.midY) <= max(last.box.height, character.box.height) * 0.3 {
                lines[lines.count - 1].append(character)
            } else {
                lines.append([character])
            }
        }
        return lines.map { line in
            var text = ""
            var previous: PositionedCharacter?
            for character in line.sorted(by: { $0.box.x < $1.box.x }) {
                if let previous, character.box.x - previous.box.maxX > character.box.height * 0.2 { text += " " }
                text.append(character.character)
                previous = character
            }
            return text
        }
    }
}

/// Pieces of ink told apart by their shape, relative to the note digits' size `em`.
enum MarkShapes {
    /// The marks among `ink`: what is not a character's own ink, as dots, lines and bar lines.
    static func marks(_ ink: [InkComponent], characters: [PositionedCharacter], em: Double) -> [ScannedSymbol] {
        var result: [ScannedSymbol] = []
        for piece in ink {
            let box = piece.box
            // A character's own ink: the piece lies inside a character's box and is most of its size.
            let isCharacter = characters.contains { c in
                box.x >= c.box.x - 0.5 && box.maxX <= c.box.maxX + 0.5 && box.y >= c.box.y - 0.5 && box.maxY <= c.box.maxY + 0.5
                    && (box.height >= c.box.height * 0.4 || box.width >= c.box.width * 0.6 && box.height >= c.box.height * 0.25)
            }
            if isCharacter { continue }
            if box.width <= em * 0.28 && box.height <= em * 0.28 && box.width >= em * 0.06 && box.height >= em * 0.06
                && box.width / box.height < 1.8 && box.height / box.width < 1.8 {
                result.append(ScannedSymbol(.octaveDot(0), box: box, confidence: 0.9))
            } else if box.height <= em * 0.16 && box.width >= em * 0.3 {
                result.append(ScannedSymbol(.underline, box: box, confidence: 0.9))
            } else if box.width <= em * 0.3 && box.height >= em * 0.9 {
                result.append(ScannedSymbol(.barLine, box: box, confidence: 0.9))
            }
        }
        return result
    }
}
