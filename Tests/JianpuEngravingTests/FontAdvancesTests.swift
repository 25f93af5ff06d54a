import Foundation
import JianpuEngraving
import Subprocesses
import Testing

@testable import JianpuPrint

/// The committed advance table (`scripts/font-advances`) against cairo's own measure of the installed fonts: the
/// widths an SVG is laid out with must be the ones a PDF of the same score is laid out with, to the bit.
struct FontAdvancesTests {
    /// Sizes the engraving asks for: its fonts at the default 15 pt digits (lyrics 11.7, small 9, chord symbols 12,
    /// title 24), at --size 8 and 40, and sizes whose 26.6 value rounds near a half.
    static let sizes: [Double] = [15, 11.7, 9, 12, 24, 10.8, 6.24, 64, 17.3]

    @Test func theTableWasMadeFromTheInstalledFontFiles() {
        #expect(FontFiles.tableIsCurrent, "the font files differ from those scripts/font-advances read: run it again and commit the table")
        // The files fontconfig gives cairo are the table's: the output check that keeps them safe needs no fontconfig.
        #expect(Set(FontFiles.fontconfigFiles) == Set(FontAdvances.files.map(\.path)))
        #expect(Set(FontFiles.inUse()) == Set(FontAdvances.files.map(\.path)))
    }

    // Each comparison runs in a process of its own, as a typeset does: cairo resolves a font face once per process
    // with the options of its first use, and a PDF another test drew first in this process makes it hint otherwise.
    @Test func everyCharacterOfTheTableMeasuresAsCairoMeasuresIt() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let wrong = FontAdvancesTests.charactersMeasuredOtherwise()
            if !wrong.isEmpty { FileHandle.standardError.write(Data("\(wrong)".utf8)); exit(1) }
        }
    }

    @Test func textOfManyCharactersAndMixedScriptsAddsUpAsCairoAddsIt() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let wrong = FontAdvancesTests.textsMeasuredOtherwise()
            if !wrong.isEmpty { FileHandle.standardError.write(Data("\(wrong.prefix(10))".utf8)); exit(1) }
        }
    }

    /// Every character of the table against cairo; what differs, at most ten.
    static func charactersMeasuredOtherwise() -> [String] {
        let cairo = CairoTextMeasure(useTable: false)
        var table = FontAdvances()
        var wrong: [String] = []
        for face in FontAdvances.faces {
            if face.blocks.isEmpty { wrong.append("\(face.family): no blocks") }
            // Every Latin character; of the tens of thousands of CJK ones, each run's ends and a sample between.
            let step = face.family == Font.cjkFamily ? 97 : 1
            var characters: [UInt32] = []
            for block in face.blocks.keys.sorted() {
                let advances = FontAdvances.Advances(face.blocks[block] ?? "")
                if advances.firsts.isEmpty || !(advances.firsts.allSatisfy { $0 >> 8 == block } && advances.lasts.allSatisfy { $0 >> 8 == block }) {
                    wrong.append("\(face.family): block \(block) is malformed")
                }
                for (first, last) in zip(advances.firsts, advances.lasts) {
                    characters += Array(stride(from: first, through: last, by: step))
                    if characters.last != last { characters.append(last) }
                }
            }
            // Swift's strings compare canonically (U+1F73 is U+03AC): the measure's cache answers such a character with
            // the width of the first of them measured, from the table or from cairo alike, so only the first is asked.
            var seen: Set<String> = []
            for value in characters {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(Character(scalar))
                guard seen.insert(text).inserted else { continue }
                let font = Font(face.family == Font.cjkFamily ? .text : .music, size: 15, bold: face.bold, italic: face.italic)
                for size in Self.sizes where wrong.count < 10 {
                    var sized = font
                    sized.size = size
                    let expected = cairo.width(of: text, in: sized)
                    if table.width(of: text, in: sized) != expected { wrong.append("U+\(String(value, radix: 16)) \(face.family) \(size) pt: cairo \(expected)") }
                }
            }
        }
        return wrong
    }

    /// Texts of many characters and mixed scripts against cairo; what differs.
    static func textsMeasuredOtherwise() -> [String] {
        var wrong: [String] = []
        let cairo = CairoTextMeasure(useTable: false)
        var table = FontAdvances()
        let texts = ["贝加尔湖畔", "Lake Baikal", "茉莉花（练习）", "Two Verses 两段歌词", "1=♭E", "♩ = 105", "3/4", "Allegretto — ♯♭ …", "A", ""]
        for text in texts {
            for size in Self.sizes {
                for (bold, italic) in [(false, false), (true, false), (false, true), (true, true)] {
                    // The music face draws everything in the Latin font, which has no ideographs: those are left to cairo.
                    for face in [Font.Face.text, .music] where face == .text || !text.unicodeScalars.contains(where: Font.isCJK) {
                        let font = Font(face, size: size, bold: bold, italic: italic)
                        let (expected, got) = (cairo.width(of: text, in: font), table.width(of: text, in: font))
                        if got != expected { wrong.append("\(text) \(font): cairo \(expected), table \(got.map { "\($0)" } ?? "none")") }
                    }
                }
            }
        }
        return wrong
    }

    @Test func aCharacterTheTableLacksIsLeftToCairo() {
        var table = FontAdvances()
        // A tab: no glyph in the table.
        #expect(table.width(of: "a\tb", in: Font(.text, size: 15)) == nil)
        let measure = CairoTextMeasure()
        #expect(measure.width(of: "a\tb", in: Font(.text, size: 15)) == CairoTextMeasure(useTable: false).width(of: "a\tb", in: Font(.text, size: 15)))
    }

    @Test func anSVGOfAScoreWhoseTextIsInTheTableOpensNeitherCairoNorFontconfig() throws {
        let svg = EngravingSupport.temporary("table-only.svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let score = EngravingSupport.packageRoot.appendingPathComponent("Scores/bjehp.jp").path
        // LD_DEBUG=files: the dynamic loader names every library it opens ("file=libcairo.so.2 [0];  needed by …").
        let run = try Subprocess.run(PackageFolder.program("jianpu"), ["typeset", score, "-o", svg.path], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0, "\(run.errors.suffix(500))")
        let opened = run.errors.split(separator: "\n").filter { $0.contains("file=libcairo") || $0.contains("file=libfontconfig") }
        #expect(opened.isEmpty, "\(opened)")
        #expect(((try? String(contentsOf: svg, encoding: .utf8)) ?? "").contains("<svg"))
    }
}
