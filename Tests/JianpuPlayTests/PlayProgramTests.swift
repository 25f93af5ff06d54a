import Foundation
import JianpuCore
import JianpuPerformance
import JianpuTerminal
import Synchronization
import Testing

@testable import JianpuPlay

/// The play screen as a state machine: its keys become the engine's pause, seek and tempo, and it ends with
/// the music or on q.
@Suite struct PlayerProgramTests {
    /// An engine stand-in: where it plays and how fast, as the program reads it.
    final class Engine: Sendable {
        let state = Mutex(PlayProgram.Playback(position: 0, tempoFactor: 1, isFinished: false))
        func set(_ change: (inout PlayProgram.Playback) -> Void) { state.withLock { change(&$0) } }
    }

    func program(_ engine: Engine) -> PlayProgram {
        let fixture = Fixture()
        return PlayProgram(
            timeline: fixture.timeline, score: fixture.score, bars: PlayedBarIndex(0)...PlayedBarIndex(11), startPosition: 0, endPosition: 12,
            isPaused: false, observe: { engine.state.withLock { $0 } })
    }

    func key(_ key: KeyEvent.Key) -> ProgramInput { .key(KeyEvent(key)) }

    @Test func spacePausesAndResumes() {
        var program = program(Engine())
        #expect(program.handle(key(.character(" ")), at: 0) == [.pause])
        #expect(program.isPaused)
        #expect(program.lines(columns: 80, rows: 24).joined().contains("paused"))
        #expect(program.handle(key(.character(" ")), at: 1) == [.resume])
        #expect(!program.isPaused)
    }

    @Test func arrowsSeekFromTheBarAskedForUntilTheEngineGetsThere() {
        let engine = Engine()
        var program = program(engine)
        #expect(program.handle(key(.right), at: 0) == [.seek(bar: PlayedBarIndex(1))])
        // The engine has not moved yet: a second → goes on from the second bar, not from the bar still playing.
        #expect(program.handle(key(.right), at: 0.1) == [.seek(bar: PlayedBarIndex(2))])
        // Later, from where it plays; never before the first bar.
        #expect(program.handle(key(.left), at: 5) == [.seek(bar: PlayedBarIndex(0))])
        #expect(program.handle(key(.left), at: 10) == [.seek(bar: PlayedBarIndex(0))])
    }

    @Test func plusAndMinusStepTheTempoWithinItsRange() {
        let engine = Engine()
        var program = program(engine)
        #expect(program.handle(key(.character("+")), at: 0) == [.tempo(PlayerKeys.tempoStep)])
        engine.set { $0.tempoFactor = PlayerKeys.tempoRange.lowerBound }
        #expect(program.handle(key(.character("-")), at: 1) == [.tempo(PlayerKeys.tempoRange.lowerBound)])
    }

    @Test func itEndsOnQOrWhenTheMusicEnds() {
        let engine = Engine()
        var program = program(engine)
        _ = program.handle(.tick, at: 0)
        #expect(!program.isFinished)
        engine.set { $0.isFinished = true }
        _ = program.handle(.tick, at: 1)
        #expect(program.isFinished)
        var quitting = self.program(Engine())
        #expect(quitting.handle(key(.character("q")), at: 0).isEmpty)
        #expect(quitting.isFinished)
    }
}
