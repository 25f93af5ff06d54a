/// Parts that end before the others: LilyPond leaves an ended part's row out of the systems after it, so a system
/// with fewer rows than the score has parts holds the parts that go on, in their order. Those are the parts whose
/// last bar was a percent sign when the rows begin with one (jianpu-ly's scores print a bass's repeated bar that way,
/// and LilyPond draws the others' final bar line through it too), or else the parts whose row did not end at a final
/// bar line.
extension RowReader {
    /// The bar lines of `merged` (the row's lines, a double or final one made one) that are final: made of more than
    /// one line, one of them twice as thick as the row's usual line (LilyPond's double bar is two thin ones).
    static func finalLines(_ lines: [Box], merged: [Box]) -> Set<Box> {
        let usual = median(lines.map(\.width))
        return Set(
            merged.filter { bar in
                let members = lines.filter { $0.x >= bar.x && $0.maxX <= bar.maxX }
                return members.count >= 2 && members.contains { $0.width >= usual * 2 }
            })
    }

    /// Whether `box` is a solid upright stroke thicker than a bar line: a final bar line's thick one.
    static func isThickLine(_ box: Box, bitmap: InkBitmap, em: Double) -> Bool {
        guard box.width >= em * 0.15, box.width <= em * 0.6 else { return false }
        let count = InkComponents.inkCount(in: bitmap, box: box)
        return count.pixels > 0 && Double(count.ink) >= Double(count.pixels) * 0.85
    }
}

/// How the parts' last rows ended, system by system.
struct PartEnds {
    /// The parts whose last row ended at a final bar line.
    var finished: Set<Int> = []
    /// The parts whose last bar read was a percent sign.
    var repeating: Set<Int> = []
}

extension ScoreAssembler {
    /// `rowBars` (one list of bars per row read, then empty ones up to the score's parts) given to the parts that
    /// go on when the system has fewer rows than parts; and `ends` updated with how this system's rows end.
    static func continuingParts(_ rowBars: [[ScannedBar?]], rows: Int, ends: inout PartEnds) -> [[ScannedBar?]] {
        var arranged = rowBars
        if rows < rowBars.count {
            let startsRepeating = rowBars.prefix(rows).allSatisfy { row in
                (row.first ?? nil).map { PercentRepeats.repeatsBarBefore($0.symbols) } ?? false
            }
            let going = rowBars.indices.filter { !ends.finished.contains($0) }
            let parts =
                startsRepeating && ends.repeating.count == rows
                ? ends.repeating.sorted() : !ends.finished.isEmpty && going.count == rows ? going : nil
            if let parts {
                let empty = [ScannedBar?](repeating: nil, count: rowBars.first?.count ?? 0)
                arranged = [[ScannedBar?]](repeating: empty, count: rowBars.count)
                for (row, part) in parts.enumerated() { arranged[part] = rowBars[row] }
            }
        }
        // A part with a row here goes on (a section's end is a final bar line too), unless its row ends at one.
        for part in arranged.indices where arranged[part].contains(where: { $0 != nil }) {
            // Its last bar read: a part that ends within a system has nothing in the bars after.
            let last = arranged[part].last(where: { $0 != nil }) ?? nil
            if last?.endsFinal == true { ends.finished.insert(part) } else { ends.finished.remove(part) }
            if let last, PercentRepeats.repeatsBarBefore(last.symbols) { ends.repeating.insert(part) } else { ends.repeating.remove(part) }
        }
        return arranged
    }
}
