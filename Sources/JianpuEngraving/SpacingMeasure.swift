import JianpuCore
import JianpuNotation
import JianpuPerformance

/// How evenly a page spaces time, read from its glyphs (the SVG's geometry): what a player counting
/// beats by eye sees.
///
/// For each part in each system, the gaps between consecutive beat onsets of a bar (both written as an
/// event of that part: a note, a rest or a dash) are measured; the ratio is the widest gap over the
/// narrowest. A ratio of 1 is a page whose beats are all equally wide. Gaps across a bar line are left
/// out: a bar line has room of its own, on our pages as on LilyPond's. And each dash's clearance: from its
/// right end to the next note head or dash of its row.
public struct SpacingMeasure: Sendable {
    /// The widest beat gap over the narrowest, in the worst part and system, and where that is.
    public var worstRatio = 1.0
    public var worstPlace = ""
    /// How many beat gaps were measured.
    public var gaps = 0
    /// The least room, in points, between a dash's end and the next glyph of its row (nil: no dash).
    public var leastDashClearance: Double?
    public var leastDashPlace = ""

    /// Measures `engraving`, the engraving of `score` (its pages' glyphs drawn).
    public init(_ score: Score, engraving: Engraving) {
        // Each written event by id: its part, onset, and whether it falls on a beat of its bar, with the beat's length.
        var written: [String: (part: Int, movement: Int, onset: WholeNotes, beat: WholeNotes, barStart: WholeNotes)] = [:]
        for (index, movement) in score.movements.enumerated() {
            for (part, bars) in WrittenScore(movement).bars(of: movement, movementIndex: index).enumerated() {
                for bar in bars {
                    let beat = SystemLayout.beat(of: bar)
                    for event in bar.events where event.length > .zero {
                        written[event.id] = (part, index, event.onset, beat, bar.start)
                    }
                }
            }
        }
        for (pageIndex, page) in engraving.pages.enumerated() {
            // Each event's x on the page and the system it is in.
            var placed: [String: (x: Double, system: Int)] = [:]
            var dashes: [(left: Double, right: Double, y: Double)] = []
            for glyph in page.glyphs {
                guard let id = glyph.note?.event, glyph.role == .note || glyph.role == .rest || glyph.role == .tied || glyph.role == .dash else { continue }
                var x = glyph.at.x, y = glyph.at.y
                if case .line(let to, _) = glyph.shape {
                    x = (glyph.at.x + to.x) / 2
                    dashes.append((glyph.at.x, to.x, y))
                    y += 1
                }
                guard let system = page.systems.firstIndex(where: { $0.rect.y - 40 <= y && y <= $0.rect.y + $0.rect.height }) else { continue }
                placed[id] = placed[id] ?? (x, system)
            }
            // Per movement, part and system: each beat onset's x.
            var beats: [String: [(onset: WholeNotes, x: Double, beat: WholeNotes, barStart: WholeNotes)]] = [:]
            for (id, place) in placed {
                guard let event = written[id] else { continue }
                let offset = event.onset - event.barStart
                guard (offset / event.beat).denominator == 1 else { continue }
                beats["movement \(event.movement + 1) page \(pageIndex + 1) system \(place.system + 1) part \(event.part + 1)", default: []]
                    .append((event.onset, place.x, event.beat, event.barStart))
            }
            for (place, list) in beats {
                let sorted = list.sorted { $0.onset < $1.onset }
                var widths: [Double] = []
                for (a, b) in zip(sorted, sorted.dropFirst()) where b.barStart == a.barStart && b.onset - a.onset == a.beat {
                    widths.append(b.x - a.x)
                }
                guard let widest = widths.max(), let narrowest = widths.min(), narrowest > 0 else { continue }
                gaps += widths.count
                if widest / narrowest > worstRatio {
                    worstRatio = widest / narrowest
                    worstPlace = place
                }
            }
            // Each dash against the next head or dash to its right, on its row.
            let heads = page.systems.flatMap(\.heads)
            for dash in dashes {
                var next = Double.infinity
                for head in heads where head.y <= dash.y && dash.y <= head.y + head.height && head.x >= dash.left { next = min(next, head.x) }
                for other in dashes where abs(other.y - dash.y) < 0.5 && other.left > dash.left { next = min(next, other.left) }
                guard next.isFinite, next - dash.right < 40 else { continue }
                if next - dash.right < leastDashClearance ?? .infinity {
                    leastDashClearance = next - dash.right
                    leastDashPlace = "page \(pageIndex + 1) at x \(Int(dash.right))"
                }
            }
        }
    }
}
