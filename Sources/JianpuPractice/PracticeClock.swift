import Foundation

/// Where a practice session gets the time: the system clock, or a fake one in tests.
public protocol PracticeClock: Sendable {
    func now() -> Date
}

/// The system clock.
public struct SystemClock: PracticeClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock for tests: starts at `start` and moves on by `step` seconds each time it is read.
public final class SteppingClock: PracticeClock, @unchecked Sendable {
    private var current: Date
    private let step: TimeInterval
    private let lock = NSLock()
    public init(start: Date, step: TimeInterval) {
        current = start
        self.step = step
    }
    public func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        let value = current
        current = current.addingTimeInterval(step)
        return value
    }
}
