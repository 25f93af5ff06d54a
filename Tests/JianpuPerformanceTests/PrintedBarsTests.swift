import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// The Timeline's one answer to "which bar, which time through, which note, what time".
@Suite("Printed bar numbers")
struct PrintedBarsTests {
    static func bars(_ text: String) -> String {
        T.timeline(text).bars.map { "\($0.number)\($0.pass > 1 ? "x\($0.pass)" : "")@\($0.start * 4)" }.joined(separator: " ")
    }

    @Test("a repeat with two endings is printed once: its bars come back as 2nd times, each ending has its own number")
    func repeatWithEndings() {
        let text = "R{ 1 1 1 1 | 2 2 2 2 } A{ 3 3 3 3 | 4 4 4 4 } 5 5 5 5 |"
        #expect(Self.bars(text) == "1@0 2@4 3@8 1x2@12 2x2@16 4@20 5@24")
        let timeline = T.timeline(text)
        #expect(timeline.printedBarCount == 5)
        #expect(timeline.bars[3].description == "bar 1, 2nd time")
        #expect(timeline.bars[0].description == "bar 1")
    }

    @Test("a pickup is bar 0 and the first full bar is bar 1")
    func pickupIsBarZero() {
        #expect(Self.bars("3/4,4 5 | 1 1 1 | 2 2") == "0@0 1@1 2@4")
        #expect(T.timeline("3/4,4 5 | 1 1 1 | 2 2").printedBarCount == 2)
    }

    @Test("bars that start inside a held note or a whole-bar rest are numbered too")
    func barsInsideLongNotes() {
        #expect(Self.bars("1 - - - | - - 2 - | R*2 | 3 3 3 3") == "1@0 2@4 3@8 4@12 5@16")
    }

    @Test("a rolled chord is one note: its later onsets do not start a bar")
    func rolledChord() throws {
        let (score, _) = T.parse("arp 135 - - - | 5 5 5 5 | arp 135 - - - |")
        let timeline = try #require(score.performanceTimeline())
        #expect(timeline.bars.map(\.number) == [1, 2, 3])
        #expect(timeline.barStarts == [.zero, .whole, WholeNotes(2)])
    }

    @Test("R3{ } plays its bars three times, then the music goes on with the next number")
    func countedRepeat() {
        #expect(Self.bars("R3{ 1 1 1 1 } 2 2 2 2") == "1@0 1x2@4 1x3@8 2@12")
    }

    @Test("a da capo goes back to bar 1 for a 2nd time and Fine ends it")
    func daCapo() {
        #expect(Self.bars("1 1 1 1 | 2 2 2 2 Fine | 3 3 3 3 DC") == "1@0 2@4 3@8 1x2@12 2x2@16")
    }

    @Test("Ode to Joy has 13 printed bars, played as 16; info says so")
    func odeToJoy() throws {
        let url = T.packageRoot.appendingPathComponent("Scores/ode-to-joy.jp")
        let outcome = ScoreLoader.load(path: url.path)
        let score = try #require(outcome.score)
        let timeline = try #require(score.performanceTimeline())
        #expect(timeline.printedBarCount == 13)
        #expect(timeline.bars.count == 16)
        #expect(timeline.bars.map(\.number) == [1, 2, 3, 4, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13])
        #expect(timeline.barIndex(printed: 9) == 11)
        #expect(timeline.barIndex(printed: 2, pass: 2) == 5)
        #expect(ScoreSummary(score: score).description.contains("bars:      13 (16 as played)"))
    }

    @Test("a place in the performance: its bar, how far into it, the last note started and the seconds")
    func place() throws {
        let timeline = T.timeline("4=60 R{ 1 2 3 4 } 5 6 7 1'")
        let place = timeline.place(at: WholeNotes(13, 8))
        #expect(place.bar == PlayedBar(start: .whole, number: 1, pass: 2))
        #expect(place.barIndex == 1)
        #expect(place.offsetInBar == WholeNotes(5, 8))
        #expect(timeline.notes[try #require(place.noteIndex)].pitch.midiNumber == 64)
        #expect(abs(place.seconds - 6.5) < 1e-9)
        #expect(timeline.barIndex(atApproximately: 1 - 1e-12) == 1)
        #expect(timeline.barIndex(atApproximately: 0.99) == 0)
        #expect(timeline.bar(atApproximately: 2.5).description == "bar 2")
    }

    @Test("times through are spelled as ordinals", arguments: [(2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (21, "21st"), (22, "22nd")])
    func ordinals(pass: Int, spelled: String) {
        #expect(PlayedBar(start: .zero, number: 7, pass: pass).description == "bar 7, \(spelled) time")
    }

    @Test(
        "the tempo is shown as written: 4.=56 is ♩.=56, not ♩=84",
        arguments: [
            ("4.=56 1", "♩.=56"), ("4=105 1", "♩=105"), ("8=120 1", "♪=120"), ("2=40 1", "𝅗𝅥=40"), ("1", "♩=84"),
        ])
    func tempoAsWritten(text: String, written: String) {
        #expect(T.timeline(text).tempoMap.changes.first?.written == written)
    }
}
