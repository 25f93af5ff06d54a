import Foundation
import JianpuCore

/// Rehearsal marks over a system, and the brace joining the staves of one instrument.
extension SystemLayout {
    /// Draws each rehearsal mark (`letterA`) of the system once, boxed, over the first part's row of marks at the
    /// note it was written before; raised over any words or jump already drawn there. Call after `draw`.
    mutating func drawRehearsalMarks(measure: any TextMeasuring) {
        guard let row = rows.first(where: { !$0.isRemoved }) else { return }
        var drawn: [(label: String, x: Double)] = []
        for placed in events.joined() {
            for label in placed.event.rehearsalMarks {
                let x = placed.x - placed.halfWidth
                // The same letter written in several parts at one place is printed once, as LilyPond merges marks.
                guard !drawn.contains(where: { $0.label == label && abs($0.x - x) < m.s }) else { continue }
                drawn.append((label, x))
                let width = measure.width(of: label, in: m.rehearsal) + 2 * m.rehearsalPad
                let height = m.rehearsal.size * 0.75 + 2 * m.rehearsalPad
                var baseline = rect.y + row.markBaseline
                // Over what is already written above the notes here (words, jumps, endings' labels).
                let near = glyphs.filter { [.words, .jump, .volta].contains($0.role) }.compactMap { Self.box(of: $0, measure: measure) }
                func box() -> Rect { Rect(x: x, y: baseline - m.rehearsal.size * 0.75 - m.rehearsalPad, width: width, height: height) }
                for _ in 0..<8 where near.contains(where: { $0.overlaps(box()) }) { baseline -= m.stackedTextStep }
                let b = box()
                glyphs.append(Glyph(.text(label, m.rehearsal, .start), at: Point(x + m.rehearsalPad, baseline), role: .rehearsalMark))
                glyphs.append(
                    Glyph(
                        .polyline([Point(b.maxX, b.y), Point(b.maxX, b.maxY), Point(b.x, b.maxY), Point(b.x, b.y)], width: m.lineWidth),
                        at: Point(b.x, b.y), role: .rehearsalMark))
            }
        }
    }

    /// A brace `{` left of the system, at `x` (its right edge), joining the rows of parts `first` through `last`.
    mutating func drawBrace(first: Int, last: Int, x: Double) {
        guard first < last, first >= 0, last < rows.count else { return }
        let top = rect.y + rows[first].baseline - m.capHeight - m.bracketAbove, bottom = rect.y + rows[last].baseline + m.bracketBelow
        let middle = (top + bottom) / 2, w = m.braceWidth
        // Each half a curve: from the tip at the middle, out to the left and back in at its end, sampled finely.
        func half(to end: Double) -> Glyph {
            var points: [Point] = []
            for k in 0...24 {
                let t = Double(k) / 24
                let y = middle + (end - middle) * t
                // Sharp at the tip, a straight spine, curled to the right at the end.
                points.append(Point(x - w / 2 - w / 2 * exp(-12 * t) + w / 2 * pow(t, 5), y))
            }
            return Glyph(.polyline(Array(points.dropFirst()), width: m.bracketWidth * 0.7), at: points[0], role: .brace)
        }
        glyphs.append(half(to: top))
        glyphs.append(half(to: bottom))
    }

    /// Braces each group of an instrument's staves at the system's left, its name centred on them left of the brace;
    /// the brace stands left of the system's bracket when there is one (`bracketed`), in its place when not.
    mutating func drawStaffGroups(_ groups: [(parts: ClosedRange<Int>, name: String)], bracketed: Bool) {
        let right = rect.x - m.bracketInset + (bracketed ? -m.braceWidth * 0.6 : m.braceWidth * 0.4)
        for (parts, name) in groups where !rows[parts.lowerBound].isRemoved || !rows[parts.upperBound].isRemoved {
            let first = parts.first { !rows[$0].isRemoved } ?? parts.lowerBound, last = parts.last { !rows[$0].isRemoved } ?? parts.upperBound
            drawBrace(first: first, last: last, x: right)
            guard !name.isEmpty else { continue }
            let y = rect.y + (rows[first].baseline + rows[last].baseline) / 2 - m.capHeight / 2 + m.partNameDrop
            glyphs.append(Glyph(.text(name, m.small, .end), at: Point(rect.x - m.partNameInset - m.braceRoom, y), role: .partName))
        }
    }

    /// A percent sign centred at `x`: a slash between two dots, as LilyPond draws a bar played again.
    mutating func drawPercent(at x: Double, baseline: Double) {
        let (half, rise, middle) = (m.percentHalfWidth, m.percentRise, baseline - m.capHeight / 2)
        glyphs.append(Glyph(.line(to: Point(x + half * 0.6, middle - rise), width: m.percentStroke), at: Point(x - half * 0.6, middle + rise), role: .percentRepeat))
        glyphs.append(Glyph(.dot(radius: m.percentDotRadius), at: Point(x - half * 0.55, middle - rise * 0.55), role: .percentRepeat))
        glyphs.append(Glyph(.dot(radius: m.percentDotRadius), at: Point(x + half * 0.55, middle + rise * 0.55), role: .percentRepeat))
    }
}
