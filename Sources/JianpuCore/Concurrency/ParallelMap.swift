import Dispatch
import Synchronization

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
