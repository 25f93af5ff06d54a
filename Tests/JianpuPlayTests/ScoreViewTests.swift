import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuTerminal
import Subprocesses
import Testing

@testable import JianpuPlay

/// A two-part score in the shape of Scores/twinkle-twinkle.jp: three lines of four bars each.
let twinkleSource = """
    title=Twinkle, Twinkle, Little Star
    instrument=Flute
    1=C
    4/4
    4=100

    1 \\mp 1 5 5 | 6 6 5 - | 4 4 3 3 | 2 2 1 - |
    5 5 4 4 | 3 3 2 - | 5 5 4 4 | 3 3 2 - |
    1 \\mf 1 5 5 | 6 6 5 - | 4 4 3 3 | 2 2 1 - |

    NextPart

    1=C
    4/4
    4=100
    KeepLength
    q1, \\p 5, 3, 5, 1, 5, 3, 5, | 1, 6, 4, 6, 1, 5, 3, 5, | 1, 6, 4, 6, 1, 5, 3, 5, | 7,, 5, 2, 5, c1, - |
    q1, 5, 3, 5, 1, 6, 4, 6, | 1, 5, 3, 5, 7,, 5, 2, 5, | 1, 6, 4, 6, 1, 5, 3, 5, | 1, 5, 3, 5, 7,, 5, 2, 5, |
    q1, 5, 3, 5, 1, 5, 3, 5, | 1, 6, 4, 6, 1, 5, 3, 5, | 1, 6, 4, 6, 1, 5, 3, 5, | 7,, 5, 2, 5, c1, - |
    """

struct Fixture {
    let score: Score
    let timeline: Timeline
    let view: ScoreView

    init(_ source: String = twinkleSource) {
        self.init(score: ScoreParser.parse(source, file: "twinkle.jp").score)
    }

    init(score: Score) {
        self.score = score
        timeline = score.performanceTimeline()!
        view = ScoreView(timeline: timeline, score: score)
    }

    /// The line being played of part `part` (the melody first), as shown.
    func current(at position: Double, part: Int = 0, columns: Int = 100, rows: Int = 30) -> String {
        lines(at: position, columns: columns, rows: rows).filter { ScoreView.plain($0).hasPrefix(" ▶ ") }[part]
    }

    func lines(at position: Double, factor: Double = 1, paused: Bool = false, columns: Int = 100, rows: Int = 30) -> [String] {
        view.lines(
            for: ScoreView.Status(position: position, tempoFactor: factor, isPaused: paused, endPosition: timeline.length.doubleValue),
            columns: columns, rows: rows)
    }
}

/// The highlighted stretches of a line, as shown.
func highlights(_ line: String) -> [String] {
    var result: [String] = []
    var rest = Substring(line)
    for style in [ScoreView.melodyHighlight, ScoreView.accompanimentHighlight] where line.contains(style) {
        rest = Substring(line)
        while let start = rest.range(of: style) {
            rest = rest[start.upperBound...]
            let end = rest.range(of: ScoreView.reset)?.lowerBound ?? rest.endIndex
            result.append(String(rest[..<end]))
            rest = rest[end...]
        }
    }
    return result
}

@Suite struct ScoreViewTests {
    let fixture = Fixture()

    @Test func headerShowsTitleKeyMeterTempoBarAndTime() {
        let plain = fixture.lines(at: 0).map(ScoreView.plain)
        #expect(plain[0].contains("Twinkle, Twinkle, Little Star"))
        #expect(plain[0].contains("1=C"))
        #expect(plain[0].contains("4/4"))
        #expect(plain[0].contains("♩=100"))
        // 12 bars of 4/4 at ♩=100: 28.8 s.
        #expect(plain[1].contains("bar 1/12"))
        #expect(plain[1].contains("0:00 / 0:28"))
        #expect(plain[1].contains("playing"))
        #expect(plain.last!.contains("space"))
        #expect(plain.last!.contains("q quit"))
    }

    @Test func barAndTimeFollowThePosition() {
        // Bar 6 starts at 5 whole notes = 12 s at ♩=100.
        let plain = fixture.lines(at: 5.25).map(ScoreView.plain)
        #expect(plain[1].contains("bar 6/12"))
        #expect(plain[1].contains("0:12 / 0:28"))
    }

    @Test func firstNotesAreHighlightedInBothParts() {
        let lines = fixture.lines(at: 0)
        let melody = fixture.current(at: 0)
        #expect(highlights(melody) == ["1"])
        // The melody's crotchets stand over the accompaniment's quavers played with them.
        #expect(ScoreView.plain(melody).hasPrefix(" ▶ 1   1   5   5   | 6   6   5   –   | 4   4   3   3   |"))
        let accompaniment = fixture.current(at: 0, part: 1)
        #expect(highlights(accompaniment) == ["1"])
        #expect(ScoreView.plain(accompaniment).hasPrefix(" ▶ 1 5 3 5 1 5 3 5 | 1 6 4 6"))
        #expect(lines.contains { ScoreView.plain($0).contains("melody") })
        #expect(lines.contains { ScoreView.plain($0).contains("accompaniment") })
    }

    @Test func theMusicIsDrawnAsJianpuWithoutSourceTokens() {
        let plain = fixture.lines(at: 0).map(ScoreView.plain)
        for token in ["\\mp", "\\p", "q1", "1,", "c1", "KeepLength", "4=100"] {
            #expect(!plain.contains { $0.contains(token) }, "\(token) is shown")
        }
        // The quavers of the accompaniment: underlined in pairs of a beat, low dots under the underlines.
        let accompaniment = plain.firstIndex { $0.hasPrefix(" ▶ 1 5 3 5") }!
        #expect(plain[accompaniment + 1].hasPrefix("   ‾‾‾ ‾‾‾ ‾‾‾ ‾‾‾"))
        #expect(plain[accompaniment + 2].hasPrefix("   · · · · · · · ·"))
    }

    @Test func highNotesHaveTheirDotsOnTheRowAbove() {
        let fixture = Fixture("1=C\n4/4\n1 1' 1'' 1, |\n")
        let plain = fixture.lines(at: 0).map(ScoreView.plain)
        let main = plain.firstIndex { $0.hasPrefix(" ▶ 1 1 1 1 ‖") }!
        #expect(plain[main - 1] == "     · :")
        #expect(plain[main + 1] == "         ·")
    }

    @Test func lyricsAreCentredUnderTheirNotes() {
        let plain = Fixture("1=C\n4/4\n1 2 q3 q4 5 |\nH: 一二三四五\n").lines(at: 0).map(ScoreView.plain)
        let main = plain.firstIndex { $0.hasPrefix(" ▶ 1") }!
        let digits = Array(plain[main]), words = plain[main + 2]
        #expect(plain[main + 1].contains("‾"))
        #expect(words.contains("一 二 三 四 五"))
        // Each syllable starts in its digit's column.
        #expect(digits[3] == "1" && Array(words)[3] == "一")
    }

    @Test func seedPlistScoresAreDrawnAsJianpuToo() throws {
        let text = "{ modulators = ( { modulator = 1; }, { modulator = 55; }, { modulator = -5; }, { modulator = 3; } ); }"
        let score = try #require(SeedPlist.parse(text, file: "seed.plist").score)
        let plain = Fixture(score: score).lines(at: 0).map(ScoreView.plain)
        let main = try #require(plain.firstIndex { $0.hasPrefix(" ▶ 1 5 5 3") })
        #expect(plain[main - 1].hasPrefix("     ·"))
        #expect(!plain.contains { $0.contains("55") || $0.contains("-5") })
    }

    @Test func theSoundingNoteMovesAlongTheLine() {
        // Third crotchet of bar 1: the first 5.
        let melody = fixture.current(at: 0.5 + 0.01)
        #expect(highlights(melody) == ["5"])
        let lit = melody.range(of: ScoreView.melodyHighlight)!
        #expect(ScoreView.plain(String(melody[..<lit.lowerBound])) == " ▶ 1   1   ")
    }

    @Test func aHeldNoteStaysHighlightedThroughItsDash() {
        // Bar 2 beat 4 is the dash of "5 -": the 5 (a minim from beat 3) sounds.
        let melody = fixture.current(at: 1.8)
        #expect(highlights(melody) == ["5"])
        let lit = melody.range(of: ScoreView.melodyHighlight)!
        #expect(ScoreView.plain(String(melody[..<lit.lowerBound])) == " ▶ 1   1   5   5   | 6   6   ")
    }

    @Test func aRestBeingCountedIsHighlightedWithItsDash() {
        let fixture = Fixture("1=C\n4/4\n1 0 - 2 | R*2 | 3 - - - |\n")
        // Beat 3 of bar 1 is the dash after the rest.
        let line = fixture.current(at: 0.5 + 0.01)
        #expect(ScoreView.plain(line).hasPrefix(" ▶ 1 0 – 2 | ▬2▬ | 3 – – – ‖"))
        #expect(highlights(line) == ["0"])
        // Bar 3 lies in the two bars' rest.
        #expect(highlights(fixture.current(at: 2.5)) == ["▬2▬"])
        #expect(highlights(fixture.current(at: 3.5)) == ["3"])
    }

    @Test func aLineOfRestsIsShownAndFollowed() {
        let source = "1=C\n4/4\n1 2 3 4 |\n5 6 7 1' |\nNextPart\n1=C\n4/4\n0 0 0 0 |\n5, 5, 5, 5, |\n"
        let fixture = Fixture(source)
        #expect(ScoreView.plain(fixture.current(at: 0.3, part: 1)).hasPrefix(" ▶ 0 0 0 0 |"))
        #expect(highlights(fixture.current(at: 0.3, part: 1)) == ["0"])
    }

    @Test func theDisplayScrollsToTheLineBeingPlayed() {
        // A long melody: many lines; at its end, the first line is gone and the last is being played.
        let source = "1=C\n4/4\n" + String(repeating: "q1 q2 q3 q4 q5 q6 q7 q1' 2 3 4 5 | ", count: 30)
        let fixture = Fixture(source)
        let end = fixture.timeline.length.doubleValue - 0.01
        let plain = fixture.lines(at: end, rows: 12).map(ScoreView.plain)
        #expect(plain.contains { $0.hasPrefix(" ▶ ") && $0.hasSuffix("‖") })
        // Each line's bar number is on its own row, left of the music: bar 1's line is gone at the end.
        #expect(!plain.contains { $0.hasPrefix(" 1 ") })
        let start = fixture.lines(at: 0, rows: 12).map(ScoreView.plain)
        #expect(start.contains { $0.hasPrefix(" ▶ ") && !$0.hasSuffix("‖") })
        #expect(start.contains { $0.hasPrefix(" 1 ") })
    }

    @Test func nearTheEndEarlierLinesFillTheScreen() {
        let source = "1=C\n4/4\n" + String(repeating: "q1 q2 q3 q4 q5 q6 q7 q1' 2 3 4 5 | ", count: 8)
        let fixture = Fixture(source)
        let plain = fixture.lines(at: fixture.timeline.length.doubleValue - 0.01, rows: 30).map(ScoreView.plain)
        // The lines before the last one are shown above it, from bar 1's on.
        let current = plain.firstIndex { $0.hasPrefix(" ▶ ") }
        let first = plain.firstIndex { $0.hasPrefix(" 1 ") }
        #expect(first != nil && current != nil && first! < current!, "\(plain)")
        #expect(current.map { plain[$0].hasSuffix("‖") } == true)
    }

    @Test func aLineOpeningWithARestIsFollowed() {
        let fixture = Fixture("1=C\n4/4\n1 2 3 4 |\n0 5 6 7 |\n")
        #expect(ScoreView.plain(fixture.current(at: 1.1)).hasPrefix(" ▶ 1 2 3 4 | 0 5 6 7 ‖"))
        // The rest being counted is highlighted.
        #expect(highlights(fixture.current(at: 1.1)) == ["0"])
    }

    @Test func pausedAndTempoFactorAreShown() {
        let plain = fixture.lines(at: 1, factor: 1.1, paused: true).map(ScoreView.plain)
        #expect(plain[1].contains("paused"))
        #expect(plain[0].contains("♩=110 (110%)"))
        // At 110 % the whole piece takes 28.8 / 1.1 = 26.2 s.
        #expect(plain[1].contains("/ 0:26"))
    }

    @Test func linesFitTheScreenAtAnySize() {
        for (columns, rows) in [(100, 30), (80, 24), (40, 12), (20, 6), (10, 3), (1, 1), (200, 60)] {
            for position in stride(from: 0.0, through: 12.0, by: 0.3) {
                let lines = fixture.lines(at: position, columns: columns, rows: rows)
                #expect(lines.count <= max(rows, 1))
                for line in lines {
                    #expect(TerminalText.columns(of: ScoreView.plain(line)) <= max(columns, 10), "\(columns)x\(rows): \(line)")
                }
            }
        }
    }

    @Test func aNarrowScreenLaysTheLinesOutToItsWidth() {
        // Bar 4 (position 3.5: "1 -" of "2 2 1 -") is in a line of its own at 30 columns, whole bars to the bar line.
        let lines = fixture.lines(at: 3.6, columns: 30)
        let melody = lines.first { highlights($0).count == 1 && $0.contains(ScoreView.melodyHighlight) }!
        #expect(highlights(melody) == ["1"])
        #expect(ScoreView.plain(melody).contains("2   2   1 –"))
        for line in lines.map(ScoreView.plain) where line.hasPrefix(" ▶ ") {
            #expect(TerminalText.columns(of: line) <= 30 && (line.hasSuffix("|") || line.hasSuffix("‖")), "\(line)")
        }
    }

    @Test func wideTitlesAreCutByDisplayWidth() {
        let source = "title=贝加尔湖畔贝加尔湖畔贝加尔湖畔\n1=C\n4/4\n1 2 3 4 |\n"
        let lines = Fixture(source).lines(at: 0, columns: 20, rows: 10)
        #expect(TerminalText.columns(of: ScoreView.plain(lines[0])) <= 20)
        #expect(ScoreView.plain(lines[0]).hasPrefix(" 贝加尔湖畔"))
    }

    @Test func repeatsGoBackToTheRepeatedLine() {
        let source = "1=C\n4/4\nR{ 1 2 3 4 | 5 6 7 1' | }\n2 2 2 2 |\n"
        let fixture = Fixture(source)
        #expect(fixture.timeline.barStarts.count == 5)
        // Bar 3 is the first bar again.
        let lines = fixture.lines(at: 2.01)
        let melody = lines.first { $0.contains(ScoreView.melodyHighlight) }!
        #expect(ScoreView.plain(melody).hasPrefix(" ▶ ‖: 1 2 3 4 | 5 6 7 1 :‖ 2 2 2 2 ‖"))
        #expect(highlights(melody) == ["1"])
        #expect(ScoreView.plain(fixture.lines(at: 2.01)[1]).contains("bar 1/3, 2nd time"))
    }

    @Test func barCountingToleratesSeeksLandingJustBeforeTheBar() {
        #expect(fixture.view.bar(at: 1 - 1e-6) == PlayedBarIndex(1))
        #expect(fixture.view.bar(at: 0.99) == PlayedBarIndex(0))
        #expect(fixture.view.bar(at: 100) == PlayedBarIndex(11))
    }
}

@Suite struct PlayerKeysTests {
    @Test func keysMapToActions() {
        #expect(PlayerKeys.action(for: KeyEvent(.character(" "))) == .togglePause)
        #expect(PlayerKeys.action(for: KeyEvent(.character(" "), .release)) == nil)
        #expect(PlayerKeys.action(for: KeyEvent(.character(" "), .repeat)) == nil)
        #expect(PlayerKeys.action(for: KeyEvent(.left)) == .previousBar)
        #expect(PlayerKeys.action(for: KeyEvent(.right)) == .nextBar)
        #expect(PlayerKeys.action(for: KeyEvent(.right, .repeat)) == .nextBar)
        #expect(PlayerKeys.action(for: KeyEvent(.character("+"))) == .faster)
        #expect(PlayerKeys.action(for: KeyEvent(.character("-"))) == .slower)
        #expect(PlayerKeys.action(for: KeyEvent(.character("q"))) == .quit)
        #expect(PlayerKeys.action(for: KeyEvent(.control("c"))) == .quit)
        #expect(PlayerKeys.action(for: KeyEvent(.escape)) == .quit)
        #expect(PlayerKeys.action(for: KeyEvent(.character("x"))) == nil)
    }

    @Test func decodedBytesGiveTheActions() {
        var decoder = KeyDecoder()
        let events = decoder.events(from: Array(" \u{1B}[C\u{1B}[D+-q".utf8) + [3])
        #expect(events.compactMap(PlayerKeys.action(for:)) == [.togglePause, .nextBar, .previousBar, .faster, .slower, .quit, .quit])
    }

    @Test func tempoStepsAreClampedAndComeBackToOne() {
        #expect(abs(PlayerKeys.steppedTempo(1, faster: true) - 1.1) < 1e-9)
        #expect(PlayerKeys.steppedTempo(PlayerKeys.steppedTempo(1, faster: true), faster: false) == 1)
        var factor = 1.0
        for _ in 0..<100 { factor = PlayerKeys.steppedTempo(factor, faster: true) }
        #expect(factor == PlayerKeys.tempoRange.upperBound)
        for _ in 0..<100 { factor = PlayerKeys.steppedTempo(factor, faster: false) }
        #expect(factor == PlayerKeys.tempoRange.lowerBound)
    }
}

@Suite struct BjehpViewTests {
    static let root = PackageFolder.root

    @Test func aSeekToALineOpeningWithARestShowsThatLine() throws {
        let path = Self.root.appendingPathComponent("Scores/bjehp.jp").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let fixture = Fixture(source)
        let bar13 = fixture.timeline.barStarts[12].doubleValue
        for position in [bar13 - 1e-6, bar13, bar13 + 0.01, bar13 + 0.2] {
            let lines = fixture.lines(at: position).map(ScoreView.plain)
            let current = lines.filter { $0.hasPrefix(" ▶ ") }
            #expect(current.first?.hasPrefix(" ▶ 0 3 3 6·   5 |") == true, "\(position): \(current)")
        }
    }
}
