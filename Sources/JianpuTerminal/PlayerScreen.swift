import Foundation
import JianpuAudio
import JianpuCore
import Synchronization

/// Set from a signal handler's queue, read by the screen's loop.
private final class StopRequest: Sendable {
    let requested = Atomic<Bool>(false)
}

/// The `jianpu play` screen: the score a few lines at a time with the sounding notes highlighted,
/// the bar and the time; space pauses and resumes, ←/→ jump a bar, +/- change the tempo, q, Esc
/// or Ctrl-C stop.
public struct PlayerScreen {
    public let engine: PlaybackEngine
    public let timeline: Timeline
    public let score: Score

    /// The tempo factor changes by this ratio per `+` or `-`.
    public static let tempoStep = 1.1
    /// The tempo factor stays within these bounds.
    public static let tempoRange = 0.25...4.0
    /// Seconds between redraws while nothing is typed.
    static let frameInterval = 0.05

    public init(engine: PlaybackEngine, timeline: Timeline, score: Score) {
        self.engine = engine
        self.timeline = timeline
        self.score = score
    }

    /// What a key asks for.
    public enum Action: Sendable, Hashable {
        case togglePause, previousBar, nextBar, faster, slower, quit
    }

    /// The action bound to a key, if any (releases do nothing).
    public static func action(for event: KeyEvent) -> Action? {
        guard event.kind != .release else { return nil }
        switch event.key {
        case .character(" "), .character("p"): return event.kind == .press ? .togglePause : nil
        case .left, .character("h"): return .previousBar
        case .right, .character("l"): return .nextBar
        case .character("+"), .character("="), .up: return .faster
        case .character("-"), .character("_"), .down: return .slower
        case .character("q"), .character("Q"), .control("c"), .control("d"), .escape: return .quit
        default: return nil
        }
    }

    /// The tempo factor after one step faster or slower, kept within `tempoRange`.
    public static func steppedTempo(_ factor: Double, faster: Bool) -> Double {
        let next = faster ? factor * tempoStep : factor / tempoStep
        // Land on 1 again when stepping back past it (rounding would leave 0.9999…).
        let snapped = abs(next - 1) < 0.01 ? 1 : next
        return min(max(snapped, tempoRange.lowerBound), tempoRange.upperBound)
    }

    /// Runs until the music ends or the player quits; on every way out all notes are released
    /// (`engine.stop()`) and the terminal is restored.
    public func run() throws {
        let view = ScoreView(timeline: timeline, score: score)
        let terminal = try RawTerminal()
        // SIGINT, SIGTERM and SIGHUP (the terminal closed) stop the music the way q does, so the
        // notes are released, the terminal restored and a WAV being written finished.
        let stop = StopRequest()
        let signals = [SIGINT, SIGTERM, SIGHUP]
        let sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.requested.store(true, ordering: .releasing) }
            source.resume()
            return source
        }
        defer {
            engine.stop()
            terminal.restore()
            for source in sources { source.cancel() }
            for number in signals { signal(number, SIG_DFL) }
        }
        var decoder = KeyDecoder()
        var drawn: [String] = []
        var drawnSize = (columns: 0, rows: 0)
        var paused = engine.isPaused
        // A seek not yet seen by the audio thread: the bar asked for and when.
        var pendingSeek: (bar: Int, time: Double)?
        let firstBar = engine.schedule.firstBarIndex + 1
        let lastBar = engine.schedule.lastBarIndex + 1

        while !engine.isFinished && !stop.requested.load(ordering: .acquiring) {
            // Draw: only the lines that changed, everything after a resize.
            let size = terminal.size
            let status = ScoreView.Status(
                position: engine.currentPosition, tempoFactor: engine.tempoFactor, isPaused: paused,
                startPosition: engine.schedule.startPosition.doubleValue, endPosition: engine.schedule.endPosition.doubleValue)
            let lines = view.lines(for: status, columns: size.columns, rows: size.rows)
            var output = ""
            if size != drawnSize {
                output += "\u{1B}[0m\u{1B}[2J"
                drawn = []
                drawnSize = size
            }
            for (index, line) in lines.enumerated() where index >= drawn.count || drawn[index] != line {
                output += "\u{1B}[\(index + 1);1H\u{1B}[0m" + line + "\u{1B}[0m\u{1B}[K"
            }
            if drawn.count > lines.count {
                for index in lines.count..<drawn.count { output += "\u{1B}[\(index + 1);1H\u{1B}[0m\u{1B}[K" }
            }
            drawn = lines
            if !output.isEmpty { terminal.write(output) }

            // Keys.
            let now = Date().timeIntervalSinceReferenceDate
            for event in decoder.events(from: terminal.readBytes(timeout: Self.frameInterval)) {
                guard let action = Self.action(for: event) else { continue }
                switch action {
                case .quit:
                    return
                case .togglePause:
                    paused ? engine.resume() : engine.pause()
                    paused.toggle()
                case .previousBar, .nextBar:
                    let playing = view.bar(at: engine.currentPosition)
                    let base = pendingSeek.map { now - $0.time < 0.5 && view.bar(at: engine.currentPosition) != $0.bar ? $0.bar : playing } ?? playing
                    let target = min(max(base + (action == .nextBar ? 1 : -1), firstBar), lastBar)
                    engine.seek(toBar: target)
                    pendingSeek = (target, now)
                case .faster, .slower:
                    try? engine.setTempoFactor(Self.steppedTempo(engine.tempoFactor, faster: action == .faster))
                }
            }
        }
    }
}
