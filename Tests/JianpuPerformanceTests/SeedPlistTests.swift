import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

@Suite("Seed plist")
struct SeedPlistTests {
    /// The project's own seed-app plist: four bars of both tracks, nested splits, `0` beats.
    static let fixtureURL = T.packageRoot.appendingPathComponent("Tests/Fixtures/twinkle-seed.plist")

    static func timeline(_ text: String, file: String = "seed.plist") throws -> Timeline {
        let (score, diagnostics) = SeedPlist.parse(text, file: file)
        #expect(diagnostics.isEmpty)
        return Flattener.timeline(of: try #require(score?.movements.first))
    }

    @Test("a seed-app plist file reads as two parts in 4/4 at its interval's tempo")
    func seedFile() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtureURL))
        let (score, diagnostics) = ScoreLoader.parse(bytes, path: Self.fixtureURL.path)
        #expect(diagnostics.isEmpty)
        let timeline = Flattener.timeline(of: try #require(score?.movements.first))
        #expect(timeline.parts.count == 2)
        #expect(timeline.meters.first.map { [$0.beats, $0.beatUnit] } == [4, 4])
        #expect(timeline.tempoMap.changes.map(\.quarterNotesPerMinute) == [80])
        #expect(abs(timeline.tempoMap.seconds(at: .quarter) - 0.75) < 1e-12)
        #expect(timeline.length == WholeNotes(4))
        // Bar 2 opens with a split beat whose second half splits again; `0` holds what sounds.
        #expect(
            T.render(timeline.notes.filter { $0.part == 0 }) == """
                60@0+1 60@1+1 67@2+1 67@3+1 69@4+1/2 71@9/2+1/4 72@19/4+1/4 69@5+1 67@6+2 65@8+1 65@9+1 64@10+1 62@11+1 59@12+1 60@13+3
                """)
        // The accompaniment's split beats: halves, and a three-way split (a triplet) holding its middle.
        #expect(
            T.render(timeline.notes.filter { $0.part == 1 }) == """
                48@0+2 55@2+1/2 52@5/2+3/2 53@4+2 55@6+2 53@8+2 48@10+2/3 55@32/3+4/3 55@12+1 48@13+3
                """)
    }

    static let simple = """
        {
            interval = "0.5";
            hitCount = 3;
            modulators = (
                { modulator = 1; mmodulator = "-1"; },
                { modulator = 0; },
                { modulators = ( { modulator = 2; }, { modulator = 3; }, { modulator = 4; } ); mmodulator = 0; },
                { modulators = ( { modulators = ( { modulator = 5; }, { modulator = 6; } ); }, { modulator = 77; } ); },
            );
        }
        """

    @Test("splits nest: three-way splits are triplets, and a split inside a split halves again")
    func nestedSplits() throws {
        let timeline = try Self.timeline(Self.simple)
        #expect(timeline.tempoMap.changes.first?.quarterNotesPerMinute == 120)
        #expect(timeline.meters.first?.beats == 3)
        let melody = timeline.notes.filter { $0.part == 0 }
        #expect(T.render(melody) == "60@0+2 62@2+1/3 64@7/3+1/3 65@8/3+1/3 67@3+1/4 69@13/4+1/4 83@7/2+1/2")
        #expect(T.render(timeline.notes.filter { $0.part == 1 }) == "48@0+4")
    }

    @Test("a beat with no value for a voice continues what that voice was playing")
    func missingValueContinues() throws {
        let text = "{ modulators = ( { modulator = 3; }, { mmodulator = 5; } ); }"
        let timeline = try Self.timeline(text)
        #expect(T.render(timeline.notes) == "64@0+2 67@1+1")
    }

    @Test(
        "negative values sound an octave down per digit, repeated digits an octave up per extra digit",
        arguments: [
            ("1", 60), ("11", 72), ("111", 84), ("-1", 48), ("-11", 36), ("7", 71), ("-7", 59),
        ])
    func values(value: String, midi: Int) throws {
        let timeline = try Self.timeline("{ modulators = ( { modulator = \"\(value)\"; } ); }")
        #expect(timeline.notes.map(\.pitch.midiNumber) == [midi])
    }

    @Test(
        "malformed plists are diagnosed with their location",
        arguments: [
            ("{ modulators = ( { modulator = \"1; } ); }", "p:1:32: unterminated string: expected a closing `\"`"),
            ("{ modulators = ( { modulator = 1 } ); }", "p:1:34: expected `;`"),
            ("{\n  modulators = (\n    { modulator = 1; }\n    { modulator = 2; }\n  );\n}", "p:4:5: expected `,` or `)` in a list"),
            ("{ modulators = ( { modulator = 12; } ); }", "p:1:32: `12` is not a note: expected 1-7, 11-77 (an octave up) or -1 to -7 (down)"),
            ("{ modulators = ( { modulator = 8; } ); }", "p:1:32: `8` is not a note: expected 1-7, 11-77 (an octave up) or -1 to -7 (down)"),
            ("{ modulators = ( { modulator = (1); } ); }", "p:1:32: expected a number for `modulator`, such as 5, 55 or -5"),
            ("{ hitCount = 4; }", "p:1:1: expected a top-level `modulators` list of beats"),
            ("{ modulators = ( ); } extra", "p:1:23: expected the end of the file after the top-level value"),
            ("{ modulators = ( { modulator = 1; } ); ", "p:1:40: unexpected end of file: expected a value"),
        ])
    func malformed(text: String, expected: String) {
        let (score, diagnostics) = SeedPlist.parse(text, file: "p")
        #expect(score == nil)
        #expect(diagnostics.map(\.description) == [expected])
    }

    @Test("comments are skipped, and the loader recognises a plist by its shape")
    func commentsAndDetection() {
        let text = "{ // seed\n /* beats */ modulators = ( { modulator = 5; } ); }"
        let (score, diagnostics) = ScoreLoader.parse(Array(text.utf8), path: "s.plist")
        #expect(diagnostics.isEmpty)
        #expect(score?.movements.first?.parts.count == 2)
        #expect(SeedPlist.looksLikeSeedPlist(" \n{ modulators = (); }"))
        #expect(!SeedPlist.looksLikeSeedPlist("1 2 3 4 % modulators"))
    }

    @Test("deeply nested plists are refused, not a stack overflow")
    func deepNesting() {
        let text = "{ modulators = " + String(repeating: "(", count: 5000) + String(repeating: ")", count: 5000) + "; }"
        let (score, diagnostics) = SeedPlist.parse(text, file: "d")
        #expect(score == nil)
        #expect(diagnostics.first?.message == "nested too deeply: expected at most 200 levels")
    }
}
