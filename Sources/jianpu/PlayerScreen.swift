import Foundation
import JianpuAudio
import JianpuCore
import JianpuTerminal

/// The `jianpu play` screen: the score a few lines at a time with the sounding notes highlighted,
/// the bar and the time; the keys are `PlayerKeys`.
struct PlayerScreen {
    let engine: PlaybackEngine
    let output: AudioOutput
    let timeline: Timeline
    let score: Score

    /// Seconds between redraws while nothing is typed.
    static let frameInterval = 0.05

    /// Runs until the music ends, the output fails, the player quits or a signal arrives; on every way
    /// out all notes are released (`engine.stop()`). The session restores the terminal.
    /// Ctrl-C as a key interrupts the session, as SIGINT does.
    func run(in session: TerminalSession) {
        let view = ScoreView(timeline: timeline, score: score)
        defer { engine.stop() }
        var decoder = KeyDecoder()
        var paused = engine.isPaused
        // A seek not yet seen by the audio thread: the bar asked for and when.
        let clock = ContinuousClock()
        var pendingSeek: (bar: Int, time: ContinuousClock.Instant)?
        let firstBar = engine.schedule.firstBarIndex + 1
        let lastBar = engine.schedule.lastBarIndex + 1
        var practice = PlayerPractice()

        while !engine.isFinished && !output.hasEnded && !session.isInterrupted {
            let size = session.size
            let status = ScoreView.Status(
                position: engine.currentPosition, tempoFactor: engine.tempoFactor, isPaused: paused,
                startPosition: engine.schedule.startPosition.doubleValue, endPosition: engine.schedule.endPosition.doubleValue,
                practice: practice.summary(timeline))
            session.draw(view.lines(for: status, columns: size.columns, rows: size.rows))

            let now = clock.now
            for event in decoder.events(from: session.readBytes(timeout: Self.frameInterval)) {
                guard let action = PlayerKeys.action(for: event) else { continue }
                switch action {
                case .quit:
                    if event.key == .control("c") { session.interruptByControlC() }
                    return
                case .togglePause:
                    paused ? engine.resume() : engine.pause()
                    paused.toggle()
                case .previousBar, .nextBar:
                    let playing = view.bar(at: engine.currentPosition)
                    let base = pendingSeek.map { now - $0.time < .milliseconds(500) && view.bar(at: engine.currentPosition) != $0.bar ? $0.bar : playing } ?? playing
                    let target = min(max(base + (action == .nextBar ? 1 : -1), firstBar), lastBar)
                    engine.seek(toBar: target)
                    pendingSeek = (target, now)
                case .faster, .slower:
                    try? engine.setTempoFactor(PlayerKeys.steppedTempo(engine.tempoFactor, faster: action == .faster))
                case .loopStart, .loopEnd, .clearLoop:
                    let playing = view.bar(at: engine.currentPosition)
                    if action == .loopStart { practice.loopStart = playing } else if action == .loopEnd { practice.loopEnd = playing }
                    else { (practice.loopStart, practice.loopEnd) = (nil, nil) }
                    engine.setLoop(practice.loop)
                case .selectPart(let part):
                    if timeline.parts.indices.contains(part) { practice.selectedPart = part }
                case .toggleMute, .toggleSolo:
                    let part = practice.selectedPart
                    if action == .toggleMute { practice.muted.formSymmetricDifference([part]) } else { practice.soloed.formSymmetricDifference([part]) }
                    engine.setMutedChannels(practice.mutedChannels(timeline.parts))
                }
            }
        }
    }
}
