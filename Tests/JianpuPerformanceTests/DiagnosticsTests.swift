import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Golden diagnostics: the full `file:line:column: message` of everything reported.
@Suite("Diagnostics")
struct DiagnosticsTests {
    static func described(_ text: String) -> [String] { T.parse(text).diagnostics.map(\.description) }

    static let goldenCases: [(String, [String])] = [
        ("1 2 foo 3 4", ["t.jp:1:5: unrecognised word 'foo': expected a note (0-7, x, -), a command or a header"]),
        // A command or header with a letter or two wrong is named (the editor shows it in place).
        ("1 2 3 4 |\nNextPArt\n1 2 3 4 |", ["t.jp:2:1: unrecognised word 'NextPArt' (did you mean NextPart?): expected a note (0-7, x, -), a command or a header"]),
        ("1 2 ( 3 4 |", ["t.jp:1:3: warning: unclosed slur: the slur starting at this note has no `)` to end it"]),
        ("1 ( 2 3 ) 4 |", []),
        ("x3 1 2 3 |", ["t.jp:1:1: 'x3' puts a percussion beat (x) in a chord, which the reference refuses: write x and the figures as notes of their own"]),
        ("1 2 3 4 ~ | 5 - - - |", ["t.jp:1:9: warning: tie between different pitches: `~` holds a note on, so both notes sound; for different notes write a slur ( )"]),
        ("1 2 3 4 ~ | 4 - - - | 135 ~ 13 - - |", []),
        // More syllables than notes to sing them: a tie or a slur holds one syllable over several notes.
        (
            "1 ( 2 ) 3 ~ 3 |\nL: a b c d",
            [
                "t.jp:2:1: warning: verse 1 has 4 syllables for the 2 notes that sing: the last 2 are never sung (from 'c' 'd'); expected at most one syllable a struck note (a tie or a slur holds one over several)"
            ]
        ),
        ("1 ( 2 ) 3 ~ 3 |\nL: a b", []),
        ("titel=Oops\n1 2 3 4 |", ["t.jp:1:1: warning: unknown header 'titel=' (did you mean title=?)"]),
        ("composr=Me\nfoo=bar\n1 2 3 4 |", ["t.jp:1:1: warning: unknown header 'composr=' (did you mean composer=?)"]),
        ("1 2 ?? 3 4 |", ["t.jp:1:5: unrecognised word '??': expected a note (0-7, x, -), a command or a header"]),
        ("1=H 1 1 1 1", ["t.jp:1:1: unknown key '1=H': expected 1= or 6= and a note name such as 1=Bb or 6=F#"]),
        ("3/5 1 1 1 1", ["t.jp:1:1: '3/5' is not a time signature: expected beats/unit such as 3/4, 6/8 or 63/16, beats 1 to 10000, unit a power of two up to 128"]),
        ("1 2 3 4. q5 6 7 1 |", ["t.jp:1:7: warning: bar 1 is too long: this note crosses the bar line by 0.5 beats; expected bars of 4 beats"]),
        // Bar numbers are the printed ones: a pickup is bar 0, a repeat is printed once.
        ("4/4,4 5 | 1 2 3 4. q5 6 7 1 | 1 1 1 |", ["t.jp:1:17: warning: bar 1 is too long: this note crosses the bar line by 0.5 beats; expected bars of 4 beats"]),
        ("R3{ 1 1 1 1 } 1 2 3 4. q5 6 7 1 |", ["t.jp:1:21: warning: bar 2 is too long: this note crosses the bar line by 0.5 beats; expected bars of 4 beats"]),
        ("1 2 3 4 | 5 6", ["t.jp:1:13: warning: incomplete last bar: found 2 beats, expected 4 beats"]),
        ("1 2 ] 3 4", ["t.jp:1:5: `]` without an open tuplet: expected 3[ (or another count) before it"]),
        ("1 2 } 3 4", ["t.jp:1:5: `}` without an open repeat: expected R{ or A{ before it"]),
        ("1 2 3 4\nR{ 1 2 3 4", ["t.jp:2:1: unterminated repeat: expected `}` to close it"]),
        ("1 2 3 3[ q1 q2 q3", ["t.jp:1:7: unterminated tuplet: expected `]` to close it"]),
        ("1 2 3 4 A{ 1 1 1 1 }", ["t.jp:1:9: `A{` must follow the `}` of a repeat: expected R{ … } A{ … | … }"]),
        ("1 1 1 1 R*0", ["t.jp:1:9: 'R*0': expected R* and a number of bars, such as R*8"]),
        ("105 1 1 1", ["t.jp:1:1: '105' mixes a rest or dash into a chord: expected only figures 1-7"]),
        ("##1 1 1 1", ["t.jp:1:1: '##1' has 2 accidentals: expected one # or b"]),
        ("1', 1 1 1", ["t.jp:1:1: '1',' has more than one group of octave marks: expected one, such as 1'' or 1,,"]),
        (
            "1 1 1 1''''''''''''",
            [
                "t.jp:1:7: warning: '1''''''''''''' is 12 octaves up: the reference accepts at most 3",
                "t.jp:1:7: warning: '1''''''''''''' sounds at MIDI note 204, outside 0 to 127: it stays silent",
            ]
        ),
        (
            "1 1 1 1,,,,,,",
            [
                "t.jp:1:7: warning: '1,,,,,,' is 6 octaves down: the reference accepts at most 3",
                "t.jp:1:7: warning: '1,,,,,,' sounds at MIDI note -12, outside 0 to 127: it stays silent",
            ]
        ),
        ("1 1 1 1 qs1", ["t.jp:1:9: 'qs1' has length letters 'qs': expected one of c q s d h, or backslashes"]),
        ("3[ 1 1 1 ] 1 1 5[ ] 1 1 1 1", ["t.jp:1:16: warning: empty tuplet: expected notes between `5[` and `]`"]),
        ("", ["t.jp:1:1: no music found: expected notes such as `1 2 3 4`"]),
        ("title=Only a title", ["t.jp:1:1: no music found: expected notes such as `1 2 3 4`"]),
        ("LP:\n1 2 3 4", ["t.jp:1:1: unterminated LP: block: expected a line starting with :LP", "t.jp:1:1: no music found: expected notes such as `1 2 3 4`"]),
        ("6/7 1 1 1 1", ["t.jp:1:1: '6/7' is not a time signature: expected beats/unit such as 3/4, 6/8 or 63/16, beats 1 to 10000, unit a power of two up to 128"]),
        ("4/4,3 1 1 1 1", ["t.jp:1:1: '4/4,3': expected a pickup note value after the comma, such as 4/4,8 or 6/8,4."]),
        ("3/4,1 1 1 1 1", ["t.jp:1:1: the pickup in '3/4,1' is longer than the bar: expected at most 3/4"]),
        ("R0{ 1 1 1 1 }", ["t.jp:1:1: repeat count 0 out of range: expected 1 to 100", "t.jp:1:13: `}` without an open repeat: expected R{ or A{ before it"]),
        ("0[ 1 1 1 1 ]", ["t.jp:1:1: tuplet of 0 notes out of range: expected 1 to 64", "t.jp:1:12: `]` without an open tuplet: expected 3[ (or another count) before it"]),
        ("4/4,8\nq5 | 1 1 1 1", ["t.jp:2:12: warning: the last bar should make up for the pickup: expected a bar of 3.5 beats, found a whole bar"]),
        ("title=A\n1 1 1 1\ntitle=B\n1 1 1 1", ["t.jp:3:1: warning: header 'title' changes from 'A' to 'B': is a NextScore missing?"]),
        ("instrument=Flute\n1 1 1 1\ninstrument=Oboe\n1 1 1 1", ["t.jp:3:1: warning: instrument changes from 'Flute' to 'Oboe' within a part: is a NextPart missing?"]),
        ("R2{ 1 1 } 2 2", ["t.jp:1:13: warning: incomplete last bar: found 2 beats, expected 4 beats"]),
        ("R3{ 1 1 } 2 2", []),
        ("R4{ q1 q2 q3 q4 } 5 - 5 - |", []),
        ("R{ 1 1 1 1 } A{ 2 2 2 2 | 3 3 3 3 | 4 4 4 4 }", []),
        ("1 1 1 1 g[1z]", ["t.jp:1:9: unexpected 'z' in grace notes: expected figures 1-7, # b ' , q s d h and &"]),
    ]

    @Test("each problem is reported once with its exact location and message", arguments: goldenCases)
    func reportsExactly(source: String, expected: [String]) {
        #expect(Self.described(source) == expected)
    }

    @Test("bar-length problems are warnings, not errors, and the music still plays as written")
    func barProblemsAreWarnings() {
        let text = "1 2 3 4. 1 1 1 1 1"
        let diagnostics = T.parse(text).diagnostics
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics.count == 3)
        #expect(T.pitches(text).count == 9)
    }

    @Test("several errors in one file are all reported, in source order")
    func severalInOrder() {
        let text = "1 foo 2 3\n##1 ] 4 4\n  bar } 1=H 1 1"
        #expect(
            Self.described(text) == [
                "t.jp:1:3: unrecognised word 'foo': expected a note (0-7, x, -), a command or a header",
                "t.jp:2:1: '##1' has 2 accidentals: expected one # or b",
                "t.jp:2:5: `]` without an open tuplet: expected 3[ (or another count) before it",
                "t.jp:3:3: unrecognised word 'bar': expected a note (0-7, x, -), a command or a header",
                "t.jp:3:7: `}` without an open repeat: expected R{ or A{ before it",
                "t.jp:3:9: unknown key '1=H': expected 1= or 6= and a note name such as 1=Bb or 6=F#",
            ])
    }

    @Test("columns count characters, not bytes, after Chinese text")
    func columnsCountCharacters() {
        let text = "1 ^\"你好世界\" 2 foo 3 4"
        #expect(Self.described(text) == ["t.jp:1:13: unrecognised word 'foo': expected a note (0-7, x, -), a command or a header"])
    }

    @Test("columns count from the indentation and lines count from 1, with CRLF endings too")
    func linesAndIndentation() {
        #expect(
            Self.described("1 1 1 1\r\n\r\n\t  1 oops 1 1 1") == [
                "t.jp:3:6: unrecognised word 'oops': expected a note (0-7, x, -), a command or a header"
            ])
    }

    @Test("a very long unknown word is shortened in the message")
    func longWordShortened() {
        let word = String(repeating: "z", count: 60)
        #expect(
            Self.described("1 1 1 1 \(word)") == [
                "t.jp:1:9: unrecognised word '\(String(repeating: "z", count: 37))...': expected a note (0-7, x, -), a command or a header"
            ])
    }

    @Test(
        "a bar line that cuts a bar short or ends a long one names that bar once; later bars count from the bar line",
        arguments: [
            ("1 2 3 4 5 | 1 1 1 1", ["t.jp:1:11: warning: bar 1 has 5 beats, 4/4 needs 4"]),
            ("1 2 3 4 | 5 6 7 | 1 2 3 4 | 5 6 7 1 |", ["t.jp:1:17: warning: bar 2 has 3 beats, 4/4 needs 4"]),
            ("5 | 1 2 3 4 | 5 - - - |", ["t.jp:1:3: warning: bar 1 has 1 beat, 4/4 needs 4 (a pickup is written 4/4,4)"]),
            ("3/4 1 2 | 3 4 5 |", ["t.jp:1:9: warning: bar 1 has 2 beats, 3/4 needs 3 (a pickup is written 3/4,2)"]),
            ("4/4,8 q5 q6 | 1 2 3 4 | 1 2 3 q4 |", ["t.jp:1:13: warning: bar 0 has 1 beat, 4/4,8 needs 0.5"]),
            // Bar lines may be left out: one that falls where a counted bar ends says nothing.
            ("1 2 3 4 5 6 7 1 | 1 1 1 1", []),
            // A short last bar that makes up for the pickup is right.
            ("4/4,4 5 | 1 2 3 4 | 1 1 1 |", []),
            ("1 2 3 4 | 5 6 |", ["t.jp:1:15: warning: bar 2 has 2 beats, 4/4 needs 4"]),
        ])
    func wrongBarNamedOnce(source: String, expected: [String]) {
        let diagnostics = T.parse(source).diagnostics
        #expect(diagnostics.map(\.description) == expected)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test("a warning's description carries `warning: `, an error's does not")
    func severityInDescription() {
        let location = SourceLocation(file: "a.jp", line: 2, column: 3)
        #expect(Diagnostic.warning(at: location, "w").description == "a.jp:2:3: warning: w")
        #expect(Diagnostic.error(at: location, "e").description == "a.jp:2:3: e")
        #expect(Diagnostics([.warning(at: location, "w"), .error(at: location, "e")]).hasErrors)
    }

    @Test("binary data is refused with one error at 1:1")
    func binaryRefused() {
        let (score, diagnostics) = ScoreLoader.parse([0x31, 0x20, 0x00, 0x32], path: "bin.jp")
        #expect(score == nil)
        #expect(diagnostics.map(\.description) == ["bin.jp:1:1: binary data (a NUL byte): expected a jianpu text file"])
    }

    @Test("invalid UTF-8 is refused at the line it appears on")
    func invalidUTF8() {
        let bytes = Array("1 1 1 1\n2 2 2 2\n".utf8) + [0xFF, 0xFE, 0x31]
        let (score, diagnostics) = ScoreLoader.parse(bytes, path: "bad.jp")
        #expect(score == nil)
        #expect(diagnostics.map(\.description) == ["bad.jp:3:1: the file is not UTF-8 text: save it as UTF-8"])
    }
}
