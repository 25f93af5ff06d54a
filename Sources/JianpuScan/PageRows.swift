/// The rows of note digits on a page, told from what is not music (bar numbers, a composer's line, a part's
/// name), and grouped into systems by the bracket or brace that joins them.
extension PageReader {
    /// The row without the digits left of a bracket or brace that spans it when music follows it: a part's
    /// number set as its name (LilyPond's instrument name `1`) is no note.
    static func rightOfBrackets(_ row: [PositionedCharacter], brackets: [Box]) -> [PositionedCharacter] {
        // A name is a digit or two; a bar line drawn through all the parts has a bar of music before it.
        guard let last = row.last,
            let bracket = brackets.first(where: { b in
                let before = row.filter { $0.box.maxX <= b.x }.count
                return b.y <= last.box.maxY && b.maxY >= last.box.y && b.maxX <= last.box.x && (1...2).contains(before) && row.count - before > before
            })
        else { return row }
        return row.filter { $0.box.x >= bracket.maxX }
    }

    /// Rows grouped into systems: the rows a bracket or brace left of them spans (a line taller than two
    /// rows, before their first note) are read together, one part each; every other row is a system of its own.
    static func systems(_ rows: [ScannedRow], brackets: [Box], em: Double) -> [ScannedSystem] {
        var result: [ScannedSystem] = []
        var index = 0
        while index < rows.count {
            let row = rows[index]
            // From the first note: a part's name before the bracket leaves specks (an i's dot) in the row.
            let firstX = row.bars.lazy.flatMap(\.symbols).first { if case .digit = $0.kind { true } else { false } }?.box.x ?? row.box.x
            let bracket = brackets.first { b in
                b.maxX <= firstX + em * 0.2 && b.y <= row.box.maxY && b.maxY >= row.box.midY && firstX - b.maxX <= em * 6
            }
            var group = [row]
            if let bracket {
                while index + 1 < rows.count, rows[index + 1].box.y <= bracket.maxY {
                    index += 1
                    group.append(rows[index])
                }
            }
            index += 1
            result.append(ScannedSystem(rows: group))
        }
        return result
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

    /// The rows without the first ones that no bar line crosses, clear of the next and with a row that has bar lines
    /// below them (every row of music ends at a bar line): a line of words whose digits are of the notes' size (a composer's `Op. 49 No. 4`, read from an image
    /// without its letters).
    static func withoutLinesAbove(_ rows: [[PositionedCharacter]], ink: [InkComponent], em: Double) -> [[PositionedCharacter]] {
        func crossed(_ row: [PositionedCharacter]) -> Bool {
            guard let first = row.first, let last = row.last else { return false }
            let middle = row.map(\.box.midY).reduce(0, +) / Double(row.count)
            return ink.contains { piece in
                // Thinner and taller than a word's l or parenthesis.
                piece.box.width <= em * 0.2 && piece.box.height >= em * 1.1 && piece.box.y <= middle && piece.box.maxY >= middle
                    && piece.box.midX > first.box.x - em * 2 && piece.box.midX < last.box.maxX + em * 2
            }
        }
        var rows = rows[...]
        while rows.count > 1, let first = rows.first, !crossed(first), rows.dropFirst().contains(where: crossed),
            let next = rows.dropFirst().first, (next.map(\.box.y).min() ?? 0) - (first.map(\.box.maxY).max() ?? 0) > em
        {
            rows = rows.dropFirst()
        }
        return Array(rows)
    }

    /// The rows without those of a few digits (one or two, or a quarter of the next row's) just above
    /// another row: bar numbers (and fingerings) set in the notes' size.
    /// A chord's digits `stacked` over a row's (each with its foot) count as the row's: a bar number stands over them.
    static func withoutBarNumbers(_ rows: [[PositionedCharacter]], em: Double, stacked: [PositionedCharacter: PositionedCharacter] = [:]) -> [[PositionedCharacter]] {
        rows.enumerated().filter { index, row in
            guard index + 1 < rows.count, row.count <= max(2, rows[index + 1].count / 4) else { return true }
            let next = rows[index + 1], feet = Set(next)
            let gap = ((next + stacked.filter { feet.contains($0.value) }.map(\.key)).map(\.box.midY).min() ?? 0) - (row.map(\.box.midY).max() ?? 0)
            return gap > em * 2
        }.map(\.element)
    }
}
