import JianpuCore
import JianpuNotation

extension Score {
    /// What a player hears: one movement (1-based), or all of them in turn, with arpeggios rolled,
    /// and with `withChords` the `chords=` lines as an accompaniment part.
    ///
    /// - Returns: nil when `movement` is out of range.
    public func performanceTimeline(movement: Int? = nil, withChords: Bool = false) -> Timeline? {
        func timeline(_ movement: Movement) -> Timeline {
            Flattener.timeline(of: movement, rollsArpeggios: true, withChords: withChords)
        }
        if let movement {
            guard movements.indices.contains(movement - 1) else { return nil }
            return timeline(movements[movement - 1])
        }
        return Timeline.concatenating(movements.map(timeline))
    }
}

/// A tempo asked for on the command line: `80` (beats per minute) or `80%` (of the score's tempo).
public struct TempoRequest: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case beatsPerMinute(Double)
        case percent(Double)
    }
    public var value: Value

    /// Reads `80`, `80%` or `72.5`; nil for anything else or a value outside 1…1000.
    public init?(_ text: String) {
        var number = Substring(text)
        let isPercent = number.hasSuffix("%")
        if isPercent { number = number.dropLast() }
        guard let amount = Double(number), amount >= 1, amount <= 1000 else { return nil }
        value = isPercent ? .percent(amount) : .beatsPerMinute(amount)
    }

    /// The factor to scale the timeline's tempo map by: bpm is measured against its first tempo.
    public func factor(for timeline: Timeline) -> Double {
        switch value {
        case .percent(let percent): percent / 100
        case .beatsPerMinute(let bpm): bpm / (timeline.tempoMap.changes.first?.quarterNotesPerMinute ?? TempoMap.defaultQuarterNotesPerMinute)
        }
    }
}
