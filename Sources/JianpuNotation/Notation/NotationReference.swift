import Foundation
import JianpuCore

/// The notation reference (`jianpu help notation`, `man 5 jianpu-notation`): every construct our
/// parser reads, with a one-line example and what it sounds and looks like. A test parses every
/// example, so the reference cannot drift from the parser.
public enum NotationReference {
    /// One construct: its name, an example (a whole small score; `\n` separates lines) and what it does.
    public struct Entry: Sendable, Hashable {
        public var construct: String
        public var example: String
        public var meaning: String
    }

    /// A group of constructs under a heading.
    public struct Section: Sendable, Hashable {
        public var title: String
        public var entries: [Entry]
    }

    private static func entry(_ construct: String, _ example: String, _ meaning: String) -> Entry {
        Entry(construct: construct, example: example, meaning: meaning)
    }

    /// What a score file is, before the constructs.
    public static let introduction = """
        A jianpu score is plain UTF-8 text: words separated by spaces and newlines, read left to right. \
        The syntax is jianpu-ly's (Silas Brown's), so a score written for it plays here as its writer meant; \
        the few places we differ on purpose are listed at the end. Bar lines | are optional (bars are counted \
        from the meter) but help `jianpu check` find mistakes. Most letters of a note word may come in any order: \
        #1 is 1#, '1 is 1'. Errors and warnings name file:line:column.
        """

    /// Every construct, by section.
    public static let sections: [Section] = [
        Section(
            title: "Notes and rests",
            entries: [
                entry("degrees 1-7", "1 2 3 4 | 5 6 7 1' |", "the scale of the key: in 1=C, 1 is middle C (MIDI 60); printed as the digits"),
                entry("rest 0", "1 0 3 0 |", "silence for the note's length; printed as 0"),
                entry("8 and 9", "5 6 8 9 |", "shortcuts for 1' and 2'"),
                entry("x", "x x x x |", "a percussion beat: sounds as the key's 1 (as the reference's MIDI does), printed as X"),
                entry("# and b", "1 #1 2 b3 |", "a semitone up or down, for that note only; printed before the digit"),
                entry("' and ,", "1,, 1, 1 1' |", "an octave up or down per mark; printed as dots above or below the digit"),
                entry("< and >", "< 1 2 > 3 4 |", "< lowers every note after it by an octave, > raises them by one (so > undoes <)"),
            ]),
        Section(
            title: "Lengths",
            entries: [
                entry("crotchet", "1 2 3 4 |", "a plain note is a crotchet (quarter note), one beat in 4/4"),
                entry("q s d h", "q1 q2 s3 s4 s5 s6 2 3 |", "quaver, semiquaver, demisemiquaver, hemidemisemiquaver; printed with one to four underlines"),
                entry("\\ forms", "1\\ 2\\ 3\\\\ 4\\\\ 5\\\\ 6\\\\ 2 3 |", "after the pitch: \\ a quaver, \\\\ a semiquaver"),
                entry("c", "KeepLength q1 2 c3 4 5 |", "a crotchet again, after KeepLength made a shorter length stick"),
                entry("dot", "1. q2 3 4 |", "half as long again; printed as a dot after the digit"),
                entry("dash -", "1 - 2 - |", "one more beat of the note before; printed as a dash. 1 - is a minim, 1 - - - a semibreve"),
                entry("KeepLength", "KeepLength s1 1 1 1 c2 3 4 |", "a written length sticks to the notes after it until another is written"),
                entry("tie ~", "1 2 3 4 ~ | 4 3 2 1 |", "joins two notes of one pitch into one sound; printed as an arc"),
                entry("slur ( )", "1 ( 2 3 ) 4 |", "phrasing: printed as an arc, sounds as written"),
                entry("tuplet N[ ]", "3[ q1 q2 q3 ] 4 3[ 5 6 7 ] |", "N notes in the time of the next lower power of two (3 in the time of 2); printed with the number"),
            ]),
        Section(
            title: "Chords and ornaments",
            entries: [
                entry("chord", "135 - 246 - |", "the digits of one word sound together; printed stacked"),
                entry("chord with marks", ",135' 1 1b3 1 |", "marks at the ends of a chord word belong to the digit beside them: ,135' is a low 1, 3 and a high 5"),
                entry(
                    "OctavesAfter, OctavesBefore", "OctavesAfter\n1'35 - - - |",
                    "whether a mark inside a chord word belongs to the digit before it (OctavesAfter: 1'35 has a high 1) or after it (OctavesBefore: a high 3)"),
                entry("arp, arpUp, arpDown", "arp 135 - arpDown 531 - |", "a rolled chord, its notes a little apart, upwards or downwards; printed with a wavy line"),
                entry("grace before g[ ]", "g[#45] 1 2 3 4 |", "quick notes taking their time from the note after; printed small and raised"),
                entry("grace after [ ]g", "1 ['1]g 2 3 4 |", "quick notes taking their time from the end of the note before"),
                entry("grace lengths", "g[q4d56] 1 2 3 4 |", "q s d h before a grace: its value, which holds for the graces after it (a quaver 4, demisemiquavers 5 and 6)"),
                entry("grace marks", "g[3'4'] 1 2 3 4 |", "octave marks after each grace belong to it (two high graces); ambiguous ones are read as before the next figure"),
                entry("grace chord", "g[1&3&5] 1 2 3 4 |", "& joins grace notes into a chord"),
                entry("glis", "glis 1 - 5 - |", "a glissando between two notes: printed, sounds as the two notes"),
                entry("slideUp, slideDown", "slideUp 1 slideDown 2 - - |", "erhu slides: printed, sound as written"),
            ]),
        Section(
            title: "Key, meter and tempo",
            entries: [
                entry("1=X", "1=Bb\n1 2 3 4 |", "the key: degree 1 is X (unmarked 1 sits at octave 4 for C-F and octave 3 for G-B); printed as 1=Bb"),
                entry("6=X", "6=F#\n6, 7, 1 2 |", "a minor key named by its degree 6; printed as 6=F#"),
                entry("meter", "3/4\n1 2 3 | 4 5 6 |", "beats per bar and the beat; any length (63/16), and it may change any bar"),
                entry("pickup", "4/4,4\n5 | 1 2 3 4 | 5 6 7 |", "the number after the comma is the pickup's length (4 a crotchet); the pickup is bar 0 and the last bar makes up for it"),
                entry("tempo", "4=105\n1 2 3 4 |", "beats a minute of the beat written: 4=105 crotchets, 4.=60 dotted crotchets, 8=120 quavers"),
                entry("dotted tempo", "6/8\n4.=60\n1 2 3 4 5 6 |", "60 dotted crotchets a minute"),
            ]),
        Section(
            title: "Repeats and jumps",
            entries: [
                entry("R{ }", "R{ 1 2 3 4 } 5 6 7 1' |", "play the bars inside twice; printed between repeat signs"),
                entry("R{ } A{ | }", "R{ 1 2 3 4 } A{ 5 - - - | 6 - - - } 1' - - - |", "a repeat with endings: the first time the first ending, then the second; printed with volta brackets"),
                entry("RN{ }", "R4{ 1 2 3 4 } |", "play the bars inside N times"),
                entry("Fine, DC", "1 2 3 4 | 5 6 Fine 7 1' | 1' 7 6 5 DC |", "D.C. al Fine: back to the start, then stop at Fine"),
                entry("Segno, ToCoda, DS", "1 2 3 4 | Segno 5 6 7 1' | ToCoda 1' 7 6 5 DS | 1 - - - |", "D.S. al Coda: back to the sign, and from To Coda on the second time to the music after DS"),
                entry("R*N", "R*8 1 2 3 4 |", "N bars of rest; printed as one bar with the number"),
            ]),
        Section(
            title: "Loudness",
            entries: [
                entry("dynamics", "1 \\p 2 3 \\f 4 |", "\\ppp to \\fff, \\sf and the like, after a note: that note and the ones after it play at that loudness; printed under the note"),
                entry(
                    "hairpins \\< \\> \\!", "1 \\p \\< 2 3 4 \\f | 5 \\> 4 3 2 \\! |",
                    "a crescendo (\\<) or diminuendo (\\>) wedge under the part from the note before it to the note before \\! (or before the next dynamic or hairpin); printed, it does not change the loudness played"
                ),
            ]),
        Section(
            title: "Marks a performer reads",
            entries: [
                entry("\\fermata", "1 2 3 4 \\fermata | 5 - - - \\fermata |", "a pause over the note, rest or dash before it, printed over its octave dots; it sounds as written (no longer)"),
                entry("\\breathe", "1 2 3 \\breathe 4 |", "a breath mark: a V over the right of the note before it; sounds as written"),
                entry(
                    "articulations", "1 \\staccato 2 \\accent 3 \\tenuto 4 \\marcato | 5 \\staccatissimo 6 -> 7 staccato 1' -. |",
                    "printed over the note before them: \\staccato (or staccato, -.) a small wedge, \\staccatissimo a thin one, \\accent (or ->) >, \\tenuto a short line, \\marcato ^; ^\\ and _\\ forms too. They sound as written"
                ),
                entry(
                    "letterA", "letterA 1 2 3 4 | letterB 5 6 7 1' |",
                    "a rehearsal mark (letter then capitals or digits: letterA, letter3, letterAA), printed boxed over the system where the next note is"),
            ]),
        Section(
            title: "Parts, movements and instruments",
            entries: [
                entry("NextPart", "1 2 3 4 |\nNextPart\n1, - 5, - |", "the next part, played at the same time: part 1 is the melody, the others accompaniment"),
                entry("NextScore", "1 2 3 4 |\nNextScore\n5 6 7 1' |", "the next movement, played after this one (--movement N picks one)"),
                entry(
                    "instrument=", "instrument=Flute\n1 2 3 4 |",
                    "the part's name, printed at its row, and its General MIDI instrument: a MIDI name, or a part's name that implies one (Violino I, Sopran, Gesang, Pianoforte)"),
                entry(
                    "one instrument's staves", "instrument=Piano\n1 2 3 4 |\nNextPart\ninstrument=Piano\n1, - 5, - |",
                    "consecutive parts with the same instrument= name are one instrument's staves (a piano's two hands): printed braced, the name once between them, shortened (Pia.) on the lines after the first"
                ),
                entry("chords=", "chords=c2 g2\n1 2 3 4 |", "guitar chords in LilyPond chord mode: printed above the music, sounded on a part of their own"),
            ]),
        Section(
            title: "Words and titles",
            entries: [
                entry(
                    "title=", "title=Twinkle\ncomposer=Trad.\n1 1 5 5 |",
                    "title and the other LilyPond headers (subtitle=, composer=, poet=, arranger=…), each on a line of its own; printed at the top"),
                entry("L:", "1 2 3 4 |\nL: here are the words", "lyrics, a syllable a note (hyphens join syllables); printed under the notes"),
                entry("L: N.", "1 2 3 4 |\nL: 1. first verse here now\nL: 2. sec- ond verse too", "numbered verses, each a row under the notes"),
                entry("H:", "1 2 3 4 |\nH: 贝加尔湖", "Chinese lyrics, a character a note, with or without spaces"),
            ]),
        Section(
            title: "Read and left out of the sound",
            entries: [
                entry("text marks", "^\"dolce\" 1 2 _\"rit.\" 3 4 |", "text above (^) or below (_) the note: kept, not played"),
                entry("LilyPond words", "1 2 \\turn 3 4 |", "other one-word \\commands (\\turn, \\trill, \\mordent…): read and ignored"),
                entry(
                    "\\bar", "R{ 1 2 3 4 } A{ 5 5 5 5 \\bar \"|\" 6 6 6 6 | 7 7 7 7 }",
                    "a bar-line style word with its quoted style: read and ignored, as the meter places bar lines; it parts the bars of an ending, where | starts the next ending"),
                entry("LP: :LP", "LP:\n\\break\n:LP\n1 2 3 4 |", "a LilyPond block: read and ignored, but for its midiInstrument (below)"),
                entry(
                    "midiInstrument", "instrument=Melodica\nLP:\n\\set Staff.midiInstrument = #\"flute\"\n:LP\n1 2 3 4 |",
                    "the part's sound apart from its printed name, as LilyPond says it: printed Melodica, played as a flute"),
                entry("layout words", "NoBarNums\nRaggedLast\n1 2 3 4 |", "OnePage, NoBarNums, NoIndent, RaggedLast, SeparateTimesig, WithStaff, PartMidi, ChordsRoman, angka: read and ignored"),
                entry("% comment", "% a comment\n1 2 3 4 |", "the rest of the line is ignored"),
            ]),
    ]

    /// Where we play what the writer meant rather than what the reference does (the README's list).
    public static let differences: [Entry] = [
        entry("a tie into endings", "R{ 1 2 3 4 } ~ A{ 4 - - - | 4 3 2 1 }", "ties the repeat's last note into each ending that starts on its pitch; the reference drops the alternation"),
        entry("dashes opening an ending", "R{ 1 2 3 4 } A{ - 5 6 7 | - 1' 7 6 }", "lengthen the note sounding before in performance order (the repeat's last note), not the last note written"),
        entry("a bar of the wrong length", "1 2 3 | 4 5 6 7 |", "a warning at its place, and the music plays as written; the reference refuses the file (jianpu check --strict refuses it too)"),
        entry("ambiguous octave marks in a chord", "1'35 - - - |", "read as belonging to the figure after them, with a warning; the reference refuses the file"),
        entry("one pitch named twice", "1'1' - - - |", "sounds once, as the reference's MIDI does"),
    ]

    /// Every example, in order: what the test parses.
    public static var examples: [String] { sections.flatMap { $0.entries.map(\.example) } + differences.map(\.example) }

    /// The reference as text for a terminal: headings, then each construct, its example and meaning.
    public static var text: String {
        var lines = ["JIANPU NOTATION", ""] + wrapped(introduction, indent: "") + [""]
        func add(_ entry: Entry) {
            lines.append("  \(entry.construct)")
            lines += entry.example.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }
            lines += wrapped(entry.meaning, indent: "    ")
            lines.append("")
        }
        for section in sections {
            lines.append(section.title.uppercased())
            section.entries.forEach(add)
        }
        lines.append("WHERE WE DIFFER FROM THE REFERENCE (ON PURPOSE)")
        differences.forEach(add)
        lines += wrapped("See also: jianpu --help, man 5 jianpu-notation, jianpu-ly --help (the reference).", indent: "")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in lines of at most `width` characters (a longer word stands alone), each after `indent`.
    static func wrapped(_ text: String, indent: String, width: Int = 80) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count && line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count { lines.append(line) }
        return lines
    }

    /// The reference as a man page, section 5.
    public static func manPage(version: String, date: String) -> String {
        func escape(_ text: some StringProtocol) -> String {
            var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
            return escaped
        }
        var lines = [
            ".TH JIANPU\\-NOTATION 5 \"\(date)\" \"jianpu \(version)\" \"File Formats\"",
            ".SH NAME", "jianpu\\-notation \\- the jianpu score text read by jianpu(1)",
            ".SH DESCRIPTION", escape(introduction),
        ]
        func add(_ entry: Entry) {
            lines.append(".TP")
            lines.append(".B \(escape(entry.construct))")
            lines.append(".nf")
            lines += entry.example.split(separator: "\n", omittingEmptySubsequences: false).map { escape($0) }
            lines.append(".fi")
            lines.append(escape(entry.meaning))
        }
        for section in sections {
            lines.append(".SH \"\(escape(section.title.uppercased()))\"")
            section.entries.forEach(add)
        }
        lines.append(".SH \"WHERE WE DIFFER FROM THE REFERENCE\"")
        differences.forEach(add)
        lines += [".SH \"SEE ALSO\"", "jianpu(1), jianpu\\-ly \\-\\-help"]
        return lines.joined(separator: "\n") + "\n"
    }
}
