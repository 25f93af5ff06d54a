import Foundation
import JianpuCore

/// What a line (or a key) typed during a question means.
public enum QuizInput: Sendable, Hashable {
    /// An interval answer.
    case interval(Interval)
    /// The upper note chosen on a piano (computer keyboard or MIDI), as a MIDI number.
    case note(Int)
    /// Play the question again.
    case `repeat`
    /// Play samples of every interval on the current instrument.
    case listen
    /// End the quiz.
    case quit
    /// Not understood; the message says what to type.
    case invalid(String)
}

/// Reads answers as a person types them.
public enum AnswerParser {
    /// Degrees that name exactly one interval (the perfect ones): a bare `8` is an octave.
    public static let unambiguousDegrees: [Int: Int] = [1: 0, 4: 5, 5: 7, 8: 12, 11: 17, 12: 19, 15: 24]

    /// Reads one typed answer: an interval name (`m3`, `M6`, `P5`, `TT`, `minor sixth`, `A4`…), a bare degree
    /// (`1`, `4`, `5`, `8`, `11`, `12`, `15`: a bare number counts **degrees**, not semitones), or a command
    /// (`r` repeat, `l` listen, `q` quit).
    public static func parse(_ text: String) -> QuizInput {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch trimmed.lowercased() {
        case "": return .invalid("type an interval such as m3, M6, P5, TT or 8 (r repeats, l lists samples, q quits)")
        case "r", "repeat": return .repeat
        case "l", "listen", "samples": return .listen
        case "q", "quit", "exit": return .quit
        default: break
        }
        if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let degree = Int(trimmed), (1...15).contains(degree) else {
                return .invalid("\(trimmed) is not an interval degree: use 1-15 or a name such as m3")
            }
            if let semitones = unambiguousDegrees[degree], let interval = Interval(semitones: semitones) { return .interval(interval) }
            return .invalid("\(degree) could be minor or major: type m\(degree) or M\(degree)")
        }
        if let interval = Interval(parsing: trimmed) { return .interval(interval) }
        return .invalid("'\(trimmed)' is not an interval: type one such as m3, M6, P5, TT or 8")
    }
}
