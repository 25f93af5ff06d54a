import JianpuCore
import JianpuInterchange
import Testing

@testable import JianpuScan

/// Chords printed as stacked digits, laid out as jianpu-ly + LilyPond set them: the lowest digit on the
/// row, the others 12 points apart above it, each with its own octave dots and sign.
@Suite("Stacked chords")
struct StackedChordTests {
    typealias Layout = LilyPondPageTests

    /// A note digit 10 points tall at (x, y).
    static func digit(_ character: Character, x: Double, y: Double) -> PositionedCharacter {
        PositionedCharacter(character, box: Box(x: x, y: y, width: 6, height: 10))
    }

    @Test("a column of digits is one chord, each digit with its own octave dots and sign, and the row stays one row")
    func chordsOfStackedDigits() {
        // 4/4: `135 ,5'1 1b3 4 |`
        var characters = Layout.digits("1", x: 100) + [Self.digit("3", x: 100, y: 88), Self.digit("5", x: 100, y: 76)]
        characters += Layout.digits("5", x: 120) + [Self.digit("1", x: 120, y: 88)]
        characters += Layout.digits("1", x: 140) + [Self.digit("3", x: 140, y: 88), PositionedCharacter("♭", box: Box(x: 133, y: 89, width: 5, height: 9))]
        characters += Layout.digits("4", x: 160)
        characters += [
            PositionedCharacter("4", box: Box(x: 70, y: 94, width: 8, height: 11)), PositionedCharacter("4", box: Box(x: 70, y: 105, width: 8, height: 11)),
        ]
        let ink = [Layout.barLine(180), Layout.dot(123, 112.5), Layout.dot(123, 85.5)]
        let result = Layout.read(characters, ink: ink)
        // The writer puts octave marks before the digits in a chord (`OctavesBefore`), as jianpu-ly reads them.
        #expect(Layout.music(result.text) == "OctavesBefore 135 ,5'1 1b3 4 |")
        #expect(result.warnings.allSatisfy { !$0.message.contains("beats") })
    }

    @Test("two digits stacked on a row are a chord, not a meter, though the lower is a 4")
    func chordIsNoMeter() {
        // 2/4: `46 5 | 1 - |`, its meter in the header.
        let characters = Layout.digits("4", x: 100) + [Self.digit("6", x: 100, y: 88)] + Layout.digits("5", x: 120) + Layout.digits("1", x: 160)
        let ink = [Layout.barLine(140), Layout.line(180, 186, 104.6), Layout.barLine(200)]
        let result = Layout.read(characters, ink: ink)
        #expect(Layout.music(result.text).hasSuffix("46 5 | 1 - |"))
        #expect(!result.text.contains("4/2"))
    }

    @Test("digits pushed apart by the octave dots between them are still one chord, and the dots are the lower digits'")
    func chordSpacedByOctaveDots() {
        // 4/4: `6 2' 4'` stacked, then `1 2 3 |`: LilyPond sets the 4 above the 2's dot, a digit's height apart.
        var characters = Layout.digits("1", x: 100) + [Self.digit("2", x: 100, y: 88), Self.digit("4", x: 100, y: 70)]
        characters[0] = PositionedCharacter("6", box: characters[0].box)
        characters += Layout.digits("123", x: 120)
        characters += [
            PositionedCharacter("4", box: Box(x: 70, y: 94, width: 8, height: 11)), PositionedCharacter("4", box: Box(x: 70, y: 105, width: 8, height: 11)),
        ]
        let ink = [Layout.barLine(180), Layout.dot(103, 85), Layout.dot(103, 66.5)]
        let result = Layout.read(characters, ink: ink)
        #expect(Layout.music(result.text) == "OctavesBefore 6'2'4 1 2 3 |")
    }

    @Test("digits a digit apart with nothing between them are no chord")
    func digitsApartAreNoChord() {
        let foot = Layout.digits("1", x: 100)
        #expect(StackedChords.members(foot + [Self.digit("2", x: 100, y: 80)], em: 10, dots: []).isEmpty)
        // Dots beside the column do not bridge it, nor dots hugging both digits (one row's below, the next one's above).
        let both = [Box(x: 102, y: 90.5, width: 1.6, height: 1.6), Box(x: 102, y: 97.5, width: 1.6, height: 1.6)]
        #expect(StackedChords.members(foot + [Self.digit("2", x: 100, y: 80)], em: 10, dots: both).isEmpty)
        #expect(StackedChords.members(foot + [Self.digit("2", x: 100, y: 80)], em: 10, dots: [Box(x: 112, y: 94, width: 1.6, height: 1.6)]).isEmpty)
        #expect(StackedChords.members(foot + [Self.digit("2", x: 100, y: 80)], em: 10, dots: [Box(x: 102, y: 95.5, width: 1.6, height: 1.6)]).count == 1)
    }

    @Test("digits of a column whose boxes poppler merged are each given their own glyph's box")
    func mergedDigitBoxes() {
        // Poppler gives the 2 over the 6 no width and both the column's height (a chord after an arpeggio).
        let merged = [
            PositionedCharacter("2", box: Box(x: 100, y: 88, width: 0, height: 22)), PositionedCharacter("6", box: Box(x: 100, y: 88, width: 6, height: 22)),
        ]
        let ink = [
            InkComponent(box: Box(x: 100.2, y: 88.2, width: 5.5, height: 9.6), pixels: 40), InkComponent(box: Box(x: 100.2, y: 100.2, width: 5.5, height: 9.6), pixels: 40),
        ]
        let split = PageReader.splittingMergedDigits(merged, ink: ink, bitmap: nil, em: 10)
        #expect(split[0].box == Box(x: 100, y: 87.8, width: 6, height: 10))
        #expect(split[1].box == Box(x: 100, y: 99.8, width: 6, height: 10))
    }

    @Test("a bar's text for the overlay is its music alone, without the part's OctavesBefore line")
    func barTextWithoutThePartsDirective() {
        // A chord whose upper note is dotted makes the writer put octave marks before the figures.
        let chord = ImportedEvent(pitches: [ImportedPitch(pitch: Pitch(midiNumber: 60)), ImportedPitch(pitch: Pitch(midiNumber: 76))], length: WholeNotes(1, 1))
        let measure = ImportedMeasure(label: "1", length: WholeNotes(1, 1), events: [chord])
        let text = ScoreAssembler.text(of: measure, key: ScannedKey(tonic: "C", isMinor: false), meter: (4, 4))
        #expect(!text.contains("OctavesBefore"), "\(text)")
        #expect(text.contains("'3"), "\(text)")
    }
}
