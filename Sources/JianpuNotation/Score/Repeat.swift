import JianpuCore

/// A repeated passage: `R{ … }` (twice), `R4{ … }` (four times), with `A{ … | … }` endings.
public struct Repeat: Sendable, Hashable {
    /// How many times the body is played.
    public var times: Int
    public var body: [MusicItem]
    /// Alternative endings; when there are fewer than `times`, the first is played for the early passes.
    public var endings: [[MusicItem]]
    public var location: SourceLocation
    /// Just after the last `}` (of the endings when there are some).
    public var end: SourceLocation
    /// The count as written (`R3{` is 3), nil for `R{`: the reference's bar check counts every pass of a written
    /// count, but `R{` once.
    public var writtenTimes: Int?
    public init(times: Int, body: [MusicItem], endings: [[MusicItem]] = [], location: SourceLocation, end: SourceLocation? = nil, writtenTimes: Int? = nil) {
        self.times = times
        self.writtenTimes = writtenTimes
        self.body = body
        self.endings = endings
        self.location = location
        self.end = end ?? location
    }

    /// From `R{` to just after the last `}`.
    public var range: SourceRange { SourceRange(start: location, end: end) }
}

/// A navigation mark: where a da capo or dal segno returns to and where it ends.
public struct Jump: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case segno = "Segno", toCoda = "ToCoda", fine = "Fine", daCapo = "DC", dalSegno = "DS"
    }
    public var kind: Kind
    public var location: SourceLocation
    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// `R*N`: N whole bars of rest in the current time signature.
public struct MultibarRest: Sendable, Hashable {
    public var bars: Int
    public var location: SourceLocation
    public init(bars: Int, location: SourceLocation) {
        self.bars = bars
        self.location = location
    }

    /// Where `R*N` is written.
    public var range: SourceRange { SourceRange(start: location, end: location.advanced(by: 2 + String(bars).count)) }
}
