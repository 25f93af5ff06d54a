import Foundation
import JianpuCore
import JianpuTerminal
import Testing

@testable import JianpuPlay

/// The play screen's lines: all parts together, laid out to the window, drawn around the playing position.
@Suite struct ScreenLinesTests {
    @Test func barNumbersAreDimAndLeftOfTheMusicNeverOverANote() {
        let fixture = Fixture("1=C\n4/4\n" + String(repeating: "1' 2' 3' 4' | ", count: 12) + "\n")
        let lines = fixture.lines(at: 0, columns: 40, rows: 30)
        let numbered = lines.filter { $0.hasPrefix(ScoreView.dim) && ScoreView.plain($0).first { $0 != " " }?.isNumber == true }
        #expect(numbered.count >= 3, "\(lines.map(ScoreView.plain))")
        for line in numbered {
            let plain = ScoreView.plain(line)
            // The number fills the three columns left of the music, where no note is ever drawn.
            #expect(plain.dropFirst(3).allSatisfy { !$0.isNumber }, "\(plain)")
            #expect(line.hasPrefix(ScoreView.dim + String(plain.prefix(3)) + ScoreView.reset))
        }
        #expect(ScoreView.plain(numbered[0]) == " 1 ")
        // The octave dots over the notes are on the row under the number, never in its place.
        let index = lines.firstIndex(of: numbered[0])!
        #expect(ScoreView.plain(lines[index + 1]).hasPrefix("   ·"))
    }

    @Test func aResizeLaysTheLinesOutAgainAndKeepsThePlayingLine() {
        let fixture = Fixture()
        for columns in [100, 40, 30, 100, 60] {
            // Bar 6 (5.25 whole notes): its first 3.
            let lines = fixture.lines(at: 5.1, columns: columns, rows: 30)
            let current = lines.filter { ScoreView.plain($0).hasPrefix(" ▶ ") }
            #expect(current.count == 2, "\(columns): \(lines.map(ScoreView.plain))")
            #expect(highlights(current[0]) == ["3"], "\(columns)")
            for line in lines.map(ScoreView.plain) {
                #expect(TerminalText.columns(of: line) <= columns)
                if line.hasPrefix(" ▶ ") { #expect(line.hasSuffix("|") || line.hasSuffix("‖"), "\(columns): \(line)") }
            }
        }
    }

    @Test func onlyTheLinesAroundThePlayingPositionAreDrawn() {
        let bars = String(repeating: "q1 q2 q3 q4 q5 q6 q7 q1' 2 3 4 5 | ", count: 2_000)
        let fixture = Fixture("1=C\n4/4\n" + bars + "\nNextPart\n1=C\n4/4\n" + String(repeating: "1, 5, 3, 5, | ", count: 2_000) + "\n")
        let end = fixture.timeline.length.doubleValue
        for position in [0, end / 2, end - 0.01, 1.0] {
            let lines = fixture.lines(at: position, columns: 80, rows: 30)
            #expect(lines.contains { ScoreView.plain($0).hasPrefix(" ▶ ") })
            let counts = fixture.view.drawn.counts(fixture.view.text, width: 77)
            #expect(counts.layout >= 500)
            // A few screens of lines, whatever the score's length.
            #expect(counts.held > 0 && counts.held <= 3 * 30 + 2, "\(counts)")
        }
        // At the end, the last line is being played.
        let last = fixture.lines(at: end - 0.01, columns: 80, rows: 30).map(ScoreView.plain)
        #expect(last.contains { $0.hasPrefix(" ▶ ") && $0.hasSuffix("‖") })
    }

    @Test func theScoresWordsAreShownNeverObeyed() {
        let fixture = Fixture("title=a\u{1B}]0;owned\u{07}b\n1=C\n4/4\n1 2 3 4 |\nL: x\u{1B}[2J y z w\n")
        let lines = fixture.lines(at: 0)
        for line in lines {
            // Only the screen's own SGR sequences: ESC [ digits ; … m.
            let escapes = line.components(separatedBy: "\u{1B}").dropFirst()
            #expect(escapes.allSatisfy { $0.range(of: "^\\[[0-9;]*m", options: .regularExpression) != nil }, "\(line.debugDescription)")
            #expect(!line.contains("\u{07}"))
        }
    }

    @Test func partsAreListedOnceAndEachPartHasItsRowInEveryLine() {
        let fixture = Fixture()
        let plain = fixture.lines(at: 0).map(ScoreView.plain)
        #expect(plain.filter { $0.contains("melody") }.count == 1)
        #expect(plain.contains { $0.hasPrefix(" 1 melody") && $0.contains("   2 accompaniment") })
        // Twinkle at 100 columns: lines of five bars, the melody's over the accompaniment's.
        let accompaniment = plain.firstIndex { $0.hasPrefix(" ▶ 1 5 3 5") }!
        let melody = plain.firstIndex { $0.hasPrefix(" ▶ 1   1") }!
        #expect(melody < accompaniment)
    }

    @Test func theSecondMovementsLinesFollowTheFirsts() {
        let fixture = Fixture("1=C\n4/4\n1 2 3 4 | 5 6 7 1' |\nNextScore\n1=C\n4/4\n7 6 5 4 | 3 2 1 - |\n")
        let first = fixture.current(at: 0.3)
        #expect(ScoreView.plain(first).hasPrefix(" ▶ 1 2 3 4 |") && highlights(first) == ["2"])
        // The first movement lasts two whole notes: 2.3 is the second movement's 6.
        let second = fixture.current(at: 2.3)
        #expect(ScoreView.plain(second).hasPrefix(" ▶ 7 6 5 4 |"), "\(ScoreView.plain(second))")
        #expect(highlights(second) == ["6"])
    }

    @Test func aResizeDrawsFromTheBarsHeldAsAFreshScreenWould() {
        // Slurs and ties across lines, so the arcs open where lines start must be carried right.
        let source =
            "1=C\n4/4\n" + String(repeating: "1 ( 2 3 4 | 5 ) 6 7 1' ~ | 1' q2 q3 4 5 | ", count: 60) + "\nNextPart\n1=C\n4/4\n"
            + String(repeating: "1, - 5, - | 1, 5, 3, 5, | 4, - - - | ", count: 60) + "\n"
        let position = Fixture(source).timeline.length.doubleValue / 2
        let resized = Fixture(source)
        _ = resized.lines(at: position, columns: 100, rows: 30)
        for columns in [60, 40, 100, 80] {
            let fresh = Fixture(source).lines(at: position, columns: columns, rows: 30)
            #expect(resized.lines(at: position, columns: columns, rows: 30) == fresh, "\(columns)")
        }
    }
}
