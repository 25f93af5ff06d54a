/// How a line's spare room is shared: first to even out time, then in proportion to it.
///
/// Each column asks for room in proportion to its length (its weight); where its glyphs, a lyric or a bar
/// line need more it has more. Stretching by a fixed amount per unit of weight (LilyPond's springs) keeps
/// those differences: a beat of two quavers set at their least room stays wider than a crotchet beat. Here
/// the line is filled like water: every column is raised to `unit` points per unit of weight, and a column
/// already wider keeps its width. Once the unit passes every column's own ratio, the whole line is in
/// proportion to time and the rest is shared by weight.
enum Justification {
    /// The points per unit of weight that fill `line` to `width`; for a line left short (`justified` false),
    /// the unit that evens it out without running past `width` or past the ninth decile of its columns' own
    /// ratios (a column widened by a long lyric is not a reason to widen the line). Nil when nothing moves.
    static func unit(for line: [BarBlock], width: Double, justified: Bool) -> Double? {
        var columns: [(advance: Double, weight: Double)] = []
        for block in line {
            for (advance, weight) in zip(block.advances, block.weights) where weight > 0 { columns.append((advance, weight)) }
        }
        let fixed = line.reduce(0) { $0 + $1.width } - columns.reduce(0) { $0 + $1.advance }
        guard !columns.isEmpty, width > fixed else { return nil }
        func total(_ unit: Double) -> Double { columns.reduce(fixed) { $0 + max($1.advance, unit * $1.weight) } }
        var low = 0.0, high = 1.0
        while total(high) < width, high < 1e9 { high *= 2 }
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if total(middle) < width { low = middle } else { high = middle }
        }
        guard !justified else { return low }
        let ratios = columns.map { $0.advance / $0.weight }.sorted()
        return min(low, ratios[min(ratios.count - 1, ratios.count * 9 / 10)])
    }
}
