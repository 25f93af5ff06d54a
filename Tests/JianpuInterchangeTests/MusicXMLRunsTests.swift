import Foundation
import JianpuCore
import Subprocesses
import Testing

@testable import JianpuInterchange

/// A large score's measures are written in runs side by side, each starting where the measures before it left off
/// (measure numbers, the divisions said once, a coda sign due after a `DC`, the part opened and closed): the document
/// must be the one written part after part, byte for byte.
struct MusicXMLRunsTests {
    private typealias X = MusicXMLExport

    /// What the runs must carry across: a pickup, a key and meter change, lyrics, a `DS al Coda` whose coda sign falls
    /// at the start of the next measure, repeats and endings, chord symbols, and a second movement in which the
    /// second part has no music (whole-measure rests).
    static let crossings = """
        title=Runs
        1=C
        4/4,4
        chords=r4 c1 g:7 c1
        5 | 1 2 3 4 | Segno 5 6 7 1' | 1' 7 6 5 ToCoda | 4 3 2 1 DS | 1 - - - |
        L: la la la la la la la la la la la la la la la la la
        1=G
        3/4
        R{ 1 2 3 | 4 5 6 } A{ 7 - - | 1' - - } 1 1 1 |
        NextPart
        4/4,4
        1, | 5,, - 1, - | 5,, - 1, - | 5,, - 1, - | 5,, - 1, - | 1, - - - |
        3/4
        R{ 5,, 1, 5,, | 1, 5,, 1, } A{ 5,, 1, 5,, | 1, 5,, 1, } 1, 1, 1, |
        NextScore
        title=Second
        1=D
        1 2 3 4 | 5 - - - |
        """

    static let shippedScores: [String] = MusicXMLExportRoundTripTests.shippedScores

    @Test("runs of every length write the document part after part does, byte for byte", arguments: [1, 2, 3, 7, 2_048])
    func runsWriteThePartsDocument(runNotes: Int) throws {
        let score = X.score(Self.crossings)
        let partByPart = try MusicXMLWriter.document(for: score, inRuns: false)
        let inRuns = try MusicXMLWriter.document(for: score, inRuns: true, runNotes: runNotes)
        #expect(inRuns.document == partByPart.document)
        #expect(inRuns.warnings == partByPart.warnings)
        // The score has what the runs must carry across.
        #expect(partByPart.document.contains("<coda/>"))
        #expect(partByPart.document.contains("<measure number=\"0\""))
    }

    @Test("every shipped score written in runs of a few notes is the document written part after part", arguments: shippedScores)
    func shippedScoreInRuns(name: String) throws {
        let text = try String(contentsOf: PackageFolder.root.appendingPathComponent("Scores/\(name)"), encoding: .utf8)
        let score = X.score(text, file: name)
        let partByPart = try MusicXMLWriter.document(for: score, inRuns: false)
        let inRuns = try MusicXMLWriter.document(for: score, inRuns: true, runNotes: 5)
        #expect(inRuns.bytes == partByPart.bytes)
    }

    @Test("a document written in runs to a sink arrives whole, in order, and a failing sink stops it")
    func runsStreamedToASink() throws {
        let score = X.score(Self.crossings)
        let whole = try MusicXMLWriter.document(for: score, inRuns: false)
        var streamed: [UInt8] = []
        _ = try MusicXMLWriter.write(score, inRuns: true, runNotes: 2) { streamed += $0 }
        #expect(streamed == whole.bytes)
        struct Full: Error {}
        var calls = 0
        #expect(throws: Full.self) {
            _ = try MusicXMLWriter.write(score, inRuns: true, runNotes: 2) { _ in
                calls += 1
                if calls == 3 { throw Full() }
            }
        }
        #expect(calls == 3)
    }
}
