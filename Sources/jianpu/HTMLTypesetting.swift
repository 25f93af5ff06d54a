import JianpuCommandLine
import JianpuEngraving
import JianpuFiles

/// The playing page: the engraving with the performance its own synthesizer plays.
enum HTMLTypesetting {
    /// The page written to `writer` as the layout finishes its pages. The sound is the engraving's own
    /// (`Engraver.write(_:maximumPages:withSound:to:)` with sound): the timelines its highlight was lit
    /// from, which `play` plays (the `chords=` part included).
    /// With `source`, the score's text is embedded for `jianpu scan`.
    static func page(to writer: OutputFileWriter, source: String? = nil) -> HTMLPage.Stream<FileProblem> {
        HTMLPage.Stream(source: source) { (text: String) throws(FileProblem) in try writer.write(Array(text.utf8)) }
    }
}
