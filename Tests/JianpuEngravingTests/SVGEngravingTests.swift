import Foundation
import FoundationXML
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Testing

@testable import JianpuEngraving

@Suite("Engraving drawn as SVG")
struct SVGEngravingTests {
    /// Single notes whose octave, underlines and dots are known from how they are written.
    static let written = """
        title=Marks
        1=D
        4/4
        1 q2' s3, s4'' d5,, d6 d7' d1 2. q3 4,. q5' | #4 b7, q1 q2 - 3 |
        """
    /// Octave, underlines and augmentation dots of each note of `written`, in order.
    static let expected: [(octave: Int, underlines: Int, dots: Int)] = [
        (0, 0, 0), (1, 1, 0), (-1, 2, 0), (2, 2, 0), (-2, 3, 0), (0, 3, 0), (1, 3, 0), (0, 3, 0), (0, 0, 1), (0, 1, 0), (-1, 0, 1), (1, 1, 0),
        (0, 0, 0), (-1, 0, 0), (0, 1, 0), (0, 1, 0), (0, 0, 0),
    ]

    @Test("each note head has as many octave dots above or below as its octave, and as many underlines as its length")
    func dotsAndUnderlinesMatchOctaveAndLength() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score(Self.written)))
        // In reading order: by system (baseline), then left to right.
        let heads = try EngravingSupport.elements(svg, class: "note").sorted {
            (EngravingSupport.number($0, "y"), EngravingSupport.number($0, "x")) < (EngravingSupport.number($1, "y"), EngravingSupport.number($1, "x"))
        }
        let dots = try EngravingSupport.elements(svg, class: "octave-dot")
        let underlines = try EngravingSupport.elements(svg, class: "underline")
        let augmentation = try EngravingSupport.elements(svg, class: "aug-dot")
        #expect(heads.count == Self.expected.count)
        for (head, expected) in zip(heads, Self.expected) {
            let x = EngravingSupport.number(head, "x"), y = EngravingSupport.number(head, "y"), size = EngravingSupport.number(head, "font-size")
            let mine = dots.filter { abs(EngravingSupport.number($0, "cx") - x) < 0.1 * size && abs(EngravingSupport.number($0, "cy") - y) < 2 * size }
            let above = mine.filter { EngravingSupport.number($0, "cy") < y }.count, below = mine.count - above
            let lines = underlines.filter {
                EngravingSupport.number($0, "x1") <= x && x <= EngravingSupport.number($0, "x2")
                    && EngravingSupport.number($0, "y1") > y && EngravingSupport.number($0, "y1") < y + size
            }
            let augmented = augmentation.filter {
                let dx = EngravingSupport.number($0, "cx") - x
                return dx > 0 && dx < 1.2 * size && abs(EngravingSupport.number($0, "cy") - y) < size
            }
            let text = head.text
            #expect(above - below == expected.octave && min(above, below) == 0, "note \(text) at \(x): \(above) dots above, \(below) below")
            #expect(lines.count == expected.underlines, "note \(text) at \(x): \(lines.count) underlines")
            #expect(augmented.count == expected.dots, "note \(text) at \(x): \(augmented.count) augmentation dots")
        }
    }

    @Test("the underlines of a beat's quavers are one line across them, not one per note")
    func underlinesJoinAcrossABeat() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score("4/4\nq1 q2 q3 q4 s5 s6 s7 s1' 2 |")))
        let underlines = try EngravingSupport.elements(svg, class: "underline")
        // Two beats of quavers: one line each; a beat of semiquavers: one line on each of two levels.
        #expect(underlines.count == 4)
    }

    @Test(
        "a score without repeats has one note element per note it plays, with the pitch and onset it plays (rolled chords rolled)",
        arguments: ["bjehp.jp", "greensleeves.jp", "brahms-lullaby.jp"])
    func noteElementsMatchThePerformance(name: String) throws {
        let score = try EngravingSupport.shipped(name)
        let svg = SVGWriter.svg(EngravingSupport.engrave(score))
        let heads = try EngravingSupport.elements(svg, class: "note")
        let timeline = try #require(score.performanceTimeline())
        #expect(heads.count == timeline.notes.count)
        let written = heads.map { (Int(EngravingSupport.number($0, "data-pitch")), (EngravingSupport.number($0, "data-onset") * 1000).rounded()) }
        let exported = timeline.notes.map { ($0.pitch.midiNumber, (timeline.tempoMap.seconds(at: $0.onset) * 1000).rounded()) }
        #expect(Set(written.map { "\($0.0)@\($0.1)" }) == Set(exported.map { "\($0.0)@\($0.1)" }))
    }

    @Test("rests are drawn as rest elements and bar lines carry their printed bar numbers")
    func restsAndBarNumbers() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score("3/4,4\n5 | 1 0 2 | 3 - 0 | 1 - - |")))
        #expect(try EngravingSupport.elements(svg, class: "rest").count == 2)
        let bars = try EngravingSupport.elements(svg, class: "bar-line").map { Int(EngravingSupport.number($0, "data-bar")) }
        // The pickup is bar 0; the final bar line is two strokes.
        #expect(bars == [0, 1, 2, 3, 3])
    }

    @Test("no note heads, lyrics or chord symbols overlap within a system", arguments: EngravingSupport.shippedScores + ["lyrics"])
    func nothingOverlaps(name: String) throws {
        let score = name == "lyrics" ? try EngravingSupport.score(Self.lyricsAndChords) : try EngravingSupport.shipped(name)
        for page in EngravingSupport.engrave(score).pages {
            for system in page.systems {
                for group in [system.heads, system.lyrics, system.chordSymbols] {
                    for (i, a) in group.enumerated() {
                        for b in group[(i + 1)...] { #expect(!a.overlaps(b), "\(name): \(a) overlaps \(b)") }
                    }
                }
            }
        }
    }

    static let lyricsAndChords = """
        title=歌 Song
        1=F
        4/4
        chords=f2 c:7 f1 bes2 c
        q1 q1 q2 q3 3 2 | 1 - - 0 | q5 q5 q6 q7 1' 7 | 6 - 5 - |
        H: 一闪一闪亮晶晶满天都是小星星啊
        L: Twin- kle twin- kle lit- tle star, how I won- der what you are, yes
        """

    @Test("every verse's syllables are centred under their notes, one row per verse")
    func lyricsCentredUnderNotes() throws {
        let engraving = EngravingSupport.engrave(try EngravingSupport.score(Self.lyricsAndChords))
        let svg = SVGWriter.svg(engraving)
        let heads = try EngravingSupport.elements(svg, class: "note")
        let lyrics = try EngravingSupport.elements(svg, class: "lyric").filter { $0.text != "-" }
        #expect(lyrics.count == 2 * heads.count)
        let rows = Set(lyrics.map { EngravingSupport.number($0, "y") })
        #expect(rows.count == 2 * engraving.pages.reduce(0) { $0 + $1.systems.count })
        for lyric in lyrics {
            #expect(lyric.attributes["text-anchor"] == "middle")
            #expect(heads.contains { abs(EngravingSupport.number($0, "x") - EngravingSupport.number(lyric, "x")) < 0.01 })
        }
        #expect(try EngravingSupport.elements(svg, class: "chord-symbol").map(\.text) == ["F", "C7", "F", "B♭", "C"])
    }

    @Test("systems and every glyph fit within the page and its margins", arguments: EngravingSupport.shippedScores, [Paper.a4, .letter])
    func systemsFitThePage(name: String, paper: Paper) throws {
        let options = EngravingOptions(paper: paper)
        let engraving = EngravingSupport.engrave(try EngravingSupport.shipped(name), options: options)
        for page in engraving.pages {
            for system in page.systems {
                #expect(system.rect.x >= options.margin - 0.01 && system.rect.maxX <= engraving.width - options.margin + 0.01, "\(name): \(system.rect)")
                #expect(system.rect.y >= options.margin - 0.01 && system.rect.maxY <= engraving.height - options.margin + 0.01, "\(name): \(system.rect)")
            }
            for glyph in page.glyphs { #expect((0...engraving.width).contains(glyph.at.x) && (0...engraving.height).contains(glyph.at.y)) }
        }
    }

    @Test("repeats are drawn once, as written, with repeat signs and volta brackets")
    func repeatsDrawnOnce() throws {
        let score = try EngravingSupport.score("4/4\nR{ 1 2 3 4 } A{ 5 - - - | 1' - - - }\n")
        let svg = SVGWriter.svg(EngravingSupport.engrave(score))
        #expect(try EngravingSupport.elements(svg, class: "note").count == 6)
        #expect(try EngravingSupport.elements(svg, class: "repeat-dot").count == 4)
        let voltas = try EngravingSupport.elements(svg, class: "volta").map(\.text).filter { !$0.isEmpty }
        #expect(voltas == ["1.", "2."])
    }

    @Test("the header shows the key, the stacked meter and the tempo as written")
    func headerAsWritten() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score("title=T\ncomposer=C\n1=D\n6/8\n4.=56\n1 2 3 4 5 6 |")))
        #expect(try EngravingSupport.elements(svg, class: "key").map(\.text) == ["1=D"])
        let meter = try EngravingSupport.elements(svg, class: "meter").map(\.text).filter { !$0.isEmpty }
        #expect(meter == ["6", "8"])
        #expect(try EngravingSupport.elements(svg, class: "tempo").map(\.text) == ["♩.=56"])
        #expect(try EngravingSupport.elements(svg, class: "credit").map(\.text) == ["C"])
    }

    @Test("Segno is drawn over the music after it; To Coda, D.S., D.C. and Fine over the note before them")
    func navigationWords() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score("4/4\n1 1 1 1 | Segno 2 2 2 2 | 3 3 3 3 ToCoda 4 4 4 4 | 5 5 5 5 DS 6 6 6 6 Fine |")))
        let heads = try EngravingSupport.elements(svg, class: "note")
        let words = try EngravingSupport.elements(svg, class: "jump")
        #expect(words.map(\.text) == ["Segno", "To Coda ⊕", "D.S.", "Fine"])
        // Each word starts at the note it belongs to: the first 2, the last 3, the last 5, the last 6.
        let noteIndex = [4, 11, 19, 23]
        for (word, index) in zip(words, noteIndex) {
            let x = EngravingSupport.number(heads[index], "x")
            #expect(abs(EngravingSupport.number(word, "x") - x) < 10, "\(word.text) at \(EngravingSupport.number(word, "x")), note at \(x)")
        }
    }

    @Test("several parts: a bracket, the instruments' names at the start of the first line, short names on the others")
    func partNamesAndBracket() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.shipped("minuet-in-g.jp")))
        let names = try EngravingSupport.elements(svg, class: "part-name").map(\.text)
        #expect(Array(names.prefix(2)) == ["Harpsichord", "Acoustic Grand Piano"])
        #expect(names.count > 2 && names.dropFirst(2).allSatisfy { $0 == "Hpd." || $0 == "Pno." })
        #expect(try !EngravingSupport.elements(svg, class: "bracket").isEmpty)
    }

    @Test("a key or meter change is printed over its bar, after a double bar line")
    func changesAfterADoubleBar() throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score("1=C\n4/4\n1 2 3 4 | 1=G 5 6 7 1 | 3/4 1 2 3 |")))
        let bars = try EngravingSupport.elements(svg, class: "bar-line").map { Int(EngravingSupport.number($0, "data-bar")) }
        #expect(bars == [1, 1, 2, 2, 3, 3])
        #expect(try EngravingSupport.elements(svg, class: "jump").map(\.text) == ["1=G", "3/4"])
    }

    @Test("each movement gets its own header")
    func movementsHaveHeaders() throws {
        let score = try EngravingSupport.score("title=One\n1=C\n4/4\n1 2 3 4 |\nNextScore\ntitle=Two\n1=G\n3/4\n5 6 7 |\n")
        let svg = SVGWriter.svg(EngravingSupport.engrave(score))
        #expect(try EngravingSupport.elements(svg, class: "title").map(\.text) == ["One", "Two"])
        #expect(try EngravingSupport.elements(svg, class: "key").map(\.text) == ["1=C", "1=G"])
    }

    @Test("a seed plist score typesets too: one note element per note it plays, drawn as digits")
    func seedPlistTypesets() throws {
        let text = "{ modulators = ( { modulator = 1; }, { modulator = 55; }, { modulator = -5; }, { modulator = 3; } ); }"
        let score = try #require(SeedPlist.parse(text, file: "seed.plist").score)
        let svg = SVGWriter.svg(EngravingSupport.engrave(score))
        let heads = try EngravingSupport.elements(svg, class: "note")
        #expect(heads.count == Flattener.timeline(of: score.movements[0]).notes.count)
        #expect(heads.map(\.text) == ["1", "5", "5", "3"])
        // The seed app divides a beat into equal parts: quavers, not tuplets.
        let divided = try #require(SeedPlist.parse("{ modulators = ( { modulators = ( { modulator = 6; }, { modulator = 7; } ); } ); }", file: "d.plist").score)
        let dividedSVG = SVGWriter.svg(EngravingSupport.engrave(divided))
        #expect(try EngravingSupport.elements(dividedSVG, class: "tuplet").isEmpty)
        #expect(try EngravingSupport.elements(dividedSVG, class: "underline").count == 1)
    }

    @Test("slurs are arcs from the note before ( to the note before ); quoted words go over or under, dynamics under their note")
    func slursWordsAndDynamics() throws {
        let svg = SVGWriter.svg(
            EngravingSupport.engrave(
                try EngravingSupport.score(
                    "4/4\n1 \\p ( 2 3 ) 4 \\f | 5 ^\"dolce\" 6 _\"rit.\" 7 1' | 1' ( - 7 ) 6 | 5 - - - |\n")))
        let heads = try EngravingSupport.elements(svg, class: "note")
        let slurs = try EngravingSupport.elements(svg, class: "slur")
        #expect(slurs.count == 2)
        // The first slur runs from over the 1 to over the 3.
        let path = (slurs.first?.attributes["d"] ?? "").split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "Q" }).compactMap { Double($0) }
        #expect(path.count == 6)
        if path.count == 6 {
            #expect(abs(path[0] - EngravingSupport.number(heads[0], "x")) < 5 && abs(path[4] - EngravingSupport.number(heads[2], "x")) < 5)
            #expect(path[1] < EngravingSupport.number(heads[0], "y") - 10)
        }
        let words = try EngravingSupport.elements(svg, class: "words")
        #expect(words.map(\.text) == ["dolce", "rit."])
        #expect(EngravingSupport.number(words[0], "y") < EngravingSupport.number(heads[4], "y"))
        #expect(EngravingSupport.number(words[1], "y") > EngravingSupport.number(heads[5], "y"))
        let dynamics = try EngravingSupport.elements(svg, class: "dynamic")
        #expect(dynamics.map(\.text) == ["p", "f"])
        #expect(abs(EngravingSupport.number(dynamics[1], "x") - EngravingSupport.number(heads[3], "x")) < 0.01)
        #expect(EngravingSupport.number(dynamics[0], "y") > EngravingSupport.number(heads[0], "y"))
    }

    @Test("grace notes are small note elements with the pitch and onset they sound at, after a dash too")
    func graceNotesHaveOnsets() throws {
        let score = try EngravingSupport.score("4/4\n1 g[#45] 1 2 [23]g 3 | 5 - [67]g 1 2 |")
        let svg = SVGWriter.svg(EngravingSupport.engrave(score))
        let heads = try EngravingSupport.elements(svg, class: "note")
        let graces = try EngravingSupport.elements(svg, class: "grace")
        let timeline = Flattener.timeline(of: score.movements[0])
        #expect(heads.count == timeline.notes.count)
        #expect(graces.count == timeline.notes.filter(\.isGrace).count)
        #expect(heads.allSatisfy { $0.attributes["data-onset"] != nil })
        #expect(graces.allSatisfy { EngravingSupport.number($0, "font-size") < EngravingSupport.number(heads.first { !$0.classes.contains("grace") }!, "font-size") })
    }

    @Test(
        "numbers are written with at most their places, without trailing zeros, a minus only when they round below zero",
        arguments: [
            (0.0, 2, "0"), (12.5, 2, "12.5"), (3.14159, 2, "3.14"), (3.14159, 3, "3.142"), (-0.004, 2, "0"), (-0.5, 2, "-0.5"),
            (100.0, 2, "100"), (0.05, 2, "0.05"), (0.0005, 3, "0.001"), (-1234.5678, 3, "-1234.568"), (2.999, 2, "3"), (1e300, 2, "92233720368547758.07"),
        ])
    func numbers(value: Double, places: Int, text: String) {
        #expect(SVGWriter.n(value, places: places) == text)
    }
}
