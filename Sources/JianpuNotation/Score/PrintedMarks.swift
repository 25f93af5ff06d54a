import JianpuCore

/// `(` … `)`: a slur from the note written before `(` to the note written before `)`.
public struct Slur: Sendable, Hashable {
    /// Where the first and last notes under the slur were written.
    public var start: SourceLocation
    public var end: SourceLocation
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }
}

/// `^"dolce"` or `_"rit."`: words printed above or below the note written before them.
public struct Annotation: Sendable, Hashable {
    public var text: String
    public var isAbove: Bool
    /// Where the note the words belong to was written.
    public var note: SourceLocation
    public init(text: String, isAbove: Bool, note: SourceLocation) {
        self.text = text
        self.isAbove = isAbove
        self.note = note
    }
}
