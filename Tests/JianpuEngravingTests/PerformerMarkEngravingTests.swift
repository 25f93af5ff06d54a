import JianpuCore
import JianpuPrint
import Testing

@testable import JianpuEngraving

/// Fermatas and articulations over their notes, hairpins under the part, rehearsal marks boxed over the
/// system, and the brace joining one instrument's staves, as the SVG draws them.
@Suite("Marks a performer reads, typeset")
struct PerformerMarkEngravingTests {
    static func glyphs(_ text: String) throws -> [Glyph] {
        EngravingSupport.engrave(try EngravingSupport.score(text)).pages.flatMap(\.glyphs)
    }

    /// The note heads of the page, by their digit, in order.
    static func heads(_ glyphs: [Glyph]) -> [Glyph] { glyphs.filter { $0.role == .note || $0.role == .rest } }

    @Test(
        "the SVG holds each mark with its role as its class",
        arguments: [
            (#"1 \fermata 2 3 4 |"#, "fermata"), (#"1 \staccato 2 3 4 |"#, "articulation"), (#"1 \accent 2 3 4 |"#, "articulation"),
            (#"1 \breathe 2 3 4 |"#, "breath"), (#"1 \< 2 3 4 \! |"#, "hairpin"), ("letterA 1 2 3 4 |", "rehearsal-mark"),
        ])
    func rolesInTheSVG(text: String, role: String) throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score(text)))
        #expect(try !EngravingSupport.elements(svg, class: role).isEmpty)
        let plain = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score("1 2 3 4 |")))
        #expect(try EngravingSupport.elements(plain, class: role).isEmpty)
    }

    @Test("a fermata is centred over its own digit, above its high octave dots, and over a rest or a dash as well")
    func fermataOverItsNote() throws {
        let glyphs = try Self.glyphs(#"1 2'' \fermata 0 \fermata 4 - \fermata - - |"#)
        let fermatas = glyphs.filter { $0.role == .fermata && $0.shape.isArc }
        #expect(fermatas.count == 3)
        let heads = Self.heads(glyphs)
        let second = try #require(heads.dropFirst().first)
        let arc = try #require(fermatas.first)
        guard case .arc(let to, _) = arc.shape else { return }
        #expect(abs((arc.at.x + to.x) / 2 - second.at.x) < 0.5, "centred over the 2")
        let dots = glyphs.filter { $0.role == .octaveDot && abs($0.at.x - second.at.x) < 1 }
        #expect(dots.count == 2)
        #expect(dots.allSatisfy { $0.at.y > arc.at.y + 1 }, "the fermata is over the octave dots")
        let rest = try #require(heads.first { $0.role == .rest })
        #expect(abs((fermatas[1].at.x + 0) - rest.at.x) < EngravingOptions().size, "the second is over the rest")
        let dashes = glyphs.filter { $0.role == .dash }
        #expect(fermatas[2].at.x > (dashes.first?.at.x ?? 0) - 1, "the third is over the first dash")
    }

    @Test("articulations sit over the digit and its octave dots, never on them, each over its own note")
    func articulationsClearOfOctaveDots() throws {
        let measure = CairoTextMeasure()
        let glyphs = try Self.glyphs(#"1' \staccato 2'' \accent 3''' \tenuto 5' \marcato 6'' \staccatissimo |"#)
        let marks = glyphs.filter { $0.role == .articulation }
        #expect(marks.count == 5)
        let obstacles = glyphs.filter { [.note, .octaveDot, .underline, .accidental].contains($0.role) }.compactMap { SystemLayout.box(of: $0, measure: measure) }
        for mark in marks {
            let box = try #require(SystemLayout.box(of: mark, measure: measure))
            #expect(!obstacles.contains { $0.overlaps(box) }, "\(mark.shape) at \(mark.at) touches the music")
        }
        // Each mark is over a note: the nearest digit left or right is under it.
        for (mark, head) in zip(marks.sorted { $0.at.x < $1.at.x }, Self.heads(glyphs)) {
            let box = try #require(SystemLayout.box(of: mark, measure: measure))
            #expect(box.x < head.at.x + 1 && head.at.x - 1 < box.maxX)
            #expect(box.maxY < head.at.y)
        }
    }

    @Test("a breath mark stands over the right of its note, before the next one")
    func breathMarkAfterItsNote() throws {
        let glyphs = try Self.glyphs(#"1 2 \breathe 3 4 |"#)
        let breath = try #require(glyphs.first { $0.role == .breath })
        let heads = Self.heads(glyphs)
        #expect(breath.at.x > heads[1].at.x && breath.at.x < heads[2].at.x)
        #expect(breath.at.y < heads[1].at.y - EngravingOptions().size * 0.6)
    }

    @Test("a slur over articulated notes goes over the marks")
    func slurOverMarks() throws {
        let glyphs = try Self.glyphs(#"1 ( \accent 2 \accent 3 ) \accent 4 |"#)
        let slur = try #require(glyphs.first { $0.role == .slur })
        let highest = glyphs.filter { $0.role == .articulation }.map(\.at.y).min() ?? 0
        #expect(slur.at.y < highest)
    }

    @Test("a hairpin is drawn under the part, on the dynamics' row, from its first note to its last, opening for a crescendo")
    func hairpinUnderThePart() throws {
        let glyphs = try Self.glyphs("1 2 \\< 3 4 5 \\f |\nL: la la la la la")
        let lines = glyphs.filter { $0.role == .hairpin }
        #expect(lines.count == 2)
        let heads = Self.heads(glyphs)
        let dynamic = try #require(glyphs.first { $0.role == .dynamic })
        let lyric = try #require(glyphs.first { $0.role == .lyric })
        for line in lines {
            guard case .line(let to, _) = line.shape else { continue }
            #expect(line.at.x >= heads[1].at.x - EngravingOptions().size && line.at.x < heads[2].at.x, "starts at the 2")
            #expect(to.x < dynamic.at.x && to.x > heads[3].at.x, "ends before the f under the 5")
            #expect(line.at.y > heads[0].at.y && line.at.y < lyric.at.y, "under the notes, over the lyrics")
        }
        // A crescendo: the lines meet at the start and open towards the end.
        if case .line(let a, _) = lines[0].shape, case .line(let b, _) = lines[1].shape {
            #expect(abs(lines[0].at.y - lines[1].at.y) < 0.01)
            #expect(abs(a.y - b.y) > 2)
        }
    }

    @Test("a rehearsal mark is boxed over the system at its bar, over the notes and clear of words written there")
    func rehearsalMarkBoxed() throws {
        let measure = CairoTextMeasure()
        let glyphs = try Self.glyphs("1 2 3 4 | letterB 5 ^\"dolce\" 6 7 1' |")
        let marks = glyphs.filter { $0.role == .rehearsalMark }
        let label = try #require(marks.first { if case .text("B", _, _) = $0.shape { true } else { false } })
        #expect(marks.contains { if case .polyline = $0.shape { true } else { false } }, "a box")
        let five = Self.heads(glyphs)[4]
        #expect(abs(label.at.x - five.at.x) < EngravingOptions().size)
        #expect(label.at.y < five.at.y - EngravingOptions().size)
        let words = try #require(glyphs.first { $0.role == .words })
        let box = try #require(marks.compactMap { SystemLayout.box(of: $0, measure: measure) }.first)
        #expect(!(SystemLayout.box(of: words, measure: measure).map { $0.overlaps(box) } ?? true))
    }

    @Test("consecutive parts of one instrument are named once, centred on them, and braced on every system; the others keep their names")
    func bracedStaves() throws {
        let bar = "1 2 3 4 | 5 6 7 1' | "
        let music = String(repeating: bar, count: 12)
        let text = "instrument=Flute\n\(music)\nNextPart\ninstrument=Piano\n\(music)\nNextPart\ninstrument=Piano\n\(music)"
        let engraving = EngravingSupport.engrave(try EngravingSupport.score(text))
        let glyphs = engraving.pages.flatMap(\.glyphs)
        let systems = engraving.pages.flatMap(\.systems).count
        #expect(systems > 1)
        let braces = glyphs.filter { $0.role == .brace }
        #expect(braces.count == 2 * systems, "two halves a system")
        let names = glyphs.filter { $0.role == .partName }.compactMap { glyph -> String? in if case .text(let t, _, _) = glyph.shape { t } else { nil } }
        #expect(names.filter { $0 == "Piano" }.count == 1)
        #expect(names.filter { $0 == "Flute" }.count == 1)
        #expect(names.filter { $0 == "Pno." }.count == systems - 1, "shortened on the systems after the first")
        // The name sits between the two piano rows of the first system.
        let piano = try #require(glyphs.first { if case .text("Piano", _, _) = $0.shape { true } else { false } })
        let firstColumn = Self.heads(glyphs).filter { abs($0.at.x - (Self.heads(glyphs).first?.at.x ?? 0)) < 1 }.map(\.at.y).sorted()
        #expect(firstColumn.count >= 3)
        #expect(piano.at.y > firstColumn[1] && piano.at.y < firstColumn[2])
    }

    @Test("parts of different instruments get no brace")
    func noBraceForDifferentInstruments() throws {
        let glyphs = try Self.glyphs("instrument=Flute\n1 2 3 4 |\nNextPart\ninstrument=Piano\n1 2 3 4 |")
        #expect(!glyphs.contains { $0.role == .brace })
        #expect(glyphs.contains { $0.role == .bracket })
    }
}

extension Glyph.Shape {
    var isArc: Bool { if case .arc = self { true } else { false } }
}
