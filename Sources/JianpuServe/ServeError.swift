import HTTPTypes

/// A request the editor cannot answer as asked: the HTTP status and a sentence for the page.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    /// The answer's status.
    public var status: HTTPResponse.Status
    /// What went wrong, said to the user.
    public var message: String

    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }
}
