import JianpuCore
import JianpuNotation
import JianpuPerformance

/// The signs that join events: ties, slurs, tuplet numbers, lyrics and their hyphens, drawn system by system
/// as each is set (`draw(_:parts:measure:)`).
///
/// An arc whose notes are in different systems is two halves, each drawn with its own system: the one
/// to the line's end with the first note, the one from the line's start with the last. So nothing of a
/// system is kept once it is set, and a tie or slur across a whole score costs no more than a short one.
/// Which arcs are drawn at all is known beforehand from the movement's written events.
struct Spanners {
    let m: EngravingOptions.Metrics
    /// Per part: the events seen in the systems set so far, counted in written order.
    private var seen: [Int]
    /// Per part: the index of the last note or rest, where no tie can go on from.
    private let lastNote: [Int]
    /// Per part: the slurs drawn, by the index of the event each starts and ends on, in order of their starts
    /// (found by halving). Arrays, not dictionaries by index: their first use cost a typeset a search of the
    /// program's every conformance for `Int: Hashable`.
    private let slurs: [[(start: Int, end: Int)]]
    /// Per part: ties waiting for the first note of a later system, and slurs (how many end on each event,
    /// by its index) waiting for that event.
    private var tiesOpen: [Int]
    private var slursOpen: [[(end: Int, count: Int)]]
    /// Per part: the hairpin started and not yet ended (`Spanners+Hairpins`).
    var hairpinsOpen: [OpenHairpin?]

    /// The spanners of a movement whose parts (`parts`) are written as `bars`.
    init(parts: [Part], bars: [[WrittenBar]], metrics: EngravingOptions.Metrics) {
        m = metrics
        seen = Array(repeating: 0, count: parts.count)
        tiesOpen = seen
        slursOpen = Array(repeating: [], count: parts.count)
        hairpinsOpen = Array(repeating: nil, count: parts.count)
        var lastNote: [Int] = [], slurs: [[(start: Int, end: Int)]] = []
        for (p, part) in parts.enumerated() {
            // Where each slur's first and last notes are among the events: an event's own place, or that of
            // a grace note it carries (`g[5] ( 1 2 )`), the first event found for a place.
            let ends = Set(part.slurs.flatMap { [$0.start, $0.end] })
            var found: [SourceLocation: Int] = [:]
            var last = -1, index = 0
            for bar in p < bars.count ? bars[p] : [] {
                for event in bar.events {
                    if case .note = event.kind { last = index }
                    if !ends.isEmpty {
                        for location in [event.location] + (event.graceBefore + event.graceAfter).map(\.0.location) where ends.contains(location) {
                            found[location] = found[location] ?? index
                        }
                    }
                    index += 1
                }
            }
            lastNote.append(last)
            var drawn: [(start: Int, end: Int)] = []
            for slur in part.slurs {
                guard let start = found[slur.start], let end = found[slur.end], start < end else { continue }
                drawn.append((start, end))
            }
            // Stable: the slurs starting on one event keep their written order.
            slurs.append(drawn.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element))
        }
        self.lastNote = lastNote
        self.slurs = slurs
    }

    /// The signs of a system just set (its `events` placed), and the boxes of the lyrics drawn in it.
    mutating func draw(_ system: SystemLayout, measure: any TextMeasuring) -> (glyphs: [Glyph], lyrics: [Rect]) {
        var glyphs: [Glyph] = [], lyrics: [Rect] = []
        for (p, events) in system.events.enumerated() where p < seen.count {
            let base = seen[p]
            let lyricBaselines = events.contains { !$0.event.lyrics.isEmpty } ? system.lyricBaselines(ofPart: p) : []
            for (k, placed) in events.enumerated() {
                let index = base + k
                let isNote = if case .note = placed.event.kind { true } else { false }
                // Slurs: the second half of each whose first note was in a system before; each starting here
                // whole when it ends in this system, else its first half.
                if let open = slursOpen[p].firstIndex(where: { $0.end == index }) {
                    for _ in 0..<slursOpen[p].remove(at: open).count { glyphs.append(secondHalf(to: placed, in: system, role: .slur)) }
                }
                let first = slurs[p].partitioningIndex { $0.start >= index }
                for (_, end) in slurs[p][first...].prefix(while: { $0.start == index }) {
                    if end < base + events.count {
                        glyphs.append(arc(from: placed, to: events[end - base], role: .slur))
                    } else {
                        glyphs.append(firstHalf(from: placed, in: system, role: .slur))
                        if let open = slursOpen[p].firstIndex(where: { $0.end == end }) {
                            slursOpen[p][open].count += 1
                        } else {
                            slursOpen[p].append((end, 1))
                        }
                    }
                }
                // Ties go to the next note or rest: ties from a system before end on this system's first.
                if isNote {
                    for _ in 0..<tiesOpen[p] { glyphs.append(secondHalf(to: placed, in: system, role: .tie)) }
                    tiesOpen[p] = 0
                }
                if placed.event.tiedToNext, index < lastNote[p] {
                    if let next = events[(k + 1)...].first(where: { if case .note = $0.event.kind { true } else { false } }) {
                        glyphs.append(arc(from: placed, to: next, role: .tie))
                    } else {
                        glyphs.append(firstHalf(from: placed, in: system, role: .tie))
                        tiesOpen[p] += 1
                    }
                }
                sing(placed, after: events[(k + 1)...], baselines: lyricBaselines, measure: measure, into: &glyphs, boxes: &lyrics)
            }
            glyphs += Self.tupletSigns(events, metrics: m)
            glyphs += hairpins(events, part: p, in: system, measure: measure)
            seen[p] += events.count
        }
        return (glyphs, lyrics)
    }

    /// The syllables sung on `placed`, a verse's number before its first, and a hyphen to the verse's next
    /// syllable when that is on the same line and there is room for it.
    private func sing(
        _ placed: SystemLayout.PlacedEvent, after: ArraySlice<SystemLayout.PlacedEvent>, baselines: [Double],
        measure: any TextMeasuring, into glyphs: inout [Glyph], boxes: inout [Rect]
    ) {
        for sung in placed.event.lyrics {
            let (verse, syllable) = (sung.verse, sung.text)
            guard verse < baselines.count else { continue }
            let shown = BarBlock.shownSyllable(syllable)
            let y = baselines[verse]
            let sungOn = SyllableReference(event: placed.event.id, verse: verse, onset: placed.event.onset)
            glyphs.append(Glyph(.text(shown, m.lyric, .middle), at: Point(placed.x, y), role: .lyric, syllable: sungOn))
            let width = measure.width(of: shown, in: m.lyric)
            boxes.append(Rect(x: placed.x - width / 2, y: y - m.lyricAscent, width: width, height: m.lyric.size))
            if let stanza = sung.stanza {
                // The verse's number before its first syllable, as LilyPond sets a stanza.
                glyphs.append(Glyph(.text(stanza, m.lyric, .end), at: Point(placed.x - width / 2 - m.stanzaGap, y), role: .lyric))
            }
            // The hyphen goes in the middle of the space between this syllable and the verse's next, when that
            // is on the same line; where the space is narrower than the hyphen, none is drawn (as LilyPond
            // does), rather than one over the syllables.
            if syllable.hasSuffix("-"), syllable.count > 1,
                let next = after.first(where: { $0.event.lyrics.contains { $0.verse == verse } }),
                let nextText = next.event.lyrics.first(where: { $0.verse == verse }).map({ BarBlock.shownSyllable($0.text) })
            {
                let gapStart = placed.x + width / 2
                let gapEnd = next.x - measure.width(of: nextText, in: m.lyric) / 2
                if gapEnd - gapStart >= measure.width(of: "-", in: m.lyric) + m.hyphenRoom {
                    glyphs.append(Glyph(.text("-", m.lyric, .middle), at: Point((gapStart + gapEnd) / 2, y), role: .lyric))
                }
            }
        }
    }

    /// Slurs sit a little higher than ties, so that a tie under a slur stays visible.
    private func lift(_ role: Role) -> Double { role == .slur ? m.slurLift : m.tieLift }

    /// An arc over two notes of one system.
    private func arc(from a: SystemLayout.PlacedEvent, to b: SystemLayout.PlacedEvent, role: Role) -> Glyph {
        let y = min(a.baseline - a.above, b.baseline - b.above) - lift(role)
        return Glyph(.arc(to: Point(b.x - m.arcInset, y), height: m.arcHeight), at: Point(a.x + m.arcInset, y), role: role)
    }

    /// The half of an arc from its first note to the end of the note's line.
    private func firstHalf(from a: SystemLayout.PlacedEvent, in system: SystemLayout, role: Role) -> Glyph {
        let y = a.baseline - a.above - lift(role)
        return Glyph(.arc(to: Point(system.rect.maxX, y), height: m.arcHeight), at: Point(a.x + m.arcInset, y), role: role)
    }

    /// The half of an arc from the start of its last note's line to the note.
    private func secondHalf(to b: SystemLayout.PlacedEvent, in system: SystemLayout, role: Role) -> Glyph {
        let y = b.baseline - b.above - lift(role)
        return Glyph(.arc(to: Point(b.x - m.arcInset, y), height: m.arcHeight), at: Point(system.rect.x - m.arcContinuation, y), role: role)
    }

    /// The number over each tuplet's notes among one system's events of a part, with a bracket where they
    /// have no underline. A tuplet broken over lines is numbered on each.
    static func tupletSigns(_ events: [SystemLayout.PlacedEvent], metrics m: EngravingOptions.Metrics) -> [Glyph] {
        var glyphs: [Glyph] = []
        var index = 0
        while index < events.count {
            guard let tuplet = events[index].event.tuplet else { index += 1; continue }
            var end = index
            while end + 1 < events.count, events[end + 1].event.tuplet?.id == tuplet.id { end += 1 }
            let group = events[index...end]
            let top = group.map { $0.baseline - $0.above }.min() ?? 0
            let x = ((group.first?.x ?? 0) + (group.last?.x ?? 0)) / 2
            glyphs.append(Glyph(.text(String(tuplet.count), m.tupletNumber, .middle), at: Point(x, top - m.tupletNumberLift), role: .tuplet))
            // An underline groups quavers; crotchets and longer (or a dash) have none, so a bracket shows the group.
            let underlined = group.allSatisfy { placed in
                if case .note(_, let written) = placed.event.kind { return written.underlines > 0 }
                return false
            }
            if !underlined, let first = group.first, let last = group.last {
                let (y, hook, gap) = (top - m.tupletBracketLift, m.tupletBracketHook, m.tupletNumberGap)
                let (x1, x2) = (first.x - first.halfWidth, last.x + last.halfWidth)
                glyphs.append(Glyph(.polyline([Point(x1, y), Point(x - gap, y)], width: m.lineWidth), at: Point(x1, y + hook), role: .tuplet))
                glyphs.append(Glyph(.polyline([Point(x2, y), Point(x2, y + hook)], width: m.lineWidth), at: Point(x + gap, y), role: .tuplet))
            }
            index = end + 1
        }
        return glyphs
    }
}
