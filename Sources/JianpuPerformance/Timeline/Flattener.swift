import JianpuCore
import JianpuNotation

/// Turns a movement's tree into a `Timeline`: exact times, ties and dashes merged, grace notes placed.
public enum Flattener {
    /// LilyPond's MIDI plays a grace note in 11/48 of its written length, stealing the time from the note before.
    static let graceScale = WholeNotes(11, 48)
    /// And ends each grace note one tick (of 384 per quarter) early.
    static let graceGap = WholeNotes(1, 1536)

    /// The timeline of one movement, all parts together (or the parts at `partIndices`).
    ///
    /// With `rollsArpeggios`, `arp` chords are rolled from the bottom (`arpDown`: the top)
    /// a 64th note apart, as a player would; without it they sound at once, as in the reference's MIDI.
    /// With `withChords`, the movement's `chords=` line is added as one more part.
    public static func timeline(of movement: Movement, partIndices: [Int]? = nil, rollsArpeggios: Bool = false, withChords: Bool = false) -> Timeline {
        let timeline = plainTimeline(of: movement, partIndices: partIndices, rollsArpeggios: rollsArpeggios)
        guard withChords, let chords = movement.headers["chords"] else { return timeline }
        return ChordAccompaniment.adding(chords, to: timeline)
    }

    private static func plainTimeline(of movement: Movement, partIndices: [Int]?, rollsArpeggios: Bool) -> Timeline {
        let indices = partIndices ?? Array(movement.parts.indices)
        var notes: [TimedNote] = []
        var rests: [TimedRest] = []
        var tempos: [TempoMap.Change] = []
        var meters: [MeterChange] = []
        var keys: [KeyChange] = []
        var parts: [TimelinePart] = []
        var length = WholeNotes.zero
        // Parts are played independently: large ones side by side.
        let items = indices.reduce(0) { $0 + movement.parts[$1].items.count }
        var walks = Array(indices.enumerated()).parallelMap(inParallel: items > 20_000) { number, index in
            // The first part's notes get room for every part's: the others are merged into its list in place.
            // Room never written costs no memory (a large list is mapped on its own, page by page as written).
            var walk = PartWalk.played(
                movement.parts[index].items, partNumber: number, rollsArpeggios: rollsArpeggios, capacity: number == 0 && indices.count > 1 ? items : nil)
            sortByOnset(&walk.notes)
            return walk
        }
        var partNotes: [[TimedNote]] = []
        for ((_, index), walk) in zip(indices.enumerated(), walks) {
            let part = movement.parts[index]
            partNotes.append(walk.notes)
            rests += walk.rests
            tempos.append(contentsOf: walk.tempos)
            if meters.isEmpty { meters = walk.meters }
            if keys.isEmpty { keys = walk.keys }
            length = max(length, walk.end)
            let program = (part.sound ?? part.instrument).flatMap(GeneralMIDI.program(named:))
            parts.append(TimelinePart(name: part.instrument, channel: TimelinePart.channel(forPartAfter: parts, program: program), program: program))
        }
        // Each part's notes are then held by `partNotes` alone, and can be merged into in place.
        walks = []
        notes = mergedInPairs(&partNotes)
        if meters.isEmpty { meters = [MeterChange(position: .zero, beats: 4, beatUnit: 4)] }
        rests = rests.enumerated().sorted { ($0.element.onset, $0.offset) < ($1.element.onset, $1.offset) }.map(\.element)
        return Timeline(
            title: movement.headers["title"], parts: parts, notes: notes, rests: rests, tempoMap: TempoMap(tempos), meters: meters, keys: keys,
            bars: bars(of: movement, partIndices: indices, notes: notes, rests: rests, meters: meters, length: length), length: length)
    }

    /// Orders one part's notes by onset and pitch, in their list (whose room is kept). They come nearly in
    /// order (only grace notes and chords step back), so the common case is one pass that finds nothing to do.
    private static func sortByOnset(_ notes: inout [TimedNote]) {
        func before(_ a: TimedNote, _ b: TimedNote) -> Bool { (a.onset, a.pitch) < (b.onset, b.pitch) }
        if zip(notes, notes.dropFirst()).allSatisfy({ !before($1, $0) }) { return }
        let sorted = notes.enumerated().sorted { before($0.element, $1.element) || (!before($1.element, $0.element) && $0.offset < $1.offset) }.map(\.element)
        notes.removeAll(keepingCapacity: true)
        notes.append(contentsOf: sorted)
    }

    /// Every part's onset-ordered notes as one list, earlier parts first at equal onsets: merged
    /// in pairs, round by round, so that many parts cost n log(parts), not n × parts.
    /// The lists are taken (left empty), so that each is merged into in place.
    private static func mergedInPairs(_ lists: inout [[TimedNote]]) -> [TimedNote] {
        while lists.count > 1 {
            var next: [[TimedNote]] = []
            next.reserveCapacity((lists.count + 1) / 2)
            for start in stride(from: 0, to: lists.count, by: 2) {
                var first: [TimedNote] = []
                swap(&first, &lists[start])
                if start + 1 < lists.count {
                    merge(&first, lists[start + 1])
                    lists[start + 1] = []
                }
                next.append(first)
            }
            lists = next
        }
        return lists.popLast() ?? []
    }

    /// Merges an onset-ordered note list into another, the first list's notes first at equal onsets.
    ///
    /// Merged from the back into the first list, grown by the second's length: when the first has room
    /// (`plainTimeline` makes it), no new list is made, and a large score's notes are not written to
    /// fresh memory once more.
    private static func merge(_ result: inout [TimedNote], _ second: [TimedNote]) {
        if second.isEmpty { return }
        if result.isEmpty {
            result = second
            return
        }
        let firstCount = result.count
        // Placeholders, each overwritten below.
        result.append(contentsOf: second)
        result.withUnsafeMutableBufferPointer { merged in
            second.withUnsafeBufferPointer { second in
                // The last place takes whichever of the two lists' last notes comes later; at equal
                // onsets that is the second list's, since the first list's notes go first.
                var i = firstCount - 1, j = second.count - 1, k = merged.count - 1
                while j >= 0 {
                    if i >= 0, second[j].onset < merged[i].onset {
                        merged[k] = merged[i]
                        i -= 1
                    } else {
                        merged[k] = second[j]
                        j -= 1
                    }
                    k -= 1
                }
            }
        }
    }

    /// The timelines the reference writes as MIDI files: one per movement, and with `PartMidi`
    /// one of all parts followed by one for each part.
    /// With `withChords`, each movement's `chords=` line is added as an accompaniment part.
    public static func exportedTimelines(of score: Score, withChords: Bool = false) -> [Timeline] {
        score.movements.flatMap { movement -> [Timeline] in
            var timelines = [timeline(of: movement, withChords: withChords)]
            if movement.separateMIDIPerPart {
                timelines += movement.parts.indices.map { timeline(of: movement, partIndices: [$0]) }
            }
            return timelines
        }
    }

    private static func pickup(of part: Part) -> WholeNotes? {
        for item in part.items {
            switch item {
            case .timeSignature(let signature): return signature.pickup
            case .note, .continuation, .tuplet, .repeat, .multibarRest: return nil
            default: continue
            }
        }
        return nil
    }

    /// The played bars, numbered as printed from the first part's text when it is played.
    private static func bars(of movement: Movement, partIndices: [Int], notes: [TimedNote], rests: [TimedRest], meters: [MeterChange], length: WholeNotes) -> [PlayedBar] {
        let pickup = movement.parts.first.flatMap(Self.pickup)
        let plain = BarGrid(meters: meters, pickup: pickup, length: length).starts
        guard let first = partIndices.first, let melody = movement.parts.indices.contains(first) ? movement.parts[first] : nil else {
            return PlayedBar.numbered(plain)
        }
        // Without repeats or jumps the melody plays as written: its bars are the printed ones.
        guard BarReordering.holds(melody.items) else { return PlayedBar.numbered(plain, from: (pickup ?? .zero) > .zero ? 0 : 1) }
        return WrittenPart(melody, keepingPlaces: true).playedBars(notes: notes, rests: rests, length: length, plainStarts: plain)
    }
}

/// Whether music holds a repeat or a jump, which make the performance leave the written order (what
/// `WrittenPart.reordersBars` says), found without reading the part's events: the search stops at the first.
private enum BarReordering {
    /// Only repeats and jumps matter, looked for inside tuplets too (not inside grace notes, which hold
    /// none). Items are told apart by their case alone: no note is copied out, which made a walk of a
    /// part without repeats cost more than a hundred instructions an item.
    static func holds(_ items: [MusicItem]) -> Bool {
        for index in items.indices {
            switch items[index] {
            case .repeat, .jump: return true
            case .tuplet(let tuplet): if holds(tuplet.items) { return true }
            default: continue
            }
        }
        return false
    }
}
