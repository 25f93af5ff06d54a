import JianpuCore
import JianpuTerminal
import Testing

@Suite("play screen practice keys")
struct PlayerPracticeTests {
    @Test("the play screen's practice state: loop ends in either order, mute and solo as channels, the click kept for a solo")
    func practiceState() {
        var state = PlayerPractice()
        state.loopStart = 5
        #expect(state.loop == nil)
        state.loopEnd = 3
        #expect(state.loop == 3...5)
        let parts = [TimelinePart(channel: 0), TimelinePart(channel: 1), TimelinePart(name: "click", channel: 9)]
        state.muted = [1]
        #expect(state.mutedChannels(parts) == 1 << 1)
        state.soloed = [0]
        #expect(state.mutedChannels(parts) == 1 << 1)
        state.muted = [2]
        #expect(state.mutedChannels(parts) == (1 << 1 | 1 << 9))
    }

    @Test("the practice keys", arguments: [
        (KeyEvent.Key.character("["), PlayerKeys.Action.loopStart), (.character("]"), .loopEnd), (.character("c"), .clearLoop),
        (.character("m"), .toggleMute), (.character("s"), .toggleSolo), (.character("3"), .selectPart(2)),
    ])
    func keys(key: KeyEvent.Key, action: PlayerKeys.Action) {
        #expect(PlayerKeys.action(for: KeyEvent(key)) == action)
    }
}
