import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Testing

@testable import JianpuInterchange

/// What imported MusicXML plays, read back through our own parser and timeline: endings, cue notes,
/// ties and lengths as the source means them, from small scores written inline.
@Suite("MusicXML import plays as the source")
struct MusicXMLPerformanceTests {
    typealias X = MusicXMLMarksTests

    /// The notes our player plays from the imported text, part by part: `midi@onset+length` in quarter notes.
    static func played(_ xml: String) throws -> (notes: [[String]], result: ImportResult) {
        let result = try X.convert(xml)
        let (score, diagnostics) = ScoreParser.parse(utf8: Array(result.text.utf8), file: "x.jp")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)\n\(result.text)")
        let timeline = Flattener.timeline(of: try #require(score.movements.first, "\(result.text)"))
        let parts = Set(timeline.notes.map(\.part)).sorted()
        let notes = parts.map { part in
            timeline.notes.filter { $0.part == part && !$0.isGrace }.sorted { ($0.onset, $0.pitch.midiNumber) < ($1.onset, $1.pitch.midiNumber) }.map {
                "\($0.pitch.midiNumber)@\(Self.quarters($0.onset))+\(Self.quarters($0.duration))"
            }
        }
        return (notes, result)
    }

    static func quarters(_ length: WholeNotes) -> String {
        let value = length * WholeNotes(4, 1)
        return value.denominator == 1 ? "\(value.numerator)" : "\(value.numerator)/\(value.denominator)"
    }

    static let loneFirstEnding = X.score([
        String(repeating: X.note("C"), count: 4),
        "<barline location=\"left\"><ending number=\"1\" type=\"start\"/></barline>" + String(repeating: X.note("D"), count: 4)
            + "<barline location=\"right\"><ending number=\"1\" type=\"stop\"/><repeat direction=\"backward\"/></barline>",
        X.note("E", duration: 4),
    ])

    @Test("a first ending with no second is skipped on the last pass: the bar after it is the last ending")
    func loneFirstEndingIsSkippedOnTheLastPass() throws {
        let (notes, result) = try Self.played(Self.loneFirstEnding)
        #expect(result.text.contains("R{ 1 1 1 1 } A{ 2 2 2 2 | 3 - - - } |"), "\(result.text)")
        #expect(notes[0].map { $0.split(separator: "@")[0] } == ["60", "60", "60", "60", "62", "62", "62", "62", "60", "60", "60", "60", "64"])
        #expect(notes[0].last == "64@12+4")
    }

    @Test("a lone first ending that ends the piece is skipped on the last pass: an empty last ending A{ … | }")
    func loneFirstEndingAtTheEnd() throws {
        let xml = X.score([
            String(repeating: X.note("C"), count: 4),
            "<barline location=\"left\"><ending number=\"1\" type=\"start\"/></barline>" + String(repeating: X.note("D"), count: 4)
                + "<barline location=\"right\"><ending number=\"1\" type=\"stop\"/><repeat direction=\"backward\"/></barline>",
        ])
        let (notes, result) = try Self.played(xml)
        #expect(result.text.contains("R{ 1 1 1 1 } A{ 2 2 2 2 | } |"), "\(result.text)")
        #expect(notes[0].map { $0.split(separator: "@")[0] } == ["60", "60", "60", "60", "62", "62", "62", "62", "60", "60", "60", "60"])
    }

    @Test("a forward sign on a bar's right-hand bar line while a repeat is open is `:|:`: both passages repeat")
    func forwardSignOnTheRightEndsAndStarts() throws {
        let xml = X.score([
            "<barline location=\"left\"><repeat direction=\"forward\"/></barline>" + X.note("C", duration: 4),
            X.note("D", duration: 4) + "<barline location=\"right\"><bar-style>heavy-light</bar-style><repeat direction=\"forward\"/></barline>",
            X.note("E", duration: 4),
            X.note("F", duration: 4) + "<barline location=\"right\"><repeat direction=\"backward\"/></barline>",
        ])
        let (notes, result) = try Self.played(xml)
        #expect(result.text.contains("R{ 1 - - - | 2 - - - } | R{ 3 - - - | 4 - - - } |"), "\(result.text)")
        #expect(notes[0].map { $0.split(separator: "@")[0] } == ["60", "62", "60", "62", "64", "65", "64", "65"])
    }

    @Test("endings 1 and 2 of a repeat played three times: the third pass plays no ending")
    func thirdPassWithoutEnding() throws {
        let xml = X.score([
            X.note("C", duration: 4),
            "<barline location=\"left\"><ending number=\"1, 2\" type=\"start\"/></barline>" + X.note("D", duration: 4)
                + "<barline location=\"right\"><ending number=\"1, 2\" type=\"stop\"/><repeat direction=\"backward\" times=\"3\"/></barline>",
            X.note("E", duration: 4),
        ])
        let (notes, result) = try Self.played(xml)
        #expect(result.text.contains("R3{"), "\(result.text)")
        #expect(notes[0].map { $0.split(separator: "@")[0] } == ["60", "62", "60", "62", "60", "64"], "\(result.text)")
    }

    @Test("a cue note is silent but takes its time in its voice")
    func cueNoteTakesItsTime() throws {
        let xml = X.score([
            X.note("C") + "<note><cue/><pitch><step>D</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice></note>"
                + "<note><cue/><chord/><pitch><step>F</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice></note>"
                + X.note("E", duration: 2)
        ])
        let (notes, _) = try Self.played(xml)
        #expect(notes[0] == ["60@0+1", "64@2+2"])
    }

    @Test("a length no value makes (a 6:5 tuplet of one note) is written to the nearest 64th, and the bar still adds up")
    func unwritableLengthKeepsTheBar() throws {
        // divisions 24: a sixteenth under 6:5 lasts 5 units (5/96 of a whole), then 19 units of plain notes make a beat.
        let odd =
            "<note><pitch><step>A</step><octave>4</octave></pitch><duration>5</duration><voice>1</voice><type>16th</type>"
            + "<time-modification><actual-notes>6</actual-notes><normal-notes>5</normal-notes></time-modification></note>"
        let xml = X.score(
            [
                odd + X.note("B", duration: 19) + X.note("C", 5, duration: 24) + X.note("D", 5, duration: 48),
                X.note("E", 5, duration: 96),
            ], divisions: 24)
        let (notes, result) = try Self.played(xml)
        #expect(result.warnings.contains { $0.message.contains("5/96") && $0.message.contains("nearest 64th") }, "\(result.warnings)")
        // 5/96 of a whole is 5/24 of a quarter: written 3/16, the next note taking the rest of the beat.
        #expect(notes[0] == ["69@0+3/16", "71@3/16+13/16", "72@1+1", "74@2+2", "76@4+4"], "\(result.text)")
    }

    @Test("a backward repeat after another, with no forward sign, goes back to the bar after the first")
    func backwardRepeatAfterRepeat() throws {
        let backward = "<barline location=\"right\"><repeat direction=\"backward\"/></barline>"
        let xml = X.score([
            X.note("C", duration: 4) + backward,
            X.note("D", duration: 4),
            X.note("E", duration: 4) + backward,
            X.note("F", duration: 4),
        ])
        let (notes, _) = try Self.played(xml)
        #expect(notes[0].map { $0.split(separator: "@")[0] } == ["60", "60", "62", "64", "62", "64", "65"])
    }

    @Test("a tie into the first ending only: the last bar moves into each ending, tied only in the first")
    func tieIntoTheFirstEndingOnly() throws {
        let tieStart = "<tie type=\"start\"/>", tieStop = "<tie type=\"stop\"/>"
        let xml = X.score([
            X.note("C", duration: 4),
            X.note("C", duration: 2) + X.note("D", duration: 2, extra: tieStart),
            "<barline location=\"left\"><ending number=\"1\" type=\"start\"/></barline>" + X.note("D", duration: 2, extra: tieStop) + X.note("E", duration: 2)
                + "<barline location=\"right\"><ending number=\"1\" type=\"stop\"/><repeat direction=\"backward\"/></barline>",
            "<barline location=\"left\"><ending number=\"2\" type=\"start\"/></barline>" + X.note("D", duration: 2) + X.note("F", duration: 2)
                + "<barline location=\"right\"><ending number=\"2\" type=\"discontinue\"/></barline>",
        ])
        let (notes, result) = try Self.played(xml)
        // Pass 1: D held into the first ending (4 beats); pass 2: D of the second ending struck anew.
        #expect(notes[0] == ["60@0+4", "60@4+2", "62@6+4", "64@10+2", "60@12+4", "60@16+2", "62@18+2", "62@20+2", "65@22+2"], "\(result.text)")
    }
}
