/// Whether an interval sounds narrow (up to a perfect fourth) or wide (a tritone and up).
public enum IntervalWidth: String, Sendable, Hashable, Codable, CaseIterable {
    case narrow
    case wide
}

/// How consonant an interval sounds, from strongly consonant to strongly dissonant.
public enum IntervalConsonance: String, Sendable, Hashable, Codable, CaseIterable {
    case stronglyConsonant = "strongly consonant"
    case consonant
    case weaklyConsonant = "weakly consonant"
    case weaklyDissonant = "weakly dissonant"
    case dissonant
    case stronglyDissonant = "strongly dissonant"
}

/// The colour an interval gives: major (the major third and sixth), minor (the minor third and
/// sixth) or neutral.
public enum IntervalColour: String, Sendable, Hashable, Codable, CaseIterable {
    case neutral
    case minor
    case major
}

/// The three characteristics the ear trainer shows after each answer.
extension Interval {
    // Width, consonance and colour for 0…12 semitones: the seed ear trainer's classification,
    // kept here as the one reference (TheoryIntervalTests checks every row, and the quiz's golden
    // session shows them).
    private static let table: [(IntervalWidth, IntervalConsonance, IntervalColour)] = [
        (.narrow, .stronglyConsonant, .neutral),  // unison
        (.narrow, .stronglyDissonant, .neutral),  // minor 2nd
        (.narrow, .dissonant, .neutral),  // major 2nd
        (.narrow, .weaklyConsonant, .minor),  // minor 3rd
        (.narrow, .weaklyConsonant, .major),  // major 3rd
        (.narrow, .consonant, .neutral),  // perfect 4th
        (.wide, .weaklyDissonant, .neutral),  // tritone
        (.wide, .stronglyConsonant, .neutral),  // perfect 5th
        (.wide, .weaklyConsonant, .minor),  // minor 6th
        (.wide, .weaklyConsonant, .major),  // major 6th
        (.wide, .stronglyDissonant, .neutral),  // minor 7th
        (.wide, .stronglyDissonant, .neutral),  // major 7th
        (.wide, .stronglyConsonant, .neutral),  // octave
    ]

    /// Narrow up to a perfect fourth, wide from the tritone; compound intervals are wide.
    public var width: IntervalWidth { isCompound ? .wide : Interval.table[semitones].0 }
    /// The consonance of the interval; a compound interval has that of its simple interval.
    public var consonance: IntervalConsonance { Interval.table[simple.semitones].1 }
    /// The colour of the interval; a compound interval has that of its simple interval.
    public var colour: IntervalColour { Interval.table[simple.semitones].2 }
}
