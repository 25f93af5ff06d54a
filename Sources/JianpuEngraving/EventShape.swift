import JianpuCore
import JianpuNotation
import JianpuPerformance

/// An event drawn around its anchor (the centre of its digit on the baseline): its glyphs and how far they reach.
struct EventShape {
    var glyphs: [Glyph] = []
    /// Extent left and right of the anchor, and above and below the baseline (positive numbers).
    var left = 0.0, right = 0.0, above = 0.0, below = 0.0
    /// The digit's half width: where underlines start and end.
    var halfWidth = 0.0
    var underlines = 0
    /// Boxes of the note heads, relative to the anchor.
    var heads: [Rect] = []
    /// Whether the glyphs and heads are made: without, only the extents and underlines are (what a block's
    /// columns are set from), which spares each event its id, its onsets and its glyphs' allocations.
    private var draws = true

    /// Draws `event` with `measure` and the sizes in `m`; `onset` gives when the note written at a place first sounds a pitch.
    init(_ event: WrittenEvent, metrics m: EngravingOptions.Metrics, measure: any TextMeasuring, onset: (SourceLocation, Int?) -> Double?) {
        self.init(event, metrics: m, measure: measure, draws: true, onset: onset)
    }

    /// How far `event`'s glyphs reach, its underlines and half width, without its glyphs: the same numbers
    /// `init(_:metrics:measure:onset:)` gives.
    static func extent(of event: WrittenEvent, metrics m: EngravingOptions.Metrics, measure: any TextMeasuring) -> EventShape {
        EventShape(event, metrics: m, measure: measure, draws: false) { _, _ in nil }
    }

    private init(
        _ event: WrittenEvent, metrics m: EngravingOptions.Metrics, measure: any TextMeasuring, draws: Bool, onset: (SourceLocation, Int?) -> Double?
    ) {
        self.draws = draws
        switch event.kind {
        case .dash:
            let half = m.dashHalfWidth
            // Named by its event (no pitch, no onset), so that its place on the page can be read back by time.
            if draws {
                glyphs.append(
                    Glyph(
                        .line(to: Point(half, -m.dashRise), width: m.dashWidth), at: Point(-half, -m.dashRise), role: .dash,
                        note: NoteReference(pitch: nil, onset: nil, event: event.id)))
            }
            // Its reach takes a clearance each side, so that no dash touches the digit or dash next to it.
            (left, right, above, below, halfWidth) = (half + m.dashClearance, half + m.dashClearance, m.capHeight, 0, half)
        case .multibarRest(let count):
            let half = m.multibarRestHalfWidth
            add(Glyph(.line(to: Point(half, -m.multibarRestRise), width: m.multibarRestThickness), at: Point(-half, -m.multibarRestRise), role: .multibarRest))
            add(Glyph(.text(String(count), m.multibarRestNumber, .middle), at: Point(0, -m.multibarRestNumberRise), role: .multibarRest))
            (left, right, above, below, halfWidth) = (half, half, m.multibarRestAbove, 0, half)
        case .note(let note, let written):
            let role: Role = note.isRest ? .rest : event.tiedFromPrevious ? .tied : .note
            // Made once for the note and its grace notes, and only when drawn.
            let eventID = draws ? event.id : ""
            drawNote(written, font: m.music, role: role, eventID: eventID, metrics: m, measure: measure, onset: { onset(note.location, $0) }, at: 0)
            underlines = written.underlines
            // Grace notes: small, tight against the main note.
            var x = -left - m.graceGap
            // A grace note: a small note with its own underlines.
            func small(_ grace: Note, _ writtenGrace: WrittenNote) -> EventShape {
                var small = EventShape(draws: draws)
                small.drawNote(
                    writtenGrace, font: m.grace, role: .grace, eventID: eventID, metrics: m, measure: measure,
                    onset: { onset(grace.location, $0) }, at: 0, scale: m.graceScale)
                small.drawUnderlines(count: writtenGrace.underlines, metrics: m, scale: m.graceScale)
                return small
            }
            for (grace, writtenGrace) in event.graceBefore.reversed() {
                let small = small(grace, writtenGrace)
                let shift = x - small.right
                append(small, dx: shift, dy: -m.graceRise)
                x = shift - small.left - m.graceSpacing
            }
            // The gap before the first grace note counts only where there is one.
            if !event.graceBefore.isEmpty { left = max(left, -x) }
            if note.arpeggio != nil { drawArpeggio(metrics: m) }
            var after = right + m.graceGap
            for (grace, writtenGrace) in event.graceAfter {
                let small = small(grace, writtenGrace)
                append(small, dx: after + small.left, dy: -m.graceRise)
                after += small.left + small.right + m.graceSpacing
            }
            if !event.graceAfter.isEmpty { right = max(right, after) }
        }
        if !event.articulations.isEmpty { drawArticulations(event.articulations, metrics: m) }
    }

    private init(draws: Bool) { self.draws = draws }

    /// Adds a glyph when the shape is drawn (those that cost an allocation or a lookup are made only then).
    mutating func add(_ glyph: Glyph) {
        if draws { glyphs.append(glyph) }
    }

    /// Adds another shape's glyphs moved by (dx, dy), widening this one's extents.
    private mutating func append(_ other: EventShape, dx: Double, dy: Double) {
        if draws {
            glyphs += other.glyphs.map { $0.moved(dx, dy) }
            heads += other.heads.map { $0.moved(dx, dy) }
        }
        left = max(left, other.left - dx)
        right = max(right, other.right + dx)
        above = max(above, other.above - dy)
    }

    /// The figures stacked from the lowest up, each with its accidental and octave dots, then augmentation dots.
    private mutating func drawNote(
        _ written: WrittenNote, font: Font, role: Role, eventID: String, metrics m: EngravingOptions.Metrics,
        measure: any TextMeasuring, onset: (Int?) -> Double?, at x: Double, scale: Double = 1
    ) {
        let cap = m.capHeight * scale, step = m.octaveStep * scale, r = m.dotRadius * scale
        var baseline = 0.0
        var widest = 0.0
        var accidentalWidth = 0.0
        for (index, figure) in written.figures.enumerated() {
            if index > 0 {
                // The figure below's high dots and this one's low dots sit in the gap between them.
                let below = written.figures[index - 1]
                baseline -= cap + m.figureGap * scale + Double(max(0, below.octave) + max(0, -figure.octave)) * step
            }
            let digit = String(figure.digit)
            let width = measure.width(of: digit, in: font)
            widest = max(widest, width)
            if draws {
                glyphs.append(
                    Glyph(
                        .text(digit, font, .middle), at: Point(x, baseline), role: role,
                        note: NoteReference(pitch: figure.pitch?.midiNumber, onset: role == .tied ? nil : onset(figure.pitch?.midiNumber), event: eventID)))
                heads.append(Rect(x: x - width / 2, y: baseline - cap, width: width, height: cap))
            }
            if figure.accidental != 0 {
                let sign = figure.accidentalSign
                let accFont = Font(.music, size: font.size * m.accidentalScale)
                let w = measure.width(of: sign, in: accFont)
                accidentalWidth = max(accidentalWidth, w)
                add(Glyph(.text(sign, accFont, .end), at: Point(x - width / 2 - m.accidentalGap * scale, baseline - m.accidentalRise * scale), role: .accidental))
            }
            for k in 0..<max(0, figure.octave) {
                add(Glyph(.dot(radius: r), at: Point(x, baseline - cap - m.octaveDotGap * scale - Double(k) * step), role: .octaveDot))
            }
            if figure.octave < 0 {
                // The lowest figure's low dots go under its underlines.
                let start = index == 0 ? m.underlineTop * scale + Double(written.underlines) * m.underlineStep * scale + m.lowOctaveDotGap * scale : m.innerLowOctaveDotDrop * scale
                for k in 0..<(-figure.octave) {
                    add(Glyph(.dot(radius: r), at: Point(x, baseline + start + Double(k) * step), role: .octaveDot))
                }
                if index == 0 { below = max(below, start + Double(-figure.octave) * step) }
            }
            above = max(above, -baseline + cap + (figure.octave > 0 ? m.octaveDotGap * scale + Double(figure.octave) * step : m.figureTopPad * scale))
        }
        halfWidth = widest / 2
        left = max(left, widest / 2 + accidentalWidth + (accidentalWidth > 0 ? m.accidentalPad * scale : 0))
        right = max(right, widest / 2)
        for k in 0..<written.dots {
            let cx = x + widest / 2 + m.augmentationDotGap * scale + Double(k) * m.augmentationDotStep * scale
            add(Glyph(.dot(radius: r * m.augmentationDotScale), at: Point(cx, -m.augmentationDotRise * scale), role: .augmentationDot))
            right = max(right, cx - x + r + m.augmentationDotPad * scale)
        }
        below = max(below, m.underlineTop * scale + Double(written.underlines) * m.underlineStep * scale)
    }

    /// Underlines under a lone note (grace notes draw their own; main notes are joined per beat by the bar).
    private mutating func drawUnderlines(count: Int, metrics m: EngravingOptions.Metrics, scale: Double) {
        for k in 0..<count {
            let ly = (m.underlineTop + Double(k) * m.underlineStep) * scale
            add(Glyph(.line(to: Point(halfWidth + m.graceUnderlineOverhang, ly), width: m.lineWidth * scale), at: Point(-halfWidth - m.graceUnderlineOverhang, ly), role: .underline))
        }
    }

    /// A wavy line left of a rolled chord, as tall as the chord.
    private mutating func drawArpeggio(metrics m: EngravingOptions.Metrics) {
        if draws {
            let x = -left - m.arpeggioGap
            let top = -above, bottom = m.arpeggioBelow
            var points: [Point] = []
            var y = bottom, side = 0.0
            while y > top {
                points.append(Point(x + side, y))
                side = side == 0 ? m.arpeggioWave : 0
                y -= m.arpeggioStep
            }
            if let first = points.first {
                glyphs.append(Glyph(.polyline(Array(points.dropFirst()), width: m.lineWidth), at: first, role: .arpeggio))
            }
        }
        left += m.arpeggioRoom
    }
}

extension WrittenNote.Figure {
    /// The sharps or flats printed before the digit.
    var accidentalSign: String {
        accidental > 0 ? String(repeating: "♯", count: accidental) : String(repeating: "♭", count: -accidental)
    }
}
