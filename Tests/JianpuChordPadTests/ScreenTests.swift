import JianpuCore
import JianpuTerminal
import Testing

@testable import JianpuChordPad

@Suite("Chord pad screen")
struct ScreenTests {
    let red = "\u{1B}[31m", green = "\u{1B}[32m", reset = "\u{1B}[0m"

    func pad(_ name: String, _ mode: ReleaseMode = .keyRelease, layout: PadLayout = .melody) -> ChordPad {
        ChordPad(tunings: Tuning.standard, tuningIndex: Tuning.standard.firstIndex { $0.name == name }!, releaseMode: mode, layout: layout)
    }

    @Test("the columns layout shows each column's keys and tones under its chord")
    func columnsLayout() {
        let plain = ChordPadScreen.render(pad("DMajor", layout: .columns)).map(strip)
        #expect(plain.contains("root    q D      w E      e F♯     r G      t A      y B      u C♯     "))
        #expect(plain.contains("third   a F♯     s G      d A      f B      g C♯     h D      j E      "))
        #expect(plain.contains("fifth   z A      x B      c C♯     v D      b E      n F♯     m G      "))
        #expect(plain.contains("seventh Q C♯     W D      E E      R F♯     T G      Y A      U B      "))
        #expect(plain.contains("7ths    ! Dmaj7  @ Em7    # F♯m7   $ Gmaj7  % A7     ^ Bm7    & C♯m7♭5 "))
        #expect(plain.contains { $0.contains("Shift+q-u  its seventh") })
        #expect(plain.contains { $0.contains("Tab: the melody") })
        #expect(plain.contains { $0.contains("q-u  root of column I-VII") })
        #expect(!plain.contains { $0.hasPrefix("Melody") })
    }

    @Test("where the sound and the take go has a line of its own that fits 80 columns")
    func outputLine() {
        let status = ScreenStatus(output: "take.wav (real-time pace)", recording: "take.mid")
        let plain = ChordPadScreen.render(pad("DMajor", layout: .columns), status: status).map(strip)
        #expect(plain.contains("out: take.wav (real-time pace)   recording: take.mid"))
        #expect(plain.contains("sustain: off [Space]   panic [Backspace]   quit [Esc Esc, Ctrl-C]"))
        #expect(plain.allSatisfy { ChordPadScreen.visibleWidth($0) <= 80 }, "\(plain.filter { ChordPadScreen.visibleWidth($0) > 80 })")
    }

    @Test("after one Esc the screen asks before quitting")
    func quitQuestion() {
        var p = pad("DMajor", layout: .columns)
        _ = p.handle(.key(KeyEvent(.escape)), at: 0)
        let plain = ChordPadScreen.render(p).map(strip)
        #expect(plain.contains("Quit? Press Esc again to quit (Ctrl-C quits at once); any other key plays on."))
    }

    @Test("C notes are red and G notes green in the melody row")
    func colours() {
        let lines = ChordPadScreen.render(pad("CMajor"))
        let names = lines.first { $0.hasPrefix("        ") && $0.contains(red + "C" + reset) }
        #expect(names != nil)
        #expect(names?.contains(green + "G" + reset) == true)
        #expect(names?.components(separatedBy: red + "C" + reset).count == 4)  // C4, C5, C6
        #expect(names?.contains(red + "D") == false)
        // In D major the C notes are C#.
        let d = ChordPadScreen.render(pad("DMajor")).joined(separator: "\n")
        #expect(d.contains(red + "C♯" + reset))
        #expect(d.contains(green + "G" + reset))
        #expect(ChordPadScreen.colour(of: NoteName("F#")!) == nil)
    }

    @Test("the seven chord columns show name and numeral; the melody row letters and degrees")
    func layout() {
        let plain = ChordPadScreen.render(pad("DMajor")).map(strip)
        #expect(plain.contains { $0.contains("D") && $0.contains("Em") && $0.contains("F♯m") && $0.contains("C♯dim") })
        #expect(plain.contains { $0.contains("I ") && $0.contains("ii") && $0.contains("vii°") })
        let keys = plain.first { $0.hasPrefix("Melody") }!
        #expect(keys.contains("z   x   c"))
        #expect(plain.contains { $0.contains("1   2   3   4   5   6   7   1\u{0307}") })
        #expect(plain.contains { $0.contains("[1]") && $0.contains("[7]") })
    }

    @Test("what sounds, and the key mode, are on screen")
    func status() {
        var p = pad("DMajor")
        _ = p.handle(.key(KeyEvent(.character("6"))), at: 0)
        let lines = ChordPadScreen.render(p).map(strip)
        #expect(lines.contains { $0.hasPrefix("Sounding: Bm   vi") })
        #expect(lines.contains { $0.contains("key-release mode") })
        let legacy = ChordPadScreen.render(pad("DMajor", .noteLength(0.8))).map(strip)
        #expect(legacy.contains { $0.contains("note-length mode") && $0.contains("0.80 s") })
        #expect(legacy.contains("Sounding: -"))
        let asking = ChordPadScreen.render(pad("DMajor"), status: ScreenStatus(detectingKeyboard: true)).map(strip)
        #expect(asking.contains { $0.contains("asking the terminal") })
        let midi = ChordPadScreen.render(pad("DMajor"), status: ScreenStatus(midiInput: "/tmp/fifo")).map(strip)
        #expect(midi.contains { $0.hasPrefix("MIDI in: /tmp/fifo") })
    }

    @Test("lines fit 80 columns")
    func width() {
        for line in ChordPadScreen.render(pad("C#Major")) where !line.contains("recording") {
            #expect(ChordPadScreen.visibleWidth(line) <= 100, "\(strip(line))")
        }
    }

    func strip(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape { if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }; continue }
            if scalar == "\u{1B}" { inEscape = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}

/// A key as chordpad lists it: from its tonic, its accidentals as printed.
@Suite struct TuningListingTests {
    @Test("D major is listed from D, not from the C♯ the file's letter order starts with, in --list-tunings and on the screen")
    func listedFromTheTonic() throws {
        let d = try #require(Tuning.standard.first { $0.name == "DMajor" })
        #expect(d.listing == "DMajor: D, E, F♯, G, A, B, C♯")
        let pad = ChordPad(tunings: Tuning.standard, tuningIndex: Tuning.standard.firstIndex { $0.name == "DMajor" } ?? 0)
        let first = ScreenTests().strip(ChordPadScreen.render(pad).first ?? "")
        #expect(first.contains("(D major): D, E, F♯, G, A, B, C♯"), "\(first)")
    }

    @Test("a chord symbol is printed with ♯ and ♭, the letters of its type kept")
    func printedSymbols() {
        #expect(ChordPadScreen.printed("C#m7b5") == "C♯m7♭5")
        #expect(ChordPadScreen.printed("Bbm/Db") == "B♭m/D♭")
        #expect(ChordPadScreen.printed("Ebdim") == "E♭dim")
        #expect(ChordPadScreen.printed("Bbsus4") == "B♭sus4")
    }
}
