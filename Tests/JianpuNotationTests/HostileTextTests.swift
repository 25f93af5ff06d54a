import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation

/// Text and numbers from files that would act instead of being shown: terminal escapes, characters
/// XML forbids, a byte-order mark, a Double no integer holds.
@Suite("Hostile text and numbers")
struct HostileTextTests {
    @Test(
        "a terminal is shown a file's control characters, one character for one, never sent them",
        arguments: [
            "\u{1B}]0;pwned\u{07}", "\u{1B}[2J", "\u{1B}]52;c;Zm9v\u{07}", "a\rb", "\u{9B}31m", "\u{202E}evil", "x\u{7F}", "line\u{2028}break",
        ])
    func terminalText(text: String) {
        let shown = TerminalText.visible(text)
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2028}" })
        #expect(shown.unicodeScalars.count == text.unicodeScalars.count)
        #expect(TerminalText.visible("1=D 简谱 Flute") == "1=D 简谱 Flute")
        #expect(TerminalText.visibleLines("a\n\tb\u{1B}") == "a\n\tb\u{241B}")
    }

    @Test("XML text has no character XML 1.0 forbids, and is escaped", arguments: ["a\u{0B}b", "\u{0C}", "\u{1B}[2J", "\u{0}", "\u{FFFE}", "<&>\"'"])
    func xmlText(text: String) {
        let escaped = XMLText.escaped(text)
        #expect(escaped.unicodeScalars.allSatisfy(XMLText.isAllowed))
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\""))
        #expect(XMLText.escaped("plain 简谱") == "plain 简谱")
        #expect(XMLText.escaped("a\tb\nc") == "a\tb\nc")
    }

    @Test(
        "a Double becomes an integer without a trap, however large or strange",
        arguments: [
            Double.nan, .infinity, -.infinity, 9.3e18, -9.3e18, Double(Int64.max), 1e300, 42.9, -42.9,
        ])
    func saturating(value: Double) {
        let converted = Int(saturating: value)
        if value.isNaN { #expect(converted == 0) }
        if value >= 9.2e18 { #expect(converted == .max) }
        if value <= -9.2e18 { #expect(converted == .min) }
        if abs(value) < 100 { #expect(converted == Int(value)) }
        #expect(UInt8(saturating: value) <= 255)
        #expect(Int32(saturating: value) == Int32(clamping: converted))
    }

    @Test("a byte-order mark before a score is skipped, and columns count from after it")
    func byteOrderMark() {
        let (_, diagnostics) = ScoreParser.parse(utf8: [0xEF, 0xBB, 0xBF] + Array("1 2 3 x |\n".utf8), file: "bom.jp")
        #expect(!diagnostics.contains { $0.severity == .error && $0.message.contains("\u{FEFF}") })
        let plain = ScoreParser.parse(utf8: Array("1 2 3 x |\n".utf8), file: "bom.jp").diagnostics
        #expect(diagnostics.map(\.description) == plain.map(\.description))
        #expect(ScoreParser.parse(utf8: [0xEF, 0xBB, 0xBF] + Array("1 2 3 4 |\n".utf8), file: "bom.jp").diagnostics.isEmpty)
    }

    @Test(
        "a control character in a score is a warning at its place, one a line",
        arguments: [
            ("title=a\u{0B}b\n1 2 3 4 |\n", 1, 8), ("1 2 3 4 |\nL: la\u{1B}[2J la\u{1B} la\n", 2, 6), ("1 2 \u{85}3 4 |\n", 1, 5),
        ])
    func controlCharacterWarning(text: String, line: Int, column: Int) {
        let warnings = ScoreParser.parse(text, file: "c.jp").diagnostics.filter { $0.message.contains("is a control character") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location.line == line)
        #expect(warnings.first?.location.column == column)
        #expect(warnings.first?.severity == .warning)
    }

    @Test("a tuning or chord name with a control character is refused at its place")
    func tableNames() {
        let (tunings, problems) = TuningsFile.parse(text: "D\u{1B}]0;x\u{07}Major: C#, D, E, F#, G, A, B\nCMajor: C, D, E, F, G, A, B\n", file: "t.txt")
        #expect(tunings.map(\.name) == ["CMajor"])
        #expect(problems.count == 1 && problems[0].location.line == 1 && problems[0].message.contains("control character"))
        #expect(!problems[0].message.unicodeScalars.contains("\u{1B}"))
    }
}
