/// A problem found in user input, with the place it was found.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
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

    /// `file:line:column: message`, with `warning: ` before warnings' messages.
    public var description: String {
        severity == .error ? "\(location): \(message)" : "\(location): warning: \(message)"
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
