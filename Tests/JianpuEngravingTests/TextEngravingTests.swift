import JianpuCore
import JianpuEngraving
import Testing

@Suite("The text form of the engraving (the play screen's music)")
struct TextEngravingTests {
    /// The column of `text` in `row`, in characters.
    static func column(of text: Character, in row: String) -> Int? {
        row.firstIndex(of: text).map { row.distance(from: row.startIndex, to: $0) }
    }

    @Test("every verse is a row of its own, grace notes are raised digits, the tuplet number is over its group")
    func versesGracesAndTuplets() throws {
        let score = try EngravingSupport.score("4/4\n1 g[45] 5 3[ q1 q2 q3 ] 4 |\nL: one two three four five six\nL: a b c d e f\n")
        let system = try #require(TextEngraving.systems(of: score).first?.first)
        #expect(system.main.contains(" ⁴⁵5 "))
        #expect(system.below.contains { $0.contains("one") && $0.contains("six") })
        #expect(system.below.contains { $0.contains("a") && $0.contains("f") && !$0.contains("one") })
        let tuplet = try #require(system.above.first { $0.trimmingCharacters(in: .whitespaces) == "3" })
        let three = try #require(Self.column(of: "3", in: tuplet))
        // Between the tuplet's first and last notes (the main row's first 2 and 3 are the tuplet's).
        let group = try #require(Self.column(of: "1", in: String(system.main.dropFirst())).map { $0 + 1 })
        #expect(three > group && three < (Self.column(of: "3", in: system.main) ?? 0))
        #expect(!system.main.contains("g[") && !system.main.contains("3["))
    }

    @Test("two octave dots stay two on stacked chord notes and grace notes, above and below")
    func twoOctaveDotsEverywhere() throws {
        let score = try EngravingSupport.score("4/4\n1,,3'' g[1''] 2 g[1,,] 3 4 |\n")
        let system = try #require(TextEngraving.systems(of: score).first?.first)
        let text = ([system.main] + system.above + system.below).joined(separator: "\n")
        #expect(text.contains("3\u{308}"), "the stacked 3'' has two dots above: \(system.above)")
        #expect(system.main.contains("¹\u{308}2"), "the grace 1'' has two dots above: \(system.main)")
        #expect(system.main.contains("¹\u{324}3"), "the grace 1,, has two dots below: \(system.main)")
    }

    @Test("a tie cut by the end of a line runs to the line's end and on from the start of the next to its note")
    func tieAcrossALineBreak() throws {
        let score = try EngravingSupport.score("4/4\n1 2 3 4 ~ | 4 5 6 7 | 1 - ( 2 3 | 4 ) 5 6 7 |\n")
        let systems = try #require(TextEngraving.systems(of: score, width: 16).first)
        try #require(systems.count == 4)
        let first = try #require(systems[0].above.first { $0.contains("╭") })
        #expect(Self.column(of: "╭", in: first) == Self.column(of: "4", in: systems[0].main))
        #expect(first.hasSuffix("─") && !first.contains("╮"))
        let second = try #require(systems[1].above.first { $0.contains("╮") })
        #expect(Self.column(of: "╮", in: second) == Self.column(of: "4", in: systems[1].main))
        #expect(!second.contains("╭"))
        // The slur from the 1 (after its dash) to the 4 of the next line.
        let slurStart = try #require(systems[2].above.first { $0.contains("╭") })
        #expect(Self.column(of: "╭", in: slurStart) == Self.column(of: "1", in: systems[2].main))
        let slurEnd = try #require(systems[3].above.first { $0.contains("╮") })
        #expect(Self.column(of: "╮", in: slurEnd) == Self.column(of: "4", in: systems[3].main))
    }

    @Test("a line has a row for each verse sung in it, and only those: a verse that has ended leaves no empty row")
    func rowsForTheVersesSungInALine() throws {
        let score = try EngravingSupport.score("4/4\n1 2 3 4 | 5 6 7 1' |\nL: a b c d e f g h\nL: w x y z\n")
        let systems = try #require(TextEngraving.systems(of: score, width: 16).first)
        try #require(systems.count == 2)
        #expect(systems[0].below.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count == 2)
        #expect(systems[1].below.count == 1)
        #expect(systems[1].below.first.map { $0.contains("e") && $0.contains("h") && !$0.contains("w") } == true)
    }

    @Test("tens of thousands of short verses cost as many rows as syllables, not verses times lines")
    func manyVersesStayLinear() throws {
        let verses = String(repeating: "L: a b c d\n", count: 20_000)
        let score = try EngravingSupport.score("4/4\n" + String(repeating: "1 2 3 4 | ", count: 2_000) + "\n" + verses)
        let systems = try #require(TextEngraving.systems(of: score).first)
        // The four syllables of every verse fall on the first four notes, all in the first line.
        #expect(systems[0].below.count >= 20_000)
        #expect(systems.dropFirst().allSatisfy { $0.below.isEmpty })
    }
}
