import Foundation
import JianpuCore
import Subprocesses
import Testing

@testable import JianpuInterchange

/// music21 reads the exported MusicXML (repeats performed) and mido the MIDI export of the same
/// score: the notes must be the same, part by part.
@Suite("MusicXML export: read back by music21 as the MIDI export plays")
struct MusicXMLExportRoundTripTests {
    typealias X = MusicXMLExport

    static let constructs = [
        "instrument=Flute\n1 2 3 4 | 5 - - - |\nNextPart\ninstrument=Cello\n1, 5,, 1, 5,, | 1, - - - |",
        "1=G\n1 #4 4 7 | 1' - 6 5 |",
        "6=E\n6 7 1' #5 | 6 - - - |",
        "1=Bb\n1 3 b3 5 | 1' - - - |",
        "3/4,4\n5 | 1 2 3 | 4/4\n1 2 3 4 | 5 - - - |",
        "6/8\n4.=60\n1 2 3 4 5 6 | 5. 3. |",
        "q1 q2 s3 s4 s5 s6 1. q2 | 1 - - 2 | 1 - - - |",
        "1 ~ 1 2 3 | 2/4\n1 2 - 3 |",
        "3[ q1 q2 q3 ] 3[ 1 q2 ] 2 - | 5[ s1 s2 s3 s4 s5 ] 3 - - |",
        "135 2 ,5'1 4 | 135 - - - |",
        "1 2 3 4 | 5 6 5 - |\nL: Hal- le- lu- jah a _",
        "chords=c2 g:7 a1:m/c\n1 2 3 4 | 6 - - - |",
        "R{ 1 2 3 4 } A{ 5 6 7 1' | 7 6 5 - }\n1 - - - |",
        "R4{ 1 2 3 4 }\n5 - - - |",
        "R3{ 1 2 3 4 } A{ 5 5 5 5 | 6 6 6 6 }\n1 - - - |",
        "4/4,4\n5 | R{ 1 2 3 4 | 5 5 5 } A{ 5 | 3 }\n1 - - - |",
        "1 \\p 2 3 \\ff 4 | 5 - - - |",
        "4/4\nR*3 | 1 2 3 4 |",
        "title=One\n3/4\n1 2 3 | 4 5 6 |\nNextScore\ntitle=Two\n1=D\n1 2 3 4 |",
        "R{ 1 2 3 4 }\nNextPart\n1 1 1 1 | 2 2 2 2 |",
        "1 2 3 4 | 5 6 7 1' |\nNextPart\n1 2 |",
        "1 2 3 4 | 5 6 7 1' Fine | 2 2 2 2 | 3 3 3 3 DC",
        "1 1 1 1 | Segno 2 2 2 2 | 3 3 3 3 DS | 4 4 4 4 |",
        "1 1 1 1 | Segno 2 2 2 2 | 3 3 3 3 ToCoda | 4 4 4 4 DS | 5 5 5 5 | 6 6 6 6 |",
        "R{ 1 2 3 4 } 5 5 5 5 | 6 6 6 6 DC",
        "3[ 3[ q1 q2 q3 ] 2 3 ] 4 - |",
        "4/4\n1 2 3 3[ 4 5 6 ] 7 - |",
        "2/4\n1 - - - - 2 |",
        "1=D\n1 2 3 4 | 1=F\n1 2 3 4 | 4=80\n5 6 7 1 | 6=F#\n6 7 1 2 |",
        "arp 135 - arpDown 246 - |",
        "R{ 1 2 3 4 } A{ 5 5 5 5 | - - - 6 }",
        "1 2 3 4\nNextPart\n5 5 5 5\nNextScore\n1 2 3 4 | 5 - - - |",
        "3/4\n1 2 3 | 0 0 1 | 0 - - | 1 ~ 1 ~ 1 |",
    ]

    @Test("each construct reads back with the notes the MIDI export plays", .enabled(if: Prerequisite.met(X.hasMusic21AndMido)))
    func constructsReadBack() throws {
        let answers = try X.readBackLikeMIDI(Self.constructs)
        for (text, answer) in zip(Self.constructs, answers) {
            #expect(answer == "agree", "\(text): \(answer)")
        }
    }

    @Test("grace notes read back in order and the notes around them at their onsets", .enabled(if: Prerequisite.met(X.hasMusic21AndMido)))
    func graceNotes() throws {
        let answers = try X.readBackLikeMIDI(["1 g[2] 3 g[q4] 6 7 | 1' - - - |", "1 [q23]g 4 5 | 6 - [56]g - 7 |"], gracesByPitch: true)
        #expect(answers == ["agree", "agree"])
    }

    @Test("the compressed form reads back too", .enabled(if: Prerequisite.met(X.hasMusic21AndMido)))
    func compressed() throws {
        let answers = try X.readBackLikeMIDI(["R{ 1 2 3 4 } A{ 5 6 7 1' | 7 6 5 - }\n1 - - - |", "title=Two\n1 2 3 4\nNextPart\n5 5 5 5"], compressed: true)
        #expect(answers == ["agree", "agree"])
    }

    static let shippedScores: [String] = {
        let folder = PackageFolder.root.appendingPathComponent("Scores")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jp") }.sorted()
    }()

    @Test("every shipped score is well formed MusicXML", arguments: shippedScores)
    func shippedScoreStructure(name: String) throws {
        let text = try String(contentsOf: PackageFolder.root.appendingPathComponent("Scores/\(name)"), encoding: .utf8)
        _ = try X.export(text)
    }

    @Test("every shipped score reads back with the notes the MIDI export plays", .enabled(if: Prerequisite.met(X.hasMusic21AndMido)))
    func shippedScoresReadBack() throws {
        let texts = try Self.shippedScores.map { try String(contentsOf: PackageFolder.root.appendingPathComponent("Scores/\($0)"), encoding: .utf8) }
        #expect(texts.count >= 9)
        let answers = try X.readBackLikeMIDI(texts)
        for (name, answer) in zip(Self.shippedScores, answers) {
            #expect(answer == "agree", "\(name): \(answer)")
        }
    }

    @Test(
        "the construct scores validate against the MusicXML 4.0 schema", .enabled(if: X.schema != nil, "xmllint is not installed (scripts/bootstrap installs libxml2-utils)"),
        arguments: constructs)
    func schema(text: String) throws {
        // `export` validates every document when the schema is installed; this says so in the test list.
        let (xml, _, _) = try X.export(text)
        #expect(try X.validate(xml, schema: X.schema ?? "").status == 0)
    }
}
