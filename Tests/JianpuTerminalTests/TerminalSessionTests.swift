import JianpuTerminal
import Testing

@Suite("Terminal session")
struct TerminalSessionTests {
    @Test(
        "NO_COLOR set and not empty turns colours off",
        arguments: [
            ([String: String](), true), (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["NO_COLOR": "yes"], false),
        ])
    func noColor(environment: [String: String], allowed: Bool) {
        #expect(TerminalSession.colorsAllowed(environment: environment) == allowed)
    }

    @Test(
        "without colours, colour codes go and bold, reverse video and resets stay",
        arguments: [
            ("\u{1B}[41;97m C \u{1B}[0m", " C \u{1B}[0m"),
            ("\u{1B}[1;7;33mnote\u{1B}[0m", "\u{1B}[1;7mnote\u{1B}[0m"),
            ("\u{1B}[7;36mchord\u{1B}[m", "\u{1B}[7mchord\u{1B}[m"),
            ("\u{1B}[38;5;196mx\u{1B}[48;2;1;2;3;1my", "x\u{1B}[1my"),
            ("\u{1B}[31mC\u{1B}[32mG", "CG"),
            ("plain │ text", "plain │ text"),
            ("\u{1B}[2;1Hmoved", "\u{1B}[2;1Hmoved"),
        ])
    func withoutColors(text: String, expected: String) {
        #expect(TerminalSession.withoutColors(text) == expected)
    }
}
