import JianpuCore

/// Why the quiz refused an answer or could not go on: a note that answers nothing, the answers the log never took,
/// a profile that cannot be read or saved. `description` says each as one line naming the file or note and the fix.
public enum QuizError: DescribedError, Hashable {
    /// A note played below the red (lower) note.
    case belowTheLowerNote(note: Int, lower: Int)
    /// A note more than two octaves above the lower note.
    case beyondTwoOctaves(note: Int, lower: Int)
    /// An answer with no question asked.
    case noQuestionAsked
    /// Answers kept in memory that the log never took, and the log's last refusal.
    case answersLost(count: Int, log: String, reason: String?)
    /// The profile is a symbolic link to a file that is not there.
    case profileLinkToNothing(path: String, destination: String?)
    /// The profile's path cannot be followed.
    case profileUnreachable(path: String, reason: String)
    /// The profile holds a number no Swift number holds.
    case profileNumberOutOfRange(path: String, number: String)
    /// The profile is no quiz profile (the reader's reason, with its place).
    case profileInvalid(path: String, reason: String)
    /// The profile cannot be read: the file's problem, naming the file.
    case profileUnreadable(String)
    /// The profile cannot be saved: the file's problem, naming the file.
    case profileNotSaved(String)

    public var description: String {
        switch self {
        case .belowTheLowerNote(let note, let lower):
            "\(QuizSounds.noteName(note)) is below the red note \(QuizSounds.noteName(lower)): choose the upper note"
        case .beyondTwoOctaves(let note, let lower):
            "\(QuizSounds.noteName(note)) is more than two octaves above \(QuizSounds.noteName(lower))"
        case .noQuestionAsked:
            "no question is being asked"
        case .answersLost(let count, let log, let reason):
            "\(count) answer(s) could not be written to \(log) (\(reason ?? "the log refused them")); they are lost"
        case .profileLinkToNothing(let path, let destination):
            "cannot read quiz profile \(path): it is a symbolic link to \(destination ?? "a file"), which is not there; fix the link, or save a profile there with --save-profile"
        case .profileUnreachable(let path, let reason):
            "cannot read quiz profile \(path): \(reason); fix the path or pass --profile with another file"
        case .profileNumberOutOfRange(let path, let number):
            "cannot read quiz profile \(path): the number \(number) is out of range; fix it, or save a new one with --save-profile"
        case .profileInvalid(let path, let reason):
            "cannot read quiz profile \(path): \(reason); fix it, or save a new one with --save-profile"
        case .profileUnreadable(let problem):
            "cannot read quiz profile \(problem)"
        case .profileNotSaved(let problem):
            "cannot save quiz profile \(problem)"
        }
    }
}
