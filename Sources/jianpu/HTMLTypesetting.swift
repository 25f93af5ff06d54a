import JianpuCommandLine
import JianpuEngraving
import JianpuFiles

/// The playing page: the engraving with the performance its own synthesizer plays.
enum HTMLTypesetting {
    /// Writes the page to `file`. The sound is the engraving's own (`Engraver.engrave(_:maximumPages:withSound:)`):
    /// the timelines its highlight was lit from, which `play` plays (the `chords=` part included).
    static func write(_ engraving: Engraving, to file: OutputFile) throws {
        // Streamed: the page of a big score is never held whole.
        let writer = try file.open()
        try HTMLPage.write(engraving, performance: engraving.sound ?? PagePerformance()) { (text: String) throws(FileProblem) in try writer.write(Array(text.utf8)) }
        try writer.commit()
    }
}
