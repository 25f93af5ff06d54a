/// Values a command that is about to exit leaves to the end of the process instead of freeing.
///
/// A large score is a tree of hundreds of thousands of items: released, each is visited and freed, which
/// costs an export of a 0.5 MB score a few percent of its time for memory the exit gives back at once.
enum LeftForExit {
    /// Keeps `value` alive until the process ends.
    static func keep<Value: Sendable>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }

    private final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
