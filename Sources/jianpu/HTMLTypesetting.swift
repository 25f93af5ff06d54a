import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuEngraving
import JianpuFiles

/// The playing page: the engraving with the performance its own synthesizer plays.
enum HTMLTypesetting {
    /// Writes the page to `file`. The performance is what `play` plays (the `chords=` part
    /// included), the one the engraving's highlight was made from.
    static func write(_ score: Score, engraving: Engraving, to file: OutputFile) throws {
        let performance = score.performanceTimeline(withChords: true).map(PagePerformance.init(timeline:))
        // Streamed: the page of a big score is never held whole.
        let writer = try file.open()
        try HTMLPage.write(engraving, performance: performance) { (text: String) throws(FileProblem) in try writer.write(Array(text.utf8)) }
        try writer.commit()
    }
}
