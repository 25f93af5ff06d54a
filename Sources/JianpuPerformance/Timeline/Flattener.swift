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
        var walked = walkedParts(of: movement, partIndices: indices, rollsArpeggios: rollsArpeggios, mergedLater: true)
        // Each part's notes are held by `walked` alone, and can be merged into in place.
        let notes = mergedInPairs(&walked.notes)
        let rests = walked.rests.enumerated().sorted { ($0.element.onset, $0.offset) < ($1.element.onset, $1.offset) }.map(\.element)
        return Timeline(
            title: movement.headers["title"], parts: walked.parts, notes: notes, rests: rests, tempoMap: TempoMap(walked.tempos),
            meters: walked.meters, keys: walked.keys,
            bars: bars(of: movement, partIndices: indices, notes: notes, rests: rests, meters: walked.meters, length: walked.length),
            length: walked.length)
    }

    /// The timeline of one movement with each part's notes kept apart (`PartedTimeline`): the parts
    /// walked side by side and never merged, for a sink that takes them one at a time (a MIDI file's tracks).
    /// With `withChords`, the movement's `chords=` line is added as one more part.
    public static func partedTimeline(of movement: Movement, partIndices: [Int]? = nil, withChords: Bool = false) -> PartedTimeline {
        let indices = partIndices ?? Array(movement.parts.indices)
        let walked = walkedParts(of: movement, partIndices: indices, rollsArpeggios: false, mergedLater: false)
        var parted = PartedTimeline(
            shared: Timeline(
                title: movement.headers["title"], parts: walked.parts, notes: [], tempoMap: TempoMap(walked.tempos), meters: walked.meters,
                keys: walked.keys, bars: [], length: walked.length),
            partNotes: walked.notes)
        if withChords, let chords = movement.headers["chords"], let part = ChordAccompaniment.part(chords, after: walked.parts) {
            parted.shared.parts.append(part.part)
            parted.partNotes.append(part.notes)
            parted.shared.length = max(parted.shared.length, part.end)
        }
        return parted
    }

    /// The parts of a movement each walked on its own (large ones side by side), their notes in onset
    /// order, and what the walks found that all parts share.
    private struct WalkedParts {
        var parts: [TimelinePart] = []
        /// Each part's notes, in onset order.
        var notes: [[TimedNote]] = []
        /// Every part's rests, part after part (only for a merged timeline).
        var rests: [TimedRest] = []
        var tempos: [TempoMap.Change] = []
        var meters: [MeterChange] = []
        var keys: [KeyChange] = []
        var length = WholeNotes.zero
    }

    /// Walks the parts at `indices`. With `mergedLater`, the first part's notes get room for every
    /// part's, so that the others can be merged into its list in place (room never written costs no
    /// memory: a large list is mapped on its own, page by page as written), and the rests are gathered.
    private static func walkedParts(of movement: Movement, partIndices indices: [Int], rollsArpeggios: Bool, mergedLater: Bool) -> WalkedParts {
        let items = indices.reduce(0) { $0 + movement.parts[$1].items.count }
        let walks = Array(indices.enumerated()).parallelMap(inParallel: items > workWorthSharing) { number, index in
            var walk = PartWalk.played(
                movement.parts[index].items, partNumber: number, rollsArpeggios: rollsArpeggios,
                capacity: mergedLater && number == 0 && indices.count > 1 ? items : nil)
            sortByOnset(&walk.notes)
            return walk
        }
        var walked = WalkedParts()
        for (index, walk) in zip(indices, walks) {
            let part = movement.parts[index]
            walked.notes.append(walk.notes)
            // Rests are for the merged timeline's display: the parts' notes alone make a MIDI file.
            if mergedLater { walked.rests += walk.rests }
            walked.tempos.append(contentsOf: walk.tempos)
            if walked.meters.isEmpty { walked.meters = walk.meters }
            if walked.keys.isEmpty { walked.keys = walk.keys }
            walked.length = max(walked.length, walk.end)
            let program = (part.sound ?? part.instrument).flatMap(GeneralMIDI.program(named:))
            walked.parts.append(
                TimelinePart(name: part.instrument, channel: TimelinePart.channel(forPartAfter: walked.parts, program: program), program: program))
        }
        if walked.meters.isEmpty { walked.meters = [MeterChange(position: .zero, beats: 4, beatUnit: 4)] }
        return walked
    }

    /// Orders one part's notes by onset and pitch, in their list (whose room is kept). They come nearly in
    /// order (only grace notes and chords step back), so the common case is one pass that finds nothing to do.
    private static func sortByOnset(_ notes: inout [TimedNote]) {
        func before(_ a: TimedNote, _ b: TimedNote) -> Bool { (a.onset, a.pitch) < (b.onset, b.pitch) }
        // (Each note's onset is read once in the check.)
        var inOrder = true
        if var previous = notes.first.map({ ($0.onset, $0.pitch) }) {
            for index in notes.indices.dropFirst() {
                let key = (notes[index].onset, notes[index].pitch)
                if key < previous {
                    inOrder = false
                    break
                }
                previous = key
            }
        }
        if inOrder { return }
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
        exported(score) { timeline(of: $0, partIndices: $1, withChords: withChords && $1 == nil) }
    }

    /// The timelines of `exportedTimelines(of:withChords:)`, each part's notes kept apart.
    public static func exportedPartedTimelines(of score: Score, withChords: Bool = false) -> [PartedTimeline] {
        exported(score) { partedTimeline(of: $0, partIndices: $1, withChords: withChords && $1 == nil) }
    }

    /// What `make` gives for each movement (all parts: nil indices), then with `PartMidi` for each of its parts.
    private static func exported<T>(_ score: Score, _ make: (Movement, [Int]?) -> T) -> [T] {
        score.movements.flatMap { movement -> [T] in
            var timelines = [make(movement, nil)]
            if movement.separateMIDIPerPart {
                timelines += movement.parts.indices.map { make(movement, [$0]) }
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
