/// What a scan has read from its pages, as a page shows it: pages of systems, systems of rows
/// (one row per part), rows of bars, bars of symbols, each symbol with its place and how sure the reading is.
///
/// Places are in points (1/72 inch) from the page's top left corner, y growing down, as poppler and
/// the typesetter give them.

/// A rectangle on a page.
public struct Box: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    /// Whether `other` lies wholly inside this box.
    public func contains(_ other: Box) -> Bool { x <= other.x && other.maxX <= maxX && y <= other.y && other.maxY <= maxY }
    /// The smallest box holding both.
    public func union(_ other: Box) -> Box {
        let left = min(x, other.x), top = min(y, other.y)
        return Box(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}

/// A symbol of printed jianpu.
public enum SymbolKind: Sendable, Hashable {
    /// A digit 0–7 (0 a rest).
    case digit(Int)
    /// A digit stacked over the note before it (with its own octave dots): one more pitch of that note's chord.
    case chordDigit(Int)
    /// An octave dot, above (+1) or below (-1) its digit.
    case octaveDot(Int)
    /// An augmentation dot after a digit.
    case augmentationDot
    /// An underline (one level of beam) under a run of digits.
    case underline
    /// A dash: the note goes on a crotchet more.
    case dash
    /// A bar line.
    case barLine
    /// A sharp (+1) or flat (-1) before a digit.
    case accidental(Int)
    /// A meter (beats over beat type) set among the notes: it holds from its bar on.
    case meter(Int, Int)
    /// An arc above the digits from the note it follows to the next: a tie when both are one pitch (a slur otherwise).
    case tie
    /// A tuplet's bracket and number (3 for a triplet) over the notes its box spans.
    case tuplet(Int)
    /// A grace note or grace chord: before the next note, or after the one before.
    case grace(ScannedGrace)
    /// A percent repeat (a slash between two dots) filling a bar: the bar before, again.
    case percentRepeat
    /// A multi-bar rest (a thick bar with its count over it) filling a bar: that many bars of rest.
    case multiBarRest(Int)
    /// Other text (a title, a word).
    case text(String)
}

/// One symbol read, with its place and a confidence from 0 to 1 (1: read from the PDF's own text).
public struct ScannedSymbol: Sendable, Hashable {
    public var kind: SymbolKind
    public var box: Box
    public var confidence: Double
    public init(_ kind: SymbolKind, box: Box, confidence: Double = 1) {
        self.kind = kind; self.box = box; self.confidence = confidence
    }
}

/// A bar of one row: its symbols left to right.
public struct ScannedBar: Sendable, Hashable {
    public var box: Box
    public var symbols: [ScannedSymbol]
    /// A repeat sign (`|:`) at its start.
    public var startsRepeat = false
    /// A repeat sign (`:|`) at its end.
    public var endsRepeat = false
    /// A final bar line (thin and thick) at its end, with no repeat sign: its part may end there.
    public var endsFinal = false
    /// The volta bracket over it: which ending it is in.
    public var ending: Int?
    /// All the passes its volta bracket names (`1.2.`: 1 and 2); empty where it names one, `ending`.
    public var endingNumbers: [Int] = []
    /// The key printed over it (`1=Bb`, `6=F#`): it holds from this bar on.
    public var key: ScannedKey?
    /// The title of a new section printed over it (jianpu-ly's `NextScore`): the section begins with it.
    public var section: String?
    /// The road map's signs at its start (a segno) and after it (To Coda, D.S., D.C., Fine).
    public var jumpsAtStart: [NavigationMark] = []
    public var jumpsAtEnd: [NavigationMark] = []
    /// The lyrics printed under it: a verse each, its syllables left to right.
    public var lyrics: [[ScannedSyllable]] = []
    public init(box: Box, symbols: [ScannedSymbol]) { self.box = box; self.symbols = symbols }
}

/// One row of a system: one part's line of digits.
public struct ScannedRow: Sendable, Hashable {
    public var box: Box
    public var bars: [ScannedBar]
    public init(box: Box, bars: [ScannedBar]) { self.box = box; self.bars = bars }
}

/// A system: the rows read together, one per part.
public struct ScannedSystem: Sendable, Hashable {
    public var rows: [ScannedRow]
    public init(rows: [ScannedRow]) { self.rows = rows }
}

/// A page: its size and systems, and the header text found above the music.
public struct ScannedPage: Sendable, Hashable {
    /// 1-based.
    public var number: Int
    public var width: Double, height: Double
    public var systems: [ScannedSystem]
    public var header: [String]
    /// The title, key, meter and tempo the header says.
    public var heading = ScannedHeader()
    public init(number: Int, width: Double, height: Double, systems: [ScannedSystem] = [], header: [String] = []) {
        self.number = number; self.width = width; self.height = height; self.systems = systems; self.header = header
    }
}

/// Something a scan is unsure of, with its place (1-based page, system and bar; nil where it concerns more).
public struct ScanWarning: Sendable, Hashable, CustomStringConvertible {
    public var page: Int?
    public var system: Int?
    public var bar: Int?
    public var message: String
    public init(page: Int? = nil, system: Int? = nil, bar: Int? = nil, _ message: String) {
        self.page = page; self.system = system; self.bar = bar; self.message = message
    }
    public var description: String {
        let place = [page.map { "page \($0)" }, system.map { "system \($0)" }, bar.map { "bar \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

/// The outcome of a scan: jianpu text, how it was found, the pages as read, and the warnings.
public struct ScanResult: Sendable {
    public enum Method: Sendable, Hashable {
        /// The text `jianpu typeset` embedded in the file, given back as it was.
        case embedded
        /// Read from the pages' symbols.
        case recognized
    }
    public var text: String
    public var method: Method
    public var pages: [ScannedPage]
    public var warnings: [ScanWarning]
    /// Every bar of every part as read, in the score's order part by part: what the overlay draws.
    public var bars: [ReadBar] = []
    public init(text: String, method: Method, pages: [ScannedPage] = [], warnings: [ScanWarning] = []) {
        self.text = text; self.method = method; self.pages = pages; self.warnings = warnings
    }
}

/// Why a file cannot be scanned, said in words.
public struct ScanProblem: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One bar of one part as the scan read it: where it is, its number in the score, its jianpu text, and
/// whether its beats add up to the meter (a bar that does not is also a warning).
public struct ReadBar: Sendable, Hashable {
    /// 1-based page, system (on its page) and part.
    public var page: Int, system: Int, part: Int
    /// The bar's number in the score, from 1.
    public var number: Int
    /// In the page's points.
    public var box: Box
    /// The bar as jianpu text, as the written score has it (but for ties and repeats across bars).
    public var text: String
    public var addsUp: Bool
    public init(page: Int, system: Int, part: Int, number: Int, box: Box, text: String, addsUp: Bool) {
        self.page = page; self.system = system; self.part = part; self.number = number; self.box = box; self.text = text; self.addsUp = addsUp
    }
}
