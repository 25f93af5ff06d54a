import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

@Suite("TempoMap")
struct TempoMapTests {
    @Test("with no changes the map plays at the default 84 crotchets a minute")
    func defaultTempo() {
        let map = TempoMap([])
        #expect(map.changes.count == 1)
        #expect(map.quarterNotesPerMinute(at: .zero) == 84)
        #expect(abs(map.seconds(at: WholeNotes(21, 4)) - 15) < 1e-9)
    }

    @Test("a constant tempo turns a whole note at 60 bpm into 4 seconds")
    func constant() {
        let map = TempoMap(quarterNotesPerMinute: 60)
        #expect(map.seconds(at: .whole) == 4)
        #expect(map.seconds(at: WholeNotes(3, 8)) == 1.5)
    }

    @Test("seconds accumulate across tempo changes")
    func changes() {
        let map = TempoMap([
            .init(position: .zero, quarterNotesPerMinute: 60),
            .init(position: .whole, quarterNotesPerMinute: 120),
            .init(position: WholeNotes(2), quarterNotesPerMinute: 240),
        ])
        #expect(map.seconds(at: .whole) == 4)
        #expect(map.seconds(at: WholeNotes(3, 2)) == 5)
        #expect(map.seconds(at: WholeNotes(2)) == 6)
        #expect(map.seconds(at: WholeNotes(3)) == 7)
        #expect(map.quarterNotesPerMinute(at: WholeNotes(3, 2)) == 120)
        #expect(map.quarterNotesPerMinute(at: WholeNotes(2)) == 240)
        #expect(map.quarterNotesPerMinute(at: WholeNotes(1, 2)) == 60)
    }

    @Test("a first change after zero gets the default tempo before it")
    func lateFirstChange() {
        let map = TempoMap([.init(position: .whole, quarterNotesPerMinute: 120)])
        #expect(map.changes.map(\.quarterNotesPerMinute) == [84, 120])
        #expect(abs(map.seconds(at: WholeNotes(2)) - (4 * 60 / 84.0 + 2)) < 1e-9)
    }

    @Test("changes given out of order are sorted, and a later change at the same place wins")
    func sortingAndMerging() {
        let map = TempoMap([
            .init(position: .whole, quarterNotesPerMinute: 100),
            .init(position: .zero, quarterNotesPerMinute: 60),
            .init(position: .whole, quarterNotesPerMinute: 120),
        ])
        #expect(map.changes.map(\.position) == [.zero, .whole])
        #expect(map.changes.map(\.quarterNotesPerMinute) == [60, 120])
    }

    @Test("scaling multiplies every tempo, so the same music takes proportionally less time")
    func scaled() {
        let map = TempoMap([.init(position: .zero, quarterNotesPerMinute: 60), .init(position: .whole, quarterNotesPerMinute: 90)])
        let fast = map.scaled(by: 1.5)
        #expect(fast.changes.map(\.quarterNotesPerMinute) == [90, 135])
        #expect(abs(fast.seconds(at: WholeNotes(3)) * 1.5 - map.seconds(at: WholeNotes(3))) < 1e-9)
    }

    @Test(
        "position(atSeconds:) inverts seconds(at:) across changes",
        arguments: [
            WholeNotes.zero, WholeNotes(1, 3), WholeNotes.whole, WholeNotes(5, 4), WholeNotes(7, 3), WholeNotes(10),
        ])
    func inverse(position: WholeNotes) {
        let map = TempoMap([
            .init(position: .zero, quarterNotesPerMinute: 72),
            .init(position: .whole, quarterNotesPerMinute: 144),
            .init(position: WholeNotes(2), quarterNotesPerMinute: 50),
        ])
        let seconds = map.seconds(at: position)
        #expect(abs(map.position(atSeconds: seconds) - position.doubleValue) < 1e-9)
    }

    @Test("microseconds per quarter is 60e6 over the tempo", arguments: [(60.0, 1_000_000), (120.0, 500_000), (90.0, 666_666), (84.0, 714_285)])
    func microseconds(bpm: Double, expected: Int) {
        #expect(TempoMap.Change(position: .zero, quarterNotesPerMinute: bpm).microsecondsPerQuarter == expected)
    }

    @Test("a score's tempo marks become changes at their positions")
    func fromScore() {
        let timeline = T.timeline("4=60 1 1 1 1 | 4.=60 1 1 1 1 | 2=30 1 1 1 1")
        #expect(timeline.tempoMap.changes.map(\.position) == [.zero, .whole, WholeNotes(2)])
        #expect(timeline.tempoMap.changes.map(\.quarterNotesPerMinute) == [60, 90, 60])
        #expect(abs(timeline.durationSeconds - (4 + 8.0 / 3 + 4)) < 1e-9)
    }
}
