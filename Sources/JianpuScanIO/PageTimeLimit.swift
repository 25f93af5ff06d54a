import Foundation
import Synchronization

/// The time poppler may spend on one page of a PDF, watched from a thread of its own.
///
/// poppler cannot be interrupted while it lays out a page's text or draws it, and a hostile PDF (a megabyte of
/// compressed drawing that inflates to millions of shapes) would keep it busy for hours in little memory. The
/// program that scans says what happens when a page overruns: `jianpu scan` says so in one line and exits 1.
public final class PageTimeLimit: Sendable {
    /// The process's one limit, which `PopplerPageHandle` works under.
    public static let shared = PageTimeLimit()

    /// A page of music is read in well under a second on the slowest machine we know.
    public static let defaultSeconds = 20.0

    private struct State {
        var seconds = PageTimeLimit.defaultSeconds
        var deadline: ContinuousClock.Instant?
        var page = ""
        var overrun: (@Sendable (String) -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// Calls `overrun` with the page's name, once, from the watching thread, when a page takes longer than
    /// `seconds`. Without it nothing watches: a library user decides for itself.
    public func onOverrun(after seconds: Double = PageTimeLimit.defaultSeconds, _ overrun: @escaping @Sendable (String) -> Void) {
        let starting = state.withLock { state in
            let starting = state.overrun == nil
            state.overrun = overrun
            state.seconds = seconds
            return starting
        }
        if starting { Thread.detachNewThread { [self] in watch() } }
    }

    /// `work`, done for `page` (its name in a message) under the limit, counted from `start`: the calls for one
    /// page (its text, its layout, its drawing) share one budget, so that three calls just under the limit each
    /// cannot keep a hostile page three times as long.
    public func watching<T, Failure: Error>(_ page: String, since start: ContinuousClock.Instant = .now, _ work: () throws(Failure) -> T) throws(Failure) -> T {
        state.withLock {
            $0.deadline = start + .seconds($0.seconds); $0.page = page
        }
        defer { state.withLock { $0.deadline = nil } }
        return try work()
    }

    private func watch() {
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            let due: (overrun: @Sendable (String) -> Void, page: String)? = state.withLock { state in
                guard let deadline = state.deadline, ContinuousClock.now >= deadline, let overrun = state.overrun else { return nil }
                state.deadline = nil
                return (overrun, state.page)
            }
            if let due { due.overrun(due.page) }
        }
    }
}
