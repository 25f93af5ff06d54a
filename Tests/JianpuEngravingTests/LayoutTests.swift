import Foundation
import JianpuCore
import JianpuPrint
import Testing

@testable import JianpuEngraving

/// Systems worth printing: as many bars as fit, the last ones balanced, a wide bar carried over lines.
@Suite("Layout of systems and pages")
struct LayoutTests {
    /// The printed bar numbers of each system, in order (from the bar areas, a system's by its top).
    static func barsBySystem(_ engraving: Engraving) -> [[Int]] {
        engraving.pages.flatMap { page in
            page.systems.map { system in
                page.bars.filter { abs($0.rect.y - system.rect.y) < 0.01 }.map(\.number)
            }
        }
    }

    @Test("a 24-bar song of two parts (bjehp) fits one A4 page at the default size, as LilyPond prints it")
    func bjehpOnOnePage() throws {
        let engraving = EngravingSupport.engrave(try EngravingSupport.shipped("bjehp.jp"))
        #expect(engraving.pages.count == 1)
        let systems = Self.barsBySystem(engraving)
        #expect(systems.flatMap { $0 } == Array(1...24))
        #expect(systems.allSatisfy { $0.count >= 4 }, "\(systems)")
    }

    @Test("the last system has more than one bar: bars of the line before come down to balance it")
    func noLoneLastBar() throws {
        // Nine plain bars: as many as fit on a line leave one for the last.
        let bars = Array(repeating: "1 2 3 4 | 5 6 7 1' |", count: 5).joined(separator: " ")
        for count in [9, 11] {
            let text = "1=C\n4/4\n" + bars.split(separator: "|").prefix(count).joined(separator: "|") + "|\n"
            let systems = Self.barsBySystem(EngravingSupport.engrave(try EngravingSupport.score(text)))
            #expect(systems.count >= 2)
            #expect((systems.last?.count ?? 0) >= 2, "\(systems)")
        }
    }

    @Test("a bar wider than the line goes on over several systems, cut at notes, with no bar line at a cut, all within the page")
    func wideBarBrokenAcrossSystems() throws {
        let notes = Array(repeating: "q1 q2 q3 q4 q5 q6 q7 q1'", count: 40).joined(separator: " ")
        // One bar of 320 quavers (a meter of 160 crotchets) in each of two parts.
        let text = "1=C\n160/4\n\(notes) |\nNextPart\n1=C\n160/4\n\(notes) |\n"
        let engraving = EngravingSupport.engrave(try EngravingSupport.score(text))
        let glyphs = engraving.pages.flatMap(\.glyphs)
        #expect(glyphs.filter { $0.role == .note }.count == 2 * 320)
        let systems = engraving.pages.flatMap(\.systems)
        #expect(systems.count > 3)
        let options = EngravingOptions()
        for glyph in glyphs where glyph.role != .pageNumber {
            #expect(glyph.at.x >= options.margin - 30 && glyph.at.x <= engraving.width - options.margin + 0.5, "\(glyph.role) at \(glyph.at.x)")
        }
        // Two parts: a final double line each, none where the wide bar is cut.
        #expect(glyphs.filter { $0.role == .barLine }.count == 2 * 2)
        // Notes of the two parts at the same onset still share an x on every system.
        let (bad, _) = try PartAlignmentTests.misaligned(try EngravingSupport.score(text))
        #expect(bad.isEmpty, "\(bad.prefix(3))")
    }

    @Test("a tuplet of crotchets keeps its bracket in a full line")
    func tupletBracketHolds() throws {
        let text = "1=C\n4/4\n" + Array(repeating: "3[ 1 2 3 ] 4 5 |", count: 8).joined(separator: " ") + "\n"
        let glyphs = EngravingSupport.engrave(try EngravingSupport.score(text)).pages.flatMap(\.glyphs)
        let brackets = glyphs.filter {
            if case .polyline = $0.shape { return $0.role == .tuplet }; return false
        }
        #expect(brackets.count == 2 * 8)
    }

    @Test("the underlines of neighbouring beats' quavers stay apart in a full line")
    func underlinesOfBeatsApart() throws {
        let text = "1=C\n4/4\n" + Array(repeating: "q1 q2 q3 q4 q5 q6 q7 q1' |", count: 12).joined(separator: " ") + "\n"
        let glyphs = EngravingSupport.engrave(try EngravingSupport.score(text)).pages.flatMap(\.glyphs)
        let lines = glyphs.compactMap { glyph -> (y: Double, x1: Double, x2: Double)? in
            guard glyph.role == .underline, case .line(let to, _) = glyph.shape else { return nil }
            return (glyph.at.y, glyph.at.x, to.x)
        }
        #expect(lines.count == 12 * 4)
        let size = EngravingOptions().size
        for row in Dictionary(grouping: lines, by: { ($0.y * 100).rounded() }).values {
            let sorted = row.sorted { $0.x1 < $1.x1 }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                #expect(b.x1 - a.x2 >= 0.2 * size, "underlines \(a.x2) and \(b.x1) nearly touch")
            }
        }
    }
}
