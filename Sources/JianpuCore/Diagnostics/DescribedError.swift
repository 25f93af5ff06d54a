/// An error whose `description` is the whole one-line message for the user: what was being done,
/// what went wrong, and the fix. Programs print it once, at their edge, after their own name.
public protocol DescribedError: Error, CustomStringConvertible, Sendable {}
