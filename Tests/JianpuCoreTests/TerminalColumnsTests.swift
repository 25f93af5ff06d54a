import JianpuCore
import Testing

/// The one width table the engraving's text lines and the terminal loop's clipping share.
@Suite("Terminal columns")
struct TerminalColumnsTests {
    @Test(
        "East Asian wide characters take two columns; Latin letters, jianpu digits and accidentals one",
        arguments: [
            ("简", 2), ("谱", 2), ("あ", 2), ("한", 2), ("Ａ", 2), ("🎵", 2), ("𠀀", 2),
            ("a", 1), ("1", 1), ("♯", 1), ("♭", 1), ("‖", 1), ("é", 1), ("·", 1),
        ] as [(Character, Int)])
    func character(character: Character, columns: Int) {
        #expect(TerminalText.columns(of: character) == columns)
    }

    @Test("a text takes the sum of its characters' columns")
    func text() {
        #expect(TerminalText.columns(of: "1=D 简谱") == 8)
        #expect(TerminalText.columns(of: "") == 0)
        #expect(TerminalText.columns(of: Array("B♭ 大调")) == 7)
    }
}
