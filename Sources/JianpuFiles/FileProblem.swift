/// Why a file cannot be read or written: the path and what is wrong, for one line of text.
public struct FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    public var path: String
    /// What is wrong and, where it helps, what to do (no path, no trailing period).
    public var message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
