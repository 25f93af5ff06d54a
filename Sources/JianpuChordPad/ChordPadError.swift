import JianpuCore

/// An error of the chord pad's set-up: one line that says what and the fix.
public struct ChordPadError: DescribedError {
    public var description: String
    public init(_ description: String) { self.description = description }
}
