import Foundation
import JianpuCore
import JianpuTerminal
import Testing

@testable import JianpuChordPad

/// A pad in D major; the melody layout unless `layout` says otherwise (most tests play the melody keys).
func dMajorPad(_ mode: ReleaseMode = .keyRelease, layout: PadLayout = .melody) -> ChordPad {
    let index = Tuning.standard.firstIndex { $0.name == "DMajor" }!
    return ChordPad(tunings: Tuning.standard, tuningIndex: index, releaseMode: mode, melodyProgram: 0, chordProgram: 24, layout: layout)
}

let controlC = PadInput.key(KeyEvent(.control("c")))

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
        #expect(pad.handle(press("z"), at: 0.6).isEmpty)  // a press while held
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
        let commands = pad.handle(press("."), at: 1)
        #expect(pad.tuning.name == "AMajor")
        #expect(Set(offs(commands, channel: 1)) == [50, 54, 57, 62])
        #expect(offs(commands, channel: 0).isEmpty)
        #expect(pad.chords.first?.chord.symbol == "A")
        _ = pad.handle(press(","), at: 2)
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

    @Test("a bare q beside the melody keys only asks; q or Esc again quits, any other key plays on")
    func safeQuit() {
        var pad = dMajorPad()
        _ = pad.handle(press("1"), at: 0)
        #expect(pad.handle(press("q"), at: 1).isEmpty)
        #expect(pad.quitAsked && !pad.quitRequested)
        #expect(ons(pad.handle(press("z"), at: 1.5)) == [62], "a melody key plays on")
        #expect(!pad.quitAsked)
        _ = pad.handle(press("q"), at: 2)
        #expect(pad.handle(press("q"), at: 2.5) == [.allNotesOff(channel: 0), .allNotesOff(channel: 1)])
        #expect(pad.quitRequested)
    }

    @Test("Esc silences and asks; a second Esc quits; Ctrl-C quits at once", arguments: [PadLayout.columns, .melody])
    func escapeTwiceOrControlC(layout: PadLayout) {
        var pad = dMajorPad(layout: layout)
        _ = pad.handle(press("1"), at: 0)
        #expect(pad.handle(.key(KeyEvent(.escape)), at: 1) == [.allNotesOff(channel: 0), .allNotesOff(channel: 1)])
        #expect(pad.quitAsked && !pad.quitRequested)
        _ = pad.handle(.key(KeyEvent(.escape)), at: 2)
        #expect(pad.quitRequested)
        var other = dMajorPad(layout: layout)
        _ = other.handle(controlC, at: 0)
        #expect(other.quitRequested)
        var columns = dMajorPad(layout: .columns)
        _ = columns.handle(press("q"), at: 0)
        #expect(!columns.quitAsked && !columns.quitRequested, "q is column I's root")
    }

    @Test("each column plays its own root, third, fifth and seventh without its chord first", arguments: Array(1...7))
    func columnTones(degree: Int) {
        var pad = dMajorPad(layout: .columns)
        _ = pad.handle(press("1"), at: 0)
        _ = pad.handle(release("1"), at: 0.1)
        let tones = pad.columnTones(degree: degree)
        #expect(tones.count == 4)
        #expect(Array(tones.prefix(3)) == Array(pad.chordTones(degree: degree).prefix(3)), "the triad's tones, then the seventh")
        for (row, keys) in KeyLayout.columnToneRows.enumerated() {
            let key = keys[degree - 1]
            #expect(ons(pad.handle(press(key), at: 1), channel: 1) == [tones[row]], "\(key): the \(KeyLayout.columnToneNames[row]) of column \(degree)")
            _ = pad.handle(release(key), at: 1.1)
        }
        #expect(pad.currentDegree == degree)
    }

    /// A pad in a named tuning, columns layout.
    static func pad(_ name: String, _ mode: ReleaseMode = .keyRelease) -> ChordPad {
        ChordPad(tunings: Tuning.standard, tuningIndex: Tuning.standard.firstIndex { $0.name == name }!, releaseMode: mode, layout: .columns)
    }

    @Test(
        "Shift with a column's root key plays its diatonic seventh alone, above the fifth",
        arguments: [
            ("CMajor", ["B", "C", "D", "E", "F", "G", "A"]),
            ("AMinor", ["G", "A", "B", "C", "D", "E", "F"]),
            ("DMajor", ["C#", "D", "E", "F#", "G", "A", "B"]),
        ])
    func seventhTones(tuning: String, sevenths: [String]) {
        for degree in 1...7 {
            var pad = Self.pad(tuning)
            let key = KeyLayout.columnToneRows[3][degree - 1]
            let played = ons(pad.handle(press(key), at: 0), channel: 1)
            #expect(played.count == 1, "\(key) in \(tuning)")
            guard let tone = played.first else { continue }
            #expect(pad.key.spelling(of: Int(tone) % 12).description == sevenths[degree - 1], "\(key): the seventh of column \(degree) in \(tuning)")
            let triad = pad.chordTones(degree: degree)
            #expect(tone > triad[2] && tone < triad[0] + 12, "\(key): between the fifth and the upper root")
            #expect(pad.currentDegree == degree)
            #expect(Set(offs(pad.handle(release(key), at: 1), channel: 1)) == [tone])
        }
    }

    @Test(
        "Shift with a digit plays the column's seventh chord, named with its numeral",
        arguments: [
            ("CMajor", ["Cmaj7", "Dm7", "Em7", "Fmaj7", "G7", "Am7", "Bm7b5"], ["Imaj7", "ii7", "iii7", "IVmaj7", "V7", "vi7", "viiø7"]),
            ("AMinor", ["Am7", "Bm7b5", "Cmaj7", "Dm7", "Em7", "Fmaj7", "G7"], ["i7", "iiø7", "IIImaj7", "iv7", "v7", "VImaj7", "VII7"]),
        ])
    func seventhChords(tuning: String, symbols: [String], numerals: [String]) {
        for degree in 1...7 {
            var pad = Self.pad(tuning)
            let played = ons(pad.handle(press(KeyLayout.seventhChordKeys[degree - 1]), at: 0), channel: 1)
            #expect(played == pad.columnTones(degree: degree), "column \(degree) in \(tuning)")
            #expect(played.count == 4)
            #expect(pad.soundingName?.symbol == symbols[degree - 1])
            #expect(pad.soundingName?.numeral == numerals[degree - 1])
            #expect(pad.currentChord.chord.symbol == symbols[degree - 1])
            // Released without Shift (Shift let go first): the chord still ends.
            #expect(Set(offs(pad.handle(release(KeyLayout.chordKeys[degree - 1]), at: 1), channel: 1)) == Set(played))
        }
    }

    @Test("without key releases, a root then its seventh at once are two presses, not an auto-repeat")
    func rootThenSeventhQuickly() {
        var pad = Self.pad("CMajor", .noteLength(1))
        #expect(ons(pad.handle(press("t"), at: 0), channel: 1) == [55])
        #expect(ons(pad.handle(press("T"), at: 0.1), channel: 1) == [65], "T: the seventh of V, F4")
        #expect(ons(pad.handle(press("T"), at: 0.2), channel: 1).isEmpty, "T again at once: the terminal's auto-repeat")
    }

    @Test("a strum after a seventh chord strums its four tones; a triad after it strums the triad")
    func strumSeventh() {
        var pad = Self.pad("CMajor", .noteLength(5))
        _ = pad.handle(press("%"), at: 0)
        var strummed = ons(pad.handle(press("/"), at: 1), channel: 1)
        strummed += ons(pad.handle(.tick, at: 2), channel: 1)
        #expect(strummed == [55, 59, 62, 65])
        _ = pad.handle(press("5"), at: 3)
        #expect(!pad.currentIsSeventh)
        #expect(pad.currentChord.chord.symbol == "G")
    }

    @Test("with the kitty protocol, Shift+q arrives as Q and its release without Shift still ends the note")
    func kittyShift() {
        var decoder = KeyDecoder()
        var pad = Self.pad("CMajor")
        var commands: [MIDIMessage] = []
        for event in decoder.events(from: Array("\u{1B}[113:81;2u".utf8)) { commands += pad.handle(.key(event), at: 0) }
        #expect(ons(commands, channel: 1) == [59], "Shift+q: the seventh of I, B3")
        commands = []
        for event in decoder.events(from: Array("\u{1B}[113;1:3u".utf8)) { commands += pad.handle(.key(event), at: 1) }
        #expect(offs(commands, channel: 1) == [59])
        // A terminal that sends no shifted key: the modifier alone makes the letter upper case.
        #expect(decoder.events(from: Array("\u{1B}[116;2u".utf8)) == [KeyEvent(.character("T"))])
        #expect(decoder.events(from: Array("\u{1B}[53:37;2u".utf8)) == [KeyEvent(.character("%"))])
    }

    @Test("another column's tone stops the previous chord, as a new chord does")
    func columnToneChangesTheChord() {
        var pad = dMajorPad(.noteLength(5), layout: .columns)
        _ = pad.handle(press("1"), at: 0)
        let commands = pad.handle(press("t"), at: 1)  // the root of V: A3
        #expect(Set(offs(commands, channel: 1)) == [50, 54, 57, 62])
        #expect(ons(commands, channel: 1) == [57])
    }

    @Test("Tab switches the letter keys between the columns' tones and the melody")
    func layoutSwitch() {
        var pad = dMajorPad(layout: .columns)
        #expect(ons(pad.handle(press("z"), at: 0), channel: 1) == [57], "z: the fifth of I")
        _ = pad.handle(.key(KeyEvent(.tab)), at: 0.5)
        #expect(pad.layout == .melody)
        _ = pad.handle(release("z"), at: 0.6)
        #expect(ons(pad.handle(press("z"), at: 1), channel: 0) == [62], "z: the melody's 1")
    }

    @Test(
        "an unknown tuning is a one-line error suggesting the closest names",
        arguments: [
            ("DMinr", "unknown tuning 'DMinr' (did you mean DMinor?); --list-tunings shows all 73"),
            ("EDorain", "unknown tuning 'EDorain' (did you mean EDorian?); --list-tunings shows all 73"),
            ("Xylophone", "unknown tuning 'Xylophone'; --list-tunings shows all 73"),
        ])
    func unknownTuning(name: String, message: String) throws {
        #expect(throws: ChordPadError.self) { try ChordPadSession.tuningIndex(named: name, in: Tuning.standard) }
        do {
            _ = try ChordPadSession.tuningIndex(named: name, in: Tuning.standard)
        } catch let error as ChordPadError {
            #expect(error.description == message)
        } catch {}
        #expect(try ChordPadSession.tuningIndex(named: "dmajor", in: Tuning.standard) == 2)
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

@Suite("Chord lookup")
struct ChordLookupTests {
    static let dMajor = Tuning.standard.first { $0.name == "DMajor" }!

    @Test("a chord name shows its notes and the column that plays it")
    func found() throws {
        #expect(
            try ChordLookup.describe("BMinor", tuning: Self.dMajor, formulas: ChordFormula.standard)
                == "Bm (BMinor): B D F♯ — column vi in DMajor: key 6, its tones y h n")
        #expect(
            try ChordLookup.describe("CMinor", tuning: Self.dMajor, formulas: ChordFormula.standard)
                .hasSuffix("— not one of DMajor's seven columns or their seventh chords"))
    }

    @Test(
        "a seventh chord of the key names its column, the Shift key and its four tone keys",
        arguments: [
            ("A7", "A7 (ADominant7): A C♯ E G — column V's seventh chord V7 in DMajor: Shift+5 (%), its tones t g b T"),
            ("DMajor7", "Dmaj7 (DMajor7): D F♯ A C♯ — column I's seventh chord Imaj7 in DMajor: Shift+1 (!), its tones q a z Q"),
            ("C#m7b5", "C♯m7♭5 (C#HalfDiminished7): C♯ E G B — column vii°'s seventh chord viiø7 in DMajor: Shift+7 (&), its tones u j m U"),
        ])
    func seventh(text: String, expected: String) throws {
        #expect(try ChordLookup.describe(text, tuning: Self.dMajor, formulas: ChordFormula.standard) == expected)
    }

    @Test(
        "accidentals are printed as ♯ and ♭, as on the pad's screen; the names stay as typed",
        arguments: [
            ("F#Minor", "F♯m (F#Minor): F♯ A C♯ — column iii in DMajor: key 3, its tones e d c"),
            ("Bbmaj7", "B♭maj7 (BbMajor7): B♭ D F A — not one of DMajor's seven columns or their seventh chords"),
            ("A/C#", "A/C♯ (AMajor): A C♯ E — column V in DMajor: key 5, its tones t g b"),
        ])
    func printedAccidentals(text: String, expected: String) throws {
        let description = try ChordLookup.describe(text, tuning: Self.dMajor, formulas: ChordFormula.standard)
        #expect(description == expected)
        #expect(!description.split(separator: "(")[0].contains("#"))
    }

    @Test(
        "a mistyped chord name suggests the closest",
        arguments: [
            ("CMinr", "unknown chord 'CMinr' (did you mean CMinor?)"),
            ("F#Majr", "unknown chord 'F#Majr' (did you mean F#Major?)"),
        ])
    func suggestion(text: String, message: String) {
        do {
            _ = try ChordLookup.describe(text, tuning: Self.dMajor, formulas: ChordFormula.standard)
            Issue.record("\(text) was accepted")
        } catch let error as ChordPadError {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
