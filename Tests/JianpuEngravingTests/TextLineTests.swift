import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Testing

@testable import JianpuEngraving

/// The play screen's lines: every part's rows over the same time, as the page's systems.
@Suite("The text form's lines: parts aligned by time, laid out to a width")
struct TextLineTests {
    /// Every line of `score` laid out `width` wide.
    static func lines(_ score: Score, width: Int) -> [TextLine] {
        let text = TextScore(score: score, timeline: nil)
        let breaks = text.breaks(width: width)
        return text.lines(0..<breaks.lines.count, of: breaks)
    }

    /// Where each written event of each part is, in written time, and how many characters come before its digit.
    static func written(_ score: Score) -> [JianpuCore.SourceLocation: (onset: WholeNotes, lead: Int)] {
        var result: [JianpuCore.SourceLocation: (onset: WholeNotes, lead: Int)] = [:]
        for (m, movement) in score.movements.enumerated() {
            WrittenScore(movement).readBars(of: movement, movementIndex: m) { _, bar in
                for event in bar.events { result[event.location] = (event.onset, TextEngraving.cell(event).lead) }
            }
        }
        return result
    }

    /// Fails when two parts have events at the same written time in different columns of a line;
    /// returns how many onsets were shared.
    @discardableResult
    static func expectAligned(_ score: Score, width: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let places = written(score)
        var shared = 0
        for line in lines(score, width: width) {
            var columns: [WholeNotes: (part: Int, column: Int)] = [:]
            for (part, system) in line.parts.enumerated() {
                for (location, span) in system.spans {
                    guard let place = places[location] else { continue }
                    let column = span.lowerBound + place.lead
                    if let other = columns[place.onset], other.part != part {
                        shared += 1
                        #expect(
                            other.column == column, "at \(place.onset): part \(other.part) in column \(other.column), part \(part) in \(column)\n\(line.parts.map(\.main).joined(separator: "\n"))",
                            sourceLocation: sourceLocation)
                    } else {
                        columns[place.onset] = (part, column)
                    }
                }
            }
        }
        return shared
    }

    @Test("Frère Jacques: the canon enters after its two bars' rest, its notes under the melody's at the same time", arguments: [30, 60, 100])
    func canonIsAligned(width: Int) throws {
        let score = try EngravingSupport.shipped("frere-jacques.jp")
        #expect(Self.expectAligned(score, width: width) > 20)
        // The second part's first note is under the melody's bar 3: the rest stands for bars 1 and 2.
        let first = try #require(Self.lines(score, width: 100).first)
        let melody = Array(first.parts[0].main), canon = Array(first.parts[1].main)
        let barLines = melody.indices.filter { melody[$0] == "|" }
        let entry = try #require(canon.firstIndex { $0.isNumber && $0 != "2" })
        try #require(barLines.count >= 3)
        #expect(canon.contains("▬") && entry > barLines[1] && entry < barLines[2], "\(first.parts.map(\.main))")
        #expect(melody[entry] == "3")
    }

    @Test("parts whose bars differ in length: each part's bar lines where they fall, notes played together in one column")
    func differentBarLengths() throws {
        let score = try EngravingSupport.score("2/4\n1 2 | 3 4 | 5 6 | 7 1' |\nNextPart\n4/4\n1, - 5, - | q1, q2, q3, q4, 5, 6, |\n")
        #expect(Self.expectAligned(score, width: 80) == 8)
        let line = try #require(Self.lines(score, width: 80).first)
        #expect(line.parts[0].main.filter { $0 == "|" || $0 == "‖" }.count == 4)
        #expect(line.parts[1].main.filter { $0 == "|" || $0 == "‖" }.count == 2)
        // The first part's bar line after `3 4` and the second's after its first bar are in one column.
        let melody = Array(line.parts[0].main), bass = Array(line.parts[1].main)
        let melodyLines = melody.indices.filter { melody[$0] == "|" }, bassLines = bass.indices.filter { bass[$0] == "|" }
        #expect(bassLines.first == melodyLines.dropFirst().first)
    }

    @Test("lines are laid out to the width: no digits' row wider, more lines when narrower", arguments: [16, 24, 40, 80])
    func reflowRespectsTheWidth(width: Int) throws {
        let score = try EngravingSupport.score(
            "4/4\n" + String(repeating: "1 2 q3 q4 5 | 6 - 5 4 | ", count: 12) + "\nNextPart\n4/4\n" + String(repeating: "q1, q5, q3, q5, 1, 5, | 4, - 5, - | ", count: 12) + "\n")
        let lines = Self.lines(score, width: width)
        for line in lines {
            for system in line.parts { #expect(TerminalText.columns(of: system.main) <= width, "\(system.main)") }
        }
        #expect(lines.count >= 24 * 10 / width, "\(lines.count) lines of \(width)")
        if width == 80 { #expect(lines.count < Self.lines(score, width: 24).count) }
        Self.expectAligned(score, width: width)
    }

    @Test("a bar wider than the line is broken between its events")
    func wideBarIsBroken() throws {
        let score = try EngravingSupport.score("KeepLength\n100/4 " + String(repeating: "1 ", count: 100) + "|\n")
        let lines = Self.lines(score, width: 30)
        #expect(lines.count > 5)
        #expect(lines.allSatisfy { TerminalText.columns(of: $0.parts[0].main) <= 30 })
        #expect(lines.reduce(0) { $0 + $1.parts[0].spans.count } == 100)
    }

    @Test("endings have volta brackets: the label over the first bar of each, a hook where the first closes")
    func voltaBrackets() throws {
        let score = try EngravingSupport.score("4/4\nR{ 1 2 3 4 | } A{ 5 6 7 1' | 1 - - - }\n")
        let line = try #require(Self.lines(score, width: 80).first)
        let voltas = try #require(line.voltas)
        #expect(voltas.contains("┌1.") && voltas.contains("┌2."), "\(voltas)")
        #expect(voltas.contains("┐"), "\(voltas)")
        // The first bracket starts over the first ending's first note.
        let label = try #require(voltas.range(of: "┌1."))
        let column = voltas.distance(from: voltas.startIndex, to: label.lowerBound)
        let main = Array(line.parts[0].main)
        #expect(main.indices.contains(column + 1) && main[column...].first { $0 != " " } == "5", "\(voltas)\n\(line.parts[0].main)")
    }

    @Test("each line knows the printed number of its first bar")
    func lineNumbers() throws {
        let score = try EngravingSupport.score("4/4\n" + String(repeating: "1 2 3 4 | ", count: 8) + "\n")
        let lines = Self.lines(score, width: 22)
        #expect(lines.map(\.number) == [1, 3, 5, 7])
    }

    @Test("the opening read with the columns draws the first lines as reading the score again does")
    func openingDrawsAsAFreshRead() throws {
        let score = try EngravingSupport.score(
            "4/4\n" + String(repeating: "1 ( 2 3 4 | 5 ) 6 7 1' ~ | 1' q2 q3 4 5 | ", count: 400)
                + "\nNextPart\n4/4\n" + String(repeating: "1, - 5, - | 1, 5, 3, 5, | 4, - - - | ", count: 400) + "\n")
        let text = TextScore(score: score, timeline: nil)
        let breaks = text.breaks(width: 60)
        let opening = try #require(text.opening)
        #expect(text.holds(opening, lines: 0..<40, of: breaks))
        #expect(!text.holds(opening, lines: 0..<breaks.lines.count, of: breaks), "the opening holds a few screens, not the score")
        #expect(text.lines(0..<40, of: breaks, in: opening) == text.lines(0..<40, of: breaks))
        #expect(text.lines(10..<30, of: breaks, in: opening) == text.lines(10..<30, of: breaks))
    }

    /// Two parts of one wide bar each, with slurs, ties, grace notes, tuplets, dynamics and lyrics
    /// across the places where the bar is cut into pieces.
    static let wideBars =
        "KeepLength\n220/4 " + String(repeating: "1 ( 2 3 ) 4 ~ 4 g[5] 6 3[ 1 2 3 ] \\p 5 - 7 ", count: 20) + "|\n"
        + "L: " + String(repeating: "la ", count: 160) + "\nNextPart\nKeepLength\n220/4 " + String(repeating: "1, 5, ", count: 110) + "|\n"

    @Test("a wide bar read in pieces is handed on whole in order: every event once, as read whole, no piece more than twice the size asked")
    func wideBarInPieces() throws {
        let score = try EngravingSupport.score(Self.wideBars)
        let movement = try #require(score.movements.first)
        func events(piece: Int?) -> (events: [[String]], largest: Int, bars: Int) {
            var events: [[String]] = [[], []], largest = 0, bars = 0
            WrittenScore(movement).readBars(of: movement, movementIndex: 0, piece: piece) { part, bar in
                largest = max(largest, bar.events.count)
                if !bar.continued { bars += 1 }
                for event in bar.events {
                    events[part].append(
                        "\(event.location) \(event.onset) \(event.tiedToNext) \(event.tiedFromPrevious) \(event.graceBefore.count) "
                            + "\(event.tuplet?.count ?? 0) \(event.dynamic ?? "") \(event.lyrics.map(\.text)) \(bar.number)")
                }
            }
            return (events, largest, bars)
        }
        let whole = events(piece: nil), pieces = events(piece: 5)
        #expect(whole.largest > 200)
        #expect(pieces.largest <= 10 && pieces.largest >= 5)
        #expect(pieces.bars == whole.bars)
        #expect(pieces.events == whole.events)
        #expect(whole.events[0].contains { $0.contains("[\"la\"]") })
    }

    @Test("lines of a wide bar read in pieces are drawn as from the bar read whole, and a window holds only its lines' events", arguments: [24, 60, 100])
    func wideBarLinesFromPieces(width: Int) throws {
        let score = try EngravingSupport.score(Self.wideBars)
        let pieces = TextScore(score: score, timeline: nil, piece: 5), whole = TextScore(score: score, timeline: nil, piece: nil)
        let breaks = pieces.breaks(width: width)
        #expect(breaks.lines == whole.breaks(width: width).lines)
        #expect(breaks.lines.count > 4)
        let all = 0..<breaks.lines.count
        #expect(pieces.lines(all, of: breaks) == whole.lines(all, of: breaks))
        let middle = breaks.lines.count / 2
        let range = middle..<(middle + 2)
        #expect(pieces.lines(range, of: breaks) == whole.lines(range, of: breaks))
        #expect(pieces.lines(range, of: breaks, in: pieces.opening) == whole.lines(range, of: breaks, in: whole.opening))
        // The window under two lines holds their events only, not the bar's.
        let window = try #require(pieces.window(range, of: breaks))
        let held = window.parts.joined().reduce(0) { $0 + $1.events.count }
        let shown = pieces.lines(range, of: breaks).reduce(0) { $0 + $1.parts.reduce(0) { $0 + $1.spans.count } }
        #expect(held <= shown && held > 0, "\(held) events held for \(shown) shown")
    }
}
