import JianpuCore

/// The octave dots the lesson shows, placed as the notation places them: `1=X` puts the unmarked 1 at octave 4
/// for X from C to F and at octave 3 for G, A and B (`jianpu help notation`), so B♭ major's undotted 1 is B♭3 and
/// B♭ minor's (1=D♭) undotted 1 is D♭4. A key drawn on the piano then carries the dots a score in its key gives it.
extension Scale {
    /// The MIDI number of the unmarked 1 (do), where `1=` of `doNote` puts it.
    public var notatedDoMIDI: Int {
        let letter = doNote.letter
        let natural = letter.naturalPitchClass
        var alteration = (doNote.pitchClass - natural + 12) % 12
        if alteration > 6 { alteration -= 12 }
        return (letter.rawValue <= NoteName.Letter.f.rawValue ? 60 : 48) + natural + alteration
    }

    /// A key's jianpu number and its octave as written (1 a dot above, -1 a dot below), spelled for the scale.
    public func notatedJianpu(midi: Int) -> (number: String, octave: Int) {
        let name = key.spelling(of: midi % 12)
        // The octave counts from do by letters, so that B♯ below C is still in the octave of its letter's.
        let steps = (name.letter.rawValue - doNote.letter.rawValue + 7) % 7
        let expected = notatedDoMIDI + [0, 2, 4, 5, 7, 9, 11][steps]
        return (jianpuNumber(of: name), Int((Double(midi - expected) / 12).rounded()))
    }

    /// A jianpu number with its octave marks as typed: `1'`, `7,`, `♯5`.
    public func notatedTypedJianpu(midi: Int) -> String {
        let (number, octave) = notatedJianpu(midi: midi)
        return number + String(repeating: octave > 0 ? "'" : ",", count: abs(octave))
    }

    /// `B♭ major`, `A harmonic minor`: the key the chords are taken from, its accidental as printed.
    var keyName: String { "\(key.tonic.symbol) \(key.mode?.description ?? "scale")" }
}
