/// A key: a tonic and the seven spelled notes of its scale, e.g. D major = D E F# G A B C#.
///
/// The scale can be any seven distinct pitch classes that include the tonic (a tunings file
/// may list an unusual scale); `mode` names the pattern when it is a known one.
public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The first degree.
    public let tonic: NoteName
    /// The seven notes, degree 1 (the tonic) to degree 7, spelled.
    public let scale: [NoteName]

    /// The key of `tonic` in `mode`, spelled on consecutive letters (G# major has F##); a pentatonic mode's key is
    /// its parent's (the seven-note scale whose notes it takes).
    public init(tonic: NoteName, mode: Scale.Kind) {
        self.tonic = tonic
        self.scale = mode.parent.semitonesAboveTonic.enumerated().map { degree, semitones in
            NoteName.spelling(
                pitchClass: tonic.pitchClass + semitones, on: tonic.letter.advanced(by: degree),
                elsePreferringFlats: tonic.accidental < .natural)
        }
    }

    /// The key of `tonic` over seven listed notes in any order, or nil unless the notes are seven
    /// distinct pitch classes including the tonic's.
    public init?(tonic: NoteName, notes: [NoteName]) {
        let distinct = Set(notes.map(\.pitchClass))
        guard notes.count == 7, distinct.count == 7, distinct.contains(tonic.pitchClass) else { return nil }
        self.tonic = tonic
        let above = { (name: NoteName) in (name.pitchClass - tonic.pitchClass + 12) % 12 }
        self.scale = notes.sorted { above($0) < above($1) }
    }

    /// Reads a key name: a tonic then a mode, with or without a space: `DMajor`, `D major`,
    /// `F#Minor`, `Bbm`, `EPhrygian`. A tonic alone is major.
    public init?(name text: some StringProtocol) {
        let trimmed = Substring(text).strippingWhitespace()
        guard let (tonic, rest) = NoteName.parsePrefix(of: trimmed) else { return nil }
        let modeText = rest.strippingWhitespace()
        if modeText.isEmpty {
            self.init(tonic: tonic, mode: .major)
        } else if let mode = Scale.Kind(name: modeText), mode.isHeptatonic {
            self.init(tonic: tonic, mode: mode)
        } else {
            return nil
        }
    }

    /// The mode whose pattern the scale follows, or nil for another scale.
    public var mode: Scale.Kind? {
        Scale.Kind(semitonesAboveTonic: scale.map { ($0.pitchClass - tonic.pitchClass + 12) % 12 })
    }

    /// The name in the tunings-file form: `DMajor`, `F#Minor`, `EPhrygian`.
    public var name: String { "\(tonic)\(mode?.tuningName ?? "")" }

    /// `D major`, `F# natural minor`.
    public var description: String { "\(tonic) \(mode?.description ?? "scale")" }

    /// The pitch classes of the scale.
    public var pitchClasses: Set<Int> { Set(scale.map(\.pitchClass)) }

    /// Whether the pitch class is one of the key's notes.
    public func contains(pitchClass: Int) -> Bool { degree(of: pitchClass) != nil }

    /// The scale degree (1…7) of a pitch class, or nil if it is not in the key.
    public func degree(of pitchClass: Int) -> Int? {
        let pc = (pitchClass % 12 + 12) % 12
        return scale.firstIndex { $0.pitchClass == pc }.map { $0 + 1 }
    }

    /// The scale degree (1…7) of a note name as spelled in the key, or nil (in D major `Gb` is not a degree).
    public func degree(of name: NoteName) -> Int? {
        scale.firstIndex(of: name).map { $0 + 1 }
    }

    /// The note of a degree, 1-based; degrees beyond 7 wrap (8 is the tonic again).
    public func note(atDegree degree: Int) -> NoteName {
        scale[((degree - 1) % 7 + 7) % 7]
    }

    /// Whether the key's own notes use flats (F major, Bb minor), so that chromatic notes are
    /// spelled as flats too.
    public var prefersFlats: Bool { scale.contains { $0.accidental < .natural } }

    /// The key's spelling of a pitch class: its own note name when the pitch class is in the key,
    /// else a sharp or flat name as the key leans (in D major, F# not Gb; in F major, Eb not D#).
    public func spelling(of pitchClass: Int) -> NoteName {
        if let degree = degree(of: pitchClass) { return note(atDegree: degree) }
        return NoteName.commonSpelling(pitchClass: pitchClass, preferringFlats: prefersFlats)
    }

    /// The scale's notes in letter order from C, as the thesis' tunings list them
    /// (D major: C#, D, E, F#, G, A, B).
    public var notesInLetterOrder: [NoteName] {
        scale.sorted { ($0.letter.rawValue, $0.accidental) < ($1.letter.rawValue, $1.accidental) }
    }
}
