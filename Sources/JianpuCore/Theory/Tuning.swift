/// A named key from a tunings file, as the chord instrument lists them:
/// `DMajor: C#, D, E, F#, G, A, B`. The tonic comes from the name, not from the list.
public struct Tuning: Sendable, Hashable, CustomStringConvertible {
    /// The name as written, e.g. `DMajor`.
    public var name: String
    /// The key: the tonic from the name and the listed notes.
    public var key: Key

    /// A tuning of a name and a key.
    public init(name: String, key: Key) {
        self.name = name
        self.key = key
    }

    /// The tuning of a key, named in the tunings-file form (`DMajor`, `F#Minor`, `EPhrygian`).
    public init(key: Key) { self.init(name: key.name, key: key) }

    /// The notes as the tunings file lists them: in letter order from C, as the thesis does.
    public var notes: [NoteName] { key.notesInLetterOrder }

    /// The tunings-file line: `DMajor: C#, D, E, F#, G, A, B`.
    public var description: String { "\(name): \(notes.map(\.description).joined(separator: ", "))" }

    /// The keys of `Tunings/tunings.txt`: the 15 major and 15 natural-minor keys (enharmonic
    /// spellings included), the five church modes on every white note, and harmonic minors.
    public static let standard: [Tuning] = {
        let names = { (list: String) in list.split(separator: " ").compactMap { NoteName($0) } }
        let majors = names("C G D A E B F# C# F Bb Eb Ab Db Gb Cb")
        let minors = names("A E B F# C# G# D# A# D G C F Bb Eb Ab")
        let whiteNotes = names("C D E F G A B")
        let harmonicMinors = names("A E B F# D G C F")
        let modes: [Scale.Kind] = [.dorian, .phrygian, .lydian, .mixolydian, .locrian]
        return majors.map { Tuning(key: Key(tonic: $0, mode: .major)) }
            + minors.map { Tuning(key: Key(tonic: $0, mode: .naturalMinor)) }
            + modes.flatMap { mode in whiteNotes.map { Tuning(key: Key(tonic: $0, mode: mode)) } }
            + harmonicMinors.map { Tuning(key: Key(tonic: $0, mode: .harmonicMinor)) }
    }()
}
