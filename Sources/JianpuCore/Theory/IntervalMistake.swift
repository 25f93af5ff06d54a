/// How a recognised interval differs from the one that was played, as the ear trainer logs it
/// (`error_inverted`, `error_wideness`, `error_one_semitone`). A correct answer has no error;
/// a wrong one can have several kinds at once, or none of them.
public struct IntervalMistake: Sendable, Hashable {
    /// The interval that sounded.
    public var played: Interval
    /// The interval the user answered.
    public var recognized: Interval

    /// Compares an answer with what was played.
    public init(played: Interval, recognized: Interval) {
        self.played = played
        self.recognized = recognized
    }

    /// Whether the answer was right.
    public var isCorrect: Bool { played == recognized }

    /// A wrong answer whose semitones and the played ones add up to 12 (m3 for M6, P4 for P5).
    public var isInverted: Bool { !isCorrect && played.semitones + recognized.semitones == 12 }

    /// A wrong answer where one interval is narrow and the other wide.
    public var isWideness: Bool { played.width != recognized.width }

    /// A wrong answer one semitone away from the played interval.
    public var isOneSemitone: Bool { abs(played.semitones - recognized.semitones) == 1 }
}
