import Foundation
import JianpuScan
import Testing

/// How read symbols become a score: parts, repeats and endings, ties and slurs, meter changes.
/// Pages are built here symbol by symbol, so each rule is checked apart from the drawing.
@Suite("Score structure from symbols")
struct StructureTests {
    /// A bar at `x` of a row whose digits' tops are at `y`: a digit every 20 points.
    static func bar(_ degrees: [Int], at x: Double, y: Double = 100, extra: [ScannedSymbol] = []) -> ScannedBar {
        let symbols = degrees.enumerated().map { ScannedSymbol(.digit($1), box: Box(x: x + Double($0) * 20, y: y, width: 9, height: 17)) }
        return ScannedBar(box: Box(x: x, y: y, width: 90, height: 17), symbols: symbols + extra)
    }

    static func page(_ systems: [[[ScannedBar]]]) -> ScannedPage {
        var page = ScannedPage(number: 1, width: 595, height: 842)
        page.heading.key = "C"
        page.heading.meter = (4, 4)
        page.systems = systems.map { rows in
            ScannedSystem(rows: rows.map { ScannedRow(box: Box(x: 0, y: $0.first?.box.y ?? 0, width: 400, height: 17), bars: $0) })
        }
        return page
    }

    /// The music lines of the text: no comments, headers or blank lines.
    static func music(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("%") && !$0.contains("=") && !$0.hasSuffix("/4") }
    }

    @Test("with no meter read, the score takes the one most bars fill, a short first bar its pickup")
    func meterFromTheBars() throws {
        var page = Self.page([[[Self.bar([5], at: 0), Self.bar([1, 2, 3], at: 40), Self.bar([3, 2, 1], at: 120), Self.bar([2, 3], at: 200)]]])
        page.heading.meter = nil
        let result = ScoreAssembler.score([page])
        #expect(result.text.contains("\n3/4,4\n5 | 1 2 3 | 3 2 1 | 2 3 |"), "\(result.text)")
        #expect(result.warnings.map(\.description).contains { $0.contains("no meter found: read as 3/4, the length of most bars") })
    }

    @Test("the rows of a system are parts, and a part with nothing in a bar rests through it")
    func twoParts() {
        let upper = [Self.bar([1, 2, 3, 4], at: 0), Self.bar([5, 6, 7, 1], at: 100)]
        let lower = [Self.bar([3, 4, 5, 6], at: 100, y: 140)]
        let result = ScoreAssembler.score([Self.page([[upper, lower]])])
        #expect(result.text.contains("NextPart"))
        let lines = Self.music(result.text)
        #expect(lines.contains { $0.hasPrefix("1 2 3 4 | 5 6 7 1") })
        #expect(lines.contains { $0.hasPrefix("0 0 0 0 | 3 4 5 6") })
        #expect(result.warnings.isEmpty)
    }

    @Test("a repeat sign and two endings become a repeat with its alternatives")
    func repeatsAndEndings() {
        var first = Self.bar([1, 2, 3, 4], at: 0), second = Self.bar([5, 5, 5, 5], at: 100), third = Self.bar([6, 6, 6, 6], at: 200)
        first.startsRepeat = true
        second.ending = 1
        second.endsRepeat = true
        third.ending = 2
        let result = ScoreAssembler.score([Self.page([[[first, second, third]]])])
        let text = Self.music(result.text).joined(separator: " ")
        #expect(text.contains("R{") && text.contains("A{"))
        #expect(text.contains("5 5 5 5") && text.contains("6 6 6 6"))
    }

    @Test("endings with no repeat sign anywhere are let go: the bars are played once, in order")
    func endingsWithoutRepeat() {
        var second = Self.bar([5, 5, 5, 5], at: 100)
        second.ending = 1
        let result = ScoreAssembler.score([Self.page([[[Self.bar([1, 2, 3, 4], at: 0), second]]])])
        let text = Self.music(result.text).joined(separator: " ")
        #expect(!text.contains("R{") && !text.contains("A{"))
        #expect(text.contains("1 2 3 4 | 5 5 5 5"))
    }

    @Test("an arc between two notes of one pitch is a tie; between two pitches it is a slur and changes nothing")
    func tiesAndSlurs() {
        let arc = ScannedSymbol(.tie, box: Box(x: 65, y: 90, width: 20, height: 4))
        // The arc is read as belonging to the digit it starts at: after that digit in the bar's symbols.
        func bar(_ degrees: [Int]) -> ScannedBar {
            var bar = Self.bar(degrees, at: 0)
            bar.symbols.insert(arc, at: 4)
            return bar
        }
        let tied = ScoreAssembler.score([Self.page([[[bar([1, 2, 3, 4]), Self.bar([4, 5, 6, 7], at: 100)]]])])
        #expect(Self.music(tied.text).joined(separator: " ").contains("4 ~ | 4"))
        let slurred = ScoreAssembler.score([Self.page([[[bar([1, 2, 3, 4]), Self.bar([5, 5, 6, 7], at: 100)]]])])
        #expect(!slurred.text.contains("~"))
    }

    @Test("a meter among the notes changes the meter from its bar on, and bars are checked against it")
    func meterChange() {
        let change = ScannedSymbol(.meter(3, 4), box: Box(x: 95, y: 95, width: 8, height: 30))
        let result = ScoreAssembler.score([
            Self.page([
                [
                    [
                        Self.bar([1, 2, 3, 4], at: 0), Self.bar([5, 6, 7], at: 100, extra: [change]),
                        Self.bar([1, 1, 1], at: 200),
                    ]
                ]
            ])
        ])
        #expect(result.text.contains("3/4"))
        #expect(result.warnings.isEmpty)
    }
}
