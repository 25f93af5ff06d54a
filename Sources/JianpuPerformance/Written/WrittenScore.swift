import JianpuCore
import JianpuNotation

/// A movement as written, read once: each part's written outline and the printed numbers of its bars.
///
/// The written score answers "where is it written" (printed bar, written position), as the
/// Timeline answers "when is it played". Bars are printed at the melody's meters, repeats and
/// endings once, a pickup as bar 0; every part's bars take the number of the melody's bar at the
/// same written position, so parts are numbered alike, and the played bars (`Timeline.bars`)
/// take the number of the written bar their first note was written in.
///
/// Its bars and their events (notes, rests, dashes, whole-bar rests, with their ids, ties, graces,
/// tuplets, marks, words and sung syllables) are read from it as they are needed, a bar at a time
/// (`readBars(of:movementIndex:take:)`), never held whole; `PlayedOnsets` says when the Timeline
/// plays each of them. The engraving, the play screen and the page estimate all read it.
public struct WrittenScore: Sendable {
    /// Each part as written, in score order.
    public let parts: [WrittenPart]
    /// Where the printed bars start in the written music, up to the end of the longest part.
    public var barStarts: [WholeNotes] { grid.starts }
    private let grid: BarGrid
    /// The number printed at the first bar: 0 for a pickup, 1 otherwise.
    public let firstNumber: PrintedBarNumber

    /// Reads every part of `movement` once (the places of the notes of `placesOfPart` kept, for numbering played bars).
    public init(_ movement: Movement, placesOfPart: Int? = nil) {
        // A large score's parts read side by side.
        let large = movement.parts.count > 1 && movement.parts.reduce(0) { $0 + $1.items.count } > workWorthSharing
        parts = Array(movement.parts.indices).parallelMap(inParallel: large) { WrittenPart(movement.parts[$0], keepingPlaces: $0 == placesOfPart) }
        let melody = parts.first
        let end = parts.lazy.map(\.end).max() ?? .zero
        grid = BarGrid(meters: Self.meters(of: melody), pickup: melody?.pickup, length: end)
        firstNumber = (melody?.pickup ?? .zero) > .zero ? 0 : 1
    }

    /// The printed number of the bar written at `position` (a bar of a whole-bar rest counted as the bar it stands for).
    public func printedNumber(atWritten position: WholeNotes) -> PrintedBarNumber {
        firstNumber.advanced(by: grid.index(at: position))
    }

    /// A part's meters with the 4/4 the music starts in when it says none at its start.
    static func meters(of part: WrittenPart?) -> [MeterChange] {
        var meters = part?.meters ?? []
        if meters.first?.position != .zero { meters.insert(MeterChange(position: .zero, beats: 4, beatUnit: 4), at: 0) }
        return meters
    }
}
