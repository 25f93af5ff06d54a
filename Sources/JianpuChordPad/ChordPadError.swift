/// An error of the chord pad's set-up, with its exit status: one line that says what and the fix.
public struct ChordPadError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public var exitCode: Int32
    public init(_ description: String, exitCode: Int32 = 1) {
        self.description = description
        self.exitCode = exitCode
    }
}
