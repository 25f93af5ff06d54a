import JianpuCore

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

    /// Draws `event` with `measure` and the sizes in `m`; `onset` gives when the note written at a place first sounds a pitch.
    init(_ event: WrittenEvent, metrics m: EngravingOptions.Metrics, measure: any TextMeasuring, onset: (SourceLocation, Int?) -> Double?) {
        switch event.kind {
        case .dash:
            let half = 0.3 * m.s
            glyphs.append(Glyph(.line(to: Point(half, -0.32 * m.s), width: m.lineWidth * 1.2), at: Point(-half, -0.32 * m.s), role: .dash))
            (left, right, above, below, halfWidth) = (half, half, m.capHeight, 0, half)
        case .multibarRest(let count):
            let half = 1.6 * m.s
            glyphs.append(Glyph(.line(to: Point(half, -0.35 * m.s), width: 0.25 * m.s), at: Point(-half, -0.35 * m.s), role: .multibarRest))
            glyphs.append(Glyph(.text(String(count), Font(.music, size: m.s * 0.8, bold: true), .middle), at: Point(0, -0.9 * m.s), role: .multibarRest))
            (left, right, above, below, halfWidth) = (half, half, 1.5 * m.s, 0, half)
        case .note(let note, let written):
            let role: Role = note.isRest ? .rest : event.tiedFromPrevious ? .tied : .note
            drawNote(written, font: m.music, role: role, eventID: event.id, metrics: m, measure: measure, onset: { onset(note.location, $0) }, at: 0)
            underlines = written.underlines
            // Grace notes: small, tight against the main note.
            var x = -left - 0.08 * m.s
            // A grace note: a small note with its own underlines.
            func small(_ grace: Note, _ writtenGrace: WrittenNote) -> EventShape {
                var small = EventShape()
                small.drawNote(writtenGrace, font: m.grace, role: .grace, eventID: event.id, metrics: m, measure: measure,
                               onset: { onset(grace.location, $0) }, at: 0, scale: m.graceScale)
                small.drawUnderlines(count: writtenGrace.underlines, metrics: m, scale: m.graceScale)
                return small
            }
            for (grace, writtenGrace) in event.graceBefore.reversed() {
                let small = small(grace, writtenGrace)
                let shift = x - small.right
                append(small, dx: shift, dy: -0.45 * m.s)
                x = shift - small.left - 0.04 * m.s
            }
            // The gap before the first grace note counts only where there is one.
            if !event.graceBefore.isEmpty { left = max(left, -x) }
            if note.arpeggio != nil { drawArpeggio(metrics: m) }
            var after = right + 0.08 * m.s
            for (grace, writtenGrace) in event.graceAfter {
                let small = small(grace, writtenGrace)
                append(small, dx: after + small.left, dy: -0.45 * m.s)
                after += small.left + small.right + 0.04 * m.s
            }
            if !event.graceAfter.isEmpty { right = max(right, after) }
        }
    }

    private init() {}

    /// Adds another shape's glyphs moved by (dx, dy), widening this one's extents.
    private mutating func append(_ other: EventShape, dx: Double, dy: Double) {
        glyphs += other.glyphs.map { $0.moved(dx, dy) }
        heads += other.heads.map { $0.moved(dx, dy) }
        left = max(left, other.left - dx)
        right = max(right, other.right + dx)
        above = max(above, other.above - dy)
    }

    /// The figures stacked from the lowest up, each with its accidental and octave dots, then augmentation dots.
    private mutating func drawNote(
        _ written: WrittenNote, font: Font, role: Role, eventID: String, metrics m: EngravingOptions.Metrics,
        measure: any TextMeasuring, onset: (Int?) -> Double?, at x: Double, scale: Double = 1
    ) {
        let s = m.s * scale
        let cap = m.capHeight * scale, step = m.octaveStep * scale, r = m.dotRadius * scale
        var baseline = 0.0
        var widest = 0.0
        var accidentalWidth = 0.0
        for (index, figure) in written.figures.enumerated() {
            if index > 0 {
                // The figure below's high dots and this one's low dots sit in the gap between them.
                let below = written.figures[index - 1]
                baseline -= cap + 0.18 * s + Double(max(0, below.octave) + max(0, -figure.octave)) * step
            }
            let digit = String(figure.digit)
            let width = measure.width(of: digit, in: font)
            widest = max(widest, width)
            glyphs.append(Glyph(.text(digit, font, .middle), at: Point(x, baseline), role: role,
                                note: NoteReference(pitch: figure.pitch?.midiNumber, onset: role == .tied ? nil : onset(figure.pitch?.midiNumber), event: eventID)))
            heads.append(Rect(x: x - width / 2, y: baseline - cap, width: width, height: cap))
            if figure.accidental != 0 {
                let sign = figure.accidentalSign
                let accFont = Font(.music, size: font.size * 0.62)
                let w = measure.width(of: sign, in: accFont)
                accidentalWidth = max(accidentalWidth, w)
                glyphs.append(Glyph(.text(sign, accFont, .end), at: Point(x - width / 2 - 0.02 * s, baseline - 0.4 * s), role: .accidental))
            }
            for k in 0..<max(0, figure.octave) {
                glyphs.append(Glyph(.dot(radius: r), at: Point(x, baseline - cap - 0.2 * s - Double(k) * step), role: .octaveDot))
            }
            if figure.octave < 0 {
                // The lowest figure's low dots go under its underlines.
                let start = index == 0 ? m.underlineTop * scale + Double(written.underlines) * m.underlineStep * scale + 0.06 * s : 0.2 * s
                for k in 0..<(-figure.octave) {
                    glyphs.append(Glyph(.dot(radius: r), at: Point(x, baseline + start + Double(k) * step), role: .octaveDot))
                }
                if index == 0 { below = max(below, start + Double(-figure.octave) * step) }
            }
            above = max(above, -baseline + cap + (figure.octave > 0 ? 0.2 * s + Double(figure.octave) * step : 0.1 * s))
        }
        halfWidth = widest / 2
        left = max(left, widest / 2 + accidentalWidth + (accidentalWidth > 0 ? 0.04 * s : 0))
        right = max(right, widest / 2)
        for k in 0..<written.dots {
            let cx = x + widest / 2 + 0.22 * s + Double(k) * 0.25 * s
            glyphs.append(Glyph(.dot(radius: r * 1.1), at: Point(cx, -0.3 * s), role: .augmentationDot))
            right = max(right, cx - x + r + 0.05 * s)
        }
        below = max(below, m.underlineTop * scale + Double(written.underlines) * m.underlineStep * scale)
    }

    /// Underlines under a lone note (grace notes draw their own; main notes are joined per beat by the bar).
    private mutating func drawUnderlines(count: Int, metrics m: EngravingOptions.Metrics, scale: Double) {
        for k in 0..<count {
            let ly = (m.underlineTop + Double(k) * m.underlineStep) * scale
            glyphs.append(Glyph(.line(to: Point(halfWidth + 0.02 * m.s, ly), width: m.lineWidth * scale), at: Point(-halfWidth - 0.02 * m.s, ly), role: .underline))
        }
    }

    /// A wavy line left of a rolled chord, as tall as the chord.
    private mutating func drawArpeggio(metrics m: EngravingOptions.Metrics) {
        let x = -left - 0.25 * m.s
        let top = -above, bottom = 0.1 * m.s
        var points: [Point] = []
        var y = bottom, side = 0.0
        while y > top {
            points.append(Point(x + side, y))
            side = side == 0 ? 0.12 * m.s : 0
            y -= 0.15 * m.s
        }
        if let first = points.first {
            glyphs.append(Glyph(.polyline(Array(points.dropFirst()), width: m.lineWidth), at: first, role: .arpeggio))
        }
        left += 0.4 * m.s
    }
}

extension WrittenNote.Figure {
    /// The sharps or flats printed before the digit.
    var accidentalSign: String {
        accidental > 0 ? String(repeating: "♯", count: accidental) : String(repeating: "♭", count: -accidental)
    }
}
