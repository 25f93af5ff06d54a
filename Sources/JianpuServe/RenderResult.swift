import JianpuCore

/// What `POST /api/render` answers: the typeset pages, what `jianpu check` says, and the performance the
/// page's highlight follows.
public struct RenderResult: Sendable, Codable {
    /// One SVG document per page; empty when the text has errors (the page keeps the last good ones).
    public var pages: [String]
    /// Everything `jianpu check` says, in source order.
    public var diagnostics: [DiagnosticEntry]
    /// The performance, in order: seconds from the start, the written event sounding (`m0p0l3c5`), its part.
    public var timing: [TimingEntry]
    /// The performance's length in seconds.
    public var duration: Double
    /// The parts as the timing numbers them: each part's instrument (or `part N`), then `chords` for a `chords=` line.
    public var parts: [String] = []
    /// Whether the text typeset (no errors).
    public var ok: Bool
    /// How long the server took, in milliseconds.
    public var milliseconds: Double

    /// One diagnostic: 1-based line and column (0 for the whole file), `error`, `warning` or `note`, the message.
    public struct DiagnosticEntry: Sendable, Codable, Equatable {
        public var line: Int
        public var column: Int
        public var severity: String
        public var message: String

        public init(_ diagnostic: Diagnostic) {
            line = diagnostic.location.line
            column = diagnostic.location.column
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
        }
    }

    /// `[seconds, event, part]`.
    public struct TimingEntry: Sendable, Codable {
        public var seconds: Double
        public var event: String
        public var part: Int

        public init(seconds: Double, event: String, part: Int) {
            (self.seconds, self.event, self.part) = (seconds, event, part)
        }

        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            seconds = try container.decode(Double.self)
            event = try container.decode(String.self)
            part = try container.decode(Int.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode((seconds * 1000).rounded() / 1000)
            try container.encode(event)
            try container.encode(part)
        }
    }
}

/// What the page (or another editor) sends to `POST /api/render`.
public struct RenderRequest: Sendable, Codable {
    /// The jianpu text.
    public var text: String
    /// The file name diagnostics are said against; `score.jp` when absent.
    public var name: String?
    /// Which editor sent it (any string) and its edit count: a render older than the latest of the same
    /// editor is skipped when its turn comes (`superseded`), so a newer edit cancels an older render.
    public var session: String?
    public var generation: Int?
    /// Semitones to transpose the page by.
    public var transpose: Int?
    /// For the sound: parts to leave silent, numbered as the timing numbers them.
    public var mute: [Int]?
}
