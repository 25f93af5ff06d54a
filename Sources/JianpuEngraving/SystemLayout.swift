import JianpuCore
import JianpuPerformance

/// A line of music: its bars side by side, the parts one under another.
struct SystemLayout {
    /// Where each part's rows go, from the system's top.
    struct PartRows {
        var chordBaseline: Double?
        var markBaseline: Double
        var baseline: Double
        /// The row of dynamics under the notes, when there are any.
        var dynamicBaseline: Double?
        var lyricBaselines: [Double]
        /// The row of `_"…"` words, when there are any.
        var wordsBaseline: Double?
        var bottom: Double
        /// The part has ended before the system: its row takes no room and draws nothing.
        var isRemoved = false
    }

    /// A drawn event: where it is on its page, for the signs that join events (ties, tuplets, lyrics).
    /// Its lyrics' rows are its part's in the system (`lyricBaselines(ofPart:)`).
    struct PlacedEvent {
        var event: WrittenEvent
        var x: Double
        var baseline: Double
        var above: Double
        var halfWidth: Double
    }

    var blocks: [BarBlock]
    var rows: [PartRows] = []
    var height = 0.0
    let m: EngravingOptions.Metrics

    // Filled by `draw`.
    var glyphs: [Glyph] = []
    var barAreas: [BarArea] = []
    var heads: [Rect] = []
    var chordBoxes: [Rect] = []
    var events: [[PlacedEvent]] = []
    var rect = Rect(x: 0, y: 0, width: 0, height: 0)
    var page = 0
    /// The volta brackets' pieces bar by bar, while the blocks are drawn.
    var voltaSpans: [VoltaSpan] = []
    /// The shapes of the first blocks' events, by block, part and placed item, as `makeRoomForBarNumbers` drew
    /// them: `draw` takes them instead of drawing those events again, and lets them go.
    var drawnShapes: [[[EventShape]]] = []

    init(blocks: [BarBlock], metrics m: EngravingOptions.Metrics) {
        self.blocks = blocks
        self.m = m
        let partCount = blocks.first?.bars.count ?? 0
        var y = 0.0
        for p in 0..<partCount {
            if Self.hasEnded(part: p, in: blocks) {
                rows.append(PartRows(markBaseline: y, baseline: y, lyricBaselines: [], bottom: y, isRemoved: true))
                continue
            }
            let events = RowContents(blocks: blocks, part: p)
            let above = events.above ?? m.capHeight
            let below = events.below ?? 0
            // A row for each verse up to the last one sung in this system.
            let verses = events.verses
            var chordBaseline: Double?
            if p == 0, blocks.contains(where: { !$0.chordSymbols.isEmpty }) {
                chordBaseline = y + m.chordBaselineInRow
                y += m.chordRow
            }
            let markBaseline = y + m.markBaselineInRow
            // The row of marks over the notes: the first part's holds bar numbers; a lower part's is left
            // out when nothing is written over its notes, as a staff without marks takes no room for them.
            let hasMarks =
                p == 0 || events.hasMarks
                || blocks.contains { $0.bars[p].contains { $0.volta != nil || $0.repeatTimes != nil } }
            y += hasMarks ? m.markRow : m.unmarkedRow
            let baseline = y + above + m.headroom
            y = baseline + below
            var dynamicBaseline: Double?
            if events.hasDynamics {
                y += m.dynamicRow
                dynamicBaseline = y
            }
            var lyricBaselines: [Double] = []
            for _ in 0..<verses {
                y += m.lyricRow
                lyricBaselines.append(y)
            }
            var wordsBaseline: Double?
            if events.hasWordsBelow {
                y += m.wordsRow
                wordsBaseline = y
            }
            y += m.partBottomPad
            rows.append(
                PartRows(
                    chordBaseline: chordBaseline, markBaseline: markBaseline, baseline: baseline, dynamicBaseline: dynamicBaseline, lyricBaselines: lyricBaselines,
                    wordsBaseline: wordsBaseline, bottom: y))
            y += m.partGap
        }
        height = y
        events = Array(repeating: [], count: partCount)
    }

    /// What a part's events in the system need room for, read in one pass over them.
    private struct RowContents {
        /// The most any event reaches above and below the baseline, nil when there are none.
        var above: Double?, below: Double?
        /// The last verse sung (1-based), 0 when none is.
        var verses = 0
        var hasMarks = false, hasDynamics = false, hasWordsBelow = false

        init(blocks: [BarBlock], part p: Int) {
            for block in blocks {
                for item in block.placed[p] {
                    // The first of equal extents is kept, as `max()` keeps it.
                    if above.map({ item.shape.above > $0 }) ?? true { above = item.shape.above }
                    if below.map({ item.shape.below > $0 }) ?? true { below = item.shape.below }
                    let event = block.event(item, part: p)
                    if let last = event.lyrics.last { verses = max(verses, last.verse + 1) }
                    if !event.marks.isEmpty || !event.wordsAbove.isEmpty { hasMarks = true }
                    if event.dynamic != nil || event.hairpin != nil { hasDynamics = true }
                    if !event.wordsBelow.isEmpty { hasWordsBelow = true }
                }
            }
        }
    }

    /// The baselines of part `p`'s verses on the page, once drawn.
    func lyricBaselines(ofPart p: Int) -> [Double] { rows[p].lyricBaselines.map { $0 + rect.y } }

    /// Draws the system with its top left corner at `origin`.
    /// Each event's glyphs are drawn again by `shape` (the blocks hold only how far they reach).
    mutating func draw(at origin: Point, page: Int, bracket: Bool, names: [String] = [], shape: (WrittenEvent) -> EventShape) {
        self.page = page
        let width = blocks.reduce(0) { $0 + $1.width }
        rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        var x = origin.x
        for (b, block) in blocks.enumerated() {
            draw(block, left: x, top: origin.y, isFirst: b == 0, shapes: b < drawnShapes.count ? drawnShapes[b] : nil, shape: shape)
            x += block.width
        }
        drawnShapes = []
        drawVoltas()
        for (name, row) in zip(names, rows) where !name.isEmpty && !row.isRemoved {
            glyphs.append(Glyph(.text(name, m.small, .end), at: Point(origin.x - m.partNameInset, origin.y + row.baseline - m.partNameDrop), role: .partName))
        }
        if bracket, let first = rows.first(where: { !$0.isRemoved }), let last = rows.last(where: { !$0.isRemoved }) {
            let top = origin.y + first.baseline - m.capHeight - m.bracketAbove, bottom = origin.y + last.baseline + m.bracketBelow
            let bx = origin.x - m.bracketInset
            glyphs.append(Glyph(.line(to: Point(bx, bottom), width: m.bracketWidth), at: Point(bx, top), role: .bracket))
            glyphs.append(Glyph(.line(to: Point(bx + m.bracketHook, top), width: m.lineWidth), at: Point(bx, top), role: .bracket))
            glyphs.append(Glyph(.line(to: Point(bx + m.bracketHook, bottom), width: m.lineWidth), at: Point(bx, bottom), role: .bracket))
        }
    }

    private mutating func draw(
        _ block: BarBlock, left: Double, top: Double, isFirst: Bool, shapes: [[EventShape]]?, shape eventShape: (WrittenEvent) -> EventShape
    ) {
        // Where each bar of the block first sounds, for the bar areas (the first part with bars gives them).
        let reference = block.bars.firstIndex { !$0.isEmpty }
        var barStarts: [Double?] = Array(repeating: nil, count: reference.map { block.bars[$0].count } ?? 0)
        // Sized at once, as most events have one head: grown by doubling, a system's would hold up to twice the room.
        heads.reserveCapacity(heads.count + block.placed.reduce(0) { $0 + $1.count })
        for (p, row) in rows.enumerated() {
            let baseline = top + row.baseline
            let segments = block.segments(ofPart: p)
            events[p].reserveCapacity(events[p].count + block.placed[p].count)
            for (k, item) in block.placed[p].enumerated() {
                let event = block.event(item, part: p)
                let shape = shapes?[p][k] ?? eventShape(event)
                var x = left + block.xs[item.column]
                if case .multibarRest = event.kind, let segment = segments.first(where: { $0.bar == item.bar }) {
                    // As wide as the bars it stands for: centred between its bar lines.
                    x = left + (segment.left + segment.right) / 2
                }
                for glyph in shape.glyphs { glyphs.append(glyph.moved(x, baseline)) }
                for head in shape.heads { heads.append(head.moved(x, baseline)) }
                if let seconds = shape.glyphs.lazy.compactMap({ $0.note?.onset }).first, let reference {
                    let bars = block.bars[reference]
                    let b = max(0, bars.partitioningIndex { $0.start > event.onset } - 1)
                    if b < barStarts.count { barStarts[b] = min(barStarts[b] ?? seconds, seconds) }
                }
                events[p].append(PlacedEvent(event: event, x: x, baseline: baseline, above: shape.above, halfWidth: shape.halfWidth))
                if let dynamic = event.dynamic, let dynamicBaseline = row.dynamicBaseline {
                    glyphs.append(Glyph(.text(dynamic, m.mark, .middle), at: Point(x, top + dynamicBaseline), role: .dynamic))
                }
                if let wordsBaseline = row.wordsBaseline {
                    for (k, words) in event.wordsBelow.enumerated() {
                        glyphs.append(Glyph(.text(words, m.mark, .start), at: Point(x - shape.halfWidth, top + wordsBaseline + Double(k) * m.stackedTextStep), role: .words))
                    }
                }
                for (k, (mark, role)) in (event.marks.map { ($0, Role.jump) } + event.wordsAbove.map { ($0, Role.words) }).enumerated() {
                    glyphs.append(Glyph(.text(mark, m.mark, .start), at: Point(x - shape.halfWidth, top + row.markBaseline - Double(k) * m.stackedTextStep), role: role))
                }
            }
            drawUnderlines(block.placed[p], xs: block.xs, left: left, baseline: baseline, bars: block.bars[p])
            for segment in segments {
                let bar = block.bars[p][segment.bar]
                let (l, r) = (left + segment.left, left + segment.right)
                drawBarLines(bar, left: l, right: r, baseline: baseline, starts: segment.startsHere, ends: segment.endsHere)
                if bar.isPercentRepeat { drawPercent(at: (l + r) / 2, baseline: baseline) }
                if let volta = bar.volta, p == 0 {
                    // Gathered over the system's blocks and drawn whole by `drawVoltas`.
                    voltaSpans.append(
                        VoltaSpan(
                            group: volta.group, label: segment.startsHere ? volta.label : nil, left: l, right: r,
                            y: top + row.markBaseline - m.voltaHeight, hook: bar.voltaEndsWithHook && segment.endsHere))
                }
                if let times = bar.repeatTimes, segment.endsHere {
                    glyphs.append(Glyph(.text("×\(times)", m.mark, .end), at: Point(r - m.voltaEndInset, top + row.markBaseline), role: .jump))
                }
            }
            if p == 0, let chordBaseline = row.chordBaseline {
                for chord in block.chordSymbols {
                    let x = left + block.xs[chord.column] - m.chordSymbolLead
                    glyphs.append(Glyph(.text(chord.text, m.chordSymbol, .start), at: Point(x, top + chordBaseline), role: .chordSymbol))
                    chordBoxes.append(Rect(x: x, y: top + chordBaseline - m.chordSymbolAscent, width: chord.width, height: m.chordSymbol.size))
                }
            }
        }
        if isFirst, block.number > 1, let row = rows.first(where: { !$0.isRemoved }) {
            // Above a volta bracket that starts the system, clear of its label (`2.`), as LilyPond stacks them.
            let raise = block.bars.first?.first?.volta != nil ? m.voltaBarNumberLift : 0
            glyphs.append(Glyph(.text(String(block.number), m.small, .start), at: Point(left, top + row.markBaseline - raise), role: .barNumber))
        }
        if let reference {
            for segment in block.segments(ofPart: reference) {
                let bar = block.bars[reference][segment.bar]
                barAreas.append(
                    BarArea(
                        rect: Rect(x: left + segment.left, y: top, width: segment.right - segment.left, height: height),
                        number: bar.number.value, start: barStarts[segment.bar] ?? -1))
            }
        }
    }

    /// Whether part `p` of a system of several parts has no bars in these blocks: its music ended in a system
    /// before (a part written as one repeated bar, `R18{ … }`). Its row is removed, as LilyPond's
    /// `RemoveEmptyStaves` removes a staff with nothing to play, rather than left blank.
    static func hasEnded(part p: Int, in blocks: [BarBlock]) -> Bool {
        (blocks.first?.bars.count ?? 0) > 1 && blocks.allSatisfy { $0.bars[p].isEmpty }
    }

    /// Underlines joined across the notes of a beat (or of a tuplet), one level at a time.
    private mutating func drawUnderlines(_ placed: [BarBlock.Placed], xs: [Double], left: Double, baseline: Double, bars: [WrittenBar]) {
        func group(_ item: BarBlock.Placed) -> Int { item.group }
        let levels = placed.map(\.shape.underlines).max() ?? 0
        for level in 0..<levels {
            var index = 0
            while index < placed.count {
                guard placed[index].shape.underlines > level else { index += 1; continue }
                var end = index
                while end + 1 < placed.count, placed[end + 1].shape.underlines > level, placed[end + 1].bar == placed[index].bar, group(placed[end + 1]) == group(placed[index]) { end += 1 }
                let x1 = left + xs[placed[index].column] - placed[index].shape.halfWidth - m.underlineOverhang
                let x2 = left + xs[placed[end].column] + placed[end].shape.halfWidth + m.underlineOverhang
                let y = baseline + m.underlineTop + Double(level) * m.underlineStep
                glyphs.append(Glyph(.line(to: Point(x2, y), width: m.lineWidth), at: Point(x1, y), role: .underline))
                index = end + 1
            }
        }
    }

    /// The group whose underlines join: the event's tuplet (a negative number), or else its beat in the bar.
    static func beatGroup(of event: WrittenEvent, in bar: WrittenBar) -> Int {
        if let tuplet = event.tuplet { return -tuplet.id }
        let beats = ((event.onset - bar.start).doubleValue / beat(of: bar).doubleValue + 1e-9).rounded(.down)
        // `Int(saturating:)` spelled out: the core's generic initialiser is not specialised across modules, and
        // called for every event it cost a typeset a few per cent.
        return beats.isNaN ? 0 : beats <= Double(Int.min) ? .min : beats >= Double(Int.max) ? .max : Int(beats)
    }

    /// What underlines join: a dotted crotchet in 6/8, 9/8, 12/8; otherwise a crotchet.
    static func beat(of bar: WrittenBar) -> WholeNotes {
        bar.length.denominator == 8 && bar.length.numerator % 3 == 0 && bar.length.numerator > 3 ? WholeNotes(3, 8) : .quarter
    }

    /// The bar's lines and repeat signs: at its start only where it `starts` in this block, at its end where it `ends`.
    private mutating func drawBarLines(_ bar: WrittenBar, left: Double, right: Double, baseline: Double, starts: Bool, ends: Bool) {
        let top = baseline - m.capHeight - m.barLineAbove, bottom = baseline + m.barLineBelow
        func line(_ x: Double, thick: Bool = false) {
            glyphs.append(Glyph(.line(to: Point(x, bottom), width: thick ? m.thickLineWidth : m.lineWidth), at: Point(x, top), role: .barLine, bar: bar.number.value))
        }
        func dots(_ x: Double) {
            for y in [baseline - m.repeatDotHigh, baseline - m.repeatDotLow] {
                glyphs.append(Glyph(.dot(radius: m.repeatDotRadius), at: Point(x, y), role: .repeatDot))
            }
        }
        if bar.repeatStart, starts {
            line(left + m.thickLineInset, thick: true)
            line(left + m.thinLineInset)
            dots(left + m.repeatDotInset)
        }
        guard ends else { return }
        if bar.repeatEnd {
            dots(right - m.repeatDotInset)
            line(right - m.thinLineInset)
            line(right - m.thickLineInset, thick: true)
        } else if bar.isFinal {
            line(right - m.thinLineInset)
            line(right - m.thickLineInset, thick: true)
        } else if bar.isDouble {
            line(right - m.doubleLineGap)
            line(right)
        } else {
            line(right)
        }
    }
}
