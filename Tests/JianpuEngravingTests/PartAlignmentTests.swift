import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuPrint
import Testing

@testable import JianpuEngraving

/// Parts aligned by time: the same written onset, the same column, as LilyPond aligns staves.
@Suite("Parts aligned by time")
struct PartAlignmentTests {
    /// Each written event of the score's movements by id: its part and written onset (repeats once).
    static func onsets(of score: Score) -> [String: (part: Int, movement: Int, onset: WholeNotes)] {
        var onsets: [String: (part: Int, movement: Int, onset: WholeNotes)] = [:]
        for (index, movement) in score.movements.enumerated() {
            for (part, bars) in WrittenScore(movement).bars(of: movement, movementIndex: index).enumerated() {
                for event in bars.flatMap(\.events) { onsets[event.id] = (part, index, event.onset) }
            }
        }
        return onsets
    }

    /// Pairs of note or rest elements of different parts written at the same onset whose x differ
    /// (read from the SVG by their event ids), and how many such pairs there are in all.
    static func misaligned(_ score: Score) throws -> (bad: [String], pairs: Int) {
        let svg = SVGWriter.svg(EngravingSupport.engrave(score))
        let onsets = onsets(of: score)
        var xs: [String: Double] = [:]
        for name in ["note", "rest"] {
            for element in try EngravingSupport.elements(svg, class: name) where !element.classes.contains("grace") {
                guard let id = element.attributes["data-event"] else { continue }
                xs[id] = EngravingSupport.number(element, "x")
            }
        }
        // By movement and onset: the x of each part's event there.
        var columns: [String: [(part: Int, x: Double, id: String)]] = [:]
        for (id, x) in xs {
            guard let written = onsets[id] else { continue }
            columns["\(written.movement) \(written.onset)", default: []].append((written.part, x, id))
        }
        var bad: [String] = [], pairs = 0
        for (onset, events) in columns {
            for a in events {
                for b in events where a.part < b.part {
                    pairs += 1
                    if abs(a.x - b.x) > 0.01 { bad.append("\(a.id) at \(a.x) and \(b.id) at \(b.x), both at \(onset)") }
                }
            }
        }
        return (bad.sorted(), pairs)
    }

    @Test(
        "on every shipped score of several parts, events of different parts at the same onset share an x",
        arguments: EngravingSupport.shippedScores)
    func shippedScoresAligned(name: String) throws {
        let score = try EngravingSupport.shipped(name)
        try #require(score.movements.contains { $0.parts.count > 1 })
        let (bad, pairs) = try Self.misaligned(score)
        #expect(pairs > 0)
        #expect(bad.isEmpty, "\(bad.prefix(5))")
    }

    static let fixtures: [(name: String, text: String)] = [
        (
            "a canon entering after a two-bar rest",
            """
            1=C
            4/4
            1 2 3 1 | 1 2 3 1 | 3 4 5 - | 3 4 5 - | 5 6 5 4 | 3 1 - - |
            NextPart
            1=C
            4/4
            R*2
            1 2 3 1 | 1 2 3 1 | 3 4 5 - | 3 4 5 - |
            """
        ),
        (
            "3/4 against 6/8",
            """
            1=C
            3/4
            1 2 3 | 4 5 6 | q7 q1' q2' q3' q4' q5' | 1' - - |
            NextPart
            1=C
            6/8
            q1 q2 q3 q4 q5 q6 | 5. 3. | q5 q4 q3 q2 q1 q7, | 1. 1. |
            """
        ),
        (
            "3/4 against 4/4, bar lines where each part's fall",
            """
            1=C
            3/4
            1 2 3 | 4 5 6 | 7 1' 2' | 3' 4' 5' |
            NextPart
            1=C
            4/4
            1 1 1 1 | 2 2 2 2 | 3 3 3 3 |
            """
        ),
        (
            "a part written without bar lines",
            """
            1=C
            4/4
            1 2 3 4 | 5 6 7 1' | q1' q7 q6 q5 q4 q3 q2 q1 | 1 - - - |
            NextPart
            1=C
            4/4
            1 - 5 - 1 - 5 - q1 q1 q1 q1 q1 q1 q1 q1 1 - - -
            """
        ),
    ]

    @Test("small scores whose parts' bars differ keep onsets aligned", arguments: fixtures.map(\.name))
    func fixturesAligned(name: String) throws {
        let text = try #require(Self.fixtures.first { $0.name == name }).text
        let (bad, pairs) = try Self.misaligned(try EngravingSupport.score(text))
        #expect(pairs >= 4)
        #expect(bad.isEmpty, "\(bad.prefix(5))")
    }

    @Test("a multibar rest against played bars is as wide as the bars it stands for, centred between its bar lines")
    func multibarRestAsWideAsItsBars() throws {
        let text = try #require(Self.fixtures.first { $0.name.hasPrefix("a canon") }).text
        let glyphs = EngravingSupport.engrave(try EngravingSupport.score(text)).pages.flatMap(\.glyphs)
        let rest = try #require(
            glyphs.first {
                if case .line = $0.shape { return $0.role == .multibarRest }; return false
            })
        guard case .line(let to, _) = rest.shape else { return }
        // The first part's notes of bars 1 and 2 are under the rest's span; its centre lies between them.
        let melody = glyphs.filter { $0.role == .note && $0.note?.event.contains("p0") == true }.map(\.at.x).sorted()
        let (first, fifth) = (melody[0], melody[4])
        let centre = (rest.at.x + to.x) / 2
        #expect(centre > first && centre < fifth)
        // The second part's bar line after the rest is where the first part's bar 2 ends.
        let lines = glyphs.filter { $0.role == .barLine }
        let melodyLine = try #require(lines.first { $0.bar == 2 }).at.x
        #expect(lines.filter { abs($0.at.x - melodyLine) < 0.01 }.count == 2, "one line for each part at \(melodyLine)")
    }

    @Test("where parts' bars differ, each part's bar lines are drawn where its bars end")
    func barLinesPerPart() throws {
        let text = try #require(Self.fixtures.first { $0.name.hasPrefix("3/4 against 4/4") }).text
        let glyphs = EngravingSupport.engrave(try EngravingSupport.score(text)).pages.flatMap(\.glyphs)
        let notes = glyphs.filter { $0.role == .note }
        let barLines = glyphs.filter { $0.role == .barLine }
        let upperBaseline = try #require(notes.first { $0.note?.event.contains("p0") == true }).at.y
        let lowerBaseline = try #require(notes.first { $0.note?.event.contains("p1") == true }).at.y
        func lines(near baseline: Double) -> [Double] { barLines.filter { $0.at.y < baseline && baseline < $0.at.y + 20 }.map(\.at.x) }
        // 3/4: lines after every three crotchets; 4/4: after every four. Twelve beats: 4 and 3 lines,
        // the last one a final double line.
        #expect(lines(near: upperBaseline).count == 4 + 1)
        #expect(lines(near: lowerBaseline).count == 3 + 1)
        // A 4/4 bar line lies between the 3/4 part's notes of beats 4 and 5.
        let upper = notes.filter { $0.note?.event.contains("p0") == true }.map(\.at.x).sorted()
        let lowerLines = lines(near: lowerBaseline).sorted()
        #expect(lowerLines[0] > upper[3] && lowerLines[0] < upper[4])
    }
}
