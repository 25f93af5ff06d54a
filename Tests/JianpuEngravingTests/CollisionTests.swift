import JianpuCore
import JianpuPrint
import Testing

@testable import JianpuEngraving

/// The collision pass: bar numbers, ending labels, octave dots, words and lyrics kept apart.
@Suite("Collisions kept apart")
struct CollisionTests {
    /// Pairs of a bar number and something of the music whose boxes overlap.
    static func barNumberCollisions(_ engraving: Engraving) -> [String] {
        let measure = CairoTextMeasure()
        let obstacles: Set<Role> = [.note, .octaveDot, .accidental, .volta, .jump, .words]
        var found: [String] = []
        for page in engraving.pages {
            for number in page.glyphs where number.role == .barNumber {
                guard let box = SystemLayout.box(of: number, measure: measure) else { continue }
                for other in page.glyphs where obstacles.contains(other.role) {
                    if let otherBox = SystemLayout.box(of: other, measure: measure), otherBox.overlaps(box) {
                        found.append("bar number at \(number.at) over \(other.role) at \(other.at)")
                    }
                }
            }
        }
        return found
    }

    @Test("a bar number over a high note in an ending, or over words written over a system's first note, moves up clear of them")
    func barNumbersClear() throws {
        // Every bar starts with a note two octaves up under words, and endings start on some systems.
        let bar = "5'' ^\"dolce\" 3'' 2'' 1'' |"
        let text =
            "1=C\n4/4\n" + Array(repeating: bar, count: 6).joined(separator: " ")
            + "\nR{ \(bar) \(bar) } A{ \(bar) | \(bar) \(bar) }\n" + Array(repeating: bar, count: 6).joined(separator: " ") + "\n"
        for size in [15.0, 24, 30] {
            let engraving = EngravingSupport.engrave(try EngravingSupport.score(text), options: EngravingOptions(size: size))
            let numbers = engraving.pages.flatMap(\.glyphs).filter { $0.role == .barNumber }
            #expect(numbers.count >= 2)
            let collisions = Self.barNumberCollisions(engraving)
            #expect(collisions.isEmpty, "size \(size): \(collisions.prefix(3))")
        }
    }

    @Test(
        "a bar number raised over high notes or an ending stays inside its system's rect, clear of the system above",
        arguments: [15.0, 24])
    func raisedBarNumberInsideItsSystem(size: Double) throws {
        let bar = "5'' ^\"dolce\" 3'' 2'' 1'' |"
        let text =
            "1=C\n4/4\n" + Array(repeating: bar, count: 6).joined(separator: " ")
            + "\nR{ \(bar) \(bar) } A{ \(bar) | \(bar) \(bar) }\n" + Array(repeating: bar, count: 6).joined(separator: " ") + "\n"
        let engraving = EngravingSupport.engrave(try EngravingSupport.score(text), options: EngravingOptions(size: size))
        let measure = CairoTextMeasure()
        var checked = 0
        for page in engraving.pages {
            for number in page.glyphs where number.role == .barNumber {
                let box = try #require(SystemLayout.box(of: number, measure: measure))
                // Its system: the one whose rect holds the number's baseline.
                let system = try #require(
                    page.systems.first { $0.rect.y <= number.at.y && number.at.y <= $0.rect.y + $0.rect.height },
                    "bar number at \(number.at) is in no system")
                #expect(box.y >= system.rect.y - 0.01, "size \(size): bar number at \(number.at) reaches \(system.rect.y - box.y) pt over its system")
                for other in page.systems where other.rect.y < system.rect.y {
                    #expect(other.rect.y + other.rect.height <= box.y + 0.01, "bar number at \(number.at) touches the system above")
                }
                checked += 1
            }
        }
        #expect(checked >= 2)
    }

    @Test("in tight bars a hyphen is dropped rather than drawn over a syllable, and syllables never overlap")
    func tightLyrics() throws {
        let text = """
            1=C
            4/4
            s1 s2 s3 s4 s5 s6 s7 s1' s1' s7 s6 s5 s4 s3 s2 s1 | s1 s2 s3 s4 s5 s6 s7 s1' s1' s7 s6 s5 s4 s3 s2 s1 |
            L: won- der- ful- ly- mar- vel- lous- ly- in- cred- i- bly- ex- tra- or- di- nar- i- ly- un- be- liev- ab- ly- tight- ly- packed- syl- la- bles- here- now
            """
        let engraving = EngravingSupport.engrave(try EngravingSupport.score(text))
        let measure = CairoTextMeasure()
        let lyrics = engraving.pages.flatMap(\.glyphs).filter { $0.role == .lyric }
        var boxes: [Rect] = [], hyphens: [Glyph] = []
        for glyph in lyrics {
            guard case .text(let shown, _, _) = glyph.shape, let box = SystemLayout.box(of: glyph, measure: measure) else { continue }
            if shown == "-" { hyphens.append(glyph) } else { boxes.append(box) }
        }
        #expect(boxes.count == 32)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.overlaps(b), "syllables at \(a.x) and \(b.x) overlap") }
        }
        for hyphen in hyphens {
            guard let box = SystemLayout.box(of: hyphen, measure: measure) else { continue }
            #expect(!boxes.contains { $0.overlaps(box) }, "a hyphen at \(hyphen.at.x) touches a syllable")
        }
    }
}
