import Foundation
import JianpuCore
import JianpuEngraving
import JianpuFiles
import JianpuNotation
import JianpuPerformance

/// What `jianpu play` draws: the score engraved as jianpu in the terminal, a few lines at a time,
/// with the sounding notes highlighted, a header (title, key, meter, tempo, bar, time) and a footer with the keys.
///
/// A function of the playback state: `lines(for:columns:rows:)` gives the screen's lines
/// (with ANSI colour escapes), so it is tested without a terminal.
///
/// The music is the engraving's text form (`TextScore`): as on the page, a line holds the same
/// stretch of time for every part, a row each, notes played together in one column; digits with
/// octave dots on the rows above and below, grace notes, tuplet numbers, slurs and ties, underlines,
/// dashes, bar lines, volta brackets, every verse of the lyrics and the line's bar number (dim, left of
/// the music), drawn from the Score tree (so a seed plist shows the same). Lines are laid out to the
/// window's width and drawn only around the playing position (`Lines`), so a long score costs a few
/// screens of text.
public struct ScoreView: Sendable {
    /// One part's rows in a line of music, and where each written note sits in it.
    public struct Row: Sendable, Hashable {
        /// The digits' row.
        public var text: String
        /// The characters of `text` a note written at a location covers (character offsets).
        public var spans: [SourceLocation: Range<Int>]
        /// The rows drawn above (tuplets, arcs, chord figures, octave dots) and below (underlines, low dots, lyrics).
        public var above: [String]
        public var below: [String]

        public init(text: String, spans: [SourceLocation: Range<Int>], above: [String] = [], below: [String] = []) {
            self.text = text
            self.spans = spans
            self.above = above
            self.below = below
        }
    }

    /// One line of music: every part's rows over the same time, its bar number and volta brackets.
    public struct Line: Sendable, Hashable {
        public var number: Int
        public var voltas: String?
        public var parts: [Row]

        init(_ line: TextLine) {
            number = line.number
            // The score's words are drawn on the terminal: their control characters shown, one for one, never obeyed.
            voltas = line.voltas.map(TerminalText.visible)
            parts = line.parts.map {
                Row(text: TerminalText.visible($0.main), spans: $0.spans, above: $0.above.map(TerminalText.visible), below: $0.below.map(TerminalText.visible))
            }
        }
    }

    /// The playback state to draw.
    public struct Status: Sendable, Hashable {
        /// The score position sounding now, in whole notes.
        public var position: Double
        /// The tempo factor (1 is the score's tempo).
        public var tempoFactor: Double
        public var isPaused: Bool
        /// Where the played range starts and ends (whole notes), for the time shown.
        public var startPosition: Double
        public var endPosition: Double
        /// The practice state to show after the time (`loop 5-8   part 2 muted`), if any.
        public var practice: String?
        /// The engine loops bars until stopped: the total time has no end.
        public var isLooping = false
        /// Each muted or soloed part's mark, by part, shown after its name.
        public var partMarks: [Int: String] = [:]

        public init(position: Double, tempoFactor: Double = 1, isPaused: Bool = false, startPosition: Double = 0, endPosition: Double, practice: String? = nil) {
            self.practice = practice
            self.position = position
            self.tempoFactor = tempoFactor
            self.isPaused = isPaused
            self.startPosition = startPosition
            self.endPosition = endPosition
        }
    }

    /// Highlight escapes: the melody's sounding notes, the accompaniment's, and back to normal.
    public static let melodyHighlight = "\u{1B}[1;7;33m"
    public static let accompanimentHighlight = "\u{1B}[7;36m"
    /// Bar numbers and part names: dim (SGR 2), so that they never read as notes.
    public static let dim = "\u{1B}[2m"
    public static let reset = "\u{1B}[0m"
    /// The footer's key help.
    public static let keyHelp = "space pause   ←/→ bar   +/- tempo   [ ] loop   c no loop   1-9 part   m mute   s solo   q quit"

    public let timeline: Timeline
    public let title: String
    /// The score's columns, from which lines of any width are drawn.
    public let text: TextScore
    /// Each part's display name.
    public let partNames: [String]
    /// The lines drawn so far: those around the playing position, at the last width asked.
    let drawn: Lines

    /// A view of `timeline` (flattened from `score`), showing `score` engraved.
    public init(timeline: Timeline, score: Score) {
        self.timeline = timeline
        let fileName = FileStatus.split(score.file).name
        self.title = TerminalText.visible(timeline.title ?? score.title ?? (fileName.isEmpty ? "jianpu" : fileName))
        let partCount = max(timeline.parts.count, (timeline.notes.lazy.map(\.part).max() ?? -1) + 1, 1)
        text = TextScore(score: score, timeline: timeline)
        drawn = Lines(opening: text.opening)
        self.partNames = (0..<partCount).map { index in
            let part = index < timeline.parts.count ? timeline.parts[index] : nil
            // The practice click is named for what it is, not counted among the accompaniments.
            if let part, part.name == PartRole.clickName, part.channel == PartRole.percussionChannel { return "click" }
            let name = part?.name
            let role = index == 0 ? "melody" : partCount > 2 ? "accompaniment \(index)" : "accompaniment"
            return name.map { "\(role) (\(TerminalText.visible($0)))" } ?? role
        }
    }

    // MARK: State at a position

    /// Positions within this much of each other count as the same (a seek lands on a sample, not exactly on the bar).
    static let tolerance = 1e-4

    /// The played bar at a position.
    public func bar(at position: Double) -> PlayedBarIndex {
        timeline.barIndex(atApproximately: position, tolerance: Self.tolerance)
    }

    /// Seconds from the score's start to a position, at the score's tempo.
    func seconds(at position: Double) -> Double {
        timeline.tempoMap.seconds(at: WholeNotes(approximating: position))
    }

    /// The score's tempo at a position, as written (`4.=56` is 56 dotted crotchets).
    func tempo(at position: Double) -> TempoMap.Change {
        let changes = timeline.tempoMap.changes
        return changes.last { $0.position.doubleValue <= position + Self.tolerance } ?? changes[0]
    }

    /// The locations of the notes sounding (and the rests being counted) at a position, per part.
    public func soundingLocations(at position: Double) -> [Int: Set<SourceLocation>] {
        var result: [Int: Set<SourceLocation>] = [:]
        // Read from the timeline, which keeps both in onset order: no copy of either is held.
        // Rests are followed too: the rest being counted is highlighted like a note.
        for note in timeline.notes {
            if note.onset.doubleValue > position + Self.tolerance { break }
            guard note.end.doubleValue > position + Self.tolerance, let location = note.location else { continue }
            result[note.part, default: []].insert(location)
        }
        for rest in timeline.rests {
            if rest.onset.doubleValue > position + Self.tolerance { break }
            guard rest.end.doubleValue > position + Self.tolerance, let location = rest.location else { continue }
            result[rest.part, default: []].insert(location)
        }
        return result
    }
}
