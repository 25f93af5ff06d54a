import JianpuAudio
import JianpuCore

/// The `jianpu play` screen: the score a few bars at a time with the sounding note highlighted.
public struct PlayerScreen {
    public let engine: PlaybackEngine
    public let timeline: Timeline
    public let score: Score

    public init(engine: PlaybackEngine, timeline: Timeline, score: Score) {
        self.engine = engine
        self.timeline = timeline
        self.score = score
    }

    /// Runs until the music ends or the player quits; the terminal is restored on every way out.
    public func run() throws {
        let terminal = try RawTerminal()
        defer { terminal.restore() }
        var decoder = KeyDecoder()
        while !engine.isFinished {
            for event in decoder.events(from: terminal.readBytes(timeout: 0.05)) where event.kind != .release {
                switch event.key {
                case .character("q"), .control("c"), .escape:
                    engine.stop()
                    return
                case .character(" "): engine.isPaused ? engine.resume() : engine.pause()
                default: break
                }
            }
        }
    }
}
