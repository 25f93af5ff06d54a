import JianpuCore
import JianpuPerformance

/// How to play a Timeline: tempo scaling, a range of bars, instrument overrides.
public struct PlaybackOptions: Sendable, Hashable {
    /// Multiplies every tempo (1.5 plays half as fast again); must be > 0.
    public var tempoFactor: Double
    /// The first bar to play, as printed (a pickup is bar 0), the first time through; nil for the start.
    public var startBar: PrintedBarNumber?
    /// The last bar to play (inclusive), as printed, the first time through; nil for the end.
    public var endBar: PrintedBarNumber?
    /// The General MIDI program for part 0 (the melody), overriding the score's.
    public var melodyProgram: UInt8?
    /// The General MIDI program for every other part, overriding the score's.
    public var accompanimentProgram: UInt8?

    /// Options; the defaults play the whole score at its own tempo and instruments.
    public init(tempoFactor: Double = 1, startBar: PrintedBarNumber? = nil, endBar: PrintedBarNumber? = nil, melodyProgram: UInt8? = nil, accompanimentProgram: UInt8? = nil) {
        self.tempoFactor = tempoFactor
        self.startBar = startBar
        self.endBar = endBar
        self.melodyProgram = melodyProgram
        self.accompanimentProgram = accompanimentProgram
    }
}

/// One MIDI message at an exact sample of a performance.
public struct ScheduledEvent: Sendable, Hashable {
    // Stored in 16 bytes, not 24: a schedule holds two events a note, and a 1 MB score a million notes.
    // The frame keeps 48 bits (a hundred years at 44.1 kHz), the note index 32.
    private var frameLow: UInt32
    private var storedNoteIndex: Int32
    private var frameHigh: Int16
    /// What happens, on which channel.
    public var message: MIDIMessage

    /// The frames a schedule can hold: 48 bits, signed.
    static let frameRange = -(1 << 47)...((1 << 47) - 1)

    /// Samples from the start of the performance: `round(seconds × sampleRate)`, kept within ±2⁴⁷.
    public var frame: Int {
        get { Int(frameHigh) << 32 | Int(frameLow) }
        set {
            let clamped = min(max(newValue, Self.frameRange.lowerBound), Self.frameRange.upperBound)
            frameLow = UInt32(truncatingIfNeeded: clamped)
            frameHigh = Int16(truncatingIfNeeded: clamped >> 32)
        }
    }

    /// For note events, the index of the note in `Timeline.notes`.
    public var noteIndex: Int? {
        get { storedNoteIndex < 0 ? nil : Int(storedNoteIndex) }
        set { storedNoteIndex = newValue.map { Int32(clamping: $0) } ?? -1 }
    }

    /// `message` at `frame`.
    public init(frame: Int, message: MIDIMessage, noteIndex: Int? = nil) {
        (frameLow, frameHigh) = (0, 0)
        self.message = message
        storedNoteIndex = noteIndex.map { Int32(clamping: $0) } ?? -1
        self.frame = frame
    }

    /// At the same frame: program changes first, then note-offs, then note-ons.
    var order: Int {
        switch message {
        case .programChange: 0
        case .noteOff: 1
        case .noteOn: 2
        default: 3
        }
    }
}

/// A Timeline turned into sample-indexed MIDI events for one sample rate and set of options.
///
/// Frame 0 is the start of the first bar played. Events are sorted by frame, then program changes,
/// note-offs, note-ons. A note-off that would cut a still-held note of the same key and channel
/// (overlapping notes) is left out; every note lasts at least one frame.
public struct PerformanceSchedule: Sendable {
    /// The sample rate the frames count in.
    public let sampleRate: Double
    /// The options the schedule was built with.
    public let options: PlaybackOptions
    /// Every event, sorted (see the type's documentation).
    public let events: [ScheduledEvent]
    /// Where the played range starts and ends in the score.
    public let startPosition: WholeNotes
    public let endPosition: WholeNotes
    /// The frame at which the played range ends (the last note-off may not be later).
    public let endFrame: Int
    /// The score's tempo map scaled by the tempo factor.
    public let tempoMap: TempoMap
    /// The timeline played: it answers which bar is where, for cursor display and seeking.
    public let timeline: Timeline
    /// The played bars (indices into `timeline.bars`) the range starts and ends in.
    public let firstBarIndex: PlayedBarIndex
    public let lastBarIndex: PlayedBarIndex
    /// Seconds (at the scaled tempo) from the score's start to `startPosition`.
    let startSeconds: Double

    /// Builds the schedule.
    ///
    /// - Throws: `AudioError(.invalidOptions)` for a tempo factor ≤ 0, a bad sample rate or bar numbers outside the score.
    public init(timeline: Timeline, sampleRate: Double, options: PlaybackOptions = PlaybackOptions()) throws {
        guard options.tempoFactor > 0, options.tempoFactor.isFinite else {
            throw AudioError(.invalidOptions, "cannot play at tempo factor \(options.tempoFactor): it must be a positive number (1 is the score's tempo)")
        }
        guard sampleRate > 0, sampleRate.isFinite else {
            throw AudioError(.invalidOptions, "cannot schedule at sample rate \(sampleRate): it must be positive, e.g. 44100")
        }
        let lowest = timeline.bars.map(\.number).min() ?? 1, highest = max(timeline.printedBarCount, 1)
        let firstIndex = options.startBar.map { timeline.barIndex(printed: $0) } ?? 0
        guard let firstIndex else {
            throw AudioError(.invalidOptions, "cannot start at bar \(options.startBar ?? 0): the score has bars \(lowest)…\(highest)")
        }
        let lastIndex = options.endBar.map { timeline.barIndex(printed: $0) } ?? PlayedBarIndex(max(timeline.bars.count - 1, 0))
        guard let lastIndex, lastIndex >= firstIndex else {
            throw AudioError(.invalidOptions, "cannot end at bar \(options.endBar ?? 0): choose a bar from \(options.startBar ?? lowest) to \(highest)")
        }
        let start = timeline.start(ofBarAt: firstIndex)
        let end = max(timeline.start(ofBarAt: lastIndex.advanced(by: 1)), lastIndex.value + 1 < timeline.bars.count ? .zero : timeline.length)

        self.sampleRate = sampleRate
        self.options = options
        self.startPosition = start
        self.endPosition = end
        self.timeline = timeline
        self.firstBarIndex = firstIndex
        self.lastBarIndex = lastIndex
        let tempoMap = timeline.tempoMap.scaled(by: options.tempoFactor)
        let startSeconds = tempoMap.seconds(at: start)
        self.tempoMap = tempoMap
        self.startSeconds = startSeconds
        self.endFrame = max(0, Self.frame(at: end, tempoMap: tempoMap, startSeconds: startSeconds, sampleRate: sampleRate))

        var programs: [ScheduledEvent] = []
        var programmed = Set<UInt8>()
        for (index, part) in timeline.parts.enumerated() {
            let channel = min(part.channel, 15)
            // The click keeps its drum kit: a program on the percussion channel picks a kit, not an instrument.
            let override = channel == PartRole.percussionChannel ? nil : index == 0 ? options.melodyProgram : options.accompanimentProgram
            // The program at the start: the part's own, or the last change before the range played.
            let changes = override == nil ? timeline.programChanges.filter { $0.part == index && $0.position < end } : []
            let atStart = changes.last { $0.position <= start }
            let program = min(override ?? atStart?.program ?? part.program ?? 0, 127)
            // Parts sharing a channel: the first part's program wins.
            guard programmed.insert(channel).inserted else { continue }
            programs.append(ScheduledEvent(frame: 0, message: .programChange(channel: channel, program: program)))
            for change in changes where change.position > start {
                let frame = Self.frame(at: change.position, tempoMap: tempoMap, startSeconds: startSeconds, sampleRate: sampleRate)
                programs.append(ScheduledEvent(frame: frame, message: .programChange(channel: channel, program: min(change.program, 127))))
            }
        }
        programs.sort(by: Self.precedes)
        func noteEvents(_ index: Int, _ note: TimedNote) -> (on: ScheduledEvent, off: ScheduledEvent)? {
            guard note.pitch.isValidMIDI, note.onset >= start, note.onset < end,
                timeline.parts.indices.contains(note.part)
            else { return nil }
            let channel = min(timeline.parts[note.part].channel, 15)
            let key = UInt8(note.pitch.midiNumber)
            let on = Self.frame(at: note.onset, tempoMap: tempoMap, startSeconds: startSeconds, sampleRate: sampleRate)
            let off = max(on + 1, Self.frame(at: min(note.end, end), tempoMap: tempoMap, startSeconds: startSeconds, sampleRate: sampleRate))
            let velocity = min(max(note.velocity, 1), 127)
            return (
                ScheduledEvent(frame: on, message: .noteOn(channel: channel, key: key, velocity: velocity), noteIndex: index),
                ScheduledEvent(frame: off, message: .noteOff(channel: channel, key: key), noteIndex: index)
            )
        }
        if let merged = Self.merged(programs: programs, notes: timeline.notes, noteEvents: noteEvents) {
            self.events = merged
        } else {
            // Notes out of onset order (a timeline built by hand): every event, sorted.
            var all = programs
            for (index, note) in timeline.notes.enumerated() {
                guard let (on, off) = noteEvents(index, note) else { continue }
                all.append(contentsOf: [on, off])
            }
            all.sort(by: Self.precedes)
            self.events = Self.merged(programs: all, notes: [], noteEvents: noteEvents) ?? all
        }
    }

    /// The frame (from the start of the played range) at which a score position sounds.
    public func frame(at position: WholeNotes) -> Int {
        Self.frame(at: position, tempoMap: tempoMap, startSeconds: startSeconds, sampleRate: sampleRate)
    }

    private static func frame(at position: WholeNotes, tempoMap: TempoMap, startSeconds: Double, sampleRate: Double) -> Int {
        Int(saturating: ((tempoMap.seconds(at: position) - startSeconds) * sampleRate).rounded())
    }

    /// The score position (in whole notes, approximate) sounding at a frame of the performance.
    public func position(atFrame frame: Int) -> Double {
        tempoMap.position(atSeconds: startSeconds + Double(frame) / sampleRate)
    }

    /// The played bar sounding at a frame of the performance.
    public func bar(atFrame frame: Int) -> PlayedBarIndex {
        timeline.barIndex(atApproximately: position(atFrame: frame))
    }

    /// The frame at which a played bar starts (one before the first or after the last counts as that bar),
    /// clamped to the played range.
    public func frame(atBar bar: PlayedBarIndex) -> Int {
        let index = PlayedBarIndex(min(max(bar.value, 0), max(timeline.bars.count - 1, 0)))
        return min(max(frame(at: timeline.start(ofBarAt: index)), 0), endFrame)
    }

    /// The frames from the start of the first of `bars` to the end of the last (at least one frame), clamped to
    /// the played range as `frame(atBar:)` is.
    public func frames(ofBars bars: ClosedRange<PlayedBarIndex>) -> Range<Int> {
        let start = frame(atBar: bars.lowerBound)
        // The last bar ends where the timeline does, not at its own start: `frame(atBar:)` counts a bar after the
        // last as the last, which would shrink a loop over the final bar to a single frame.
        let last = min(max(bars.upperBound.value, 0), max(timeline.bars.count - 1, 0))
        let end = min(max(frame(at: timeline.start(ofBarAt: PlayedBarIndex(last + 1))), 0), endFrame)
        return start..<max(end, start + 1)
    }

    /// The index of the first event at or after `frame`.
    public func firstEventIndex(atOrAfter frame: Int) -> Int {
        events.partitioningIndex { $0.frame >= frame }
    }

    /// The performance's length in seconds (to the end of the played range).
    public var durationSeconds: Double { Double(endFrame) / sampleRate }
}
