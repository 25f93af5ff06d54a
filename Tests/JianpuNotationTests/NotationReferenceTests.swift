import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation

/// `jianpu help notation` and `man 5 jianpu-notation` show only what the parser reads.
@Suite("notation reference")
struct NotationReferenceTests {
    @Test(
        "every construct's example parses without an error or warning, and plays or shows something",
        arguments: NotationReference.sections.flatMap(\.entries))
    func examplesParse(entry: NotationReference.Entry) throws {
        let (score, diagnostics) = T.parse(entry.example)
        #expect(diagnostics.isEmpty, "\(entry.construct): \(entry.example)\n\(diagnostics.map(\.message))")
        let movement = try #require(score.movements.first, "\(entry.construct) gives no music")
        #expect(!movement.parts.isEmpty)
    }

    @Test(
        "every difference from the reference parses without an error (its warning is the point of some)",
        arguments: NotationReference.differences)
    func differencesParse(entry: NotationReference.Entry) {
        let (score, diagnostics) = T.parse(entry.example)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(entry.construct): \(diagnostics.map(\.message))")
        #expect(!score.movements.isEmpty)
    }

    @Test("the text and the man page hold every example; the man page is section 5 and escapes its dashes")
    func textAndManPage() {
        let text = NotationReference.text
        let page = NotationReference.manPage(version: "1.0", date: "2026-11-25")
        #expect(page.hasPrefix(".TH JIANPU\\-NOTATION 5 \"2026-11-25\" \"jianpu 1.0\""))
        for example in NotationReference.examples {
            for line in example.split(separator: "\n") {
                #expect(text.contains(line), "\(line)")
                #expect(page.contains(line.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")), "\(line)")
            }
        }
        #expect(text.contains("WHERE WE DIFFER FROM THE REFERENCE"))
        #expect(NotationReference.examples.count >= 45)
    }
}
