import JianpuCore
import JianpuPerformance

/// A span of written time across all parts, from a time where every part has a bar line to the next
/// such time, its events set in columns shared by the parts (one per onset), as LilyPond aligns staves.
///
/// Where the parts' bars agree a block is one bar; where they differ (a multibar rest against played
/// bars, 3/4 against 4/4) it holds several bars of a part, whose bar lines fall between its columns.
/// A block wider than a line is cut into pieces at columns (`pieces`), the bar going on over the cut.
struct BarBlock {
    /// An event in its column: the bar it is written in (an index into its part's `bars`) and its index
    /// in that bar's events, and how far its glyphs reach. The glyphs are drawn again with the system
    /// (`SystemLayout.draw`): held here, a wide bar's would cost a few hundred bytes a note.
    struct Placed {
        var shape: EventExtent
        // Stored in 32 bits after the extent, which leaves them room: 64 bytes an event instead of 80.
        private var storedBar: Int32, storedIndex: Int32, storedColumn: Int32
        /// The group whose underlines join (`SystemLayout.beatGroup`).
        var group: Int

        init(bar: Int, index: Int, column: Int, shape: EventExtent, group: Int) {
            self.shape = shape
            (storedBar, storedIndex, storedColumn) = (Int32(truncatingIfNeeded: bar), Int32(truncatingIfNeeded: index), Int32(truncatingIfNeeded: column))
            self.group = group
        }

        var bar: Int {
            get { Int(storedBar) }
            set { storedBar = Int32(truncatingIfNeeded: newValue) }
        }
        var index: Int { Int(storedIndex) }
        var column: Int {
            get { Int(storedColumn) }
            set { storedColumn = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// How far an event's glyphs reach around its anchor, and its underlines: what spacing and rows need of its shape.
    struct EventExtent {
        var left, right, above, below, halfWidth: Double
        private var storedUnderlines: Int32
        var underlines: Int { Int(storedUnderlines) }

        init(_ shape: EventShape) {
            (left, right, above, below, halfWidth) = (shape.left, shape.right, shape.above, shape.below, shape.halfWidth)
            storedUnderlines = Int32(truncatingIfNeeded: shape.underlines)
        }
    }

    /// A bar of a part as drawn in this block: from `left` to `right` (from the block's left edge),
    /// and whether its start and end lines are in the block (not before it or past a cut).
    struct Segment {
        var bar: Int
        var left: Double
        var right: Double
        var startsHere: Bool
        var endsHere: Bool
    }

    /// Each part's bars in the block (none when the part has ended), and where each ends.
    var bars: [[WrittenBar]]
    var ends: [[WholeNotes]]
    /// The written time the block (or piece) spans.
    var start: WholeNotes
    var end: WholeNotes
    /// Column onsets (written time), in order; their x from the block's left edge, and how far their glyphs reach.
    var onsets: [WholeNotes] = []
    var xs: [Double] = []
    var left: [Double] = []
    var right: [Double] = []
    /// Room a part's bar line before a column needs right of it, to the column's glyphs (the room left of
    /// it is needed only while the columns are set).
    var lineAfter: [Double] = []
    /// How much of the justification's stretch each column takes: its duration's ideal space.
    var weights: [Double] = []
    /// Each part's events, in written order.
    var placed: [[Placed]]
    /// Chord symbols over the first part: text and column.
    var chordSymbols: [(text: String, column: Int, width: Double)] = []
    var width = 0.0
    var startPad = 0.0
    /// A piece after a cut continues a bar from the system before; one before a cut goes on in the next.
    var continuesBefore = false
    var continuesAfter = false

    /// The event of a placed item of part `p`.
    func event(_ item: Placed, part p: Int) -> WrittenEvent { bars[p][item.bar].events[item.index] }

    /// The printed number of the first bar in the block.
    var number: Int { bars.lazy.compactMap { $0.first?.number.value }.first ?? 0 }
    var first: WrittenBar? { bars.lazy.compactMap { $0.first }.first }

    /// Sets the block's columns: each far enough from the next for every part's glyphs, lyrics, chord
    /// symbols and bar lines, and for its length (`spacing`); `extent` measures an event (`EventShape.extent(of:metrics:measure:)`).
    init(
        bars: [[WrittenBar]], ends: [[WholeNotes]], chords: [(onset: WholeNotes, text: String)], spacing: DurationSpacing,
        metrics m: EngravingOptions.Metrics, measure: any TextMeasuring, extent: (WrittenEvent) -> EventExtent
    ) {
        self.bars = bars
        self.ends = ends
        placed = Array(repeating: [], count: bars.count)
        start = bars.compactMap { $0.first?.start }.min() ?? .zero
        end = ends.compactMap(\.last).max() ?? start
        // Sorted and made unique in an array (a `Set` costs the search for `WholeNotes: Hashable`, `DurationSpacing`).
        var written: [WholeNotes] = []
        for part in bars { for bar in part { for event in bar.events { written.append(event.onset) } } }
        written.sort()
        for onset in written where onsets.last != onset { onsets.append(onset) }
        let count = onsets.count
        left = Array(repeating: 0.0, count: count)
        right = left
        var lineBefore = left
        lineAfter = left
        // Columns that start a new beat's underlined group after another one's: a little more room before them.
        var beatGaps = Array(repeating: false, count: count)
        // Lyrics (per part and verse) and chord symbols may reach over columns that have none:
        // only neighbours in the same row push each other apart.
        var rows: [[(column: Int, before: Double, after: Double)]] = []
        // Multibar rests span from their column to their bar's end: at least this wide.
        var spans: [(from: Int, to: Int, width: Double)] = []
        // Each part's glyphs in order (column, reach left and right): a glyph keeps clear of its own row's
        // neighbours, not of another part's columns between them (a dotted note's dot never pushes the
        // other part's dash that falls under it; the dash keeps its place in time).
        var glyphs: [[(column: Int, left: Double, right: Double)]] = Array(repeating: [], count: bars.count)
        for (p, partBars) in bars.enumerated() {
            var verses: [[(column: Int, before: Double, after: Double)]] = []
            var previous: (column: Int, group: Int, underlined: Bool)?
            // Sized at once: grown by doubling, a wide bar's array would hold up to twice the room it needs.
            placed[p].reserveCapacity(partBars.reduce(0) { $0 + $1.events.count })
            for (b, bar) in partBars.enumerated() {
                if b > 0, bar.start > start {
                    // A bar line of this part between columns: room on both sides, more for repeat signs.
                    let column = Self.firstIndex(in: onsets) { $0 >= bar.start }
                    if column < count {
                        lineBefore[column] = max(lineBefore[column], m.innerLineBefore + (partBars[b - 1].repeatEnd || partBars[b - 1].isFinal ? m.repeatSignRoom : 0))
                        lineAfter[column] = max(lineAfter[column], m.innerLineAfter + (bar.repeatStart ? m.repeatSignRoom : 0))
                    }
                }
                if bar.isPercentRepeat {
                    // A percent sign stands for the bar: at least its width and room, between its bar lines.
                    let from = Self.firstIndex(in: onsets) { $0 >= bar.start }, to = Self.firstIndex(in: onsets) { $0 >= ends[p][b] }
                    spans.append((from, to, 2 * m.percentHalfWidth + m.multibarRestRoom))
                }
                for (k, event) in bar.events.enumerated() {
                    // By halving: a search from the start per event was quadratic in the notes of a bar.
                    let column = Self.firstIndex(in: onsets) { $0 >= event.onset }
                    let shape = extent(event)
                    let beatGroup = SystemLayout.beatGroup(of: event, in: bar)
                    placed[p].append(Placed(bar: b, index: k, column: column, shape: shape, group: beatGroup))
                    let group = beatGroup &+ b &* 1_000_003
                    if shape.underlines > 0, let previous, previous.underlined, previous.group != group, previous.column < column {
                        beatGaps[column] = true
                    }
                    previous = (column, group, shape.underlines > 0)
                    if case .multibarRest = event.kind {
                        let to = Self.firstIndex(in: onsets) { $0 >= ends[p][b] }
                        spans.append((column, to, shape.left + shape.right + m.multibarRestRoom))
                        continue
                    }
                    left[column] = max(left[column], shape.left)
                    right[column] = max(right[column], shape.right)
                    glyphs[p].append((column, shape.left, shape.right))
                    for syllable in event.lyrics {
                        while verses.count <= syllable.verse { verses.append([]) }
                        let half = measure.width(of: Self.shownSyllable(syllable.text), in: m.lyric) / 2 + m.syllablePad
                        verses[syllable.verse].append((column, half, half))
                    }
                }
            }
            rows += verses
        }
        if let first = first, !onsets.isEmpty {
            var symbols: [(column: Int, before: Double, after: Double)] = []
            // Chords come in order of onset: the block's are found by halving, not by reading every chord of the score.
            let low = chords.partitioningIndex { $0.onset >= first.start }
            for chord in chords[low...].prefix(while: { $0.onset < end }) {
                let column = max(0, Self.firstIndex(in: onsets) { $0 > chord.onset } - 1)
                let width = measure.width(of: chord.text, in: m.chordSymbol)
                chordSymbols.append((chord.text, column, width))
                symbols.append((column, m.chordSymbolLead, width + m.chordSymbolTrail))
            }
            rows.append(symbols)
        }
        // The first and last of each row must fit inside the block.
        for row in rows {
            if let head = row.first { left[head.column] = max(left[head.column], head.before) }
            if let tail = row.last { right[tail.column] = max(right[tail.column], tail.after) }
        }
        startPad = m.blockStartPad + spacing.gap * m.s + (bars.contains { $0.first?.repeatStart == true } ? m.repeatSignRoom : 0)
        /// The room before column `index` past its glyphs: a bar line's, or the gap between glyphs.
        func gap(before index: Int) -> Double {
            index < count && lineAfter[index] > 0
                ? lineBefore[index] + lineAfter[index]
                : spacing.gap * m.s + (index < count && beatGaps[index] ? m.beatGap : 0)
        }
        // Neighbours of a row in neighbouring columns set the columns' room; neighbours further apart push
        // the later column on where they would collide (`pairsEnding`), as do a part's last glyph and the block's end.
        var nextRight = Array(repeating: 0.0, count: count), nextLeft = nextRight
        var pairsEnding: [[(from: Int, room: Double)]] = Array(repeating: [], count: count)
        var lastGlyphs: [(column: Int, right: Double)] = []
        for row in glyphs {
            for (a, b) in zip(row, row.dropFirst()) where a.column < b.column {
                // A bar line before a column stands left of all its glyphs (`lineX`): room up to the widest.
                let bLeft = lineAfter[b.column] > 0 ? left[b.column] : b.left
                if b.column == a.column + 1 {
                    nextRight[a.column] = max(nextRight[a.column], a.right)
                    nextLeft[b.column] = max(nextLeft[b.column], bLeft)
                } else {
                    pairsEnding[b.column].append((a.column, a.right + gap(before: b.column) + bLeft))
                }
            }
            if let last = row.last { lastGlyphs.append((last.column, last.right)) }
        }
        var x = startPad
        for index in onsets.indices {
            x += left[index]
            xs.append(x)
            let next = index + 1 < count ? onsets[index + 1] : end
            let ideal = spacing.space(for: next - onsets[index])
            weights.append(ideal)
            let room = index + 1 < count ? nextRight[index] + gap(before: index + 1) + nextLeft[index + 1] : right[index] + gap(before: count)
            let advance = max(room, m.s * ideal)
            x += advance - (index + 1 < count ? left[index + 1] : 0)
        }
        // Push columns right where two neighbours of a row would collide, or a multibar rest needs more room.
        var push = 0.0
        var lastInRow = Array(repeating: -1, count: rows.count)
        var nextInRow = Array(repeating: 0, count: rows.count)
        // By column (the block's end last): arrays, not dictionaries by column, which cost the search for `Int: Hashable`.
        var spansEnding: [[(from: Int, width: Double)]] = Array(repeating: [], count: count + 1)
        for span in spans { spansEnding[span.to].append((span.from, span.width)) }
        for index in xs.indices {
            xs[index] += push
            for pair in pairsEnding[index] {
                let deficit = pair.room - (xs[index] - xs[pair.from])
                if deficit > 0 {
                    xs[index] += deficit
                    push += deficit
                }
            }
            for span in spansEnding[index] {
                let deficit = span.width - (lineX(index) - lineX(span.from))
                if deficit > 0 {
                    xs[index] += deficit
                    push += deficit
                }
            }
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
        let endPad = m.blockEndPad + (bars.contains { $0.last?.repeatEnd == true } ? m.repeatSignRoom : 0)
        width = max(x + push, xs.last.map { $0 + right[right.count - 1] + m.cutPad } ?? m.s)
        for glyph in lastGlyphs { width = max(width, xs[glyph.column] + glyph.right + m.cutPad) }
        for span in spansEnding[count] { width = max(width, lineX(span.from) + span.width) }
        width += endPad
    }

    /// Where a part's bar line before `column` goes (the block's left edge for the first column).
    func lineX(_ column: Int) -> Double {
        guard column > 0 else { return 0 }
        guard column < xs.count else { return width }
        return xs[column] - left[column] - lineAfter[column]
    }

    /// Each bar of part `p` in the block as drawn: from the line it starts at to the line it ends at.
    func segments(ofPart p: Int) -> [Segment] {
        bars[p].indices.compactMap { b in
            let (barStart, barEnd) = (bars[p][b].start, ends[p][b])
            guard barStart < end, barEnd > start || barStart == start else { return nil }
            let startsHere = barStart > start || (barStart == start && !continuesBefore)
            let endsHere = barEnd < end || (barEnd == end && !continuesAfter)
            let l = barStart <= start ? 0 : lineX(Self.firstIndex(in: onsets) { $0 >= barStart })
            let r = barEnd >= end ? width : lineX(Self.firstIndex(in: onsets) { $0 >= barEnd })
            return Segment(bar: b, left: l, right: r, startsHere: startsHere, endsHere: endsHere)
        }
    }

    /// The first index of sorted `values` where `isAtOrPast` holds (`values.count` when none does).
    static func firstIndex(in values: [WholeNotes], where isAtOrPast: (WholeNotes) -> Bool) -> Int {
        values.partitioningIndex(where: isAtOrPast)
    }

    /// The total stretch weight of the block's columns.
    var totalWeight: Double { weights.reduce(0, +) }

    /// Each column's room to the next column (the last: to the block's end), as set.
    var advances: [Double] {
        xs.indices.map { $0 + 1 < xs.count ? xs[$0 + 1] - xs[$0] : width - xs[$0] }
    }

    /// Widens each column to `unit` points per unit of weight where it has less (`Justification`): a column
    /// crowded by its glyphs keeps its room, every other one takes room in proportion to its length.
    mutating func stretch(toUnit unit: Double) {
        let advances = advances
        var shift = 0.0
        for index in xs.indices {
            xs[index] += shift
            shift += max(0, unit * weights[index] - advances[index])
        }
        width += shift
    }

    /// The syllable as printed: without the `-` that joins it to the next.
    static func shownSyllable(_ syllable: String) -> String {
        syllable.hasSuffix("-") && syllable.count > 1 ? String(syllable.dropLast()) : syllable
    }

    /// Each part's bars of a movement grouped into blocks: from a time where every part has a bar line
    /// to the next, as index ranges into each part's bars, in one pass over them; and where each bar ends
    /// (where the next starts: a note held over a bar line moves it).
    static func groups(of parts: [[WrittenBar]]) -> (groups: [[Range<Int>]], ends: [[WholeNotes]]) {
        // A part's last bar ends where its music does: a short last bar (completing a pickup) is set as long as
        // it is, as LilyPond sets it, not with the room of a whole bar empty after its last note.
        let ends = parts.map { bars in
            bars.indices.map { b in
                b + 1 < bars.count ? bars[b + 1].start : bars[b].events.last.map { $0.onset + $0.length } ?? bars[b].start + bars[b].length
            }
        }
        var next = Array(repeating: 0, count: parts.count)
        var groups: [[Range<Int>]] = []
        while parts.indices.contains(where: { next[$0] < parts[$0].count }) {
            let from = next
            var end = parts.indices.compactMap { p in next[p] < parts[p].count ? ends[p][next[p]] : nil }.max() ?? .zero
            var settled = false
            while !settled {
                settled = true
                for p in parts.indices {
                    while next[p] < parts[p].count, parts[p][next[p]].start < end {
                        if ends[p][next[p]] > end {
                            end = ends[p][next[p]]
                            settled = false
                        }
                        next[p] += 1
                    }
                }
            }
            groups.append(parts.indices.map { from[$0]..<next[$0] })
        }
        return (groups, ends)
    }
}

extension BarBlock {
    /// The block cut at columns into pieces each no wider than `width` (the first no wider than
    /// `firstWidth`), for a bar wider than a line: the bar goes on in the next piece with no bar line
    /// at the cut. Found in one pass over the columns, a cut preferably where a part has a bar line.
    ///
    /// The pieces are made as they are read, so that a wide bar's events are not held a second time in
    /// pieces waiting for their lines: only the lines being set hold theirs.
    func pieces(firstWidth: Double, width lineWidth: Double, metrics m: EngravingOptions.Metrics) -> LazyMapSequence<Range<Int>, BarBlock> {
        let bounds = cuts(firstWidth: firstWidth, width: lineWidth, metrics: m)
        guard bounds.count > 2 else { return (0..<1).lazy.map { _ in self } }
        return (0..<(bounds.count - 1)).lazy.map { piece(from: bounds[$0], to: bounds[$0 + 1], metrics: m) }
    }

    /// Where `pieces` cuts: the first column of each piece, then the column count.
    private func cuts(firstWidth: Double, width lineWidth: Double, metrics m: EngravingOptions.Metrics) -> [Int] {
        guard width > firstWidth, xs.count > 1 else { return [] }
        let pad = m.cutPad
        var cuts: [Int] = []
        var pieceLeft = 0.0, limit = firstWidth
        var lastBarLine: Int?
        for c in 1..<xs.count {
            if lineAfter[c] > 0 { lastBarLine = c }
            // Where this piece would end if cut before the next column, and the next piece's start.
            let reach = xs[c] + right[c] + pad - pieceLeft + (c + 1 == xs.count ? width - xs[c] - right[c] : 0)
            guard reach > limit else { continue }
            var cut = c
            if let line = lastBarLine, line > (cuts.last ?? 0) + 1, xs[line] - pieceLeft > limit / 2 { cut = line }
            if cut <= (cuts.last ?? 0) { continue }
            cuts.append(cut)
            pieceLeft = xs[cut] - left[cut] - pad
            limit = lineWidth
            lastBarLine = nil
        }
        guard !cuts.isEmpty else { return [] }
        return [0] + cuts + [xs.count]
    }

    /// The columns `from..<to` as a block of their own, moved to start at its left edge.
    private func piece(from: Int, to: Int, metrics m: EngravingOptions.Metrics) -> BarBlock {
        var piece = self
        piece.start = onsets[from]
        piece.end = to < onsets.count ? onsets[to] : end
        piece.continuesBefore = continuesBefore || from > 0
        piece.continuesAfter = continuesAfter || to < onsets.count
        let shift = from == 0 ? 0.0 : xs[from] - left[from] - m.cutPad
        let right = to < onsets.count ? xs[to] - left[to] - lineAfter[to] : width
        piece.onsets = Array(onsets[from..<to])
        piece.xs = xs[from..<to].map { $0 - shift }
        piece.left = Array(left[from..<to])
        piece.right = Array(self.right[from..<to])
        piece.lineAfter = Array(lineAfter[from..<to])
        if from > 0 { piece.lineAfter[0] = 0 }
        piece.weights = Array(weights[from..<to])
        piece.width = right - shift
        piece.placed = placed.map { part in
            // Each part's events are in column order: the piece's are found by halving.
            let low = Self.firstPlaced(in: part, atOrAfter: from), high = Self.firstPlaced(in: part, atOrAfter: to)
            return part[low..<high].map {
                var item = $0; item.column -= from; return item
            }
        }
        piece.chordSymbols = chordSymbols.filter { (from..<to).contains($0.column) }.map { ($0.text, $0.column - from, $0.width) }
        // Only the bars that reach into the piece.
        for p in bars.indices {
            let low = Self.firstIndex(in: ends[p]) { $0 > piece.start }
            let high = Self.firstIndex(in: bars[p].map(\.start)) { $0 >= piece.end }
            let kept = low..<max(low, high)
            piece.bars[p] = Array(bars[p][kept])
            piece.ends[p] = Array(ends[p][kept])
            for k in piece.placed[p].indices { piece.placed[p][k].bar -= low }
            piece.restsCounted(part: p, keptFrom: low, whole: self)
        }
        return piece
    }

    private static func firstPlaced(in part: [Placed], atOrAfter column: Int) -> Int {
        part.partitioningIndex { $0.column >= column }
    }

    /// A multibar rest cut by the piece's edges is shown in it too, with the count of its bars that fall in the
    /// piece: `R*5` over a line break is a 2 in one system and a 3 in the next, as each system shows a part.
    private mutating func restsCounted(part p: Int, keptFrom low: Int, whole: BarBlock) {
        for (k, bar) in bars[p].enumerated() {
            guard bar.events.count == 1, case .multibarRest(let count) = bar.events[0].kind, count > 0, bar.length > .zero else { continue }
            let (barStart, barEnd) = (bar.start, ends[p][k])
            let perBar = bar.length / WholeNotes(Int64(count))
            let shown = (min(barEnd, end) - max(barStart, start)) / perBar
            let inPiece = max(1, Int((shown.doubleValue + 0.5).rounded(.down)))
            bars[p][k].events[0].kind = .multibarRest(inPiece)
            guard !placed[p].contains(where: { $0.bar == k }),
                let original = whole.placed[p].first(where: { $0.bar == k + low && $0.index == 0 })
            else { continue }
            placed[p].insert(Placed(bar: k, index: 0, column: 0, shape: original.shape, group: original.group), at: 0)
        }
    }
}
