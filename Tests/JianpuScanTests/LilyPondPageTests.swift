import JianpuCore
import Testing

@testable import JianpuScan

/// Pages laid out as jianpu-ly + LilyPond print them, built here from text-layer characters and pieces of ink,
/// so that each rule of the structure reader is checked apart from the engraver.
@Suite("LilyPond page layouts")
struct LilyPondPageTests {
    /// Note digits 10 points tall, 6 wide, their tops at `y`, one every 20 points from x = 100.
    static func digits(_ text: String, y: Double = 100, x: Double = 100) -> [PositionedCharacter] {
        text.enumerated().map { PositionedCharacter($1, box: Box(x: x + Double($0) * 20, y: y, width: 6, height: 10)) }
    }

    /// A dot of ink (1.6 points across) centred at (x, y).
    static func dot(_ x: Double, _ y: Double) -> InkComponent { InkComponent(box: Box(x: x - 0.8, y: y - 0.8, width: 1.6, height: 1.6), pixels: 6) }

    /// A bar line through a row whose digits' tops are at `y`.
    static func barLine(_ x: Double, y: Double = 100) -> InkComponent { InkComponent(box: Box(x: x, y: y - 2, width: 0.5, height: 14), pixels: 20) }

    /// A line (an underline) from `x` to `maxX` at `y`.
    static func line(_ x: Double, _ maxX: Double, _ y: Double) -> InkComponent { InkComponent(box: Box(x: x, y: y, width: maxX - x, height: 0.8), pixels: 20) }

    static func read(_ characters: [PositionedCharacter], ink: [InkComponent]) -> ScanResult {
        let header = [
            PositionedCharacter("1", box: Box(x: 20, y: 60, width: 6, height: 9)), PositionedCharacter("=", box: Box(x: 27, y: 60, width: 6, height: 9)),
            PositionedCharacter("C", box: Box(x: 34, y: 60, width: 6, height: 9)),
        ]
        let page = PageReader.page(PageContent(number: 1, width: 595, height: 842, characters: header + characters, ink: nil, components: ink))
        return ScoreAssembler.score([page])
    }

    /// The music of scanned text: its lines without comments and header lines, joined.
    static func music(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.hasPrefix("%") && !$0.contains("=") && !$0.hasSuffix("/4") }.joined(separator: " ")
    }

    @Test("two octave dots stacked under or over a digit are two octaves, and dots under underlines belong to their notes")
    func stackedOctaveDots() {
        // 2/4: `1,, 2,, | q3 q4 6'' |` — the second dot of each pair lies beyond the first, the quavers' dots under their line.
        let characters =
            Self.digits("12") + Self.digits("346", x: 160) + [
                PositionedCharacter("2", box: Box(x: 70, y: 95, width: 8, height: 10)), PositionedCharacter("4", box: Box(x: 70, y: 105, width: 8, height: 10)),
            ]
        var ink = [Self.barLine(140), Self.barLine(230)]
        ink += [Self.dot(103, 112.5), Self.dot(103, 116.5), Self.dot(123, 112.5), Self.dot(123, 116.5)]
        ink += [Self.line(160, 186, 111.5), Self.dot(163, 115), Self.dot(183, 115)]
        ink += [Self.dot(203, 97.5), Self.dot(203, 93.5)]
        let result = Self.read(characters, ink: ink)
        #expect(Self.music(result.text) == "1,, 2,, | q3, q4, 6'' |")
    }

    @Test("a stacked meter with as many digits as the notes is not taken for the notes' size")
    func meterAsCommonAsNotes() {
        // `1 - | 1 - |` in 2/4 under a tempo mark `= 60`: two note digits, two meter digits, two tempo digits.
        let characters =
            Self.digits("1", x: 100) + Self.digits("1", x: 160) + [
                PositionedCharacter("2", box: Box(x: 70, y: 94, width: 8, height: 11)), PositionedCharacter("4", box: Box(x: 70, y: 105, width: 8, height: 11)),
                PositionedCharacter("=", box: Box(x: 80, y: 80, width: 5, height: 6)),
                PositionedCharacter("6", box: Box(x: 88, y: 80, width: 4, height: 7)), PositionedCharacter("0", box: Box(x: 93, y: 80, width: 4, height: 7)),
            ]
        let ink = [Self.line(120, 126, 104.6), Self.barLine(140), Self.line(180, 186, 104.6), Self.barLine(200)]
        let result = Self.read(characters, ink: ink)
        #expect(Self.music(result.text) == "1 - | 1 - |")
        #expect(result.text.contains("2/4"))
    }

    @Test("digits in a line of words (LilyPond's footer `2.24.1—www…`) do not set the notes' size")
    func footerDigits() {
        let footer = Array("2.24.1—www").enumerated().map { PositionedCharacter($1, box: Box(x: 300 + Double($0) * 4.5, y: 800, width: 4, height: 7)) }
        let characters = Self.digits("12") + Self.digits("3", x: 160) + footer
        let result = Self.read(characters, ink: [Self.barLine(140), Self.line(180, 186, 104.6), Self.barLine(200)])
        #expect(result.text.contains("1 2 | 3 - |"))
    }

    @Test("a part's number left of the bracket is no note, and the bracket makes the rows one system")
    func partNumbersLeftOfBracket() {
        let characters = Self.digits("1", x: 30) + Self.digits("1234", x: 100) + Self.digits("2", y: 130, x: 30) + Self.digits("5555", y: 130, x: 100)
        let bracket = InkComponent(box: Box(x: 60, y: 97, width: 1, height: 46), pixels: 46)
        let result = Self.read(characters, ink: [bracket, Self.barLine(180), Self.barLine(180, y: 130)])
        #expect(result.text.contains("NextPart"))
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("1 2 3 4 |") && lines.contains("5 5 5 5 |"))
    }

    @Test("a flat drawn as ink alone after the key's letter makes the key flat")
    func keyFlatAsInk() {
        let characters = [
            PositionedCharacter("1", box: Box(x: 50, y: 60, width: 7, height: 13)), PositionedCharacter("=", box: Box(x: 58, y: 60, width: 8, height: 13)),
            PositionedCharacter("E", box: Box(x: 67, y: 60, width: 9, height: 13)),
        ]
        let flat = InkComponent(box: Box(x: 79, y: 59, width: 5, height: 15), pixels: 30)
        let far = InkComponent(box: Box(x: 120, y: 59, width: 5, height: 15), pixels: 30)
        #expect(PageReader.keySign(after: "E", in: characters, ink: [far, flat], classify: { $0 == flat.box ? "b" : nil }) == "b")
        #expect(PageReader.keySign(after: "E", in: characters, ink: [far], classify: { _ in "b" }) == nil)
        #expect(PageReader.keySign(after: "E", in: characters, ink: [flat], classify: { _ in "7" }) == nil)
    }

    @Test("a sharp or flat drawn as ink alone just before a note digit is its accidental")
    func accidentalAsInk() {
        let notes = Self.digits("77")
        let flat = InkComponent(box: Box(x: 95.5, y: 97, width: 3, height: 8), pixels: 12)
        let found = PageReader.inkAccidentals([flat], notes: notes, characters: notes, classify: { _ in "b" })
        #expect(found == [PositionedCharacter("♭", box: flat.box)])
        #expect(PageReader.inkAccidentals([flat], notes: notes, characters: notes, classify: { _ in nil }).isEmpty)
    }

    @Test("a tie's second note keeps the first's flat across the bar line, which the page does not print again")
    func tiedAccidental() {
        let box = Box(x: 0, y: 100, width: 9, height: 17)
        let first = [ScannedSymbol(.digit(5), box: box), ScannedSymbol(.accidental(-1), box: box), ScannedSymbol(.digit(7), box: box), ScannedSymbol(.tie, box: box)]
        let second = [ScannedSymbol(.digit(7), box: box), ScannedSymbol(.digit(7), box: box)]
        #expect(ScoreAssembler.events(first, tonic: 60).compactMap { $0.pitches.first?.pitch.midiNumber } == [67, 70])
        // Each bar is read on its own; the tie carries its sign into the next bar only through the note it ties.
        #expect(
            ScoreAssembler.events([ScannedSymbol(.accidental(-1), box: box), ScannedSymbol(.digit(7), box: box), ScannedSymbol(.tie, box: box)] + second, tonic: 60).compactMap {
                $0.pitches.first?.pitch.midiNumber
            } == [70, 70, 70])
    }

    @Test(
        "a sharp or flat holds to the end of its bar for the same degree and octave, until a natural",
        arguments: [
            // #4 4 4' 4 | : the sharp holds for the second 4, not for 4' (another octave).
            ([SymbolKind.accidental(1), .digit(4), .digit(4), .digit(4), .octaveDot(1), .digit(4)], [66, 66, 77, 66]),
            // #4 ♮4 4 : the natural cancels it for the rest of the bar.
            ([.accidental(1), .digit(4), .accidental(0), .digit(4), .digit(4)], [66, 65, 65]),
            // b7 in a chord under 2: the held flat reaches a later 7 of the chord's octave.
            ([.digit(2), .accidental(-1), .chordDigit(7), .digit(7)], [62, 70, 70]),
        ])
    func heldAccidentals(kinds: [SymbolKind], midi: [Int]) {
        let box = Box(x: 0, y: 100, width: 9, height: 17)
        let events = ScoreAssembler.events(kinds.map { ScannedSymbol($0, box: box) }, tonic: 60)
        #expect(events.flatMap { $0.pitches.map(\.pitch.midiNumber) } == midi)
    }

    @Test("the system line a staff's lines start from (WithStaff) is found at the left of the staff's piece")
    func systemLineOfAStaff() {
        var pixels = [UInt8](repeating: 0, count: 40 * 60)
        for y in 5...50 { pixels[y * 40 + 2] = 255 }
        for y in [30, 34, 38] { for x in 2..<40 { pixels[y * 40 + x] = 255 } }
        for y in 38..<60 { pixels[y * 40 + 30] = 255 }
        let bitmap = InkBitmap(width: 40, height: 60, scale: 1, pixels: pixels)
        #expect(InkComponents.leftLine(in: bitmap, box: Box(x: 0, y: 0, width: 40, height: 60), reach: 5) == Box(x: 2, y: 5, width: 1, height: 46))
    }

    @Test("a meter in a font whose character boxes are far taller than its glyphs is read, the boxes overlapping")
    func meterWithTallBoxes() {
        let digits = [PositionedCharacter("2", box: Box(x: 96.1, y: 20.2, width: 7.3, height: 36.5)), PositionedCharacter("4", box: Box(x: 95.8, y: 30.3, width: 8, height: 36.5))]
        let (meters, used) = PageReader.stackedMeters(digits, em: 8.2)
        #expect(meters.map(\.kind) == [.meter(2, 4)])
        #expect(used.count == 2)
    }
}
