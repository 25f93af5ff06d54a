import JianpuCore
import JianpuNotation

/// A bar as it is played: where it starts, the number printed at it and which time through it is.
public struct PlayedBar: Sendable, Hashable, CustomStringConvertible {
    /// Where the bar starts in the performance.
    public var start: WholeNotes
    /// The number printed at the bar: repeats and each ending are printed once, a pickup is bar 0.
    public var number: PrintedBarNumber
    /// Which time through the printed bar this is: 1 the first time, 2 when a repeat comes back to it…
    public var pass: Int

    public init(start: WholeNotes, number: PrintedBarNumber, pass: Int = 1) {
        self.start = start
        self.number = number
        self.pass = pass
    }

    /// `bar 5`, or `bar 5, 2nd time` on a repeat; `count-in` before the music.
    public var description: String { pass == 0 ? "count-in" : "bar \(number)" + (timeThrough.map { ", " + $0 } ?? "") }

    /// `2nd time`, `3rd time`… when a repeat comes back to the bar; nil the first time.
    public var timeThrough: String? {
        guard pass > 1 else { return nil }
        let suffix = (11...13).contains(pass % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][pass % 10] ?? "th"
        return "\(pass)\(suffix) time"
    }

    /// Bars at `starts` numbered from `first` (1, or 0 after a pickup), each played once: music without repeats or jumps.
    public static func numbered(_ starts: [WholeNotes], from first: PrintedBarNumber = 1) -> [PlayedBar] {
        starts.enumerated().map { PlayedBar(start: $0.element, number: first.advanced(by: $0.offset)) }
    }
}

/// Where a moment of the performance falls in the score: its bar (printed number, time through), how
/// far into the bar, the note last started and the time. What the play screen, `--from`/`--to`,
/// `info` and diagnostics all ask.
public struct ScorePlace: Sendable, Hashable {
    /// The moment, in the performance.
    public var position: WholeNotes
    public var barIndex: PlayedBarIndex
    public var bar: PlayedBar
    /// How far the moment is into its bar.
    public var offsetInBar: WholeNotes
    /// Index into `Timeline.notes` of the last note started at or before the moment, if any.
    public var noteIndex: Int?
    /// Seconds from the start at the score's own tempo.
    public var seconds: Double
}

extension Timeline {
    /// Where bar starts stand in the performance (the start of each played bar, in order).
    public var barStarts: [WholeNotes] {
        get { bars.map(\.start) }
        set { bars = PlayedBar.numbered(newValue) }
    }

    /// How many bars are printed: a pickup is not counted, a repeat and each ending once.
    public var printedBarCount: Int {
        bars.lazy.map(\.number.value).max() ?? 0
    }

    /// The place of a moment of the performance: which bar, which note, what time.
    public func place(at position: WholeNotes) -> ScorePlace {
        let index = barIndex(at: position)
        let bar = bars.contains(index) ? bars[index] : PlayedBar(start: .zero, number: 1)
        let low = notes.partitioningIndex { $0.onset > position }
        return ScorePlace(
            position: position, barIndex: index, bar: bar, offsetInBar: position - bar.start,
            noteIndex: low > 0 ? low - 1 : nil, seconds: tempoMap.seconds(at: position))
    }

    /// The index into `bars` of the bar played at a position (the first bar before the music starts).
    public func barIndex(at position: WholeNotes) -> PlayedBarIndex {
        lastBar { $0.start <= position }
    }

    /// The index into `bars` of the bar played at an approximate position (one an audio clock gives),
    /// counting a position within `tolerance` of a bar's start as in that bar.
    public func barIndex(atApproximately position: Double, tolerance: Double = 1e-9) -> PlayedBarIndex {
        lastBar { $0.start.doubleValue <= position + tolerance }
    }

    /// The bar played at an approximate position (see `barIndex(atApproximately:tolerance:)`).
    public func bar(atApproximately position: Double, tolerance: Double = 1e-9) -> PlayedBar {
        let index = barIndex(atApproximately: position, tolerance: tolerance)
        return bars.contains(index) ? bars[index] : PlayedBar(start: .zero, number: 1)
    }

    /// The index into `bars` of printed bar `number` the `pass`-th time through, if it is played.
    public func barIndex(printed number: PrintedBarNumber, pass: Int = 1) -> PlayedBarIndex? {
        bars.firstIndex { $0.number == number && $0.pass == pass }.map { PlayedBarIndex($0) }
    }

    /// The position a played bar starts at, and the end of the music after the last bar.
    public func start(ofBarAt index: PlayedBarIndex) -> WholeNotes {
        bars.contains(index) ? bars[index].start : length
    }

    private func lastBar(where isAtOrBefore: (PlayedBar) -> Bool) -> PlayedBarIndex {
        PlayedBarIndex(max(bars.partitioningIndex { !isAtOrBefore($0) } - 1, 0))
    }
}
