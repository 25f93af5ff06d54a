import Testing

@testable import JianpuCore
@testable import JianpuNotation

/// Every node of the Score tree knows where it is written, start and end, so nobody rescans the text.
@Suite("Source ranges")
struct SourceRangeTests {
    static func ranges(_ text: String) -> [String] {
        T.parse(text).score.movements[0].parts[0].items.map { item in
            let range = item.range
            return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
        }
    }

    @Test("words end just after their last character, groups just after their closing bracket")
    func ranges() {
        #expect(
            Self.ranges("q1'. - <5 | 3[ q1 q2 q3 ] g[12] 1 R*2") == [
                "1:1-1:5", "1:6-1:7", "1:8-1:10", "1:11-1:12", "1:13-1:26", "1:27-1:32", "1:33-1:34", "1:35-1:38",
            ])
        #expect(Self.ranges("R{ 1 1 1 1 |\n 2 2 2 2 } A{ 3 3 3 3 | 4 4 4 4 }") == ["1:1-2:34"])
        #expect(Self.ranges("R3{ 1 1 }") == ["1:1-1:10"])
    }

    @Test("the score lists its words' ranges by where they start")
    func wordRanges() {
        let ranges = T.parse("1 2 3.\nNextPart\nq5 q6 7").score.wordRanges
        let starts = ranges.keys.sorted().map { "\($0.line):\($0.column)" }
        #expect(starts == ["1:1", "1:3", "1:5", "3:1", "3:4", "3:7"])
        #expect(ranges.values.map(\.end.column).sorted() == [2, 3, 4, 6, 7, 8])
    }
}
