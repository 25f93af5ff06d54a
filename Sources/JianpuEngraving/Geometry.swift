import JianpuCore

/// A point on the page, in points (1/72 inch), y growing downwards.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle on the page.
public struct Rect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    /// Whether the two overlap by more than `tolerance` both ways.
    public func overlaps(_ other: Rect, tolerance: Double = 0.01) -> Bool {
        x + tolerance < other.maxX && other.x + tolerance < maxX && y + tolerance < other.maxY && other.y + tolerance < maxY
    }
}

/// A font as the layout asks for it; backends map the face to installed fonts.
public struct Font: Sendable, Hashable {
    public enum Face: Sendable, Hashable {
        /// Digits, accidentals and music signs: DejaVu Sans.
        case music
        /// Words (titles, lyrics, chord symbols): DejaVu Sans, or Droid Sans Fallback for Chinese, Japanese and Korean
        /// (a TrueType font: a PDF embeds a subset of it in milliseconds, where Noto Sans CJK's CFF takes tens).
        case text
    }
    // The size first: with the face and flags after it the font takes 11 bytes, not 18, and a glyph of text 64, not 72.
    public var size: Double
    public var face: Face
    public var bold = false
    public var italic = false
    public init(_ face: Face, size: Double, bold: Bool = false, italic: Bool = false) {
        self.face = face
        self.size = size
        self.bold = bold
        self.italic = italic
    }

    /// The font family that draws `text` in this face: the CJK family when the text holds CJK characters.
    public func family(for text: String) -> String {
        face == .text && text.unicodeScalars.contains(where: Self.isCJK) ? Self.cjkFamily : Self.latinFamily
    }

    /// `text` cut where it moves between the CJK and the Latin font, each piece with the family that draws it.
    ///
    /// The CJK font has no Latin letters and the Latin font no ideographs, so a drawing surface without its own
    /// fallback (cairo's PDF) must draw a mixed title such as `茉莉花（练习）` or `Two Verses 两段歌词` run by run.
    public func runs(of text: String) -> [(text: String, family: String)] {
        guard face == .text else { return [(text, Self.latinFamily)] }
        var runs: [(text: String, family: String)] = []
        var current = String.UnicodeScalarView()
        var currentIsCJK = false
        for scalar in text.unicodeScalars {
            let isCJK = Self.isCJK(scalar)
            if isCJK != currentIsCJK, !current.isEmpty {
                runs.append((String(current), currentIsCJK ? Self.cjkFamily : Self.latinFamily))
                current = String.UnicodeScalarView()
            }
            currentIsCJK = isCJK
            current.append(scalar)
        }
        if !current.isEmpty || runs.isEmpty { runs.append((String(current), currentIsCJK ? Self.cjkFamily : Self.latinFamily)) }
        return runs
    }

    public static let latinFamily = "DejaVu Sans"
    public static let cjkFamily = "Droid Sans Fallback"

    /// Whether a character is drawn from the CJK font (ideographs, kana, hangul, full-width forms).
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool { LyricSyllables.isCJK(scalar) }
}

/// Measures text with real fonts: the layout's only view of them.
public protocol TextMeasuring {
    /// The advance width of `text` in `font`, in points.
    func width(of text: String, in font: Font) -> Double
}

/// What a glyph shows, for the backends and the tests (the SVG class).
public enum Role: String, Sendable, Hashable {
    case note, grace = "note grace", tied, rest, dash, octaveDot = "octave-dot", underline, augmentationDot = "aug-dot", accidental
    case barLine = "bar-line", repeatDot = "repeat-dot", tie, slur, tuplet, arpeggio, volta, jump, dynamic, chordSymbol = "chord-symbol"
    case fermata, breath, articulation, hairpin, rehearsalMark = "rehearsal-mark", brace
    case lyric, words, title, subtitle, credit, pageNumber = "page-number", key, meter, tempo, barNumber = "bar-number", bracket, partName = "part-name", multibarRest = "multibar-rest"
    case percentRepeat = "percent-repeat"
}

/// The written note a note head stands for: what a player or a test needs to find it.
public struct NoteReference: Sendable, Hashable {
    /// The MIDI number, nil for a rest.
    public var pitch: Int?
    /// Seconds from the start at the written tempo, the first time through (nil if never sounded).
    public var onset: Double?
    /// The id of the written event (note, chord or rest) the head belongs to.
    public var event: String
}

/// The note a syllable is sung on: what a check against another engraver's lyrics needs.
public struct SyllableReference: Sendable, Hashable {
    /// The id of the written event the syllable is sung on.
    public var event: String
    /// The verse, 0-based.
    public var verse: Int
    /// Where the note is written, from the start of its part (repeats counted once).
    public var onset: WholeNotes
}

/// One positioned mark on a page.
public struct Glyph: Sendable, Hashable {
    public enum Shape: Sendable, Hashable {
        /// Text with its baseline at the point, anchored at its start, middle or end.
        case text(String, Font, Anchor)
        /// A straight line to the second point.
        case line(to: Point, width: Double)
        case dot(radius: Double)
        /// A curve to the second point bowing `height` upwards (negative: downwards).
        case arc(to: Point, height: Double)
        /// Connected straight segments, starting at the glyph's point.
        case polyline([Point], width: Double)
    }
    public enum Anchor: String, Sendable, Hashable { case start, middle, end }

    public var shape: Shape
    public var at: Point
    public var role: Role
    /// What the glyph stands for, boxed: most glyphs stand for nothing, and a page of a wide bar holds
    /// hundreds of thousands, so each is a pointer wide instead of carrying room for all three.
    private var references: References?

    public var note: NoteReference? {
        get { references?.note }
        set { references = References(note: newValue, bar: bar, syllable: syllable) }
    }
    /// For bar lines: the printed number of the bar the line ends.
    public var bar: Int? {
        get { references?.bar }
        set { references = References(note: note, bar: newValue, syllable: syllable) }
    }
    /// For a lyric syllable: the note it is sung on.
    public var syllable: SyllableReference? {
        get { references?.syllable }
        set { references = References(note: note, bar: bar, syllable: newValue) }
    }

    public init(_ shape: Shape, at: Point, role: Role, note: NoteReference? = nil, bar: Int? = nil) {
        self.shape = shape
        self.at = at
        self.role = role
        references = References(note: note, bar: bar, syllable: nil)
    }

    init(_ shape: Shape, at: Point, role: Role, syllable: SyllableReference) {
        self.init(shape, at: at, role: role)
        self.syllable = syllable
    }

    /// A glyph's note, bar and syllable, shared by its copies (never changed: a change makes a new one).
    /// A note head's reference alone (nearly every glyph that stands for something) goes in a box of its
    /// own, half the size of one with room for all three: a wide bar's page holds one per note.
    private enum References: Sendable, Hashable {
        case note(NoteBox)
        case any(Full)

        /// The box of the three, none when all are nil.
        init?(note: NoteReference?, bar: Int?, syllable: SyllableReference?) {
            if let note, bar == nil, syllable == nil {
                self = .note(NoteBox(note))
            } else if let full = Full(note: note, bar: bar, syllable: syllable) {
                self = .any(full)
            } else {
                return nil
            }
        }

        var note: NoteReference? {
            switch self {
            case .note(let box): box.reference
            case .any(let full): full.note
            }
        }
        var bar: Int? {
            if case .any(let full) = self { return full.bar }
            return nil
        }
        var syllable: SyllableReference? {
            if case .any(let full) = self { return full.syllable }
            return nil
        }
    }

    /// A note head's reference with its optionals unfolded: an object of 49 bytes (64 allocated), where one with
    /// room for a bar and a syllable too takes 121 (144 allocated).
    private final class NoteBox: Sendable, Hashable {
        let event: String
        let onset: Double
        let pitch: Int
        /// Which of `pitch` (1) and `onset` (2) there are.
        let present: UInt8

        init(_ note: NoteReference) {
            event = note.event
            onset = note.onset ?? 0
            pitch = note.pitch ?? 0
            present = (note.pitch == nil ? 0 : 1) | (note.onset == nil ? 0 : 2)
        }

        var reference: NoteReference {
            NoteReference(pitch: present & 1 != 0 ? pitch : nil, onset: present & 2 != 0 ? onset : nil, event: event)
        }

        static func == (a: NoteBox, b: NoteBox) -> Bool { a.reference == b.reference }

        func hash(into hasher: inout Hasher) { hasher.combine(reference) }
    }

    private final class Full: Sendable, Hashable {
        let note: NoteReference?
        let bar: Int?
        let syllable: SyllableReference?

        /// The box of the three, none when all are nil.
        init?(note: NoteReference?, bar: Int?, syllable: SyllableReference?) {
            guard note != nil || bar != nil || syllable != nil else { return nil }
            self.note = note
            self.bar = bar
            self.syllable = syllable
        }

        static func == (a: Full, b: Full) -> Bool {
            a.note == b.note && a.bar == b.bar && a.syllable == b.syllable
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(note)
            hasher.combine(bar)
            hasher.combine(syllable)
        }
    }
}

/// A bar's area on a page: where clicking starts the music.
public struct BarArea: Sendable, Hashable {
    public var rect: Rect
    /// The printed bar number.
    public var number: Int
    /// Seconds from the start where the bar first sounds.
    public var start: Double
}

/// A system's area and the boxes of its note heads, lyrics and chord symbols (for checks).
public struct SystemArea: Sendable, Hashable {
    public var rect: Rect
    public var heads: [Rect]
    public var lyrics: [Rect]
    public var chordSymbols: [Rect]
}

/// One page of the engraving.
public struct Page: Sendable, Hashable {
    public var glyphs: [Glyph] = []
    public var bars: [BarArea] = []
    public var systems: [SystemArea] = []
}

/// Paper sizes in points.
public enum Paper: String, Sendable, CaseIterable {
    case a4, letter
    public var size: (width: Double, height: Double) {
        switch self {
        case .a4: (595.28, 841.89)
        case .letter: (612, 792)
        }
    }
}

/// The whole engraved score: pages of glyphs, and the map from time to written notes.
public struct Engraving: Sendable {
    public var title: String?
    public var width: Double
    public var height: Double
    public var pages: [Page]
    /// Every sounding written event in performance order (through repeats): seconds, event id and part.
    public var performance: [(seconds: Double, event: String, part: Int)]
    /// The end of the music in seconds.
    public var duration: Double
    /// What the page plays, from the same timelines as `performance`, when asked for (`Engraver.engrave(_:maximumPages:withSound:)`).
    public var sound: PagePerformance? = nil
}

extension Glyph {
    /// The same glyph moved by (dx, dy), every point of its shape with it.
    func moved(_ dx: Double, _ dy: Double) -> Glyph {
        var glyph = self
        glyph.at = Point(at.x + dx, at.y + dy)
        switch shape {
        case .line(let to, let width): glyph.shape = .line(to: Point(to.x + dx, to.y + dy), width: width)
        case .arc(let to, let height): glyph.shape = .arc(to: Point(to.x + dx, to.y + dy), height: height)
        case .polyline(let points, let width): glyph.shape = .polyline(points.map { Point($0.x + dx, $0.y + dy) }, width: width)
        case .text, .dot: break
        }
        return glyph
    }
}

extension Rect {
    func moved(_ dx: Double, _ dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}
