import JianpuCore
import JianpuNotation
import JianpuPerformance

/// Jianpu text as the editor holds it, parsed as `jianpu check` parses a file.
enum ScoreText {
    /// The largest text rendered: a score file's limit (`ScoreLoader.maximumBytes`).
    static let maximumBytes = ScoreLoader.maximumBytes

    /// The score (nil when it has errors) and every diagnostic, against `name`.
    static func parse(_ text: String, name: String, transpose: Int = 0) throws(ServeError) -> (score: Score?, diagnostics: [Diagnostic]) {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else {
            throw ServeError(.contentTooLarge, "the score is larger than \(maximumBytes >> 20) MB")
        }
        let (score, diagnostics) = ScoreLoader.parse(bytes, path: name)
        let failed = diagnostics.contains { $0.severity == .error }
        guard let score, !failed else { return (nil, diagnostics) }
        return (transpose == 0 ? score : score.transposed(by: max(-24, min(24, transpose))), diagnostics)
    }

    /// The performance the page shows and plays: each movement as the engraving flattens it, one after another;
    /// the parts numbered in `mute` (a movement's parts, then its `chords=` part) left out.
    static func timeline(of score: Score, muting mute: Set<Int> = []) -> Timeline {
        Timeline.concatenating(
            score.movements.map { movement in
                let kept = movement.parts.indices.filter { !mute.contains($0) }
                return Flattener.timeline(
                    of: movement, partIndices: mute.isEmpty ? nil : kept, rollsArpeggios: true,
                    withChords: !mute.contains(movement.parts.count))
            })
    }

    /// The first movement's parts as the timing numbers them: instrument or `part N`, then `chords`.
    static func partNames(of score: Score) -> [String] {
        guard let movement = score.movements.first else { return [] }
        let names = movement.parts.indices.map { movement.parts[$0].instrument ?? "part \($0 + 1)" }
        return names + (movement.headers["chords"] == nil ? [] : ["chords"])
    }
}
