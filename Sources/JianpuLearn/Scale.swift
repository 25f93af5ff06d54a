import Foundation
import JianpuCore

/// The scale as `jianpu learn` draws and plays it: on the two octaves C4–B5 of its piano, each key with its jianpu
/// number and octave dots.
extension Scale {
    /// The MIDI number of the unmarked `1` (do) in the drawing: the do at or below the tonic, or, for a scale whose
    /// tonic is 5, 6 or 7, the do above it, so that the scale's octave has the fewest dots (A minor 6̣ 7̣ 1 2 3 4 5 6,
    /// D dorian 2 3 4 5 6 7 1̇ 2̇).
    public var doMIDI: Int {
        tonicMIDI - (tonic.pitchClass - doNote.pitchClass + 12) % 12 + (kind.tonicSolfege > 4 ? 12 : 0)
    }

    /// A drawn key's jianpu number and octave (1 a dot above, -1 a dot below), spelled for the scale.
    public func jianpu(midi: Int) -> (number: String, octave: Int) {
        let name = key.spelling(of: midi % 12)
        let doLetterMIDI = doMIDI
        // The octave counts from do by letters, so that B♯ below C is still in the octave of its letter's.
        let steps = (name.letter.rawValue - doNote.letter.rawValue + 7) % 7
        let expected = doLetterMIDI + [0, 2, 4, 5, 7, 9, 11][steps]
        let octave = Int((Double(midi - expected) / 12).rounded())
        return (jianpuNumber(of: name), octave)
    }

    /// A jianpu number with its octave marks as typed: `1'`, `7,`, `♯5`.
    public func typedJianpu(midi: Int) -> String {
        let (number, octave) = jianpu(midi: midi)
        return number + String(repeating: octave > 0 ? "'" : ",", count: abs(octave))
    }

    /// The MIDI number of the tonic as drawn: in octave 4, so that the scale and every chord on it fit the
    /// two octaves C4–B5 drawn.
    public var tonicMIDI: Int { 60 + tonic.pitchClass }

    /// The scale played up one octave from `tonicMIDI`, the top tonic included.
    public var ascendingMIDI: [Int] { semitones.map { tonicMIDI + $0 } }

    /// A chord in close position with its root in octave 4 (so it fits the drawing).
    public static func voicing(of chord: Chord) -> [Int] {
        chord.voicing(bassOctave: 4).map(\.midiNumber)
    }
}

extension Chord {
    /// The chord symbol as printed: `F♯m7`, `Bm7♭5`, `C♯dim`, `G/B`.
    public var printedSymbol: String {
        let suffix = formula.symbolSuffix
            .replacingOccurrences(of: "b5", with: "♭5").replacingOccurrences(of: "#5", with: "♯5")
            .replacingOccurrences(of: "b9", with: "♭9").replacingOccurrences(of: "#9", with: "♯9")
        let base = root.symbol + suffix
        return bass.map { "\(base)/\($0.symbol)" } ?? base
    }
}

/// A key, scale or date on the command line that names none, with what to give instead.
public enum LearnError: DescribedError, Hashable {
    /// A key that names no tonic.
    case notAKey(String)
    /// A key whose tonic is followed by words that name no scale, and the scale names there are.
    case notAScaleInKey(key: String, words: String, names: [String])
    /// `--scale` naming no scale.
    case notAScale(String, names: [String])
    /// `--since` that is not a date.
    case notADate(String)

    public var description: String {
        switch self {
        case .notAKey(let key):
            "'\(key)' is not a key: give a tonic such as D, F#, Bb or Am"
        case let .notAScaleInKey(key, words, names):
            "'\(key)': '\(words)' is not a scale\(Wording.didYouMean(words, among: names)); give e.g. D, Am or 'A harmonic minor'"
        case let .notAScale(scale, names):
            "--scale '\(scale)' is not a scale\(Wording.didYouMean(scale, among: names)); give one of \(names.joined(separator: ", "))"
        case .notADate(let since):
            "--since '\(since)' is not a date: give YYYY-MM-DD"
        }
    }
}

extension Scale {
    /// The scale a command line names: `key` is a tonic, perhaps followed by a scale (`D`, `Am`, `F#Dorian`,
    /// `A harmonic minor`, the tunings file's `AHarmonicMinor`); `scale`, when given, names the scale instead.
    /// - Throws: `LearnError` saying what is wrong and the closest scale names.
    public init(key: String, scale: String?) throws {
        let names = Scale.Kind.allCases.map(\.rawValue)
        guard let (tonic, rest) = NoteName.parsePrefix(of: Substring(key.trimmingCharacters(in: .whitespaces))) else {
            throw LearnError.notAKey(key)
        }
        var kind = Scale.Kind.major
        if !rest.isEmpty {
            guard let named = Scale.Kind(name: rest) else {
                throw LearnError.notAScaleInKey(key: key, words: String(rest), names: names)
            }
            kind = named
        }
        if let scale {
            guard let named = Scale.Kind(name: scale) else {
                throw LearnError.notAScale(scale, names: names)
            }
            kind = named
        }
        self.init(tonic: tonic, kind: kind)
    }
}
