import Foundation
import JianpuCore
import JianpuTerminal
import Testing
@testable import JianpuChordPad

func dMajorPad(_ mode: ReleaseMode = .keyRelease) -> ChordPad {
    let index = Tuning.standard.firstIndex { $0.name == "DMajor" }!
    return ChordPad(tunings: Tuning.standard, tuningIndex: index, releaseMode: mode, melodyProgram: 0, chordProgram: 24)
}

func press(_ character: Character) -> PadInput { .key(KeyEvent(.character(character), .press)) }
func release(_ character: Character) -> PadInput { .key(KeyEvent(.character(character), .release)) }
func ons(_ commands: [MIDIMessage], channel: UInt8? = nil) -> [UInt8] {
    commands.compactMap { if case .noteOn(let c, let key, _) = $0, channel == nil || c == channel { return key } else { return nil } }
}
func offs(_ commands: [MIDIMessage], channel: UInt8? = nil) -> [UInt8] {
    commands.compactMap { if case .noteOff(let c, let key, _) = $0, channel == nil || c == channel { return key } else { return nil } }
}

@Suite("ChordPad state machine")
struct ChordPadTests {
    @Test("the chord columns are the key's triads with numerals")
    func columns() {
        let pad = dMajorPad()
        #expect(pad.chords.map(\.chord.symbol) == ["D", "Em", "F#m", "G", "A", "Bm", "C#dim"])
        #expect(pad.chords.map(\.romanNumeral) == ["I", "ii", "iii", "IV", "V", "vi", "vii°"])
        #expect(pad.chordTones(degree: 1) == [50, 54, 57, 62])
        #expect(pad.melodyNotes.count == 15)
        #expect(pad.melodyNotes.first?.key == 62)
        #expect(pad.melodyNotes.last?.key == 86)
        #expect(pad.melodyNotes.map(\.name.description).prefix(7) == ["D", "E", "F#", "G", "A", "B", "C#"])
    }

    @Test("a chord key plays the whole chord on the chord channel; its release stops it")
    func chordKey() {
        var pad = dMajorPad()
        let down = pad.handle(press("1"), at: 0)
        #expect(ons(down, channel: 1) == [50, 54, 57, 62])
        #expect(pad.soundingName?.symbol == "D")
        #expect(pad.soundingName?.numeral == "I")
        let up = pad.handle(release("1"), at: 0.5)
        #expect(Set(offs(up, channel: 1)) == [50, 54, 57, 62])
        #expect(pad.voices.isEmpty)
    }

    @Test("a new chord silences the previous chord first; the melody is not affected")
    func newChordSilences() {
        var pad = dMajorPad()
        _ = pad.handle(press("1"), at: 0)
        _ = pad.handle(press("z"), at: 0.1)
        let next = pad.handle(press("5"), at: 0.2)
        #expect(Set(offs(next, channel: 1)) == [50, 54, 57, 62])
        #expect(offs(next, channel: 0).isEmpty)
        #expect(ons(next, channel: 1) == [57, 61, 64, 69])
        // All note-offs come before the note-ons.
        let lastOff = next.lastIndex { if case .noteOff = $0 { true } else { false } }!
        let firstOn = next.firstIndex { if case .noteOn = $0 { true } else { false } }!
        #expect(lastOff < firstOn)
        #expect(pad.voices.contains { $0.section == .melody && $0.key == 62 })
        #expect(pad.currentDegree == 5)
    }

    @Test("chord tone keys play the current chord's tones")
    func chordTones() {
        var pad = dMajorPad()
        _ = pad.handle(press("6"), at: 0)
        _ = pad.handle(release("6"), at: 0.1)
        #expect(ons(pad.handle(press("a"), at: 1), channel: 1) == [59])
        #expect(ons(pad.handle(press("s"), at: 1), channel: 1) == [62])
        #expect(ons(pad.handle(press("d"), at: 1), channel: 1) == [66])
        #expect(ons(pad.handle(press("f"), at: 1), channel: 1) == [71])
    }

    @Test("auto-repeat never retriggers, with and without key releases")
    func autoRepeat() {
        var pad = dMajorPad()
        _ = pad.handle(press("z"), at: 0)
        #expect(pad.handle(.key(KeyEvent(.character("z"), .repeat)), at: 0.5).isEmpty)
        #expect(pad.handle(press("z"), at: 0.6).isEmpty) // a press while held
        var legacy = dMajorPad(.noteLength(0.8))
        #expect(ons(legacy.handle(press("z"), at: 0)) == [62])
        #expect(legacy.handle(press("z"), at: 0.45).isEmpty)
        #expect(legacy.handle(press("z"), at: 0.48).isEmpty)
        // Held by repeats: still sounding after the note length.
        #expect(offs(legacy.handle(.tick, at: 1.0)).isEmpty)
        #expect(offs(legacy.handle(.tick, at: 1.3)) == [62])
        // A new press after a pause plays again.
        #expect(ons(legacy.handle(press("z"), at: 2.0)) == [62])
    }

    @Test("note-length mode ends notes by time")
    func noteLength() {
        var pad = dMajorPad(.noteLength(0.8))
        _ = pad.handle(press("x"), at: 0)
        #expect(pad.nextDeadline == 0.8)
        #expect(pad.handle(release("x"), at: 0.1).isEmpty)
        #expect(offs(pad.handle(.tick, at: 0.79)).isEmpty)
        #expect(offs(pad.handle(.tick, at: 0.8)) == [64])
    }

    @Test("sustain holds released notes until it is let go; a new chord still silences the old one")
    func sustain() {
        var pad = dMajorPad()
        _ = pad.handle(press(" "), at: 0)
        #expect(pad.sustain)
        _ = pad.handle(press("z"), at: 0.1)
        #expect(pad.handle(release("z"), at: 0.2).isEmpty)
        _ = pad.handle(press("1"), at: 0.3)
        _ = pad.handle(release("1"), at: 0.4)
        let next = pad.handle(press("4"), at: 0.5)
        #expect(Set(offs(next, channel: 1)) == [50, 54, 57, 62])
        let off = pad.handle(press(" "), at: 1)
        #expect(offs(off, channel: 0) == [62])
        #expect(!pad.sustain)
    }

    @Test("panic stops everything")
    func panic() {
        var pad = dMajorPad()
        _ = pad.handle(press("1"), at: 0)
        _ = pad.handle(press("z"), at: 0)
        let commands = pad.handle(.key(KeyEvent(.escape)), at: 0.1)
        #expect(commands == [.allNotesOff(channel: 0), .allNotesOff(channel: 1)])
        #expect(pad.voices.isEmpty)
        #expect(pad.handle(.key(KeyEvent(.backspace)), at: 0.2) == [.allNotesOff(channel: 0), .allNotesOff(channel: 1)])
    }

    @Test("the strum key plays the current chord's tones in turn; direction and speed change")
    func strum() {
        var pad = dMajorPad(.noteLength(2))
        _ = pad.handle(press("5"), at: 0)
        let first = pad.handle(press("/"), at: 1)
        #expect(Set(offs(first, channel: 1)) == [57, 61, 64, 69])
        #expect(ons(first) == [57])
        #expect(pad.nextDeadline == 1.04)
        #expect(ons(pad.handle(.tick, at: 1.04)) == [61])
        #expect(ons(pad.handle(.tick, at: 1.2)) == [64, 69])
        _ = pad.handle(press("\\"), at: 2)
        #expect(!pad.strumUpward)
        _ = pad.handle(press("]"), at: 2)
        #expect(pad.strumInterval == 0.03)
        _ = pad.handle(press("["), at: 2)
        _ = pad.handle(press("["), at: 2)
        #expect(pad.strumInterval == 0.05)
        let down = pad.handle(press("/"), at: 3)
        #expect(ons(down) == [69])
        #expect(ons(pad.handle(.tick, at: 3.2)) == [64, 61, 57])
    }

    @Test("each section has its own instrument, changeable while playing")
    func programs() {
        var pad = dMajorPad()
        #expect(pad.initialCommands == [.programChange(channel: 0, program: 0), .programChange(channel: 1, program: 24)])
        #expect(pad.handle(press("="), at: 0) == [.programChange(channel: 0, program: 1)])
        #expect(pad.handle(press("-"), at: 0) == [.programChange(channel: 0, program: 0)])
        #expect(pad.handle(press("-"), at: 0) == [.programChange(channel: 0, program: 127)])
        #expect(pad.handle(press("0"), at: 0) == [.programChange(channel: 1, program: 25)])
        #expect(pad.handle(press("9"), at: 0) == [.programChange(channel: 1, program: 24)])
    }

    @Test("the tuning changes while playing; chords stop, the melody rings on")
    func tuningChange() {
        var pad = dMajorPad()
        _ = pad.handle(press("1"), at: 0)
        _ = pad.handle(press("z"), at: 0)
        let commands = pad.handle(.key(KeyEvent(.tab)), at: 1)
        #expect(pad.tuning.name == "AMajor")
        #expect(Set(offs(commands, channel: 1)) == [50, 54, 57, 62])
        #expect(offs(commands, channel: 0).isEmpty)
        #expect(pad.chords.first?.chord.symbol == "A")
        _ = pad.handle(press("`"), at: 2)
        #expect(pad.tuning.name == "DMajor")
    }

    @Test("what sounds is named in chord and numeral form")
    func naming() {
        var pad = dMajorPad()
        _ = pad.handle(press("3"), at: 0)
        #expect(pad.soundingName?.symbol == "F#m")
        #expect(pad.soundingName?.numeral == "iii")
        _ = pad.handle(release("3"), at: 0.1)
        #expect(pad.soundingName == nil)
        // MIDI input C# E A with C# in the bass: A/C#.
        _ = pad.handle(.midi(.noteOn(channel: 0, key: 61, velocity: 90)), at: 1)
        _ = pad.handle(.midi(.noteOn(channel: 0, key: 64, velocity: 90)), at: 1)
        let on = pad.handle(.midi(.noteOn(channel: 0, key: 69, velocity: 90)), at: 1)
        #expect(on == [.noteOn(channel: 0, key: 69, velocity: 90)])
        #expect(pad.soundingName?.symbol == "A/C#")
        #expect(pad.soundingName?.numeral == "V6")
        #expect(pad.lastMIDINotes == [61, 64, 69])
        let off = pad.handle(.midi(.noteOff(channel: 0, key: 61, velocity: 0)), at: 2)
        #expect(off == [.noteOff(channel: 0, key: 61)])
        #expect(pad.soundingName?.symbol == "A5/E")
    }

    @Test("MIDI C E G is named C, without a numeral in D major")
    func midiC() {
        var pad = dMajorPad(.noteLength(0.5))
        for key: UInt8 in [60, 64, 67] { _ = pad.handle(.midi(.noteOn(channel: 3, key: key, velocity: 100)), at: 0) }
        // MIDI notes last until their note-off, whatever the note length.
        #expect(offs(pad.handle(.tick, at: 5)).isEmpty)
        #expect(pad.soundingName?.symbol == "C")
        #expect(pad.soundingName?.numeral == nil)
    }

    @Test("quit silences and asks to stop")
    func quit() {
        var pad = dMajorPad()
        _ = pad.handle(press("1"), at: 0)
        #expect(pad.handle(press("q"), at: 1) == [.allNotesOff(channel: 0), .allNotesOff(channel: 1)])
        #expect(pad.quitRequested)
        var other = dMajorPad()
        _ = other.handle(.key(KeyEvent(.control("c"))), at: 0)
        #expect(other.quitRequested)
    }

    @Test("an unknown tuning is a one-line error listing valid names")
    func unknownTuning() throws {
        #expect(throws: ChordPadError.self) { try ChordPadApp.tuningIndex(named: "HMajor", in: Tuning.standard) }
        do {
            _ = try ChordPadApp.tuningIndex(named: "HMajor", in: Tuning.standard)
        } catch let error as ChordPadError {
            #expect(error.description.hasPrefix("unknown tuning 'HMajor': try one of CMajor, GMajor, DMajor"))
            #expect(!error.description.contains("\n"))
        } catch {}
        #expect(try ChordPadApp.tuningIndex(named: "dmajor", in: Tuning.standard) == 2)
    }
}

@Suite("Keyboard protocols")
struct KeyboardProtocolTests {
    @Test("kitty press, repeat and release drive the pad: held notes last while held")
    func kitty() {
        var decoder = KeyDecoder()
        #expect(decoder.events(from: Array("\u{1B}[?11u".utf8)).isEmpty)
        #expect(decoder.sawKittyReply)
        var pad = dMajorPad()
        var commands: [MIDIMessage] = []
        for event in decoder.events(from: Array("\u{1B}[49u".utf8)) { commands += pad.handle(.key(event), at: 0) }
        #expect(ons(commands) == [50, 54, 57, 62])
        commands = []
        for event in decoder.events(from: Array("\u{1B}[49;1:2u\u{1B}[49;1:2u".utf8)) { commands += pad.handle(.key(event), at: 0.6) }
        #expect(commands.isEmpty)
        for event in decoder.events(from: Array("\u{1B}[49;1:3u".utf8)) { commands += pad.handle(.key(event), at: 1.0) }
        #expect(Set(offs(commands)) == [50, 54, 57, 62])
    }

    @Test("without kitty, plain bytes are presses and the note length ends them")
    func legacy() {
        var decoder = KeyDecoder()
        var pad = dMajorPad(.noteLength(0.5))
        var commands: [MIDIMessage] = []
        for event in decoder.events(from: Array("z".utf8)) { commands += pad.handle(.key(event), at: 0) }
        #expect(ons(commands) == [62])
        #expect(!decoder.sawKittyReply)
        #expect(offs(pad.handle(.tick, at: 0.5)) == [62])
    }
}
