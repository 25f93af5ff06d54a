import Testing

@testable import JianpuCore
@testable import JianpuNotation

/// Shared helpers for the notation tests: parsing shortcuts.
enum T {
    static let file = "t.jp"

    static func parse(_ text: String) -> (score: Score, diagnostics: [Diagnostic]) {
        ScoreParser.parse(text, file: file)
    }
}
