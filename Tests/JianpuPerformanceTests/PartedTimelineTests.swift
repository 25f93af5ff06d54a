import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

@Suite("Parted timeline")
struct PartedTimelineTests {
    /// The file made part by part, and the file made from the merged timeline, of every movement in turn.
    static func files(_ score: Score, withChords: Bool) -> (parted: [UInt8], merged: [UInt8]) {
        let parted = PartedTimeline.concatenating(Flattener.exportedPartedTimelines(of: score, withChords: withChords))
        let merged = Timeline.concatenating(Flattener.exportedTimelines(of: score, withChords: withChords))
        return (StandardMIDIFile.data(for: parted), StandardMIDIFile.data(for: merged))
    }

    @Test("each part's notes are the merged timeline's notes of that part, in the same order")
    func partNotesMatchTheMergedTimeline() throws {
        let text = "1=D\n4/4\nq1 q2 3 4 g[45] 5 | 135 - 2 ~ 2 |\nNextPart\n5 - 3 1 | ,5 - - 0 |\nNextPart\n1 1 1 1 | 3[ q1 q2 q3 ] 2 - |"
        let movement = try #require(T.parse(text).score.movements.first)
        let parted = Flattener.partedTimeline(of: movement)
        let merged = Flattener.timeline(of: movement)
        #expect(parted.partNotes.count == merged.parts.count)
        for (part, notes) in parted.partNotes.enumerated() {
            #expect(notes == merged.notes.filter { $0.part == part })
        }
        #expect(parted.shared.parts == merged.parts)
        #expect(parted.shared.length == merged.length)
        #expect(parted.shared.meters == merged.meters && parted.shared.keys == merged.keys && parted.shared.tempoMap == merged.tempoMap)
        #expect(parted.shared.notes.isEmpty)
    }

    @Test("a MIDI file written part by part is byte for byte the file of the merged timeline, with chords, movements and PartMidi")
    func midiFileIsTheSame() throws {
        let texts = [
            "title=One\n1=C\n3/4\n4=90\n1 2 3 | 5 - - |\nNextPart\n1 - - | 3 - - |",
            "chords=c2 g:7\n1=G\n4/4\n1 2 3 4 | 5 - - - |\nNextScore\n1=F\n2/4\n4=60\n3 2 | 1 - |\nNextPart\n1 5 | 1 - |",
            "PartMidi\n1=C\n4/4\n1 2 3 4 |\nNextPart\n5 4 3 2 |",
        ]
        for text in texts {
            let score = T.parse(text).score
            for withChords in [false, true] {
                let files = Self.files(score, withChords: withChords)
                #expect(files.parted == files.merged, "\(text)")
            }
        }
    }

    @Test("every score in the repository's Scores folder exports the same MIDI file part by part as merged")
    func repositoryScores() throws {
        let folder = T.packageRoot.appendingPathComponent("Scores")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jp") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let files = Self.files(ScoreParser.parse(text, file: name).score, withChords: true)
            #expect(files.parted == files.merged, "\(name)")
        }
    }
}
