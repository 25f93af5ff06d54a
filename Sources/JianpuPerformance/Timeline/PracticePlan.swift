import JianpuCore
import JianpuNotation

/// How a musician wants to practise a performance: a passage looped, a count-in and a click, a
/// tempo that rises on each pass, parts muted, soloed, louder or on other instruments, and the
/// whole moved to another key. `Timeline.practised(_:)` applies it; every sink (the synth, the
/// MIDI file, the play screen, the page) then reads the one timeline it gives.
public struct PracticePlan: Sendable, Hashable {
    /// The printed bars to play (`--loop 5-8`, or `--from`/`--to`), each the first time through; nil for all.
    public var bars: BarRange?
    /// How many times the passage is played (1 plays it once).
    public var passes: Int
    /// Tempo on each pass; when set it decides the number of passes.
    public var tempoSteps: TempoSteps?
    /// Bars of clicks in the meter before the music.
    public var countInBars: Int
    /// A metronome through the whole performance.
    public var click: Bool
    /// The click's loudness, percent of full (100 is as loud as the notes can be).
    public var clickVolume: Int
    /// Per-part settings, applied in order (a later one for the same part wins).
    public var parts: [PartSetting]
    /// Semitones to move every sounding pitch and the printed key.
    public var transposition: Int

    /// A plan that changes nothing.
    public init(
        bars: BarRange? = nil, passes: Int = 1, tempoSteps: TempoSteps? = nil, countInBars: Int = 0, click: Bool = false,
        clickVolume: Int = 80, parts: [PartSetting] = [], transposition: Int = 0
    ) {
        self.bars = bars
        self.passes = passes
        self.tempoSteps = tempoSteps
        self.countInBars = countInBars
        self.click = click
        self.clickVolume = clickVolume
        self.parts = parts
        self.transposition = transposition
    }

    /// Whether the plan leaves the timeline as it is.
    public var isEmpty: Bool { self == PracticePlan() }

    /// The most passes a loop may play: a passage is short, but a passage of the whole score is not.
    public static let maximumPasses = 1_000
    /// The most bars of count-in.
    public static let maximumCountInBars = 16
}

/// Printed bar numbers from `first` to `last`, both included: `5-8`, or `5` alone.
public struct BarRange: Sendable, Hashable, CustomStringConvertible {
    public var first: PrintedBarNumber
    public var last: PrintedBarNumber

    public init(first: PrintedBarNumber, last: PrintedBarNumber) {
        self.first = first
        self.last = last
    }

    /// Reads `5-8` or `5`; nil for anything else or a range that runs backwards.
    public init?(_ text: String) {
        let pieces = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), let first = Int(pieces[0]), let last = Int(pieces[pieces.count - 1]),
            first >= 0, last >= first
        else { return nil }
        self.init(first: PrintedBarNumber(first), last: PrintedBarNumber(last))
    }

    public var description: String { first == last ? "\(first)" : "\(first)-\(last)" }
}

/// A tempo trainer: `60:100:5` plays the first pass at 60 beats a minute and each next one 5 faster, up to 100.
public struct TempoSteps: Sendable, Hashable {
    public var from: Double
    public var to: Double
    public var step: Double

    public init(from: Double, to: Double, step: Double) {
        self.from = from
        self.to = to
        self.step = step
    }

    /// Reads `FROM:TO:STEP` (beats per minute, 1-1000, rising by a step above 0); nil otherwise.
    public init?(_ text: String) {
        let numbers = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 3, let from = numbers[0], let to = numbers[1], let step = numbers[2],
            from >= 1, to <= 1000, to >= from, step > 0
        else { return nil }
        self.init(from: from, to: to, step: step)
    }

    /// The tempo of each pass, from `from` up to `to`, in beats per minute.
    public var tempos: [Double] {
        var result: [Double] = []
        var tempo = from
        while tempo <= to + 1e-9 && result.count < PracticePlan.maximumPasses {
            result.append(tempo)
            tempo += step
        }
        return result
    }
}

/// A part named on the command line: its number (1 is the melody) or its name.
public enum PartSelector: Sendable, Hashable, CustomStringConvertible {
    case number(Int)
    case name(String)

    /// `2` is the second part; anything else is a name (`melody`, `accompaniment`, `chords`, `click`, an instrument).
    public init(_ text: String) {
        if let number = Int(text) { self = .number(number) } else { self = .name(text) }
    }

    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .name(let name): name
        }
    }

    /// The indexes into `parts` the selector names, or nil when it names none.
    ///
    /// A number is 1-based; a name matches a part's own name (its `instrument=`), or a role:
    /// `melody` is part 1, `accompaniment` every other part but the chords and the click.
    public func indexes(in parts: [TimelinePart]) -> [Int]? {
        switch self {
        case .number(let number):
            return parts.indices.contains(number - 1) ? [number - 1] : nil
        case .name(let name):
            let wanted = name.lowercased()
            let named = parts.indices.filter { parts[$0].name?.lowercased() == wanted }
            if !named.isEmpty { return named }
            switch wanted {
            case "melody": return parts.isEmpty ? nil : [0]
            case "accompaniment":
                let others = parts.indices.dropFirst().filter { !PartRole.isGenerated(parts[$0]) }
                return others.isEmpty ? nil : Array(others)
            default: return nil
            }
        }
    }
}

/// The parts `Timeline.practised(_:)` adds, told apart from the score's own by their names and channels.
public enum PartRole {
    /// The click's part name.
    public static let clickName = "click"
    /// The General MIDI percussion channel (channel 10, counted from 1).
    public static let percussionChannel: UInt8 = 9

    /// Whether the part is the click or the `chords=` accompaniment rather than a part written in the score.
    static func isGenerated(_ part: TimelinePart) -> Bool {
        part.channel == percussionChannel || part.name == ChordAccompaniment.partName
    }
}

/// What to do with one part: mute, solo, a volume or another instrument.
public struct PartSetting: Sendable, Hashable {
    public enum Change: Sendable, Hashable {
        case mute
        case solo
        /// Percent of the written loudness (velocities scaled), 0-200.
        case volume(Int)
        /// A General MIDI program, 0-127.
        case program(UInt8)
    }

    public var part: PartSelector
    public var change: Change

    public init(part: PartSelector, change: Change) {
        self.part = part
        self.change = change
    }
}
