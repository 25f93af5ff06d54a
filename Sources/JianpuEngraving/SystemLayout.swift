import JianpuCore

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
    }

    /// A drawn event: where it is on its page, for the signs that join events (ties, tuplets, lyrics).
    struct PlacedEvent {
        var event: WrittenEvent
        var x: Double
        var baseline: Double
        var above: Double
        var halfWidth: Double
        var lyricBaselines: [Double]
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
    var index = 0

    init(blocks: [BarBlock], metrics m: EngravingOptions.Metrics) {
        self.blocks = blocks
        self.m = m
        let partCount = blocks.first?.bars.count ?? 0
        var y = 0.0
        for p in 0..<partCount {
            let placed = blocks.flatMap { $0.placed[p] }
            let above = placed.map(\.shape.above).max() ?? m.capHeight
            let below = placed.map(\.shape.below).max() ?? 0
            // A row for each verse up to the last one sung in this system.
            let verses = placed.compactMap { $0.event.lyrics.last.map { $0.verse + 1 } }.max() ?? 0
            var chordBaseline: Double?
            if p == 0, blocks.contains(where: { !$0.chordSymbols.isEmpty }) {
                chordBaseline = y + 0.85 * m.s
                y += 1.15 * m.s
            }
            let markBaseline = y + 0.75 * m.s
            y += 1.0 * m.s
            let baseline = y + above + 0.5 * m.s
            y = baseline + below
            var dynamicBaseline: Double?
            if placed.contains(where: { $0.event.dynamic != nil }) {
                y += 0.95 * m.s
                dynamicBaseline = y
            }
            var lyricBaselines: [Double] = []
            for _ in 0..<verses {
                y += 1.15 * m.s
                lyricBaselines.append(y)
            }
            var wordsBaseline: Double?
            if placed.contains(where: { !$0.event.wordsBelow.isEmpty }) {
                y += 1.1 * m.s
                wordsBaseline = y
            }
            y += 0.35 * m.s
            rows.append(PartRows(chordBaseline: chordBaseline, markBaseline: markBaseline, baseline: baseline, dynamicBaseline: dynamicBaseline, lyricBaselines: lyricBaselines,
                                 wordsBaseline: wordsBaseline, bottom: y))
            y += 0.3 * m.s
        }
        height = y
        events = Array(repeating: [], count: partCount)
    }

    /// Draws the system with its top left corner at `origin`.
    mutating func draw(at origin: Point, page: Int, bracket: Bool, names: [String] = []) {
        self.page = page
        let width = blocks.reduce(0) { $0 + $1.width }
        rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        var x = origin.x
        for (b, block) in blocks.enumerated() {
            draw(block, left: x, top: origin.y, isFirst: b == 0)
            x += block.width
        }
        for (name, row) in zip(names, rows) where !name.isEmpty {
            glyphs.append(Glyph(.text(name, m.small, .end), at: Point(origin.x - 0.8 * m.s, origin.y + row.baseline - 0.2 * m.s), role: .partName))
        }
        if bracket, let first = rows.first, let last = rows.last {
            let top = origin.y + first.baseline - m.capHeight - 0.4 * m.s, bottom = origin.y + last.baseline + 0.5 * m.s
            let bx = origin.x - 0.45 * m.s
            glyphs.append(Glyph(.line(to: Point(bx, bottom), width: 0.18 * m.s), at: Point(bx, top), role: .bracket))
            glyphs.append(Glyph(.line(to: Point(bx + 0.4 * m.s, top), width: m.lineWidth), at: Point(bx, top), role: .bracket))
            glyphs.append(Glyph(.line(to: Point(bx + 0.4 * m.s, bottom), width: m.lineWidth), at: Point(bx, bottom), role: .bracket))
        }
    }

    private mutating func draw(_ block: BarBlock, left: Double, top: Double, isFirst: Bool) {
        var barStart: Double?
        for (p, row) in rows.enumerated() {
            let baseline = top + row.baseline
            guard let bar = block.bars[p] else { continue }
            for (event, shape, column) in block.placed[p] {
                let x = left + block.xs[column]
                glyphs += shape.glyphs.map { $0.moved(x, baseline) }
                heads += shape.heads.map { $0.moved(x, baseline) }
                if let seconds = shape.glyphs.lazy.compactMap({ $0.note?.onset }).first { barStart = min(barStart ?? seconds, seconds) }
                events[p].append(PlacedEvent(event: event, x: x, baseline: baseline, above: shape.above, halfWidth: shape.halfWidth,
                                             lyricBaselines: row.lyricBaselines.map { $0 + top }))
                if let dynamic = event.dynamic, let dynamicBaseline = row.dynamicBaseline {
                    glyphs.append(Glyph(.text(dynamic, m.mark, .middle), at: Point(x, top + dynamicBaseline), role: .dynamic))
                }
                if let wordsBaseline = row.wordsBaseline {
                    for (k, words) in event.wordsBelow.enumerated() {
                        glyphs.append(Glyph(.text(words, m.mark, .start), at: Point(x - shape.halfWidth, top + wordsBaseline + Double(k) * 0.9 * m.s), role: .words))
                    }
                }
                for (k, (mark, role)) in (event.marks.map { ($0, Role.jump) } + event.wordsAbove.map { ($0, Role.words) }).enumerated() {
                    glyphs.append(Glyph(.text(mark, m.mark, .start), at: Point(x - shape.halfWidth, top + row.markBaseline - Double(k) * 0.9 * m.s), role: role))
                }
            }
            drawUnderlines(block.placed[p], xs: block.xs, left: left, baseline: baseline, bar: bar)
            drawBarLines(bar, left: left, right: left + block.width, baseline: baseline)
            if let volta = bar.volta, p == 0 {
                let y = top + row.markBaseline - 0.75 * m.s
                let right = left + block.width - 0.2 * m.s
                glyphs.append(Glyph(.line(to: Point(right, y), width: m.lineWidth), at: Point(left + 0.1 * m.s, y), role: .volta))
                if bar.voltaEndsWithHook {
                    glyphs.append(Glyph(.line(to: Point(right, y + 0.7 * m.s), width: m.lineWidth), at: Point(right, y), role: .volta))
                }
                if let label = volta.label {
                    glyphs.append(Glyph(.line(to: Point(left + 0.1 * m.s, y + 0.7 * m.s), width: m.lineWidth), at: Point(left + 0.1 * m.s, y), role: .volta))
                    glyphs.append(Glyph(.text(label, m.small, .start), at: Point(left + 0.25 * m.s, y + 0.65 * m.s), role: .volta))
                }
            }
            if let times = bar.repeatTimes {
                glyphs.append(Glyph(.text("×\(times)", m.mark, .end), at: Point(left + block.width - 0.2 * m.s, top + row.markBaseline), role: .jump))
            }
            if p == 0, let chordBaseline = row.chordBaseline {
                for chord in block.chordSymbols {
                    let x = left + block.xs[chord.column] - m.s * 0.3
                    glyphs.append(Glyph(.text(chord.text, m.chordSymbol, .start), at: Point(x, top + chordBaseline), role: .chordSymbol))
                    chordBoxes.append(Rect(x: x, y: top + chordBaseline - 0.75 * m.chordSymbol.size, width: chord.width, height: m.chordSymbol.size))
                }
            }
        }
        if isFirst, block.number > 1, let row = rows.first {
            // Above a volta bracket that starts the system, clear of its label (`2.`), as LilyPond stacks them.
            let raise = block.bars.first.flatMap { $0?.volta } != nil ? 0.95 * m.s : 0
            glyphs.append(Glyph(.text(String(block.number), m.small, .start), at: Point(left, top + row.markBaseline - raise), role: .barNumber))
        }
        barAreas.append(BarArea(rect: Rect(x: left, y: top, width: block.width, height: height), number: block.number, start: barStart ?? -1))
    }

    /// Underlines joined across the notes of a beat (or of a tuplet), one level at a time.
    private mutating func drawUnderlines(_ placed: [(event: WrittenEvent, shape: EventShape, column: Int)], xs: [Double], left: Double, baseline: Double, bar: WrittenBar) {
        func group(_ event: WrittenEvent) -> Int { Self.beatGroup(of: event, in: bar) }
        let levels = placed.map(\.shape.underlines).max() ?? 0
        for level in 0..<levels {
            var index = 0
            while index < placed.count {
                guard placed[index].shape.underlines > level else { index += 1; continue }
                var end = index
                while end + 1 < placed.count, placed[end + 1].shape.underlines > level, group(placed[end + 1].event) == group(placed[index].event) { end += 1 }
                let x1 = left + xs[placed[index].column] - placed[index].shape.halfWidth - 0.03 * m.s
                let x2 = left + xs[placed[end].column] + placed[end].shape.halfWidth + 0.03 * m.s
                let y = baseline + m.underlineTop + Double(level) * m.underlineStep
                glyphs.append(Glyph(.line(to: Point(x2, y), width: m.lineWidth), at: Point(x1, y), role: .underline))
                index = end + 1
            }
        }
    }

    /// The group whose underlines join: the event's tuplet (a negative number), or else its beat in the bar.
    static func beatGroup(of event: WrittenEvent, in bar: WrittenBar) -> Int {
        if let tuplet = event.tuplet { return -tuplet.id }
        return Int(saturating: ((event.onset - bar.start).doubleValue / beat(of: bar).doubleValue + 1e-9).rounded(.down))
    }

    /// What underlines join: a dotted crotchet in 6/8, 9/8, 12/8; otherwise a crotchet.
    static func beat(of bar: WrittenBar) -> WholeNotes {
        bar.length.denominator == 8 && bar.length.numerator % 3 == 0 && bar.length.numerator > 3 ? WholeNotes(3, 8) : .quarter
    }

    private mutating func drawBarLines(_ bar: WrittenBar, left: Double, right: Double, baseline: Double) {
        let top = baseline - m.capHeight - 0.3 * m.s, bottom = baseline + 0.35 * m.s
        func line(_ x: Double, thick: Bool = false) {
            glyphs.append(Glyph(.line(to: Point(x, bottom), width: thick ? 0.22 * m.s : m.lineWidth), at: Point(x, top), role: .barLine, bar: bar.number.value))
        }
        func dots(_ x: Double) {
            for y in [baseline - 0.55 * m.s, baseline - 0.1 * m.s] {
                glyphs.append(Glyph(.dot(radius: m.dotRadius * 1.2), at: Point(x, y), role: .repeatDot))
            }
        }
        if bar.repeatStart {
            line(left + 0.1 * m.s, thick: true)
            line(left + 0.35 * m.s)
            dots(left + 0.6 * m.s)
        }
        if bar.repeatEnd {
            dots(right - 0.6 * m.s)
            line(right - 0.35 * m.s)
            line(right - 0.1 * m.s, thick: true)
        } else if bar.isFinal {
            line(right - 0.35 * m.s)
            line(right - 0.1 * m.s, thick: true)
        } else if bar.isDouble {
            line(right - 0.2 * m.s)
            line(right)
        } else {
            line(right)
        }
    }
}
