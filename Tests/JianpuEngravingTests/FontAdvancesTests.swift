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

    /// cairo's measure of each text, as `CairoFont.advance` asks for it (the toy font API on a one-pixel image
    /// surface), in a process of its own: cairo keeps the first resolution of a toy face for the rest of a process, so
    /// in this one, where PDF tests draw with the same faces on PDF surfaces (no hinting), its widths would depend on
    /// which test ran first. A command measures before it draws, as this fresh process does.
    static func cairoWidths(_ queries: [(text: String, family: String, font: Font)]) throws -> [Double?] {
        let script = """
            import ctypes, sys
            cairo = ctypes.CDLL('libcairo.so.2')
            class Extents(ctypes.Structure):
                _fields_ = [(n, ctypes.c_double) for n in ('xb', 'yb', 'w', 'h', 'xa', 'ya')]
            cairo.cairo_image_surface_create.restype = ctypes.c_void_p
            cairo.cairo_create.restype = ctypes.c_void_p
            cairo.cairo_create.argtypes = [ctypes.c_void_p]
            cairo.cairo_select_font_face.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
            cairo.cairo_set_font_size.argtypes = [ctypes.c_void_p, ctypes.c_double]
            cairo.cairo_text_extents.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(Extents)]
            context = cairo.cairo_create(cairo.cairo_image_surface_create(2, 1, 1))
            for line in sys.stdin.read().splitlines():
                family, bold, italic, size, text = line.split('\t')
                cairo.cairo_select_font_face(context, family.encode(), 2 if italic == '1' else 0, 1 if bold == '1' else 0)
                cairo.cairo_set_font_size(context, float(size))
                extents = Extents()
                cairo.cairo_text_extents(context, bytes.fromhex(text), ctypes.byref(extents))
                print(repr(extents.xa))
            """
        let input = queries.map { query in
            let hex = query.text.utf8.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
            return "\(query.family)\t\(query.font.bold ? 1 : 0)\t\(query.font.italic ? 1 : 0)\t\(query.font.size)\t\(hex)"
        }.joined(separator: "\n")
        let run = try Subprocess.run("/usr/bin/env", ["python3", "-c", script], input: input + "\n")
        #expect(run.status == 0, "\(run.errors.suffix(500))")
        return run.output.split(separator: "\n").map { Double($0) }
    }

    @Test func everyCharacterOfTheTableMeasuresAsCairoMeasuresIt() throws {
        var table = FontAdvances()
        var queries: [(text: String, family: String, font: Font)] = []
        for face in FontAdvances.faces {
            #expect(!face.blocks.isEmpty)
            // Every Latin character; of the tens of thousands of CJK ones, each run's ends and a sample between.
            let step = face.family == Font.cjkFamily ? 97 : 1
            var characters: [UInt32] = []
            for block in face.blocks.keys.sorted() {
                let advances = FontAdvances.Advances(face.blocks[block] ?? "")
                #expect(!advances.firsts.isEmpty)
                #expect(advances.firsts.allSatisfy { $0 >> 8 == block } && advances.lasts.allSatisfy { $0 >> 8 == block })
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
                for size in Self.sizes {
                    queries.append((text, face.family, Font(face.family == Font.cjkFamily ? .text : .music, size: size, bold: face.bold, italic: face.italic)))
                }
            }
        }
        let widths = try Self.cairoWidths(queries)
        #expect(widths.count == queries.count)
        var wrong: [String] = []
        for (query, expected) in zip(queries, widths) where wrong.count < 10 {
            let width = table.width(of: query.text, in: query.font)
            if width == nil || width != expected {
                wrong.append("U+\(String(query.text.unicodeScalars.first?.value ?? 0, radix: 16)) \(query.family) \(query.font.size) pt: cairo \(expected ?? -1), table \(width ?? -1)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test func textOfManyCharactersAndMixedScriptsAddsUpAsCairoAddsIt() throws {
        var table = FontAdvances()
        let texts = ["贝加尔湖畔", "Lake Baikal", "茉莉花（练习）", "Two Verses 两段歌词", "1=♭E", "♩ = 105", "3/4", "Allegretto — ♯♭ …", "A", ""]
        var fonts: [(text: String, font: Font)] = []
        for text in texts {
            for size in Self.sizes {
                for (bold, italic) in [(false, false), (true, false), (false, true), (true, true)] {
                    // The music face draws everything in the Latin font, which has no ideographs: those are left to cairo.
                    for face in [Font.Face.text, .music] where face == .text || !text.unicodeScalars.contains(where: Font.isCJK) {
                        fonts.append((text, Font(face, size: size, bold: bold, italic: italic)))
                    }
                }
            }
        }
        // cairo measures each run in its family, and the widths of the runs are added, as `CairoFont.advance` adds them.
        var queries: [(text: String, family: String, font: Font)] = []
        var runs: [Int] = []
        for (text, font) in fonts {
            let pieces = font.runs(of: text)
            runs.append(pieces.count)
            queries += pieces.map { ($0.text, $0.family, font) }
        }
        var widths = try Self.cairoWidths(queries)[...]
        #expect(widths.count == queries.count)
        for ((text, font), count) in zip(fonts, runs) {
            var expected = 0.0
            for _ in 0..<count { expected += widths.popFirst().flatMap { $0 } ?? .nan }
            #expect(table.width(of: text, in: font) == expected, "\(text) \(font)")
        }
    }

    @Test func aCharacterTheTableLacksIsLeftToCairo() {
        var table = FontAdvances()
        // A tab: no glyph in the table.
        #expect(table.width(of: "a\tb", in: Font(.text, size: 15)) == nil)
        #expect(CairoTextMeasure().width(of: "a\tb", in: Font(.text, size: 15)) > 0)
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
