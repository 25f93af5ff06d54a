import Dispatch
import Synchronization

/// How much work (notes, items, events) makes a task worth sharing between the cores: below it, starting the
/// threads costs more than they save.
package let workWorthSharing = 20_000

extension Array where Element: Sendable {
    /// `map`, with the elements transformed side by side on the machine's cores when
    /// `inParallel` (large work only: a thread costs more than a small part takes).
    package func parallelMap<Result: Sendable>(inParallel: Bool, _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard inParallel, count > 1 else { return map(transform) }
        let results = Mutex<[Result?]>(Array<Result?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}

/// `(first(), second())`, the two made side by side on the machine's cores when `inParallel` (large work only).
package func bothInParallel<First: Sendable, Second: Sendable>(
    _ inParallel: Bool, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    guard inParallel else { return (first(), second()) }
    let made = Mutex<(First?, Second?)>((nil, nil))
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
            let value = first()
            made.withLock { $0.0 = value }
        } else {
            let value = second()
            made.withLock { $0.1 = value }
        }
    }
    // Both are set once concurrentPerform returns.
    let (madeFirst, madeSecond) = made.withLock { $0 }
    guard let madeFirst, let madeSecond else { return (first(), second()) }
    return (madeFirst, madeSecond)
}
