import Testing

@testable import JianpuCore

@Suite struct WordingTests {
    @Test func pluralsCountRight() {
        #expect(Wording.counted(1, "question") == "1 question")
        #expect(Wording.counted(0, "question") == "0 questions")
        #expect(Wording.counted(2, "answer") == "2 answers")
    }

    static let prompt = "lower octave z s x d c v g b h n j m · upper q 2 w 3 e r 5 t 6 y 7 u i · Space repeat · l samples · Esc quit · Tab: names"

    @Test(arguments: Array(40...130))
    func wrappingKeepsWordsWholeAtAnyWidthFrom40(width: Int) {
        let lines = Wording.wrap(Self.prompt, width: width, indent: "  ")
        #expect(lines.allSatisfy { $0.count <= width })
        let words = lines.flatMap { $0.split(separator: " ") }
        #expect(words == Self.prompt.split(separator: " "), "no word is split or lost")
    }

    @Test func aLineThatFitsKeepsItsSpacing() {
        #expect(Wording.wrap("a   b", width: 40) == ["a   b"])
    }

    @Test func didYouMeanFindsTheClosestNames() {
        let tunings = ["CMajor", "CMinor", "DMajor", "DMinor", "EDorian", "F#Minor", "GMixolydian", "AMinor", "BbMajor"]
        #expect(Wording.suggestions(for: "DMinr", among: tunings).first == "DMinor")
        #expect(Wording.didYouMean("dmajro", among: tunings) == " (did you mean DMajor?)")
        #expect(Wording.didYouMean("Xylophone", among: tunings) == "")
        #expect(Wording.suggestions(for: "pley", among: ["play", "render", "export", "check", "info", "quiz"]) == ["play"])
    }
}

@Suite struct WordingIndentTests {
    @Test func leadingSpacesStartEveryLine() {
        #expect(
            Wording.wrap("    you said m3 minor third: narrow", width: 20, indent: "  ")
                == ["    you said m3", "      minor third:", "      narrow"])
    }
}
