import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuTerminal

/// The `jianpu play` screen as `ProgramLoop` runs it: the score a few lines at a time with the sounding notes
/// highlighted, the bar and the time; the keys are `PlayerKeys`. What it asks of the engine are its effects.
public struct PlayProgram: TerminalProgram {
    /// What the keys ask the playback engine to do.
    public enum Effect: Sendable, Hashable {
        case pause, resume
        /// Go to a played bar.
        case seek(bar: PlayedBarIndex)
        /// Play at this factor of the written tempo.
        case tempo(Double)
        /// Loop these played bars, or stop looping.
        case loop(ClosedRange<PlayedBarIndex>?)
        /// Silence these MIDI channels (a bit each).
        case muteChannels(UInt16)
    }

    /// The engine as seen now: where it plays, how fast, whether it is done.
    public struct Playback: Sendable, Hashable {
        public var position: Double
        public var tempoFactor: Double
        public var isFinished: Bool
        public init(position: Double, tempoFactor: Double, isFinished: Bool) {
            (self.position, self.tempoFactor, self.isFinished) = (position, tempoFactor, isFinished)
        }
    }

    /// Seconds between redraws while nothing is typed.
    public static let frameInterval = 0.05

    public let view: ScoreView
    /// The played bars the schedule covers, and where it starts and ends, in whole notes.
    public let bars: ClosedRange<PlayedBarIndex>
    public let startPosition: Double
    public let endPosition: Double
    private let observe: @Sendable () -> Playback
    public private(set) var playback: Playback
    public private(set) var isPaused: Bool
    public private(set) var isFinished = false
    /// A seek not yet seen by the audio thread: the bar asked for and when.
    private var pendingSeek: (bar: PlayedBarIndex, time: Double)?
    /// What the practice keys have set: the loop, the chosen part, the parts muted and soloed.
    public private(set) var practice = PlayerPractice()
    private let timeline: Timeline

    /// The screen of `score` played as `timeline`; `observe` reads the engine (on the control thread). `loop` is
    /// the bars the engine already loops (`--loop` until stopped).
    public init(
        timeline: Timeline, score: Score, bars: ClosedRange<PlayedBarIndex>, startPosition: Double, endPosition: Double,
        isPaused: Bool, loop: ClosedRange<PlayedBarIndex>? = nil, observe: @escaping @Sendable () -> Playback
    ) {
        (practice.loopStart, practice.loopEnd) = (loop?.lowerBound, loop?.upperBound)
        view = ScoreView(timeline: timeline, score: score)
        self.timeline = timeline
        self.bars = bars
        self.startPosition = startPosition
        self.endPosition = endPosition
        self.observe = observe
        self.isPaused = isPaused
        playback = observe()
    }

    public var nextDeadline: Double? { nil }

    public mutating func handle(_ input: ProgramInput, at time: Double) -> [Effect] {
        playback = observe()
        if playback.isFinished { isFinished = true }
        guard case .key(let event) = input, let action = PlayerKeys.action(for: event) else { return [] }
        switch action {
        case .quit:
            isFinished = true
            return []
        case .togglePause:
            isPaused.toggle()
            return [isPaused ? .pause : .resume]
        case .previousBar, .nextBar:
            let playing = view.bar(at: playback.position)
            let base = pendingSeek.map { time - $0.time < 0.5 && playing != $0.bar ? $0.bar : playing } ?? playing
            let target = min(max(base.advanced(by: action == .nextBar ? 1 : -1), bars.lowerBound), bars.upperBound)
            pendingSeek = (target, time)
            return [.seek(bar: target)]
        case .faster, .slower:
            let factor = PlayerKeys.steppedTempo(playback.tempoFactor, faster: action == .faster)
            playback.tempoFactor = factor
            return [.tempo(factor)]
        case .loopStart, .loopEnd, .clearLoop:
            let playing = view.bar(at: playback.position)
            switch action {
            case .loopStart: practice.loopStart = playing
            case .loopEnd: practice.loopEnd = playing
            default: (practice.loopStart, practice.loopEnd) = (nil, nil)
            }
            return [.loop(practice.loop)]
        case .selectPart(let part):
            if timeline.parts.indices.contains(part) { practice.selectedPart = part }
            return []
        case .toggleMute, .toggleSolo:
            let part = practice.selectedPart
            if action == .toggleMute { practice.muted.formSymmetricDifference([part]) } else { practice.soloed.formSymmetricDifference([part]) }
            return [.muteChannels(practice.mutedChannels(timeline.parts))]
        }
    }

    public func lines(columns: Int, rows: Int) -> [String] {
        var status = ScoreView.Status(
            position: playback.position, tempoFactor: playback.tempoFactor, isPaused: isPaused,
            startPosition: startPosition, endPosition: endPosition, practice: practice.summary(timeline))
        status.isLooping = practice.loop != nil
        status.partMarks = practice.marks
        return view.lines(for: status, columns: columns, rows: rows)
    }
}
