/// A problem found in user input, with the place it was found.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable, Hashable {
        case error
        /// Something the reference refuses but a player plays through (`check --strict` refuses it).
        case warning
        /// A hint that never fails a check, e.g. a bar line that is not where a bar ends.
        case note
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func warning(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    public static func note(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.note, at: location, message)
    }

    /// `file:line:column: message`, with `warning: ` or `note: ` before the message where it is not an error.
    public var description: String {
        switch severity {
        case .error: "\(location): \(message)"
        case .warning: "\(location): warning: \(message)"
        case .note: "\(location): note: \(message)"
        }
    }
}

/// The diagnostics of one run, errors and warnings in source order.
public struct Diagnostics: Sendable, Error, CustomStringConvertible {
    public var all: [Diagnostic]
    public init(_ all: [Diagnostic]) { self.all = all }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }
    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var description: String { all.map(\.description).joined(separator: "\n") }
}
