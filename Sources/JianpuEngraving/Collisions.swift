import JianpuCore
import JianpuPerformance

/// The collision pass of a system: items of low priority move away from the music they would cover.
///
/// The music (digits, octave dots, accidentals), ending brackets and their labels, and the words over the
/// notes stay where they are; a bar number that would touch any of them goes up until it is clear, as
/// LilyPond's skyline stacks a bar number above what is under it.
extension SystemLayout {
    /// The roles a bar number keeps clear of (a switch, not a `Set`: the set's first use cost a typeset a
    /// search of the program's every conformance for `Role: Hashable`).
    private static func isObstacle(_ role: Role) -> Bool {
        switch role {
        case .note, .grace, .tied, .rest, .octaveDot, .accidental, .volta, .jump, .words, .chordSymbol, .arpeggio, .rehearsalMark, .fermata, .articulation, .breath:
            true
        default:
            false
        }
    }

    /// Moves each bar number up, a step at a time, until its box touches nothing of the music.
    mutating func separateBarNumbers(measure: any TextMeasuring) {
        for index in glyphs.indices where glyphs[index].role == .barNumber {
            guard var box = Self.box(of: glyphs[index], measure: measure) else { continue }
            let near = glyphs.indices.compactMap { k -> Rect? in
                guard k != index, Self.isObstacle(glyphs[k].role), let near = Self.box(of: glyphs[k], measure: measure),
                    near.x < box.maxX + m.s && box.x < near.maxX + m.s
                else { return nil }
                return near
            }
            var lift = 0.0
            // Bounded: above everything of the system's first part after a few steps at most.
            for _ in 0..<Int(m.barNumberMaximumSteps) where near.contains(where: { $0.overlaps(box) }) {
                box.y -= m.barNumberStep
                lift += m.barNumberStep
            }
            glyphs[index].at.y -= lift
        }
    }

    /// Makes the system taller at the top by as much as `separateBarNumbers` will raise its bar number over
    /// it, so that the number keeps clear of the system above (LilyPond's skyline counts it in the system).
    ///
    /// The number is at the system's start: its first blocks are drawn aside and the pass run on them.
    mutating func makeRoomForBarNumbers(measure: any TextMeasuring, shape: (WrittenEvent) -> EventShape) {
        guard (blocks.first?.number ?? 0) > 1 else { return }
        var scratch = self
        scratch.blocks = Array(blocks.prefix(2))
        // Their events' shapes are kept for the system's own `draw`: the shape of an event is not where it is.
        let shapes = scratch.blocks.map { block in block.placed.indices.map { p in block.placed[p].map { shape(block.event($0, part: p)) } } }
        drawnShapes = shapes
        scratch.drawnShapes = shapes
        scratch.draw(at: Point(0, 0), page: 0, bracket: false, shape: shape)
        scratch.drawRehearsalMarks(measure: measure)
        scratch.separateBarNumbers(measure: measure)
        let top = scratch.glyphs.filter { $0.role == .barNumber }.compactMap { Self.box(of: $0, measure: measure)?.y }.min() ?? 0
        guard top < 0 else { return }
        for p in rows.indices {
            rows[p].chordBaseline? -= top
            rows[p].markBaseline -= top
            rows[p].baseline -= top
            rows[p].dynamicBaseline? -= top
            rows[p].lyricBaselines = rows[p].lyricBaselines.map { $0 - top }
            rows[p].wordsBaseline? -= top
            rows[p].bottom -= top
        }
        height -= top
    }

    /// A line of text's box from its font's size: how far it reaches over the baseline, and its height.
    private static let textAscent = 0.75, textHeight = 0.8

    /// The box a glyph covers, near enough to keep things apart (text: its advance and the font's size).
    static func box(of glyph: Glyph, measure: any TextMeasuring) -> Rect? {
        switch glyph.shape {
        case .text(let text, let font, let anchor):
            let width = measure.width(of: text, in: font)
            let x = anchor == .start ? glyph.at.x : anchor == .middle ? glyph.at.x - width / 2 : glyph.at.x - width
            return Rect(x: x, y: glyph.at.y - textAscent * font.size, width: width, height: textHeight * font.size)
        case .dot(let radius):
            return Rect(x: glyph.at.x - radius, y: glyph.at.y - radius, width: 2 * radius, height: 2 * radius)
        case .line(let to, let width):
            return Rect(
                x: min(glyph.at.x, to.x) - width / 2, y: min(glyph.at.y, to.y) - width / 2,
                width: abs(to.x - glyph.at.x) + width, height: abs(to.y - glyph.at.y) + width)
        case .polyline(let points, let width):
            let all = [glyph.at] + points
            let (x0, x1) = (all.map(\.x).min() ?? 0, all.map(\.x).max() ?? 0), (y0, y1) = (all.map(\.y).min() ?? 0, all.map(\.y).max() ?? 0)
            return Rect(x: x0 - width / 2, y: y0 - width / 2, width: x1 - x0 + width, height: y1 - y0 + width)
        case .arc:
            return nil
        }
    }
}
