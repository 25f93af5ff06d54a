import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPrint
import Testing

/// The HTML page's sound and its highlight come from one flattening: what sounds is what is lit.
@Suite("The page's sound and highlight agree")
struct PageSoundTests {
    /// A repeat, a rolled chord, a chords= part and a second movement at another tempo and meter.
    static let text = "chords=c1 g1\n4=120\n4/4\nR{ arp 135 - 2 3 } 5 - - - |\nNextScore\n4=60\n3/4\n1 2 3 | 5 - - |\n"

    /// The notes of a page's sound: `[onset, length, key, velocity, part]` each.
    static func notes(_ sound: PagePerformance) throws -> [[Double]] {
        let json = sound.json
        let start = try #require(json.range(of: "{notes:")), end = try #require(json.range(of: ",parts:"))
        let array = try JSONSerialization.jsonObject(with: Data(json[start.upperBound..<end.lowerBound].utf8))
        return try #require(array as? [[Double]])
    }

    /// Milliseconds, as the page writes seconds.
    static func rounded(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    @Test("every note the page sounds in a written part is lit at its onset, and every lit event sounds then: through repeats, rolled, in later movements")
    func soundMatchesHighlight() throws {
        let score = try EngravingSupport.score(Self.text)
        let engraving = try Engraver(measure: CairoTextMeasure()).engrave(score, maximumPages: .max, withSound: true)
        let sound = try #require(engraving.sound)
        let notes = try Self.notes(sound)
        let melody = notes.filter { $0[4] == 0 }
        // Each pass: the rolled chord's three notes, 2 and 3; then 5; the second movement's four.
        #expect(melody.count == 15)
        #expect(engraving.performance.count == melody.count)
        #expect(engraving.performance.map { Self.rounded($0.seconds) } == melody.map { Self.rounded($0[0]) })
        #expect(Set(engraving.performance.map(\.part)) == [0])
        // The second pass lights the first pass's written notes again.
        #expect(Array(engraving.performance[0..<5].map(\.event)) == Array(engraving.performance[5..<10].map(\.event)))
        #expect(engraving.performance.suffix(4).allSatisfy { $0.event.hasPrefix("m1p0") })
        // The chords= part sounds with them, and both end where the highlight ends.
        #expect(notes.contains { $0[4] == 1 })
        let duration = try #require(sound.json.split(separator: ":").last.flatMap { Double($0.dropLast()) })
        #expect(Self.rounded(duration) == Self.rounded(engraving.duration))
    }

    @Test("without asking, an engraving carries no sound; the typeset page plays the engraving's own")
    func pagePlaysTheEngravingsSound() throws {
        let score = try EngravingSupport.score(Self.text)
        #expect(EngravingSupport.engrave(score).sound == nil)
        let input = EngravingSupport.temporary("sound.jp"), page = EngravingSupport.temporary("sound.html")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: page) }
        try Self.text.write(to: input, atomically: true, encoding: .utf8)
        let made = try EngravingSupport.run(HTMLPageTests.jianpu, ["typeset", input.path, "-o", page.path])
        try #require(made.status == 0, "\(made.output)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let sound = try #require(try Engraver(measure: CairoTextMeasure()).engrave(score, maximumPages: .max, withSound: true).sound)
        #expect(html.contains("const song = \(sound.json)"))
    }
}
