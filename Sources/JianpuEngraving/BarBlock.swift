import JianpuCore

/// One bar across all parts, its events set in columns shared by the parts (one per onset).
struct BarBlock {
    /// Each part's bar (nil when a part has fewer bars).
    var bars: [WrittenBar?]
    /// Column onsets from the bar's start, in order, and their x from the bar's left edge.
    var onsets: [WholeNotes] = []
    var xs: [Double] = []
    /// Each part's events: the event, its shape and its column.
    var placed: [[(event: WrittenEvent, shape: EventShape, column: Int)]]
    /// Chord symbols over the first part: text and column.
    var chordSymbols: [(text: String, column: Int, width: Double)] = []
    var width = 0.0
    var startPad = 0.0

    var number: Int { bars.lazy.compactMap { $0?.number.value }.first ?? 0 }
    var first: WrittenBar? { bars.lazy.compactMap { $0 }.first }

    /// Sets the bar's columns: each far enough from the next for both parts' glyphs, lyrics and chord
    /// symbols, and for its length.
    init(bars: [WrittenBar?], chords: [(onset: WholeNotes, text: String)], metrics m: EngravingOptions.Metrics,
         measure: any TextMeasuring, onset: (SourceLocation, Int, Int?) -> Double?) {
        self.bars = bars
        placed = Array(repeating: [], count: bars.count)
        var onsetSet = Set<WholeNotes>()
        for bar in bars.compactMap({ $0 }) { for event in bar.events { onsetSet.insert(event.onset - bar.start) } }
        onsets = onsetSet.sorted()
        let end = bars.compactMap { $0.map(\.length) }.max() ?? .zero
        var left = Array(repeating: 0.0, count: onsets.count), right = left
        // Lyrics (per part and verse) and chord symbols may reach over columns that have none:
        // only neighbours in the same row push each other apart.
        var rows: [[(column: Int, before: Double, after: Double)]] = []
        for (p, bar) in bars.enumerated() {
            guard let bar else { continue }
            var verses: [[(column: Int, before: Double, after: Double)]] = []
            for event in bar.events {
                // By halving: a search from the start per event was quadratic in the notes of a bar.
                let column = Self.firstIndex(in: onsets) { $0 >= event.onset - bar.start }
                let shape = EventShape(event, metrics: m, measure: measure) { onset($0, event.part, $1) }
                placed[p].append((event, shape, column))
                left[column] = max(left[column], shape.left)
                right[column] = max(right[column], shape.right)
                for syllable in event.lyrics {
                    while verses.count <= syllable.verse { verses.append([]) }
                    let half = measure.width(of: Self.shownSyllable(syllable.text), in: m.lyric) / 2 + 0.15 * m.s
                    verses[syllable.verse].append((column, half, half))
                }
            }
            rows += verses
        }
        if let first = first, !onsets.isEmpty {
            var symbols: [(column: Int, before: Double, after: Double)] = []
            // Chords come in order of onset: the bar's are found by halving, not by reading every chord of the score.
            var low = 0, high = chords.count
            while low < high {
                let middle = (low + high) / 2
                if chords[middle].onset >= first.start { high = middle } else { low = middle + 1 }
            }
            for chord in chords[low...].prefix(while: { $0.onset < first.start + max(first.length, end) }) {
                let relative = chord.onset - first.start
                let column = max(0, Self.firstIndex(in: onsets) { $0 > relative } - 1)
                let width = measure.width(of: chord.text, in: m.chordSymbol)
                chordSymbols.append((chord.text, column, width))
                symbols.append((column, 0.3 * m.s, width + 0.1 * m.s))
            }
            rows.append(symbols)
        }
        // The first and last of each row must fit inside the bar.
        for row in rows {
            if let head = row.first { left[head.column] = max(left[head.column], head.before) }
            if let tail = row.last { right[tail.column] = max(right[tail.column], tail.after) }
        }
        startPad = 0.55 * m.s + (bars.contains { $0?.repeatStart == true } ? 0.7 * m.s : 0)
        var x = startPad
        for index in onsets.indices {
            x += left[index]
            xs.append(x)
            let next = index + 1 < onsets.count ? onsets[index + 1] : end
            let quarters = min(2, max(0, (next - onsets[index]).doubleValue * 4))
            let room = right[index] + 0.3 * m.s + (index + 1 < onsets.count ? left[index + 1] : 0)
            let advance = max(room, m.s * (0.55 + 1.1 * quarters))
            x += advance - (index + 1 < onsets.count ? left[index + 1] : 0)
        }
        // Push columns right where two neighbours of a row would collide.
        var push = 0.0
        var lastInRow = Array(repeating: -1, count: rows.count)
        var nextInRow = Array(repeating: 0, count: rows.count)
        for index in xs.indices {
            xs[index] += push
            for r in rows.indices where nextInRow[r] < rows[r].count && rows[r][nextInRow[r]].column == index {
                let item = rows[r][nextInRow[r]]
                if lastInRow[r] >= 0 {
                    let previous = rows[r][lastInRow[r]]
                    let deficit = previous.after + item.before - (xs[index] - xs[previous.column])
                    if deficit > 0 {
                        xs[index] += deficit
                        push += deficit
                    }
                }
                lastInRow[r] = nextInRow[r]
                nextInRow[r] += 1
                // Several syllables of one row on a column (never for lyrics): take the widest.
                while nextInRow[r] < rows[r].count && rows[r][nextInRow[r]].column == index { nextInRow[r] += 1 }
            }
        }
        let endPad = 0.35 * m.s + (bars.contains { $0?.repeatEnd == true } ? 0.7 * m.s : 0)
        width = max(x + push, xs.last.map { $0 + m.s } ?? m.s) + endPad
    }

    /// The first index of sorted `values` where `isAtOrPast` holds (`values.count` when none does).
    static func firstIndex(in values: [WholeNotes], where isAtOrPast: (WholeNotes) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrPast(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Moves the columns apart by `extra` each (justification).
    mutating func stretch(by extra: Double) {
        for index in xs.indices { xs[index] += extra * (Double(index) + 0.5) }
        width += extra * Double(max(1, xs.count))
    }

    /// The syllable as printed: without the `-` that joins it to the next.
    static func shownSyllable(_ syllable: String) -> String {
        syllable.hasSuffix("-") && syllable.count > 1 ? String(syllable.dropLast()) : syllable
    }
}
