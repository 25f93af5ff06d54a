/// Parts that end before the others: LilyPond leaves an ended part's row out of the systems after its final bar
/// line (and jianpu-ly's scores print a part going on alone, a bass's percent repeats, that way), so a system with
/// fewer rows than the score has parts holds the parts that have not ended, in their order.
extension RowReader {
    /// The bar lines of `merged` (the row's lines, a double or final one made one) that are final: made of more than
    /// one line, one of them twice as thick as the row's usual line (LilyPond's double bar is two thin ones).
    static func finalLines(_ lines: [Box], merged: [Box]) -> Set<Box> {
        let usual = median(lines.map(\.width))
        return Set(merged.filter { bar in
            let members = lines.filter { $0.x >= bar.x && $0.maxX <= bar.maxX }
            return members.count >= 2 && members.contains { $0.width >= usual * 2 }
        })
    }

    /// Whether `box` is a solid upright stroke thicker than a bar line: a final bar line's thick one.
    static func isThickLine(_ box: Box, bitmap: InkBitmap, em: Double) -> Bool {
        guard box.width >= em * 0.15, box.width <= em * 0.6 else { return false }
        let left = max(0, Int((box.x * bitmap.scale).rounded())), right = min(bitmap.width, Int((box.maxX * bitmap.scale).rounded()))
        let top = max(0, Int((box.y * bitmap.scale).rounded())), bottom = min(bitmap.height, Int((box.maxY * bitmap.scale).rounded()))
        guard right > left, bottom > top else { return false }
        var ink = 0
        for y in top..<bottom { for x in left..<right where bitmap.isInk(x, y) { ink += 1 } }
        return Double(ink) >= Double((right - left) * (bottom - top)) * 0.85
    }
}

extension ScoreAssembler {
    /// `rowBars` (one list of bars per row read, then empty ones up to the score's parts) given to the parts that
    /// go on when the system has fewer rows than parts and as many parts have not ended; and `finished` updated
    /// with the parts this system ends.
    static func continuingParts(_ rowBars: [[ScannedBar?]], rows: Int, finished: inout Set<Int>) -> [[ScannedBar?]] {
        var arranged = rowBars
        let going = rowBars.indices.filter { !finished.contains($0) }
        if rows < rowBars.count, !finished.isEmpty, going.count == rows {
            let empty = [ScannedBar?](repeating: nil, count: rowBars.first?.count ?? 0)
            arranged = [[ScannedBar?]](repeating: empty, count: rowBars.count)
            for (row, part) in going.enumerated() { arranged[part] = rowBars[row] }
        }
        // A part with a row here goes on (a section's end is a final bar line too), unless its row ends at one.
        for part in arranged.indices where arranged[part].contains(where: { $0 != nil }) {
            // Its last bar read: a part that ends within a system has nothing in the bars after.
            if let last = arranged[part].last(where: { $0 != nil }) ?? nil, last.endsFinal { finished.insert(part) } else { finished.remove(part) }
        }
        return arranged
    }
}
