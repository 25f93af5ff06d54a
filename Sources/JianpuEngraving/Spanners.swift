import JianpuCore

/// The signs that join events, possibly across systems: ties, slurs, lyrics and their hyphens; and tuplet
/// numbers, which a system draws on its own (`tupletSigns`).
struct Spanners {
    private(set) var glyphsByPage: [Int: [Glyph]] = [:]
    /// Boxes of the lyrics drawn in each system (by system index), for checks.
    private(set) var lyricBoxes: [Int: [Rect]] = [:]

    /// The signs of `systems`, whose placed events it takes (they are left empty).
    init(systems: inout [SystemLayout], parts: [Part], metrics m: EngravingOptions.Metrics, measure: any TextMeasuring) {
        for p in parts.indices {
            // Each part's events in written order, with the system they are in (by index: a copy of the
            // system's layout per event cost a few hundred bytes a note in a wide bar). Moved out of the
            // systems one at a time, so that a wide bar's events are not held twice.
            var events: [(system: Int, placed: SystemLayout.PlacedEvent)] = []
            events.reserveCapacity(systems.reduce(0) { $0 + $1.events[p].count })
            for s in systems.indices {
                events += systems[s].events[p].lazy.map { (system: s, placed: $0) }
                systems[s].events[p] = []
            }
            var written: [SourceLocation: Int] = [:]
            for (index, item) in events.enumerated() where !parts[p].slurs.isEmpty && written[item.placed.event.location] == nil {
                written[item.placed.event.location] = index
                // A slur opened on grace notes (`g[5] ( 1 2 )`, `5 [67]g ( 1 )`) is drawn from the note they go with.
                for grace in item.placed.event.graceBefore + item.placed.event.graceAfter { written[grace.0.location] = written[grace.0.location] ?? index }
            }
            for slur in parts[p].slurs {
                guard let start = written[slur.start], let end = written[slur.end], start < end else { continue }
                tie(from: events[start].placed, in: systems[events[start].system], to: events[end].placed, in: systems[events[end].system], metrics: m, role: .slur)
            }
            // The next note after each event, found in one pass from the end: a search per tie was
            // quadratic in a bar of many rests.
            var nextNote = Array(repeating: -1, count: events.count)
            var following = -1
            for index in events.indices.reversed() {
                nextNote[index] = following
                if case .note = events[index].placed.event.kind { following = index }
            }
            for (index, item) in events.enumerated() {
                let (system, placed) = (systems[item.system], item.placed)
                let lyricBaselines = placed.event.lyrics.isEmpty ? [] : system.lyricBaselines(ofPart: p)
                if placed.event.tiedToNext, nextNote[index] >= 0 {
                    let next = events[nextNote[index]]
                    tie(from: placed, in: system, to: next.placed, in: systems[next.system], metrics: m)
                }
                for sung in placed.event.lyrics {
                    let (verse, syllable) = (sung.verse, sung.text)
                    guard verse < lyricBaselines.count else { continue }
                    let shown = BarBlock.shownSyllable(syllable)
                    let y = lyricBaselines[verse]
                    let sungOn = SyllableReference(event: placed.event.id, verse: verse, onset: placed.event.onset)
                    add(Glyph(.text(shown, m.lyric, .middle), at: Point(placed.x, y), role: .lyric, syllable: sungOn), page: system.page)
                    let width = measure.width(of: shown, in: m.lyric)
                    lyricBoxes[system.index, default: []].append(Rect(x: placed.x - width / 2, y: y - m.lyricAscent, width: width, height: m.lyric.size))
                    if let stanza = sung.stanza {
                        // The verse's number before its first syllable, as LilyPond sets a stanza.
                        add(Glyph(.text(stanza, m.lyric, .end), at: Point(placed.x - width / 2 - m.stanzaGap, y), role: .lyric), page: system.page)
                    }
                    // The hyphen goes in the middle of the space between this syllable and the verse's next, when that
                    // is on the same line; where the space is narrower than the hyphen, none is drawn (as LilyPond
                    // does), rather than one over the syllables.
                    if syllable.hasSuffix("-"), syllable.count > 1,
                       let next = events[(index + 1)...].prefix(while: { $0.system == item.system })
                           .first(where: { $0.placed.event.lyrics.contains { $0.verse == verse } }),
                       let nextText = next.placed.event.lyrics.first(where: { $0.verse == verse }).map({ BarBlock.shownSyllable($0.text) }) {
                        let gapStart = placed.x + width / 2
                        let gapEnd = next.placed.x - measure.width(of: nextText, in: m.lyric) / 2
                        if gapEnd - gapStart >= measure.width(of: "-", in: m.lyric) + m.hyphenRoom {
                            add(Glyph(.text("-", m.lyric, .middle), at: Point((gapStart + gapEnd) / 2, y), role: .lyric), page: system.page)
                        }
                    }
                }
            }
        }
    }

    /// The events of a part's system that the signs may join, in order: tied notes and the note each tie
    /// ends on, sung notes, and every event of a part with slurs. The others are let go as each
    /// system is set, so that a wide bar's notes are not held until the movement's end for nothing.
    /// `tieOpen` carries a tie waiting for its note from one system to the next.
    static func needed(_ events: [SystemLayout.PlacedEvent], tieOpen: inout Bool, hasSlurs: Bool) -> [SystemLayout.PlacedEvent] {
        events.filter { placed in
            let event = placed.event
            let isNote = if case .note = event.kind { true } else { false }
            let keep = hasSlurs || event.tiedToNext || (isNote && tieOpen) || !event.lyrics.isEmpty
            if isNote { tieOpen = false }
            if event.tiedToNext { tieOpen = true }
            return keep
        }
    }

    private mutating func add(_ glyph: Glyph, page: Int) {
        glyphsByPage[page, default: []].append(glyph)
    }

    /// An arc over the two notes; across a line break, one half at the end of the line and one at the start of the next.
    private mutating func tie(from a: SystemLayout.PlacedEvent, in first: SystemLayout, to b: SystemLayout.PlacedEvent, in second: SystemLayout,
                              metrics m: EngravingOptions.Metrics, role: Role = .tie) {
        // Slurs sit a little higher than ties, so that a tie under a slur stays visible.
        let lift = role == .slur ? m.slurLift : m.tieLift
        if first.index == second.index {
            let y = min(a.baseline - a.above, b.baseline - b.above) - lift
            add(Glyph(.arc(to: Point(b.x - m.arcInset, y), height: m.arcHeight), at: Point(a.x + m.arcInset, y), role: role), page: first.page)
        } else {
            let y1 = a.baseline - a.above - lift, y2 = b.baseline - b.above - lift
            add(Glyph(.arc(to: Point(first.rect.maxX, y1), height: m.arcHeight), at: Point(a.x + m.arcInset, y1), role: role), page: first.page)
            add(Glyph(.arc(to: Point(b.x - m.arcInset, y2), height: m.arcHeight), at: Point(second.rect.x - m.arcContinuation, y2), role: role), page: second.page)
        }
    }

    /// The number over each tuplet's notes among one system's events of a part, with a bracket where they
    /// have no underline. A tuplet broken over lines is numbered on each, so a system's are drawn with it:
    /// kept for the movement's end, a tuplet as long as the score held every note of it until then.
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
