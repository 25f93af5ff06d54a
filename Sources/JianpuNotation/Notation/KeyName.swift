import JianpuCore

/// Reads key words (`1=Bb`, `6=F#`) the way the reference transposes them.
enum KeyName {
    /// The key signature for `1=X` or `6=X`, or nil when the word is not a key.
    static func parse(_ word: String, at location: SourceLocation) -> KeySignature? {
        var bytes = Array(word.utf8)
        guard bytes.count == 3 || bytes.count == 4, bytes[0] == UInt8(ascii: "1") || bytes[0] == UInt8(ascii: "6"),
            bytes[1] == UInt8(ascii: "=")
        else { return nil }
        // Somebody wrote the name backwards (`1=bE`): read it the right way round.
        if bytes.count == 4, bytes[2] == UInt8(ascii: "#") || bytes[2] == UInt8(ascii: "b"), TextBytes.isLetter(bytes[3]) {
            bytes.swapAt(2, 3)
        }
        let letter = Character(UnicodeScalar(bytes[2])).uppercased()
        guard let letterIndex = ["C", "D", "E", "F", "G", "A", "B"].firstIndex(of: letter) else { return nil }
        var alteration = 0
        if bytes.count == 4 {
            switch bytes[3] {
            case UInt8(ascii: "#"): alteration = 1
            case UInt8(ascii: "b"): alteration = -1
            default: return nil
            }
        }
        let letterSemitones = [0, 2, 4, 5, 7, 9, 11][letterIndex]
        let isMinor = bytes[0] == UInt8(ascii: "6")
        let tonic: Int
        if isMinor {
            // `\transpose a X`: X at octave 4 for C and D, octave 3 otherwise; 6 is A4 untransposed.
            let target = (letterIndex <= 1 ? 60 : 48) + letterSemitones + alteration
            tonic = 60 + (target - 57)
        } else {
            // `\transpose c X`: X at octave 4 for C to F, octave 3 for G, A and B.
            tonic = (letterIndex <= 3 ? 60 : 48) + letterSemitones + alteration
        }
        let spelled = letter + (alteration == 1 ? "#" : alteration == -1 ? "b" : "")
        return KeySignature(
            text: word, tonicMIDINumber: tonic, sharps: sharps(of: spelled, minor: isMinor, tonicPitchClass: (tonic % 12 + 12) % 12),
            isMinor: isMinor, location: location)
    }

    private static let majorSharps: [String: Int] = [
        "C": 0, "G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F#": 6, "C#": 7,
        "F": -1, "Bb": -2, "Eb": -3, "Ab": -4, "Db": -5, "Gb": -6, "Cb": -7,
    ]
    private static let minorSharps: [String: Int] = [
        "A": 0, "E": 1, "B": 2, "F#": 3, "C#": 4, "G#": 5, "D#": 6, "A#": 7,
        "D": -1, "G": -2, "C": -3, "F": -4, "Bb": -5, "Eb": -6, "Ab": -7,
    ]

    /// The signature's sharps (or flats, negative); unusual spellings fall back to degree 1's major key.
    private static func sharps(of name: String, minor: Bool, tonicPitchClass: Int) -> Int {
        if let sharps = (minor ? minorSharps : majorSharps)[name] { return sharps }
        let byPitchClass = [0, -5, 2, -3, 4, -1, 6, 1, -4, 3, -2, 5]
        return byPitchClass[tonicPitchClass]
    }
}
