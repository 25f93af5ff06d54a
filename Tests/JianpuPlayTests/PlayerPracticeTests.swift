import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuPlay
import JianpuTerminal
import Testing

@Suite("play screen practice keys")
struct PlayerPracticeTests {
    @Test("the play screen's practice state: loop ends in either order, mute and solo as channels, the click kept for a solo")
    func practiceState() {
        var state = PlayerPractice()
        state.loopStart = PlayedBarIndex(5)
        #expect(state.loop == nil)
        state.loopEnd = PlayedBarIndex(3)
        #expect(state.loop == PlayedBarIndex(3)...PlayedBarIndex(5))
        let parts = [TimelinePart(channel: 0), TimelinePart(channel: 1), TimelinePart(name: "click", channel: 9)]
        state.muted = [1]
        #expect(state.mutedChannels(parts) == 1 << 1)
        state.soloed = [0]
        #expect(state.mutedChannels(parts) == 1 << 1)
        state.muted = [2]
        #expect(state.mutedChannels(parts) == (1 << 1 | 1 << 9))
    }

    @Test(
        "the practice keys",
        arguments: [
            (KeyEvent.Key.character("["), PlayerKeys.Action.loopStart), (.character("]"), .loopEnd), (.character("c"), .clearLoop),
            (.character("m"), .toggleMute), (.character("s"), .toggleSolo), (.character("3"), .selectPart(2)),
        ])
    func keys(key: KeyEvent.Key, action: PlayerKeys.Action) {
        #expect(PlayerKeys.action(for: KeyEvent(key)) == action)
    }

    @Test("the chosen part's name from the score is shown with its control characters made visible")
    func partNameIsShownNeverObeyed() {
        var state = PlayerPractice()
        state.selectedPart = 1
        let timeline = Timeline(
            parts: [TimelinePart(channel: 0), TimelinePart(name: "Erhu\u{1B}]52;c;b3duZWQ=\u{07}", channel: 1)],
            notes: [], tempoMap: TempoMap(quarterNotesPerMinute: 120), length: WholeNotes(1))
        let summary = state.summary(timeline)
        #expect(summary.hasPrefix("part 2 Erhu"))
        #expect(!summary.contains("\u{1B}") && !summary.contains("\u{07}"), "\(summary.debugDescription)")
    }
}

@Suite("play screen loop: played bars shown as printed")
struct PlayerPracticeLoopTests {
    @Test("a loop set on played bars shows their printed numbers: through a pickup and a repeat, played bars 2-3 are printed 1-2")
    func loopShowsPrintedNumbers() throws {
        let (score, _) = ScoreParser.parse("4/4,4\n5 | R{ 1 2 3 4 | } 6 6 6 6 | 7 7 7 7 |\n", file: "bars.jp")
        let timeline = Flattener.timeline(of: try #require(score.movements.first))
        var state = PlayerPractice()
        state.loopStart = PlayedBarIndex(3)
        #expect(state.summary(timeline).hasPrefix("loop from 2"))
        state.loopEnd = PlayedBarIndex(2)
        #expect(state.loop == PlayedBarIndex(2)...PlayedBarIndex(3))
        #expect(state.summary(timeline).hasPrefix("loop 1-2"))
    }
}
