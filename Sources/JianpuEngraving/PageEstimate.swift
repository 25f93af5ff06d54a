import JianpuCore
import JianpuNotation
import JianpuPerformance

/// The fewest pages a score can be engraved on, counted from its written notes alone.
///
/// Every note, rest or dash of a part takes a column at least 0.55 digits wide, and every part
/// of a system at least 2.15 digits of height (with 0.9 between systems), so a part's written
/// events give a floor on its lines and pages. A score far past the page limit is then refused
/// before any of it is laid out: the layout of each event costs memory.
struct PageEstimate {
    /// The least height of a part in a system, in digits.
    static let partHeight = 2.15

    let metrics: EngravingOptions.Metrics
    let lineWidth: Double
    let pageHeight: Double

    /// The pages `score` needs at least (a bar wider than a line aside, which no score has), from
    /// `written`, its movements' written scores.
    func fewestPages(_ score: Score, written: [WrittenScore]) -> Int {
        let columnsPerLine = max(1, (lineWidth / (0.55 * metrics.s)).rounded(.down))
        var pages = 0.0
        for (movement, written) in zip(score.movements, written) {
            let events = written.parts.map(\.eventCount).max() ?? 0
            let lines = (Double(events) / columnsPerLine).rounded(.down)
            let systemHeight = (Self.partHeight * Double(max(1, movement.parts.count)) + 0.9) * metrics.s
            pages += lines / ((pageHeight / systemHeight).rounded(.down) + 1)
        }
        return Int(saturating: pages.rounded(.down))
    }
}
