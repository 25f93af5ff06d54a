import JianpuCore

/// Which key the imported text is written in (`jianpu import --key`). The key changes only the spelling,
/// the `1=` line and the figures relative to it, never a sounding pitch.
public enum KeyChoice: Sendable, Hashable {
    /// The source's key signatures (a warning says where the music contradicts one).
    case asWritten
    /// The key the music implies, wherever it contradicts the written signature.
    case auto
    /// One key for the whole text, every part.
    case fixed(ImportedKey)

    /// Reads `auto`, a major key (`F`, `Bb`, `F#`, `1=Eb`) or a minor one (`Am`, `F#m`, `6=A`, `D minor`).
    /// Nil for anything else; `help` says what is expected.
    public init?(argument: String) {
        var text = Substring(argument).trimmingSpaces()
        if text.lowercased() == "auto" { self = .auto; return }
        var isMinor = false
        if text.hasPrefix("1=") {
            text = text.dropFirst(2)
        } else if text.hasPrefix("6=") {
            (text, isMinor) = (text.dropFirst(2), true)
        } else {
            for (suffix, minor) in [(" minor", true), (" major", false), ("min", true), ("maj", false), ("m", true)]
            where text.lowercased().hasSuffix(suffix) {
                (text, isMinor) = (text.dropLast(suffix.count).trimmingSpaces(), minor)
                break
            }
        }
        // The letter in either case, the accidental as written (`b` must stay lower case to mean flat).
        guard let letter = text.first?.uppercased() else { return nil }
        let name = letter + text.dropFirst().replacingOccurrences(of: "♭", with: "b").replacingOccurrences(of: "♯", with: "#")
        let names = isMinor ? JianpuKeySpelling.minorNames : JianpuKeySpelling.majorNames
        guard let index = names.firstIndex(of: name) else { return nil }
        self = .fixed(ImportedKey(fifths: index - 7, isMinor: isMinor))
    }

    /// What `--key` takes, for its help and its error.
    public static let help = "auto, or a key: F, Bb, F#, 1=Eb (major), Am, 6=A (minor)"
}

/// Rewrites an imported score's key signatures as `KeyChoice` asks, and says where a signature contradicts the music.
enum KeyRewriting {
    /// `score` with its keys chosen, and the check's warnings added.
    static func apply(_ choice: KeyChoice, to score: ImportedScore) -> ImportedScore {
        var score = score
        switch choice {
        case .fixed(let key):
            let everything = 0..<(score.parts.map(\.measures.count).max() ?? 0)
            setKey(key, over: everything, in: &score)
        case .asWritten, .auto:
            let regions = KeySignatureCheck.regions(of: score)
            guard regions.contains(where: \.contradicts) else { return score }
            for region in regions {
                guard region.contradicts, let found = region.found else {
                    // Set again at its start in every part, in case an earlier region's key was changed.
                    if choice == .auto { setKeyAtStart(region.written, of: region.measures, in: &score) }
                    continue
                }
                let label = score.parts.first.flatMap { $0.measures.indices.contains(region.measures.lowerBound) ? $0.measures[region.measures.lowerBound].label : nil }
                let place = "measure \(label ?? "1")"
                let word = JianpuKeySpelling(found.signature).word
                let percent = Int((region.writtenShare * 100).rounded())
                let writtenTonic = JianpuKeySpelling(region.written).noteText(ImportedPitch(pitch: Pitch(midiNumber: 60 + found.tonic)))
                let why =
                    region.spareAccidentals
                    ? "\(percent)% of the notes would need accidentals"
                    : "its tonic would be \(writtenTonic.filter { $0 != "'" && $0 != "," })"
                let said = "the key signature says \(FoundKey.name(of: region.written)), but the music is in \(found) (\(why))"
                if choice == .auto {
                    setKey(found.signature, over: region.measures, in: &score)
                    score.warnings.append(ImportWarning(place: place, message: "\(said): written as \(word) (--key auto)"))
                } else {
                    score.warnings.append(ImportWarning(place: place, message: "\(said): --key auto writes \(word)"))
                }
            }
        }
        return score
    }

    /// Every part in `measures` takes `key` at the first bar and no change after it; a note spelled with an
    /// accidental that the new key's scale holds (A# in F) loses its spelling, so it is written as the scale's figure.
    static func setKey(_ key: ImportedKey, over measures: Range<Int>, in score: inout ImportedScore) {
        let spelling = JianpuKeySpelling(key)
        for part in score.parts.indices {
            let range = measures.clamped(to: score.parts[part].measures.indices)
            for index in range {
                score.parts[part].measures[index].key = index == range.lowerBound ? key : nil
                for event in score.parts[part].measures[index].events.indices {
                    for pitch in score.parts[part].measures[index].events[event].pitches.indices {
                        let written = score.parts[part].measures[index].events[event].pitches[pitch]
                        guard written.spelling != nil else { continue }
                        let relative = ((written.pitch.midiNumber - spelling.tonicMIDI) % 12 + 12) % 12
                        if JianpuKeySpelling.majorScale.contains(relative), spelling.spell(written).accidental != 0 {
                            score.parts[part].measures[index].events[event].pitches[pitch].spelling = nil
                        }
                    }
                }
            }
        }
    }

    /// Every part takes `key` at the first of `measures` (its other bars keep what they say).
    static func setKeyAtStart(_ key: ImportedKey, of measures: Range<Int>, in score: inout ImportedScore) {
        for part in score.parts.indices where score.parts[part].measures.indices.contains(measures.lowerBound) {
            score.parts[part].measures[measures.lowerBound].key = key
        }
    }
}
