import Foundation
import JianpuAudio
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuTestSupport
import Subprocesses
import Testing

/// The exact sample of a position at a constant tempo, as a rational: position × 240 / bpm × rate.
private func exactFrame(_ position: WholeNotes, bpm: Int64, rate: Int64) -> Double {
    Double(position.numerator * 240 * rate) / Double(position.denominator * bpm)
}

/// Renders the whole schedule on a recording fake in awkward chunk sizes and returns its events.
private func record(
    _ timeline: Timeline, rate: Double = 44_100, blockSize: Int = 1, options: PlaybackOptions = PlaybackOptions(),
    chunk: Int = 1_000
) throws -> (RecordingSynthesizer, PerformanceSchedule) {
    let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: rate, options: options)
    let synth = RecordingSynthesizer(sampleRate: rate, blockSize: blockSize)
    let scheduler = Scheduler(schedule: schedule, synth: synth)
    var buffer = [Float](repeating: 1, count: chunk * 2)
    buffer.withUnsafeMutableBufferPointer { pointer in
        guard let base = pointer.baseAddress else { return }
        while !scheduler.isAtEnd { scheduler.render(frames: chunk, into: base) }
    }
    return (synth, schedule)
}

private func noteOns(_ synth: RecordingSynthesizer) -> [(frame: Int, channel: UInt8, key: UInt8)] {
    synth.events.compactMap { event in
        if case .noteOn(let channel, let key, _) = event.message { return (event.frame, channel, key) }
        return nil
    }
}

private func noteOffs(_ synth: RecordingSynthesizer) -> [(frame: Int, channel: UInt8, key: UInt8)] {
    synth.events.compactMap { event in
        if case .noteOff(let channel, let key, _) = event.message { return (event.frame, channel, key) }
        return nil
    }
}

@Suite("Scheduler with a recording synthesizer")
struct SchedulerTests {
    @Test("quaver triplets land on round(onset seconds × rate)")
    func triplets() throws {
        let timeline = TestScores.triplets(bars: 8)
        let (synth, _) = try record(timeline)
        let ons = noteOns(synth)
        #expect(ons.count == timeline.notes.count)
        // Every note-on, matched by channel and key in time order.
        for (on, note) in zip(ons, timeline.notes) {
            #expect(on.frame == Int(exactFrame(note.onset, bpm: 120, rate: 44_100).rounded()))
            #expect(Int(on.key) == note.pitch.midiNumber)
        }
        let offs = noteOffs(synth)
        #expect(offs.count == timeline.notes.count)
        let expectedOffs = timeline.notes.map { Int(exactFrame($0.end, bpm: 120, rate: 44_100).rounded()) }.sorted()
        #expect(offs.map(\.frame).sorted() == expectedOffs)
        // Program changes first, at frame 0.
        #expect(synth.events.prefix(2).map(\.message) == [.programChange(channel: 0, program: 0), .programChange(channel: 1, program: 32)])
        #expect(synth.events.prefix(2).allSatisfy { $0.frame == 0 })
    }

    @Test("note-off comes before note-on at the same sample for the same key")
    func offBeforeOn() throws {
        let q = WholeNotes.quarter
        let notes = (0..<4).map { TestScores.note(q * Int64($0), q, 60) }
        let timeline = Timeline(parts: TestScores.melodyOnly, notes: notes, tempoMap: TempoMap(quarterNotesPerMinute: 120), length: .whole)
        let (synth, _) = try record(timeline)
        let keyEvents = synth.events.filter { if case .programChange = $0.message { false } else { true } }
        let expected: [MIDIMessage] =
            [.noteOn(channel: 0, key: 60, velocity: 100)]
            + Array(repeating: [.noteOff(channel: 0, key: 60), .noteOn(channel: 0, key: 60, velocity: 100)], count: 3).flatMap { $0 }
            + [.noteOff(channel: 0, key: 60)]
        #expect(keyEvents.map(\.message) == expected)
        #expect(keyEvents.map(\.frame) == [0, 22_050, 22_050, 44_100, 44_100, 66_150, 66_150, 88_200])
    }

    @Test("tempo changes: frames follow the tempo map exactly")
    func tempoChange() throws {
        // ♩=120 for bar 1, ♩=90 from bar 2, ♩=150 from beat 3 of bar 3; quavers throughout.
        let tempo = TempoMap([
            .init(position: .zero, quarterNotesPerMinute: 120),
            .init(position: .whole, quarterNotesPerMinute: 90),
            .init(position: WholeNotes(5, 2), quarterNotesPerMinute: 150),
        ])
        let eighth = WholeNotes(1, 8)
        let notes = (0..<32).map { TestScores.note(eighth * Int64($0), eighth, 60 + $0 % 7) }
        let timeline = Timeline(
            parts: TestScores.melodyOnly, notes: notes, tempoMap: tempo,
            barStarts: (0..<4).map { WholeNotes(Int64($0)) }, length: WholeNotes(4))
        let (synth, schedule) = try record(timeline, rate: 48_000)
        func exact(_ position: WholeNotes) -> Double {
            // Piecewise by hand: 2 s per whole note at 120, 8/3 at 90, 8/5 at 150.
            let p = position.doubleValue
            if p <= 1 { return p * 2 * 48_000 }
            if p <= 2.5 { return (2 + (p - 1) * 8 / 3) * 48_000 }
            return (2 + 1.5 * 8 / 3 + (p - 2.5) * 8 / 5) * 48_000
        }
        for (on, note) in zip(noteOns(synth), notes) {
            #expect(abs(Double(on.frame) - exact(note.onset)) <= 0.5 + 1e-6, "note at \(note.onset)")
        }
        #expect(schedule.endFrame == Int(exact(WholeNotes(4)).rounded()))
        #expect(noteOns(synth).count == 32)
    }

    @Test("a ten-minute score does not drift")
    func tenMinutes() throws {
        // ♩=105 (as bjehp): 240/105 s per whole note is not a round number of samples.
        let bars = 263  // 263 × 4 × 60/105 s ≈ 601 s
        let timeline = TestScores.triplets(bars: bars, tempo: 105)
        #expect(timeline.durationSeconds > 600)
        let (synth, schedule) = try record(timeline, chunk: 4_096)
        let ons = noteOns(synth)
        #expect(ons.count == timeline.notes.count)
        var worst = 0.0
        for (on, note) in zip(ons, timeline.notes) {
            worst = max(worst, abs(Double(on.frame) - exactFrame(note.onset, bpm: 105, rate: 44_100)))
        }
        #expect(worst <= 0.5 + 1e-6, "worst deviation \(worst) frames")
        #expect(schedule.endFrame == Int(exactFrame(WholeNotes(Int64(bars)), bpm: 105, rate: 44_100).rounded()))
        #expect(synth.framesRendered >= schedule.endFrame)
    }

    @Test("a 64-frame synth gets each event at the nearest block boundary")
    func blockRounding() throws {
        let timeline = TestScores.triplets(bars: 4, tempo: 97)
        let (synth, _) = try record(timeline, blockSize: 64, chunk: 333)
        let ons = noteOns(synth)
        #expect(ons.count == timeline.notes.count)
        for (on, note) in zip(ons, timeline.notes) {
            #expect(on.frame % 64 == 0)
            #expect(abs(Double(on.frame) - exactFrame(note.onset, bpm: 97, rate: 44_100)) <= 32.5)
        }
    }

    @Test("program changes within a part sound at their time; starting later begins with the program then in force")
    func programChangesWithinAPart() throws {
        var timeline = TestScores.triplets(bars: 6)
        timeline.programChanges = [ProgramChange(position: WholeNotes(1), part: 1, program: 48), ProgramChange(position: WholeNotes(3), part: 1, program: 52)]
        let (synth, _) = try record(timeline)
        let changes = synth.events.filter { if case .programChange(1, _) = $0.message { true } else { false } }
        // One whole note at 120 bpm is 2 s.
        #expect(changes.map(\.frame) == [0, 88_200, 264_600])
        #expect(changes.map(\.message) == [.programChange(channel: 1, program: 32), .programChange(channel: 1, program: 48), .programChange(channel: 1, program: 52)])
        let (fromBar3, _) = try record(timeline, options: PlaybackOptions(startBar: 3))
        #expect(
            fromBar3.events.filter { if case .programChange(1, _) = $0.message { true } else { false } }.map(\.message)
                == [.programChange(channel: 1, program: 48), .programChange(channel: 1, program: 52)])
        let (overridden, _) = try record(timeline, options: PlaybackOptions(accompanimentProgram: 40))
        #expect(overridden.events.filter { if case .programChange(1, _) = $0.message { true } else { false } }.map(\.message) == [.programChange(channel: 1, program: 40)])
    }

    @Test("start and end bars, tempo factor and program overrides")
    func rangeAndOptions() throws {
        let timeline = TestScores.triplets(bars: 6)
        let options = PlaybackOptions(tempoFactor: 2, startBar: 3, endBar: 4, melodyProgram: 73, accompanimentProgram: 40)
        let (synth, schedule) = try record(timeline, options: options)
        #expect(synth.events.prefix(2).map(\.message) == [.programChange(channel: 0, program: 73), .programChange(channel: 1, program: 40)])
        let ons = noteOns(synth)
        let inRange = timeline.notes.filter { $0.onset >= WholeNotes(2) && $0.onset < WholeNotes(4) }
        #expect(ons.count == inRange.count)
        #expect(ons.first?.frame == 0)
        // Two bars at ♩=240: 2 s.
        #expect(schedule.endFrame == 88_200)
        #expect(noteOffs(synth).allSatisfy { $0.frame <= 88_200 })
        for (on, note) in zip(ons, inRange) {
            #expect(on.frame == Int(exactFrame(note.onset - WholeNotes(2), bpm: 240, rate: 44_100).rounded()))
        }
        #expect(throws: AudioError.self) { try PerformanceSchedule(timeline: timeline, sampleRate: 44_100, options: PlaybackOptions(startBar: 9)) }
        #expect(throws: AudioError.self) { try PerformanceSchedule(timeline: timeline, sampleRate: 44_100, options: PlaybackOptions(tempoFactor: 0)) }
        #expect(throws: AudioError.self) { try PerformanceSchedule(timeline: timeline, sampleRate: 44_100, options: PlaybackOptions(startBar: 4, endBar: 3)) }
    }

    @Test("overlapping notes of one key send a single release, at the end")
    func overlapping() throws {
        let notes = [TestScores.note(.zero, .whole, 60), TestScores.note(.quarter, .quarter, 60, part: 1)]
        let parts = [TimelinePart(channel: 0), TimelinePart(channel: 0)]
        let timeline = Timeline(parts: parts, notes: notes, tempoMap: TempoMap(quarterNotesPerMinute: 120), length: .whole)
        let (synth, _) = try record(timeline)
        #expect(noteOns(synth).map(\.frame) == [0, 22_050])
        #expect(noteOffs(synth).map(\.frame) == [88_200])
    }

    @Test("seek and pause")
    func seekAndPause() throws {
        let timeline = TestScores.triplets(bars: 4)
        let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: 44_100)
        let synth = RecordingSynthesizer()
        let scheduler = Scheduler(schedule: schedule, synth: synth)
        var buffer = [Float](repeating: 0, count: 2 * 10_000)
        buffer.withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return }
            scheduler.render(frames: 10_000, into: base)
            scheduler.pause()
            scheduler.render(frames: 10_000, into: base)
            #expect(scheduler.frame == 10_000)
            scheduler.resume()
            scheduler.seek(toFrame: schedule.frame(atBar: PlayedBarIndex(2)))
            scheduler.render(frames: 100, into: base)
        }
        #expect(schedule.frame(atBar: PlayedBarIndex(2)) == 176_400)
        #expect(schedule.bar(atFrame: 176_400) == PlayedBarIndex(2))
        let afterSeek = synth.events.filter { $0.frame >= 20_000 }
        #expect(afterSeek.first?.message == .allNotesOff(channel: 0))
        #expect(afterSeek.contains { $0.message == .programChange(channel: 1, program: 32) })
        // The first note of bar 3 is played at once after the seek.
        #expect(afterSeek.contains { $0.message == .noteOn(channel: 0, key: 60, velocity: 100) && $0.frame == 20_000 })
    }

    @Test("--from and --to name printed bars the first time through: Ode to Joy's bar 9 is the 12th bar played")
    func printedBarRange() throws {
        let root = PackageFolder.root
        let score = try #require(ScoreLoader.load(path: root.appendingPathComponent("Scores/ode-to-joy.jp").path).score)
        let timeline = try #require(score.performanceTimeline())
        let fromNine = try PerformanceSchedule(timeline: timeline, sampleRate: 44_100, options: PlaybackOptions(startBar: 9))
        #expect(fromNine.startPosition == WholeNotes(11))
        #expect(fromNine.firstBarIndex == 11)
        // Bar 2 the first time through, to the second ending (bar 5), played once.
        let range = try PerformanceSchedule(timeline: timeline, sampleRate: 44_100, options: PlaybackOptions(startBar: 2, endBar: 5))
        #expect(range.startPosition == WholeNotes(1))
        #expect(range.endPosition == WholeNotes(8))
        #expect(throws: AudioError.self) { try PerformanceSchedule(timeline: timeline, sampleRate: 44_100, options: PlaybackOptions(startBar: 14)) }
    }
}
