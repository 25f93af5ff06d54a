import JianpuCore

/// `N[ … ]`: the items inside are played at `ratio` times their written length.
public struct Tuplet: Sendable, Hashable {
    /// The number written before `[`.
    public var count: Int
    /// 2/3 for a triplet, 4/5 for a quintuplet, 3/2 for a duplet (as LilyPond's `\times`).
    public var ratio: WholeNotes
    public var items: [MusicItem]
    public var location: SourceLocation
    /// Just after the closing `]`.
    public var end: SourceLocation
    public init(count: Int, ratio: WholeNotes, items: [MusicItem], location: SourceLocation, end: SourceLocation? = nil) {
        self.count = count
        self.ratio = ratio
        self.items = items
        self.location = location
        self.end = end ?? location
    }

    /// From `N[` to just after `]`.
    public var range: SourceRange { SourceRange(start: location, end: end) }

    /// The ratio the reference gives `N[`: N notes in the time of the power of two below N
    /// (or 3/2 of N when N is itself a power of two).
    public static func ratio(forCount count: Int) -> WholeNotes {
        var power = 2
        while power < count { power *= 2 }
        let normal = power == count ? count * 3 / 2 : power / 2
        return WholeNotes(Int64(max(normal, 1)), Int64(max(count, 1)))
    }
}
