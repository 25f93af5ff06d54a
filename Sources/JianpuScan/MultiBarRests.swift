import JianpuCore
import JianpuInterchange

/// LilyPond's multi-bar rest, as jianpu-ly prints `R*4`: a thick horizontal bar closed by a short upright stroke at
/// each end, alone in its bar, with the number of bars over it. Its bar stands for that many bars of rest, in every part
/// (LilyPond gathers bars of rest only where all the parts rest).
enum MultiBarRests {
    /// The character a multi-bar rest stands as among the note digits, so that a row of them is a row.
    static let character: Character = "R"

    /// The multi-bar rests among `ink`: each piece's box, how many bars its number says (1 where none is read), and
    /// the boxes of the number's characters.
    static func rests(_ ink: [InkComponent], characters: [PositionedCharacter], bitmap: InkBitmap?, em: Double) -> [(box: Box, count: Int, number: [Box])] {
        guard let bitmap else { return [] }
        var found: [(box: Box, count: Int, number: [Box])] = []
        for piece in ink where isRestBar(piece.box, bitmap: bitmap, em: em) {
            let box = piece.box
            let number = characters.filter { c in
                c.character.isNumber && c.box.midX >= box.x && c.box.midX <= box.maxX && c.box.maxY <= box.midY && box.y - c.box.maxY <= em * 2
                    && abs(c.box.midX - box.midX) <= max(em, box.width * 0.25)
            }.sorted { $0.box.x < $1.box.x }
            let count = Int(String(number.map(\.character))).flatMap { (1...999).contains($0) ? $0 : nil } ?? 1
            found.append((box, count, number.map(\.box)))
        }
        return found
    }

    /// Whether `box` holds a long, thick horizontal bar with room above and below its middle (the end strokes are
    /// thin): wider than two notes, its middle row inked nearly across, the rows at its top and bottom mostly paper.
    static func isRestBar(_ box: Box, bitmap: InkBitmap, em: Double) -> Bool {
        guard box.width >= em * 1.5, box.width <= em * 12, box.height >= em * 0.15, box.height <= em * 1.2, box.width >= box.height * 3 else { return false }
        let left = Int((box.x * bitmap.scale).rounded(.down)), top = Int((box.y * bitmap.scale).rounded(.down))
        let width = Int((box.width * bitmap.scale).rounded()), height = Int((box.height * bitmap.scale).rounded())
        guard width >= 10, height >= 4, left >= 0, top >= 0, left + width <= bitmap.width, top + height <= bitmap.height else { return false }
        func rowFill(_ y: Int) -> Double {
            var ink = 0
            for x in left..<(left + width) where bitmap.isInk(x, y) { ink += 1 }
            return Double(ink) / Double(width)
        }
        /// The share of the column's pixels inked, in the outer fifth at either end (the end strokes stand there).
        func strokeAt(_ columns: Range<Int>) -> Bool {
            columns.contains { x in
                var ink = 0
                for y in top..<(top + height) where bitmap.isInk(x, y) { ink += 1 }
                return Double(ink) >= Double(height) * 0.8
            }
        }
        let middle = rowFill(top + height / 2)
        let edges = max(rowFill(top), rowFill(top + height - 1))
        // An upright stroke the box's height at each end (a staff's slanted beam has none; a bracket's hooks go one way).
        let reach = max(2, width / 5)
        return middle >= 0.85 && edges <= 0.3 && box.height >= em * 0.3
            && strokeAt(left..<(left + reach)) && strokeAt((left + width - reach)..<(left + width))
    }

    /// How many bars a bar of `printed` (one per part) stands for: the largest multi-bar rest's count, nil where none is printed.
    static func count(in printed: [ScannedBar]) -> Int? {
        printed.flatMap(\.symbols).compactMap { symbol -> Int? in
            if case .multiBarRest(let count) = symbol.kind { count } else { nil }
        }.max()
    }

    /// One more bar of rest after a multi-bar rest's first: a whole bar's rest and nothing else.
    static func restBar(label: String, length: WholeNotes) -> ImportedMeasure {
        ImportedMeasure(label: label, length: length, events: [ImportedEvent(length: length)])
    }
}
