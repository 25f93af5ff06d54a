import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuEngraving
import JianpuFiles

/// The playing page: the engraving with the performance its own synthesizer plays.
enum HTMLTypesetting {
    /// The performance the page plays: what `play` plays (the `chords=` part included), the one the
    /// engraving's highlight is made from. Made before the engraving, so that the timeline it is read
    /// from is let go before the pages are laid out (a wide bar's held both at once).
    static func performance(of score: Score) -> PagePerformance? {
        score.performanceTimeline(withChords: true).map(PagePerformance.init(timeline:))
    }

    /// Writes the page to `file`.
    static func write(_ engraving: Engraving, performance: PagePerformance?, to file: OutputFile) throws {
        // Streamed: the page of a big score is never held whole.
        let writer = try file.open()
        try HTMLPage.write(engraving, performance: performance) { (text: String) throws(FileProblem) in try writer.write(Array(text.utf8)) }
        try writer.commit()
    }
}
