import JianpuCore
import JianpuTerminal
import Testing

@testable import JianpuChordPad

/// The chord pad as `ProgramLoop` runs it: keys to MIDI, the terminal's key releases, a stopped MIDI input.
@Suite struct ChordPadProgramTests {
    func program() -> ChordPadProgram {
        let pad = ChordPad(tunings: Tuning.standard, tuningIndex: Tuning.standard.firstIndex { $0.name == "DMajor" } ?? 0)
        return ChordPadProgram(pad: pad, status: ScreenStatus(detectingKeyboard: true), noteLength: 0.8)
    }

    @Test func aDigitPlaysItsChord() {
        var program = program()
        let messages = program.handle(.key(KeyEvent(.character("1"))), at: 1)
        let keys = messages.compactMap { if case .noteOn(_, let key, _) = $0 { Int(key) % 12 } else { nil } }
        #expect(Set(keys) == [2, 6, 9])
        #expect(program.lines(columns: 100, rows: 40).joined(separator: "\n").contains("D"))
    }

    @Test func theTerminalsAnswerSetsHowNotesAreReleased() {
        var program = program()
        _ = program.handle(.keyReleases(true), at: 0.1)
        #expect(!program.status.detectingKeyboard)
        #expect(program.pad.releaseMode == .keyRelease)
        var other = self.program()
        _ = other.handle(.keyReleases(false), at: 0.2)
        #expect(other.pad.releaseMode == .noteLength(0.8))
    }

    @Test func aStoppedMIDIInputIsShown() {
        var program = program()
        _ = program.handle(.midiStopped("MIDI input x.mid: the stream ended"), at: 1)
        #expect(program.status.message == "MIDI input x.mid: the stream ended")
        #expect(program.lines(columns: 100, rows: 40).joined(separator: "\n").contains("the stream ended"))
    }
}
