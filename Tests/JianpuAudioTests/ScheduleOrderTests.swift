import JianpuAudio
import JianpuCore
import JianpuPerformance
import Testing

/// The schedule as it was first built: every event appended, then one stable sort, then the
/// note-offs that would cut a held note of the same key left out. The merged schedule must equal it.
private func sortedSchedule(_ timeline: Timeline, rate: Double, options: PlaybackOptions, start: WholeNotes, end: WholeNotes) -> [ScheduledEvent] {
    let tempoMap = timeline.tempoMap.scaled(by: options.tempoFactor)
    let startSeconds = tempoMap.seconds(at: start)
    func frame(_ position: WholeNotes) -> Int { Int(((tempoMap.seconds(at: position) - startSeconds) * rate).rounded()) }
    var raw: [ScheduledEvent] = []
    var programmed = Set<UInt8>()
    for (index, part) in timeline.parts.enumerated() where programmed.insert(part.channel).inserted {
        let changes = timeline.programChanges.filter { $0.part == index && $0.position < end }
        let program = changes.last { $0.position <= start }?.program ?? part.program ?? 0
        raw.append(ScheduledEvent(frame: 0, message: .programChange(channel: part.channel, program: program)))
        for change in changes where change.position > start {
            raw.append(ScheduledEvent(frame: frame(change.position), message: .programChange(channel: part.channel, program: change.program)))
        }
    }
    for (index, note) in timeline.notes.enumerated() where note.onset >= start && note.onset < end {
        let channel = timeline.parts[note.part].channel, key = UInt8(note.pitch.midiNumber)
        let on = frame(note.onset), off = max(on + 1, frame(min(note.end, end)))
        raw.append(ScheduledEvent(frame: on, message: .noteOn(channel: channel, key: key, velocity: note.velocity), noteIndex: index))
        raw.append(ScheduledEvent(frame: off, message: .noteOff(channel: channel, key: key), noteIndex: index))
    }
    func order(_ event: ScheduledEvent) -> Int {
        switch event.message {
        case .programChange: 0;
        case .noteOff: 1;
        default: 2
        }
    }
    raw.sort { a, b in
        if a.frame != b.frame { return a.frame < b.frame }
        if order(a) != order(b) { return order(a) < order(b) }
        if a.message.channel != b.message.channel { return a.message.channel < b.message.channel }
        return (a.noteIndex ?? -1) < (b.noteIndex ?? -1)
    }
    var held: [Int: Int] = [:]
    return raw.filter { event in
        switch event.message {
        case .noteOn(let channel, let key, _):
            held[Int(channel) << 8 | Int(key), default: 0] += 1
        case .noteOff(let channel, let key, _):
            let slot = Int(channel) << 8 | Int(key)
            held[slot, default: 1] -= 1
            return held[slot] == 0
        default: break
        }
        return true
    }
}

/// A timeline of `parts` parts with notes of random lengths, many overlapping on one key, that
/// begin together or a hair apart (so that onsets round to the same frame), and program changes.
private func randomTimeline(seed: UInt64, parts: Int) -> Timeline {
    var generator = SeededGenerator(seed: seed)
    let timelineParts = (0..<parts).map { TimelinePart(channel: UInt8($0 % 3), program: UInt8($0)) }
    var notes: [TimedNote] = []
    var onset = WholeNotes.zero
    for _ in 0..<400 {
        onset = onset + [WholeNotes.zero, WholeNotes(1, 8), WholeNotes(1, 1_000_000), WholeNotes(1, 3)][Int.random(in: 0..<4, using: &generator)]
        let duration = [WholeNotes(1, 1_000_000), WholeNotes(1, 8), WholeNotes(1, 2), WholeNotes(3)][Int.random(in: 0..<4, using: &generator)]
        notes.append(
            TimedNote(
                onset: onset, duration: duration, pitch: Pitch(midiNumber: Int.random(in: 60...63, using: &generator)),
                velocity: UInt8.random(in: 1...127, using: &generator), part: Int.random(in: 0..<parts, using: &generator)))
    }
    // The timeline's own order: onset, then part, then pitch.
    notes.sort { ($0.onset, $0.part, $0.pitch.midiNumber) < ($1.onset, $1.part, $1.pitch.midiNumber) }
    let changes = (0..<6).map { index in
        ProgramChange(position: WholeNotes(Int64(index) * 3, 2), part: index % parts, program: UInt8(40 + index))
    }
    let tempo = TempoMap([.init(position: .zero, quarterNotesPerMinute: 97), .init(position: WholeNotes(7), quarterNotesPerMinute: 201)])
    return Timeline(
        parts: timelineParts, notes: notes, programChanges: changes, tempoMap: tempo,
        barStarts: (0..<60).map { WholeNotes(Int64($0)) }, length: onset + WholeNotes(3))
}

private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var mixed = state
        mixed = (mixed ^ (mixed >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 33)
    }
}

@Suite("Schedule order: merged without a sort")
struct ScheduleOrderTests {
    @Test("the merged schedule equals every event sorted, overlapping releases left out", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func mergedEqualsSorted(seed: Int) throws {
        let timeline = randomTimeline(seed: UInt64(seed), parts: seed % 4 + 1)
        for options in [PlaybackOptions(), PlaybackOptions(tempoFactor: 1.37, startBar: 5, endBar: 40)] {
            let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: 44_100, options: options)
            let expected = sortedSchedule(timeline, rate: 44_100, options: options, start: schedule.startPosition, end: schedule.endPosition)
            #expect(schedule.events.count == expected.count)
            #expect(schedule.events == expected)
        }
    }

    @Test("notes out of onset order are still scheduled in order")
    func unorderedNotes() throws {
        var timeline = randomTimeline(seed: 99, parts: 2)
        timeline.notes.reverse()
        let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: 44_100)
        let expected = sortedSchedule(timeline, rate: 44_100, options: PlaybackOptions(), start: schedule.startPosition, end: schedule.endPosition)
        #expect(schedule.events == expected)
    }
}

@Suite("Schedule order: an event's storage")
struct ScheduledEventStorageTests {
    @Test("an event packs into 16 bytes and keeps its frame, negative or past 32 bits, and its note")
    func packed() {
        #expect(MemoryLayout<ScheduledEvent>.stride == 16)
        for frame in [0, 1, -1, 44_100, Int(UInt32.max), Int(UInt32.max) + 1, -(1 << 40) - 3, (1 << 47) - 1, -(1 << 47)] {
            let event = ScheduledEvent(frame: frame, message: .noteOn(channel: 3, key: 60, velocity: 90), noteIndex: 7)
            #expect(event.frame == frame)
            #expect(event.noteIndex == 7)
        }
        #expect(ScheduledEvent(frame: .max, message: .programChange(channel: 0, program: 1)).frame == (1 << 47) - 1)
        #expect(ScheduledEvent(frame: .min, message: .programChange(channel: 0, program: 1)).noteIndex == nil)
    }
}
