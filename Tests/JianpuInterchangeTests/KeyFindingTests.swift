import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Subprocesses
import Testing

@testable import JianpuInterchange

/// The key finder, the check of a key signature against the music, and `--key` (which respells, never transposes).
@Suite("Key finding")
struct KeyFindingTests {
    /// A tune of (semitones above the tonic, eighths) in a major key: up the tonic triad, a scale, a cadence.
    static let majorTune: [(Int, Int)] = [
        (0, 2), (4, 1), (7, 1), (4, 1), (5, 1), (4, 1), (2, 1), (0, 2), (7, 1), (9, 1), (11, 1),
        (12, 2), (4, 1), (2, 1), (0, 4), (7, 2), (5, 1), (4, 1), (2, 2), (11, 1), (-1, 1), (0, 4),
    ]
    /// The same in natural minor (folk songs' minor, without a raised seventh).
    static let minorTune: [(Int, Int)] = [
        (0, 2), (3, 1), (7, 1), (3, 1), (5, 1), (3, 1), (2, 1), (0, 2), (7, 1), (8, 1), (10, 1),
        (12, 2), (3, 1), (2, 1), (0, 4), (7, 2), (5, 1), (3, 1), (2, 2), (10, 1), (-2, 1), (0, 4),
    ]
    /// Dorian: the minor tune with a major sixth, written under the signature of the major key a tone below.
    static let dorianTune = minorTune.map { ($0.0 == 8 ? 9 : $0.0, $0.1) }
    /// Mixolydian: the major tune with a flat seventh, written under the signature of the key a fifth below.
    static let mixolydianTune = majorTune.map { ($0.0 == 11 ? 10 : $0.0 == -1 ? -2 : $0.0, $0.1) }
    /// Tonal but chromatic: the major tune with chromatic passing notes and a turn to the dominant (its raised fourth).
    static let chromaticTune: [(Int, Int)] =
        majorTune + [
            (6, 1), (7, 1), (8, 1), (9, 1), (7, 1), (6, 1), (7, 2), (1, 1), (2, 1), (3, 1), (4, 1),
            (10, 1), (9, 1), (7, 1), (5, 1), (4, 2), (2, 2), (0, 4),
        ]

    /// A one-part score of `tune` on `tonic` (MIDI number), twice over, a bar a note, under `key`.
    static func score(_ tune: [(Int, Int)], tonic: Int, key: ImportedKey) -> ImportedScore {
        let measures = (tune + tune).enumerated().map { index, note in
            let length = WholeNotes(Int64(note.1), 8)
            return ImportedMeasure(
                label: "\(index + 1)", key: index == 0 ? key : nil, length: length,
                events: [ImportedEvent(pitches: [ImportedPitch(pitch: Pitch(midiNumber: tonic + note.0))], length: length)])
        }
        return ImportedScore(parts: [ImportedPart(name: "Tune", measures: measures)])
    }

    @Test(
        "the profiles find the key of tunes in major and minor keys",
        arguments: [
            (60, false, "C major"), (65, false, "F major"), (70, false, "Bb major"), (64, false, "E major"), (67, false, "G major"),
            (69, true, "A minor"), (62, true, "D minor"), (66, true, "F# minor"), (60, true, "C minor"), (67, true, "G minor"),
        ])
    func findsTheKey(tonic: Int, isMinor: Bool, expected: String) throws {
        let weights = PitchClassWeights(Self.score(isMinor ? Self.minorTune : Self.majorTune, tonic: tonic, key: ImportedKey(fifths: 0)))
        let best = try #require(KeyFinder.ranked(durations: weights.durations).first)
        #expect(best.key.description == expected)
        #expect(best.correlation > 0.7)
    }

    @Test("accidentals are counted per struck note outside the signature's scale; tied continuations are not struck again")
    func accidentalShare() {
        let tied = ImportedEvent(pitches: [ImportedPitch(pitch: Pitch(midiNumber: 70), tiedToNext: true)], length: .quarter)
        let held = ImportedEvent(pitches: [ImportedPitch(pitch: Pitch(midiNumber: 70))], length: .quarter)
        let plain = ImportedEvent(pitches: [ImportedPitch(pitch: Pitch(midiNumber: 65))], length: WholeNotes(1, 2))
        let score = ImportedScore(parts: [ImportedPart(name: "P", measures: [ImportedMeasure(label: "1", length: .whole, events: [tied, held, plain])])])
        let weights = PitchClassWeights(score)
        #expect(weights.noteCount == 2)
        #expect(weights.accidentalShare(fifths: 0) == 0.5)
        #expect(weights.accidentalShare(fifths: -1) == 0)
        #expect(weights.durations[10] == 0.5)
    }

    @Test(
        "a signature is contradicted only where the music clearly lives elsewhere",
        arguments: [
            ("a tune in F under no signature", majorTune, 65, ImportedKey(fifths: 0), "F major"),
            ("a tune in D minor under D major's signature", minorTune, 62, ImportedKey(fifths: 2), "D minor"),
            ("a tune in G under two sharps (its tonic would be 4)", majorTune, 67, ImportedKey(fifths: 2), "G major"),
            ("the same tune in F under its own signature", majorTune, 65, ImportedKey(fifths: -1), nil),
            ("a chromatic tune in C that turns to G", chromaticTune, 60, ImportedKey(fifths: 0), nil),
            ("a Dorian tune on D under no signature", dorianTune, 62, ImportedKey(fifths: 0), nil),
            ("a Mixolydian tune on A under two sharps", mixolydianTune, 57, ImportedKey(fifths: 2), nil),
            ("a tune in A minor under no signature", minorTune, 69, ImportedKey(fifths: 0, isMinor: true), nil),
        ] as [(String, [(Int, Int)], Int, ImportedKey, String?)])
    func contradiction(name: String, tune: [(Int, Int)], tonic: Int, written: ImportedKey, expected: String?) throws {
        let regions = KeySignatureCheck.regions(of: Self.score(tune, tonic: tonic, key: written))
        let region = try #require(regions.first)
        #expect(regions.count == 1)
        #expect(region.contradicts == (expected != nil), "\(name): \(region)")
        if let expected { #expect(region.found?.description == expected) }
    }

    @Test("each key-signature region is judged on its own: a right first half is kept, a wrong second half is changed")
    func regionsAreJudgedApart() throws {
        var score = Self.score(Self.majorTune, tonic: 60, key: ImportedKey(fifths: 0))
        let second = Self.score(Self.majorTune, tonic: 65, key: ImportedKey(fifths: 2))
        score.parts[0].measures += second.parts[0].measures
        let regions = KeySignatureCheck.regions(of: score)
        #expect(regions.map(\.contradicts) == [false, true])
        let rewritten = KeyRewriting.apply(.auto, to: score)
        let keys = rewritten.parts[0].measures.enumerated().compactMap { index, measure in measure.key.map { "\(index):\($0.fifths)" } }
        #expect(keys == ["0:0", "\(regions[1].measures.lowerBound):-1"])
    }

    @Test(
        "--key takes major and minor keys in the usual spellings and refuses others",
        arguments: [
            ("auto", KeyChoice.auto), ("F", .fixed(ImportedKey(fifths: -1))), ("Bb", .fixed(ImportedKey(fifths: -2))),
            ("1=F", .fixed(ImportedKey(fifths: -1))), ("1=Eb", .fixed(ImportedKey(fifths: -3))), ("F#", .fixed(ImportedKey(fifths: 6))),
            ("g", .fixed(ImportedKey(fifths: 1))), ("Am", .fixed(ImportedKey(fifths: 0, isMinor: true))),
            ("6=A", .fixed(ImportedKey(fifths: 0, isMinor: true))), ("F#m", .fixed(ImportedKey(fifths: 3, isMinor: true))),
            ("D minor", .fixed(ImportedKey(fifths: -1, isMinor: true))), ("B♭", .fixed(ImportedKey(fifths: -2))),
            ("H", nil), ("", nil), ("1=", nil), ("Fb", nil), ("C##", nil),
        ] as [(String, KeyChoice?)])
    func parsesKeys(argument: String, expected: KeyChoice?) {
        #expect(KeyChoice(argument: argument) == expected)
    }

    /// An ABC tune in F written under no signature, every B flat marked, with a chord and a tie.
    static let tuneInF = """
        X:1
        T:In F
        M:4/4
        L:1/8
        K:C
        "F"F2A2 c2A2 | _B2A2 G2F2 | "Bb"_B2d2 f2d2 | "F"c2A2 F4 |
        "C7"G2_B2 A2G2 | "F"F2A2 c4- | "Bb"c2_B2 "C7"G2E2 | "F"F8 |
        "F"F2A2 c2A2 | _B2A2 G2F2 | "Bb"_B2d2 f2d2 | "F"c2A2 F4 |
        """

    /// What our player plays from imported text: `midi@onset` in whole notes, sorted.
    static func played(_ text: String) throws -> [String] {
        let (score, diagnostics) = ScoreParser.parse(utf8: Array(text.utf8), file: "k.jp")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)\n\(text)")
        let timeline = Flattener.timeline(of: try #require(score.movements.first))
        return timeline.notes.map { "\($0.pitch.midiNumber)@\($0.onset)+\($0.duration)" }.sorted()
    }

    @Test("the import warns once where the signature contradicts the music, and --key auto writes the music's key")
    func warnsAndAutoRewrites() throws {
        let plain = try #require(ScoreImporter.convert(Array(Self.tuneInF.utf8), file: "f.abc").first)
        let said = plain.warnings.filter { $0.message.contains("key signature") }
        #expect(
            said.map(\.message) == ["the key signature says C major, but the music is in F major (15% of the notes would need accidentals): --key auto writes 1=F"],
            "\(KeySignatureCheck.regions(of: plain.score))")
        #expect(plain.text.contains("1=C\n"))
        let auto = try #require(ScoreImporter.convert(Array(Self.tuneInF.utf8), file: "f.abc", options: ImportOptions(key: .auto)).first)
        #expect(auto.text.contains("1=F\n") && !auto.text.contains("1=C"))
        #expect(!auto.text.contains("b7"), "\(auto.text)")
        #expect(auto.warnings.contains { $0.message.hasSuffix("written as 1=F (--key auto)") })
    }

    @Test(
        "the key of the text changes the spelling, never a pitch: the played notes are the same",
        arguments: [
            KeyChoice.auto, .fixed(ImportedKey(fifths: -1)), .fixed(ImportedKey(fifths: -3)), .fixed(ImportedKey(fifths: 4)),
            .fixed(ImportedKey(fifths: -1, isMinor: true)),
        ])
    func keyNeverChangesAPitch(choice: KeyChoice) throws {
        let plain = try #require(ScoreImporter.convert(Array(Self.tuneInF.utf8), file: "f.abc").first)
        let keyed = try #require(ScoreImporter.convert(Array(Self.tuneInF.utf8), file: "f.abc", options: ImportOptions(key: choice)).first)
        #expect(try Self.played(keyed.text) == (try Self.played(plain.text)))
        if case .fixed(let key) = choice { #expect(keyed.text.contains(JianpuKeySpelling(key).word + "\n")) }
    }

    @Test("a fixed key is the whole text's, in every part, and a key change of the source is dropped")
    func fixedKeyForEveryPart() throws {
        var score = Self.score(Self.majorTune, tonic: 60, key: ImportedKey(fifths: 0))
        score.parts[0].measures[10].key = ImportedKey(fifths: 3)
        score.parts.append(score.parts[0])
        let rewritten = KeyRewriting.apply(.fixed(ImportedKey(fifths: -2)), to: score)
        for part in rewritten.parts {
            #expect(part.measures.compactMap(\.key) == [ImportedKey(fifths: -2)])
        }
    }

    @Test("a note spelled against the new key's scale is respelled by it: A# under 1=F is 4, not #3")
    func respellsScaleNotes() throws {
        let sharp = ImportedPitch(pitch: Pitch(midiNumber: 70), spelling: NoteName("A#"))
        let score = ImportedScore(parts: [
            ImportedPart(
                name: "P",
                measures: [
                    ImportedMeasure(label: "1", key: ImportedKey(fifths: 0), length: .quarter, events: [ImportedEvent(pitches: [sharp], length: .quarter)])
                ])
        ])
        let rewritten = KeyRewriting.apply(.fixed(ImportedKey(fifths: -1)), to: score)
        let pitch = try #require(rewritten.parts.first?.measures.first?.events.first?.pitches.first)
        #expect(pitch.spelling == nil)
        #expect(JianpuKeySpelling(ImportedKey(fifths: -1)).noteText(pitch) == "4")
    }

    // MARK: real scores

    static let corpus = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/music21/corpus/"
    static let hasCorpus = FileManager.default.fileExists(atPath: corpus + "leadSheet/fosterBrownHair.mxl")

    static func keyWarnings(_ file: String) throws -> [String] {
        let bytes = try #require(FileManager.default.contents(atPath: corpus + file))
        let results = try ScoreImporter.convert(Array(bytes), file: file)
        return results.flatMap(\.warnings).map(\.message).filter { $0.contains("key signature says") }
    }

    @Test(
        "Bach chorales, chromatic and modal as they are, never warn", .enabled(if: Prerequisite.met(hasCorpus)),
        arguments: [
            "bach/bwv1.6.mxl", "bach/bwv10.7.mxl", "bach/bwv26.6.mxl", "bach/bwv62.6.mxl", "bach/bwv145.5.mxl", "bach/bwv244.15.mxl",
            "bach/bwv245.37.mxl", "bach/bwv254.mxl", "bach/bwv4.8.mxl", "bach/bwv408.mxl",
        ])
    func choralesDoNotWarn(file: String) throws {
        #expect(try Self.keyWarnings(file) == [])
    }

    @Test("Foster's lead sheet, in F under no signature, warns", .enabled(if: Prerequisite.met(hasCorpus)))
    func fosterWarns() throws {
        #expect(
            try Self.keyWarnings("leadSheet/fosterBrownHair.mxl") == [
                "the key signature says C major, but the music is in F major (its tonic would be 4): --key auto writes 1=F"
            ])
    }

    @Test("Foster's lead sheet under --key auto is written in F and plays the same notes", .enabled(if: Prerequisite.met(hasCorpus)))
    func fosterAutoPlaysTheSame() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.corpus + "leadSheet/fosterBrownHair.mxl"))
        let plain = try #require(ScoreImporter.convert(Array(bytes), file: "f.mxl").first)
        let auto = try #require(ScoreImporter.convert(Array(bytes), file: "f.mxl", options: ImportOptions(key: .auto)).first)
        #expect(auto.text.contains("\n1=F\n"))
        #expect(try Self.played(auto.text) == (try Self.played(plain.text)))
    }
}
