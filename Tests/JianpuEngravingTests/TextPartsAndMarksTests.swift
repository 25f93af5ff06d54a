import Foundation
import JianpuCore
import JianpuNotation
import Testing

@testable import JianpuEngraving

/// The play screen follows the page's rules where a terminal can: every part has its row on every line
/// (a one-bar repeat goes on in percent signs, a multibar rest shows its count on each line it spans),
/// and the marks performers read are characters around the digits.
@Suite("The text form: every part on every line, performers' marks as characters")
struct TextPartsAndMarksTests {
    @Test(
        "Frère Jacques: the cello's R18{ one bar } has its row on every line, a percent sign a bar after its first",
        arguments: [30, 60, 100])
    func percentRepeatOnEveryLine(width: Int) throws {
        let score = try EngravingSupport.shipped("frere-jacques.jp")
        let lines = TextLineTests.lines(score, width: width)
        #expect(lines.count > 1)
        for (index, line) in lines.enumerated() {
            for (part, system) in line.parts.enumerated() {
                #expect(!system.main.isEmpty, "line \(index + 1), part \(part + 1) has no row:\n\(line.parts.map(\.main).joined(separator: "\n"))")
            }
        }
        // The cello's written bar once, then a percent sign in each bar after it up to the other parts' end (10 bars).
        let cello = lines.map { $0.parts[2].main }.joined()
        #expect(cello.filter { $0 == "%" }.count == 9, "\(cello)")
        #expect(!cello.contains("‖:") && cello.hasSuffix("‖"), "\(cello)")
        // Each percent sign sits between two of its part's bar lines, under the melody's music.
        TextLineTests.expectAligned(score, width: width)
    }

    @Test("a multibar rest cut by line breaks shows on each line, with the count of its bars there", arguments: [24, 40, 60])
    func multibarRestOnEachLine(width: Int) throws {
        let score = try EngravingSupport.score(
            """
            4/4
            1 2 3 4 | 5 6 7 1' | 1 2 3 4 | 5 6 7 1' | 1 2 3 4 | 5 6 7 1' | 1 2 3 4 | 5 6 7 1' | 1 2 3 4 | 5 6 7 1' |
            NextPart
            4/4
            1 - - - | R*8 | 1 - - - |
            """)
        let lines = TextLineTests.lines(score, width: width)
        #expect(lines.count > 1, "the test needs the rest cut")
        var counts: [Int] = []
        for line in lines {
            let row = line.parts[1].main
            #expect(!row.isEmpty, "a line without the rest's row:\n\(line.parts.map(\.main).joined(separator: "\n"))")
            if let match = row.firstMatch(of: /▬(\d+)▬/), let count = Int(match.1) { counts.append(count) }
        }
        #expect(counts.count > 1 && counts.reduce(0, +) == 8, "counts per line \(counts)")
    }

    @Test("fermata, accent, staccato and tenuto over their digit, a breath mark after its note, the rehearsal mark boxed over")
    func articulationsOverTheirDigits() throws {
        let score = try EngravingSupport.score(
            """
            4/4
            letterA 1 \\fermata 2 \\accent 3 \\staccato 4 \\tenuto | 5 \\breathe 6 - - \\fermata |
            """)
        let line = try #require(TextLineTests.lines(score, width: 80).first)
        let system = line.parts[0]
        let main = Array(system.main)
        func column(_ character: Character, in row: String) -> Int? { Array(row).firstIndex(of: character) }
        let digits = main.indices.filter { main[$0].isNumber }
        try #require(digits.count == 6)
        let marks = try #require(system.above.first { $0.contains(Articulation.fermata.character) })
        #expect(column(Articulation.fermata.character, in: marks) == digits[0], "\(system.above)\n\(system.main)")
        #expect(column(Articulation.accent.character, in: marks) == digits[1])
        #expect(column(Articulation.staccato.character, in: marks) == digits[2])
        #expect(column(Articulation.tenuto.character, in: marks) == digits[3])
        // The breath mark right after the 5, before the 6; the last fermata over the last dash.
        let breath = try #require(column(Articulation.breathe.character, in: marks))
        #expect(breath > digits[4] && breath < digits[5])
        #expect(Array(marks).lastIndex(of: Articulation.fermata.character) == main.lastIndex(of: "–"))
        #expect(system.above.contains { $0.contains("[A]") })
    }

    @Test("dynamics under their digit, hairpins between the notes they join, one going on over a line break")
    func dynamicsAndHairpins() throws {
        let score = try EngravingSupport.score(
            """
            4/4
            1 \\p 2 \\< 3 4 | 5 \\f 6 \\> 7 1' \\! | 1 2 3 4 \\< | 5 6 7 1' | 1' - - - \\! |
            """)
        let lines = TextLineTests.lines(score, width: 24)
        let first = try #require(lines.first).parts[0]
        let main = Array(first.main)
        let digits = main.indices.filter { main[$0].isNumber }
        let row = try #require(first.below.first { $0.contains("p") })
        let chars = Array(row)
        #expect(chars[digits[0]] == "p", "\(first.main)\n\(row)")
        // The crescendo opens at the 2 and runs to the 5's dynamic; the diminuendo closes at the last 1.
        #expect(chars[digits[1]] == "<")
        let f = try #require(Array(row).firstIndex(of: "f"))
        #expect(f == digits[4])
        #expect(chars[digits[1]..<(f - 1)].allSatisfy { $0 == "<" || $0 == "─" })
        #expect(chars[digits[7]] == ">", "\(first.main)\n\(row)")
        // The crescendo from the last 4 goes on over the break to the end.
        let later = lines.dropFirst().map { $0.parts[0].below.joined(separator: "\n") }
        #expect(later.contains { $0.hasPrefix("─") || $0.contains("\n─") }, "\(later)")
    }
}
