import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// The reference note lists in `Tests/Conformance` (jianpu-ly + LilyPond MIDI, in ticks of 384 a quarter),
/// checked note for note against the timelines, as the MIDI writer would round them.
@Suite("Conformance with the reference")
struct ConformanceTests {
    static let folder = T.packageRoot.appendingPathComponent("Tests/Conformance")

    static var cases: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    struct Reference {
        var tempos: [[Int]]
        var parts: [[[Int]]]
    }

    static func reference(_ name: String) throws -> [Reference] {
        let data = try Data(contentsOf: folder.appendingPathComponent(name + ".json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let movements = try #require(root["movements"] as? [[String: Any]])
        return try movements.map { movement in
            let tempos = try #require(movement["tempos"] as? [[NSNumber]]).map { $0.map(\.intValue) }
            let parts = try #require(movement["parts"] as? [[[NSNumber]]]).map { notes in
                notes.map { [Int(($0[0].doubleValue * 384).rounded()), $0[1].intValue, Int(($0[2].doubleValue * 384).rounded())] }
                    .sorted { $0.lexicographicallyPrecedes($1) }
            }
            return Reference(tempos: tempos, parts: parts)
        }
    }

    @Test("the conformance folder holds reference cases")
    func casesFound() {
        #expect(Self.cases.count >= 10)
    }

    @Test("each conformance score sounds note for note as the reference", arguments: cases)
    func matchesReference(name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name + ".jp"), encoding: .utf8)
        let (score, diagnostics) = ScoreParser.parse(text, file: name + ".jp")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let references = try Self.reference(name)
        #expect(score.movements.count == references.count)
        for (movement, reference) in zip(score.movements, references) {
            let timeline = Flattener.timeline(of: movement)
            #expect(timeline.tempoMap.changes.map { [StandardMIDIFile.ticks($0.position), $0.microsecondsPerQuarter] } == reference.tempos)
            #expect(timeline.parts.count == reference.parts.count)
            for (index, expected) in reference.parts.enumerated() {
                let actual = timeline.notes.filter { $0.part == index }
                    .map { [StandardMIDIFile.ticks($0.onset), $0.pitch.midiNumber, max(1, StandardMIDIFile.ticks($0.duration))] }
                    .sorted { $0.lexicographicallyPrecedes($1) }
                #expect(actual == expected, "\(name) part \(index + 1)")
            }
        }
    }
}
