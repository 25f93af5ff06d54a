import Testing

@testable import JianpuPractice

@Suite struct PianoDrawingTests {
    @Test func withoutColourTheSignsAloneMarkTheKeys() {
        let drawing = PianoDrawing(firstOctave: 4, lastOctave: 5)
        let lines = drawing.lines(marks: [60: PianoDrawing.red, 67: PianoDrawing.green, 66: PianoDrawing.yellow], labelRoot: nil, colour: false)
        #expect(!lines.joined().contains("\u{1B}"), "no escape sequences")
        #expect(lines[2].hasPrefix("│C● │"), "the lower note C4 carries ●: \(lines[2])")
        #expect(lines[2].contains("+"), "the right upper note G4 carries +")
        #expect(lines[0].contains("x"), "the answered F#4 (a black key) carries x")
        let coloured = drawing.lines(marks: [60: PianoDrawing.red], labelRoot: nil)
        #expect(coloured[2].contains(PianoDrawing.red) && coloured[2].contains("●"), "colour and sign together")
    }

    @Test(arguments: [40, 45, 56])
    func aNarrowWindowShowsTheLowerNote(width: Int) {
        let drawing = PianoDrawing(firstOctave: 4, lastOctave: 5)
        let lines = drawing.lines(marks: [71: PianoDrawing.red], labelRoot: nil, colour: false, window: width, focus: 71)
        #expect(lines.allSatisfy { $0.count == width })
        #expect(lines[2].contains("●"), "B4 is in view")
    }
}
