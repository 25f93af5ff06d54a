import JianpuCore
import JianpuNotation

/// Tempo changes along a movement, turning score positions into seconds and back.
public struct TempoMap: Sendable, Hashable {
    /// A tempo taking effect at a position, in quarter notes per minute.
    public struct Change: Sendable, Hashable {
        public var position: WholeNotes
        public var quarterNotesPerMinute: Double
        /// The beat the tempo was written in (3/8 for `4.=56`), a quarter note unless written otherwise.
        public var beat: WholeNotes
        public init(position: WholeNotes, quarterNotesPerMinute: Double) {
            self.position = position
            self.quarterNotesPerMinute = quarterNotesPerMinute
            self.beat = .quarter
        }

        /// A tempo as written: `beatsPerMinute` of `beat` (`4.=56` is 56 dotted crotchets a minute).
        public init(position: WholeNotes, beat: WholeNotes, beatsPerMinute: Double) {
            self.position = position
            self.quarterNotesPerMinute = beatsPerMinute * beat.doubleValue * 4
            self.beat = beat
        }

        /// Beats per minute of the written beat.
        public var beatsPerMinute: Double { quarterNotesPerMinute / (beat.doubleValue * 4) }

        /// The tempo as a score prints it: `♩=105`, `♩.=56`, `♪=120`, `𝅗𝅥=60`.
        public var written: String {
            let dotted = beat.numerator == 3 && beat.denominator > 2
            let plain = dotted ? beat * WholeNotes(2, 3) : beat
            let symbols: [WholeNotes: String] = [.whole: "𝅝", WholeNotes(1, 2): "𝅗𝅥", .quarter: "♩", WholeNotes(1, 8): "♪", WholeNotes(1, 16): "𝅘𝅥𝅯"]
            func number(_ bpm: Double) -> String { bpm == bpm.rounded() ? String(Int(saturating: bpm)) : String(Double(Int(saturating: bpm * 100)) / 100) }
            guard let symbol = symbols[plain] else { return "♩=\(number(quarterNotesPerMinute))" }
            return "\(symbol)\(dotted ? "." : "")=\(number(beatsPerMinute))"
        }
        /// Microseconds per quarter note, as a MIDI tempo event stores it.
        public var microsecondsPerQuarter: Int {
            guard quarterNotesPerMinute > 0, quarterNotesPerMinute.isFinite else { return 0xFF_FFFF }
            return Int(min(60_000_000 / quarterNotesPerMinute, Double(0xFF_FFFF)))
        }
    }

    /// Ordered by position; the first is at zero.
    public private(set) var changes: [Change]
    /// Seconds elapsed at the start of each change.
    private var startSeconds: [Double]

    /// LilyPond's (and so the reference's) default when a score gives no tempo.
    public static let defaultQuarterNotesPerMinute = 84.0

    public init(_ changes: [Change]) {
        var sorted = changes.sorted { $0.position < $1.position }
        if sorted.first.map({ $0.position > .zero }) ?? true {
            sorted.insert(Change(position: .zero, quarterNotesPerMinute: Self.defaultQuarterNotesPerMinute), at: 0)
        }
        // A later change at the same position wins.
        var merged: [Change] = []
        for change in sorted {
            if let last = merged.last, last.position == change.position { merged[merged.count - 1] = change } else { merged.append(change) }
        }
        self.changes = merged
        var seconds: [Double] = [0]
        for index in merged.indices.dropFirst() {
            let previous = merged[index - 1]
            seconds.append(seconds[index - 1] + Self.seconds(merged[index].position - previous.position, at: previous.quarterNotesPerMinute))
        }
        self.startSeconds = seconds
    }

    /// A constant tempo.
    public init(quarterNotesPerMinute: Double) {
        self.init([Change(position: .zero, quarterNotesPerMinute: quarterNotesPerMinute)])
    }

    private static func seconds(_ length: WholeNotes, at quarterNotesPerMinute: Double) -> Double {
        length.doubleValue * 4 * 60 / quarterNotesPerMinute
    }

    private func changeIndex(at position: WholeNotes) -> Int {
        max(changes.partitioningIndex { $0.position > position } - 1, 0)
    }

    /// The tempo in force at a position.
    public func quarterNotesPerMinute(at position: WholeNotes) -> Double {
        changes[changeIndex(at: position)].quarterNotesPerMinute
    }

    /// Seconds from the start of the movement to a position.
    public func seconds(at position: WholeNotes) -> Double {
        let index = changeIndex(at: position)
        return startSeconds[index] + Self.seconds(position - changes[index].position, at: changes[index].quarterNotesPerMinute)
    }

    /// The position reached after a number of seconds (the inverse of `seconds(at:)`), approximated.
    public func position(atSeconds seconds: Double) -> Double {
        var index = 0
        while index + 1 < changes.count, startSeconds[index + 1] <= seconds { index += 1 }
        let change = changes[index]
        return change.position.doubleValue + (seconds - startSeconds[index]) * change.quarterNotesPerMinute / 240
    }

    /// The same map with every tempo multiplied by a factor (1.5 plays half as fast again).
    /// A factor that is not positive and finite leaves the map as it is.
    public func scaled(by factor: Double) -> TempoMap {
        guard factor > 0, factor.isFinite else { return self }
        return TempoMap(changes.map { Change(position: $0.position, beat: $0.beat, beatsPerMinute: $0.beatsPerMinute * factor) })
    }
}
