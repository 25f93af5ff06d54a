import Dispatch
import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPrint
import Synchronization

/// Typesets the editor's text off the server's event loops, one render at a time on a queue of its own,
/// each bounded in time: a hostile score can keep the queue busy, never the server's other requests.
///
/// A newer edit cancels an older one: each editor's latest generation is remembered, and a render whose
/// turn comes after a newer one of the same editor was asked for is skipped.
public final class RenderService: Sendable {
    /// The most pages a render typesets.
    public static let maximumPages = 60
    let queue = DispatchQueue(label: "jianpu.serve.render", qos: .userInitiated)
    let worker = Worker()
    let latest = Mutex<[String: Int]>([:])
    let seconds: Double

    /// Renders that take longer than `seconds` are answered as too slow.
    public init(seconds: Double) { self.seconds = seconds }

    /// The page for `request`, or `ServeError` (too big, too slow, superseded).
    public func render(_ request: RenderRequest) async throws(ServeError) -> RenderResult {
        let key = request.session.map { String($0.prefix(64)) }
        if let key, let generation = request.generation {
            latest.withLock { table in
                if table.count > 1_000 { table.removeAll() }
                table[key] = max(table[key] ?? generation, generation)
            }
        }
        let outcome: Result<RenderResult, ServeError>? = await run { [self] in
            if let key, let generation = request.generation, self.latest.withLock({ ($0[key] ?? generation) > generation }) {
                return .failure(ServeError(.conflict, "superseded by a newer edit"))
            }
            return Result { () throws(ServeError) in try self.worker.render(request) }
        }
        guard let outcome else { throw ServeError(.serviceUnavailable, "the score took longer than \(Int(seconds)) s to typeset") }
        return try outcome.get()
    }

    /// `work` on the render queue; nil when it has not finished within the time bound.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        await Self.bounded(seconds: seconds, on: queue, work)
    }

    /// `work` on `queue`, its result or nil after `seconds` (the work then finishes unobserved).
    static func bounded<T: Sendable>(seconds: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> T) async -> T? {
        let answered = Mutex(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            @Sendable func answer(_ value: T?) {
                if answered.withLock({
                    let first = !$0; $0 = true; return first
                }) {
                    continuation.resume(returning: value)
                }
            }
            queue.async { answer(work()) }
            // A queue of its own (an overcommitting one): the global queue's threads may all be busy, and the bound
            // must be kept even then.
            timeouts.asyncAfter(deadline: .now() + seconds) { answer(nil) }
        }
    }

    /// Where the time bounds fire.
    private static let timeouts = DispatchQueue(label: "jianpu.serve.time-bounds")

    /// The engraver and its font measurer, used only on the render queue (their caches are not shared).
    final class Worker: @unchecked Sendable {
        let measure = CairoTextMeasure()

        func render(_ request: RenderRequest) throws(ServeError) -> RenderResult {
            let clock = ContinuousClock()
            let started = clock.now
            let (score, diagnostics) = try ScoreText.parse(request.text, name: request.name ?? "score.jp", transpose: request.transpose ?? 0)
            var entries = diagnostics.map(RenderResult.DiagnosticEntry.init)
            var pages: [String] = []
            var timing: [RenderResult.TimingEntry] = []
            var duration = 0.0
            if let score {
                let engraver = Engraver(options: EngravingOptions(), measure: measure)
                do {
                    let engraving = try engraver.engrave(score, maximumPages: RenderService.maximumPages)
                    pages = engraving.pages.map { page in
                        var one = engraving
                        one.pages = [page]
                        one.performance = []
                        return SVGWriter.svg(one)
                    }
                    timing = engraving.performance.map { RenderResult.TimingEntry(seconds: $0.seconds, event: $0.event, part: $0.part) }
                    duration = engraving.duration
                } catch {
                    entries.append(RenderResult.DiagnosticEntry(.error(at: SourceLocation(file: request.name ?? "score.jp", line: 0, column: 0), error.message(for: request.name ?? "score.jp"))))
                }
            }
            let elapsed = clock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            return RenderResult(
                pages: pages, diagnostics: entries, timing: timing, duration: duration, parts: score.map(ScoreText.partNames) ?? [],
                ok: score != nil && !pages.isEmpty, milliseconds: milliseconds)
        }
    }
}
