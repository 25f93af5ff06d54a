import JianpuAudio
import JianpuCore
import JianpuPerformance
import JianpuTestSupport
import Testing

/// The play screen's loop and mute, in the scheduler: sample-exact, without rebuilding the schedule.
@Suite("practice while playing")
struct PracticePlaybackTests {
    /// Four bars of 4/4 at ♩=60 (a bar is 4 s), one note a bar: C D E F on part 1, and C3 under each on part 2.
    static let timeline: Timeline = {
        let notes = (0..<4).flatMap { bar in
            [
                TimedNote(onset: WholeNotes(Int64(bar)), duration: .quarter, pitch: Pitch(midiNumber: [60, 62, 64, 65][bar]), part: 0),
                TimedNote(onset: WholeNotes(Int64(bar)), duration: .quarter, pitch: Pitch(midiNumber: 48), part: 1),
            ]
        }
        return Timeline(
            parts: [TimelinePart(channel: 0), TimelinePart(channel: 1)], notes: notes,
            tempoMap: TempoMap(quarterNotesPerMinute: 60), barStarts: (0..<4).map { WholeNotes(Int64($0)) }, length: WholeNotes(4))
    }()

    static let rate = 1_000.0

    /// Renders `seconds` of the performance in 100-frame buffers, calling `control` before each.
    static func play(seconds: Double, control: (Scheduler, Int) -> Void = { _, _ in }) throws -> [(frame: Int, channel: UInt8, key: UInt8)] {
        let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: rate)
        let synth = RecordingSynthesizer(sampleRate: rate)
        let scheduler = Scheduler(schedule: schedule, synth: synth)
        var buffer = [Float](repeating: 0, count: 200)
        var rendered = 0
        buffer.withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return }
            while rendered < Int(seconds * rate) {
                control(scheduler, rendered)
                scheduler.render(frames: 100, into: base)
                rendered += 100
            }
        }
        return synth.events.compactMap { event in
            if case .noteOn(let channel, let key, _) = event.message { return (event.frame, channel, key) }
            return nil
        }
    }

    @Test("a loop of played bars 2-3 plays D and E over and over, each pass on the exact frame")
    func loopRepeatsBars() throws {
        let ons = try Self.play(seconds: 20) { scheduler, frame in if frame == 0 { scheduler.setLoop(PlayedBarIndex(1)...PlayedBarIndex(2)) } }
        let melody = ons.filter { $0.channel == 0 }
        #expect(melody.map(\.key) == [62, 64, 62, 64, 62])
        #expect(melody.map(\.frame) == [0, 4_000, 8_000, 12_000, 16_000])
    }

    @Test("a loop of the last two bars plays E and F over and over, the last bar whole")
    func loopRepeatsTheLastBars() throws {
        let ons = try Self.play(seconds: 24) { scheduler, frame in if frame == 0 { scheduler.setLoop(PlayedBarIndex(2)...PlayedBarIndex(3)) } }
        let melody = ons.filter { $0.channel == 0 }
        #expect(melody.map(\.key) == [64, 65, 64, 65, 64, 65])
        #expect(melody.map(\.frame) == [0, 4_000, 8_000, 12_000, 16_000, 20_000])
    }

    @Test("a loop set after its end jumps back to its start at once")
    func loopSetLate() throws {
        let ons = try Self.play(seconds: 14) { scheduler, frame in if frame == 9_000 { scheduler.setLoop(PlayedBarIndex(0)...PlayedBarIndex(1)) } }
        let melody = ons.filter { $0.channel == 0 }
        #expect(melody.map(\.key) == [60, 62, 64, 60, 62])
        #expect(melody.map(\.frame) == [0, 4_000, 8_000, 9_000, 13_000])
    }

    @Test("a muted channel sends no note-ons from the moment it is muted; unmuted, it sounds again")
    func muteChannel() throws {
        let ons = try Self.play(seconds: 16) { scheduler, frame in
            if frame == 2_000 { scheduler.setMutedChannels(1 << 1) }
            if frame == 10_000 { scheduler.setMutedChannels(0) }
        }
        #expect(ons.filter { $0.channel == 1 }.map(\.frame) == [0, 12_000])
        #expect(ons.filter { $0.channel == 0 }.count == 4)
    }
}
