import Foundation
import JianpuAudio
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuTerminal
import Testing

@testable import JianpuPlay

/// What `jianpu play` shows and does for practice: every part's mute and solo marked, the click called a click,
/// and `--loop` playing until stopped with no total time to count down to.
@Suite struct PlayPracticeScreenTests {
    /// The twinkle fixture practised with a click, as `play --click` plays it.
    static func clicked() throws -> (Fixture, Timeline) {
        let fixture = Fixture()
        let timeline = try fixture.timeline.practised(PracticePlan(click: true))
        return (fixture, timeline)
    }

    static func program(_ timeline: Timeline, score: Score, loop: ClosedRange<PlayedBarIndex>? = nil) -> PlayProgram {
        PlayProgram(
            timeline: timeline, score: score, bars: PlayedBarIndex(0)...PlayedBarIndex(11), startPosition: 0, endPosition: 12,
            isPaused: false, loop: loop, observe: { .init(position: 0, tempoFactor: 1, isFinished: false) })
    }

    @Test("the click is named click in the parts' row, not counted among the accompaniments")
    func clickIsAClick() throws {
        let (fixture, timeline) = try Self.clicked()
        let view = ScoreView(timeline: timeline, score: fixture.score)
        #expect(view.partNames.last == "click", "\(view.partNames)")
        #expect(!view.partNames.contains { $0.contains("accompaniment") && $0.contains("click") })
    }

    @Test("every muted or soloed part keeps its mark, whichever part is chosen")
    func everyPartMarked() throws {
        let (fixture, timeline) = try Self.clicked()
        var program = Self.program(timeline, score: fixture.score)
        _ = program.handle(.key(KeyEvent(.character("2"))), at: 0)
        _ = program.handle(.key(KeyEvent(.character("m"))), at: 0.1)
        _ = program.handle(.key(KeyEvent(.character("3"))), at: 0.2)
        _ = program.handle(.key(KeyEvent(.character("s"))), at: 0.3)
        let screen = program.lines(columns: 120, rows: 30).map(ScoreView.plain).joined(separator: "\n")
        // Part 3 (the click) is chosen and soloed; part 2 stays marked muted.
        #expect(screen.contains("part 3 click: solo"), "\(screen)")
        #expect(screen.contains("2 accompaniment: muted"), "\(screen)")
        #expect(screen.contains("3 click [solo]"), "\(screen)")
        #expect(screen.contains("[muted]"), "\(screen)")
    }

    @Test("a loop set from the start shows its bars and no total time: it plays until stopped")
    func loopHasNoTotal() {
        let fixture = Fixture()
        let program = Self.program(fixture.timeline, score: fixture.score, loop: PlayedBarIndex(4)...PlayedBarIndex(7))
        let screen = program.lines(columns: 100, rows: 30).map(ScoreView.plain).joined(separator: "\n")
        #expect(screen.contains("loop 5-8"), "\(screen)")
        #expect(screen.contains("/ ∞ (loop)"), "\(screen)")
    }

    @Test("--loop without --loop-times loops the passage after its count-in until stopped; with it, plays its passes")
    func loopUntilStopped() {
        let fixture = Fixture()
        var options = PlaySession.Options(
            score: fixture.score, timeline: fixture.timeline, playback: PlaybackOptions(),
            soundFont: "/nonexistent.sf2", destination: .muted)
        options.countInBars = 1
        #expect(PlaySession(options: options).loopedBars(PlayedBarIndex(0)...PlayedBarIndex(4)) == nil)
        options.loopsUntilStopped = true
        // A count-in bar, then the two-bar passage twice: the first pass loops.
        #expect(PlaySession(options: options).loopedBars(PlayedBarIndex(0)...PlayedBarIndex(4)) == PlayedBarIndex(1)...PlayedBarIndex(2))
    }
}

/// The play screen's header prints the key as a score does.
@Suite struct PlayHeaderTests {
    @Test("the key's accidental is printed as ♭ or ♯: 1=B♭, not 1=Bb")
    func keyIsPrinted() {
        let fixture = Fixture("1=Bb\n4/4\n1 2 3 4 | 5 6 7 1' |\n")
        let header = fixture.lines(at: 0).first.map(ScoreView.plain) ?? ""
        #expect(header.contains("1=B♭"), "\(header)")
        #expect(ScoreView.printedKey("6=F#") == "6=F♯")
    }
}
