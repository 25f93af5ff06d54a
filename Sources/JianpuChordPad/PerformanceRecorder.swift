import JianpuCore
import JianpuPerformance

/// Records the MIDI messages the pad sent to the synthesizer, with real timing, and turns it into a Timeline
/// (and a Standard MIDI File) at a fixed tempo: 120 bpm, so one second is half a whole note,
/// at millisecond precision. Instrument changes during the take are kept, at their time.
public struct PerformanceRecorder: Sendable {
    /// The tempo of the written file.
    public static let quarterNotesPerMinute = 120.0

    struct Open: Sendable { var onset: Double; var velocity: UInt8 }

    /// The melody and chord channels and their first programs (the parts of the file).
    public var melodyChannel: UInt8
    public var chordChannel: UInt8
    /// Each channel's first program, and its program now.
    private var programs: [UInt8: UInt8] = [:]
    private var currentPrograms: [UInt8: UInt8] = [:]
    /// Later program changes: when, on which channel, to what.
    private var programChanges: [(time: Double, channel: UInt8, program: UInt8)] = []
    private var open: [Int: Open] = [:]
    private var notes: [(onset: Double, end: Double, key: UInt8, velocity: UInt8, channel: UInt8)] = []
    private var startTime: Double?
    private var lastTime: Double = 0

    public init(melodyChannel: UInt8 = 0, chordChannel: UInt8 = 1) {
        self.melodyChannel = melodyChannel
        self.chordChannel = chordChannel
    }

    /// Notes recorded so far (closed ones).
    public var noteCount: Int { notes.count }

    /// Records messages sent at `time` (seconds on the pad's clock; the first call is time zero
    /// unless `start(at:)` was called).
    public mutating func record(_ messages: [MIDIMessage], at time: Double) {
        if startTime == nil { startTime = time }
        let now = max(0, time - (startTime ?? time))
        lastTime = max(lastTime, now)
        for message in messages {
            switch message {
            case .noteOn(let channel, let key, let velocity):
                let slot = Int(channel) << 8 | Int(key)
                if let previous = open[slot] { close(slot, previous, at: now) }
                open[slot] = Open(onset: now, velocity: velocity)
            case .noteOff(let channel, let key, _):
                let slot = Int(channel) << 8 | Int(key)
                if let previous = open.removeValue(forKey: slot) { close(slot, previous, at: now) }
            case .programChange(let channel, let program):
                if programs[channel] == nil {
                    programs[channel] = program
                } else if currentPrograms[channel] != program {
                    programChanges.append((now, channel, program))
                }
                currentPrograms[channel] = program
            case .controlChange(let channel, MIDIMessage.allNotesOffController, _):
                for (slot, previous) in open where slot >> 8 == Int(channel) {
                    close(slot, previous, at: now)
                    open[slot] = nil
                }
            default:
                break
            }
        }
    }

    /// Sets time zero (e.g. when the instrument starts).
    public mutating func start(at time: Double) { if startTime == nil { startTime = time } }

    private mutating func close(_ slot: Int, _ note: Open, at time: Double) {
        notes.append((note.onset, time, UInt8(slot & 0x7F), note.velocity, UInt8(slot >> 8)))
    }

    /// A position in whole notes from seconds, rounded to the millisecond (1 s = 1/2 whole note).
    public static func position(seconds: Double) -> WholeNotes {
        WholeNotes(Int64(saturating: (seconds * 1000).rounded()), 2000)
    }

    /// The performance so far as a Timeline; notes still sounding end at `time` (pad clock) or the last event.
    public func timeline(endingAt time: Double? = nil) -> Timeline {
        let end = max(lastTime, time.map { $0 - (startTime ?? $0) } ?? 0)
        var all = notes
        for (slot, note) in open { all.append((note.onset, end, UInt8(slot & 0x7F), note.velocity, UInt8(slot >> 8))) }
        all.sort { ($0.onset, $0.channel, $0.key) < ($1.onset, $1.channel, $1.key) }
        let parts = [
            TimelinePart(name: "Melody", channel: melodyChannel, program: programs[melodyChannel] ?? 0),
            TimelinePart(name: "Chords", channel: chordChannel, program: programs[chordChannel] ?? 0),
        ]
        let timed = all.map { note in
            let onset = Self.position(seconds: note.onset)
            let duration = max(Self.position(seconds: note.end) - onset, WholeNotes(1, 2000))
            return TimedNote(
                onset: onset, duration: duration, pitch: Pitch(midiNumber: Int(note.key)),
                velocity: note.velocity, part: note.channel == chordChannel ? 1 : 0)
        }
        let length = max(Self.position(seconds: end), timed.map(\.end).max() ?? .zero)
        let changes = programChanges.map {
            ProgramChange(position: Self.position(seconds: $0.time), part: $0.channel == chordChannel ? 1 : 0, program: $0.program)
        }
        return Timeline(
            title: "chordpad take", parts: parts, notes: timed, programChanges: changes,
            tempoMap: TempoMap(quarterNotesPerMinute: Self.quarterNotesPerMinute),
            meters: [MeterChange(position: .zero, beats: 4, beatUnit: 4)], length: length)
    }

    /// The Standard MIDI File bytes of the performance.
    public func midiFile(endingAt time: Double? = nil) -> [UInt8] {
        StandardMIDIFile.data(for: timeline(endingAt: time))
    }
}
