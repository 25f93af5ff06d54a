import JianpuCore

/// A sign over one note telling the player how to play it: printed, never changing the sound or its time.
///
/// Written as jianpu-ly writes them, after the note, rest or dash they belong to (LilyPond post-events):
/// `\fermata`, `\breathe`, `\accent` (or `->`), `\staccato` (or `staccato`, `-.`), `\staccatissimo`,
/// `\tenuto`, `\marcato`, with or without a direction (`^\fermata`, `_\accent`).
public enum Articulation: String, Sendable, Hashable, CaseIterable {
    case fermata, breathe, accent, staccato, staccatissimo, tenuto, marcato

    /// The articulation a one-word LilyPond command names (`fermata`, `breathe`…), nil for any other word.
    public init?(command: String) {
        self.init(rawValue: command)
    }

    /// How close to the note it is stacked: the smallest nearest (a staccato under a fermata, as LilyPond stacks them).
    public var stackOrder: Int {
        switch self {
        case .staccato, .staccatissimo, .tenuto: 0
        case .accent, .marcato: 1
        case .fermata: 2
        case .breathe: 3
        }
    }

    /// One character that stands for it on a text screen.
    public var character: Character {
        switch self {
        case .fermata: "𝄐"
        case .breathe: "ˇ"
        case .accent: ">"
        case .staccato: "▾"
        case .staccatissimo: "ˈ"
        case .tenuto: "‒"
        case .marcato: "^"
        }
    }
}

/// An articulation written after a note: where that note (or rest, or dash) was written.
public struct PerformerMark: Sendable, Hashable {
    public var articulation: Articulation
    /// Where the note, rest, dash or whole-bar rest it is printed over was written.
    public var note: SourceLocation
    public init(articulation: Articulation, note: SourceLocation) {
        self.articulation = articulation
        self.note = note
    }
}

/// `\<` … `\!` (a crescendo) or `\>` … `\!` (a diminuendo): a wedge under the music from the note written
/// before `\<` to the note written before `\!` (or before the next dynamic or hairpin). Printed, not played.
public struct Hairpin: Sendable, Hashable {
    /// Opening (`\<`) or closing (`\>`).
    public var isCrescendo: Bool
    /// Where its first and last notes (or rests, or dashes) were written.
    public var start: SourceLocation
    public var end: SourceLocation
    public init(isCrescendo: Bool, start: SourceLocation, end: SourceLocation) {
        self.isCrescendo = isCrescendo
        self.start = start
        self.end = end
    }
}

/// `letterA`, `letterB`, `letter3`: a rehearsal mark, printed boxed over the system where the next note is written.
public struct RehearsalMark: Sendable, Hashable {
    /// What is printed in the box: the word after `letter` (`A`, `3`, `AA`).
    public var label: String
    /// Where the first note, rest, dash or whole-bar rest written after it was written.
    public var note: SourceLocation
    public init(label: String, note: SourceLocation) {
        self.label = label
        self.note = note
    }

    /// The label of a `letter…` word as jianpu-ly reads it (`letter` then capitals or digits), nil for any other word.
    public static func label(of word: String) -> String? {
        guard word.hasPrefix("letter") else { return nil }
        let label = word.dropFirst(6)
        guard !label.isEmpty, label.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else { return nil }
        return String(label)
    }
}
