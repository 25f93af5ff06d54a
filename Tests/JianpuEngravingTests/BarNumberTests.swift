import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPerformance
import Testing

@Suite("Printed bar numbers")
struct BarNumberTests {
    /// A pickup, a repeat with two endings, a note tied over a bar line (a bar starting with no
    /// note of its own), a three-times repeat and a multibar rest.
    static let text = """
        title=Numbers
        3/4,4
        5, |
        R{ 1 2 3 | 4 - - ~ | } A{ 4 5 6 | 5 - - }
        R3{ 6 5 4 | 3 - 2 } | 1 - - ~ | 1 2 3 |
        R*2
        3 2 1 | 1 - - |
        """

    @Test("the page, the play screen, info and --from number the bars alike: a pickup is bar 0, repeats and endings once")
    func pageScreenInfoAndFromAgree() throws {
        let score = try EngravingSupport.score(Self.text)
        let timeline = try #require(score.performanceTimeline())
        let count = timeline.printedBarCount
        // info prints the timeline's count.
        #expect(ScoreSummary(score: score).description.contains("bars:      \(count) "))
        // The SVG: a rect per written bar, numbered 0 (the pickup) on; the multibar rest is one rect for bars 9 and 10.
        let rects = try EngravingSupport.elements(SVGWriter.svg(EngravingSupport.engrave(score)), class: "bar").filter { $0.name == "rect" }
        let numbers = rects.map { Int($0.attributes["data-bar"] ?? "") ?? -1 }
        #expect(numbers == Array(0...9) + [11, 12])
        #expect(count == 12)
        for (rect, number) in zip(rects, numbers) {
            let start = EngravingSupport.number(rect, "data-start")
            guard start >= 0 else { continue }
            // --from finds the bar the first time through; the page's bar starts sounding within it.
            let index = try #require(timeline.barIndex(printed: PrintedBarNumber(number)), "--from \(number) is not a bar")
            let begins = timeline.tempoMap.seconds(at: timeline.bars[index].start)
            let ends = timeline.tempoMap.seconds(at: timeline.start(ofBarAt: index.advanced(by: 1)))
            #expect(start >= begins - 1e-3 && start < ends, "bar \(number) of the page starts at \(start) s, played at \(begins)–\(ends) s")
        }
        // The play screen: each line carries the printed number of its first bar.
        let text = TextScore(score: score, timeline: nil)
        let breaks = text.breaks(width: 20)
        let lines = text.lines(0..<breaks.lines.count, of: breaks)
        #expect(lines.count > 3)
        for line in lines.dropFirst() {
            let system = line.parts[0]
            // The line's first note or rest that is struck (a tied note is not).
            let played = timeline.notes.map { ($0.location, $0.onset) } + timeline.rests.map { ($0.location, $0.onset) }
            let onsets = Dictionary(played.compactMap { location, onset in location.map { ($0, onset) } }, uniquingKeysWith: min)
            let onset = try #require(system.spans.filter { onsets[$0.key] != nil }.min { $0.value.lowerBound < $1.value.lowerBound }.flatMap { onsets[$0.key] })
            let number = timeline.place(at: onset).bar.number
            #expect(line.number == number.value, "\(line.number) \(system.main)")
        }
    }
}
