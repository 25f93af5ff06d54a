import Foundation
import FoundationXML
import JianpuEngraving
import Testing

@Suite("Ties and slurs drawn as arcs")
struct ArcEngravingTests {
    /// Ties and slurs marked after dashes, from a tied note and over a bar line; one system.
    static let text = "4/4\n1 - ~ 1 2 | 3 - ( 4 ) 5 | 6 - ~ 6 ( 7 | 1' - ) - - |\n"

    @Test("each tie and slur runs from over its first note head to over the next one, never from a dash")
    func arcsJoinNoteHeads() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score(Self.text)))
        // Note heads in written order: 1 1~ 2 3 4 5 6 6~ 7 1'.
        let heads = try EngravingSupport.elements(svg, class: "note") + EngravingSupport.elements(svg, class: "tied")
        let xs = heads.map { EngravingSupport.number($0, "x") }.sorted()
        try #require(xs.count == 10)
        let headY = heads.map { EngravingSupport.number($0, "y") }.min() ?? 0
        let half = 0.35 * EngravingSupport.number(heads[0], "font-size")
        let dashes = try EngravingSupport.elements(svg, class: "dash").map { (EngravingSupport.number($0, "x1"), EngravingSupport.number($0, "x2")) }
        try #require(dashes.count == 6)
        func joined(_ cls: String) throws -> [[Int]] {
            try EngravingSupport.elements(svg, class: cls).map { arc in
                let numbers = (arc.attributes["d"] ?? "").split(whereSeparator: { " MQ".contains($0) }).compactMap { Double($0) }
                guard numbers.count == 6 else { return [] }
                let ends = [(numbers[0], numbers[1]), (numbers[4], numbers[5])]
                for (x, y) in ends {
                    #expect(y < headY - half, "the \(cls) ends at y \(y), not over the digits (baseline \(headY))")
                    #expect(!dashes.contains { x >= $0.0 - 1 && x <= $0.1 + 1 }, "the \(cls) ends over a dash at x \(x)")
                }
                // The head each end lies over.
                return ends.compactMap { end in xs.firstIndex { abs($0 - end.0) <= half } }
            }
        }
        #expect(try joined("tie").sorted { $0.first ?? 0 < $1.first ?? 0 } == [[0, 1], [6, 7]])
        #expect(try joined("slur").sorted { $0.first ?? 0 < $1.first ?? 0 } == [[3, 4], [7, 9]])
    }
}
