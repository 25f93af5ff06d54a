import Foundation
import JianpuCore
import Subprocesses
import Testing

@testable import JianpuLearn

/// What is played is named: every triad and seventh type of `Chords/chords.txt` on all twelve roots, in
/// root position and, where the inversion is no other chord's root position, with its bass as a slash chord.
@Suite struct ChordNamingTests {
    /// The triads and sevenths of the chord table, read from the file the package ships.
    static let table: [ChordFormula] = {
        let path = PackageFolder.root.appendingPathComponent("Chords/chords.txt").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return ChordFormulasFile.parse(text: text, file: path).formulas
    }()
    /// The types under the file's `# Triads` and `# Sevenths` headings.
    static let triadsAndSevenths: [ChordFormula] = {
        let path = PackageFolder.root.appendingPathComponent("Chords/chords.txt").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var section = ""
        var names: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# ") && !line.contains(":") { section = String(line.dropFirst(2)); continue }
            if ["Triads", "Sevenths"].contains(section), let colon = line.firstIndex(of: ":") { names.append(String(line[..<colon])) }
        }
        return names.compactMap { name in table.first { $0.name == name } }
    }()
    static let roots = (0..<12).map { NoteName.defaultSpelling(pitchClass: $0) }

    @Test func theTableHoldsTheTriadsAndSeventhsOfTheChordFile() {
        #expect(
            Set(Self.triadsAndSevenths.map(\.name)) == [
                "Major", "Minor", "Diminished", "Augmented", "Sus2", "Sus4", "Dominant7", "Major7", "Minor7",
                "HalfDiminished7", "Diminished7", "MinorMajor7", "Augmented7", "AugmentedMajor7",
            ])
    }

    @Test(arguments: triadsAndSevenths)
    func everyTypeIsNamedInRootPositionOnAllTwelveRoots(formula: ChordFormula) throws {
        let namer = ChordNamer(formulas: Self.table)
        for root in Self.roots {
            let chord = Chord(root: root, formula: formula)
            let played = chord.voicing(bassOctave: 4).map(\.midiNumber)
            let name = try #require(namer.name(midiNumbers: played), "\(chord.symbol) has no name")
            #expect(
                name.chord.root.pitchClass == root.pitchClass && name.chord.formula.name == formula.name && name.chord.bass == nil,
                "\(chord.symbol) \(played) named \(name.symbol)")
        }
    }

    /// Inversions that are another chord's root position keep that name (Am7/C is C6, Csus2/G is Gsus4, an
    /// augmented triad or diminished seventh has no bass of its own): every other inversion names its bass.
    static let invertible = triadsAndSevenths.filter { !["Augmented", "Diminished7", "Sus2", "Sus4"].contains($0.name) }

    @Test(arguments: invertible)
    func inversionsNameTheirBass(formula: ChordFormula) throws {
        let namer = ChordNamer(formulas: Self.table)
        let otherRootPosition: [String: Set<Int>] = ["Minor7": [1], "HalfDiminished7": [1]]
        for root in Self.roots {
            for position in 1..<formula.numbers.count where !(otherRootPosition[formula.name]?.contains(position) ?? false) {
                let bass = Chord(root: root, formula: formula).noteNames[position]
                let chord = Chord(root: root, formula: formula, bass: bass)
                let played = chord.voicing(bassOctave: 3).map(\.midiNumber)
                let name = try #require(namer.name(midiNumbers: played), "\(chord.symbol) has no name")
                #expect(
                    name.chord.root.pitchClass == root.pitchClass && name.chord.formula.name == formula.name
                        && name.chord.bass?.pitchClass == bass.pitchClass,
                    "\(chord.symbol) \(played) named \(name.symbol)")
                #expect(name.symbol.hasSuffix("/" + name.chord.bass!.description))
            }
        }
    }

    @Test func anInversionPlayedInALessonIsASlashChordWithItsNumeral() {
        let program = LearnProgram(lesson: Lesson(scale: Scale(tonic: NoteName(.g), kind: .major), seed: 1))
        #expect(program.name([59, 62, 67]) == "G/B (I6)")
        #expect(program.name([62, 66, 69, 72]) == "D7 (V7)")
        #expect(program.name([66, 69, 72, 76]) == "F♯m7♭5 (viiø7)")
        #expect(program.name([61, 62]) == "C♯ D (no chord)")
        #expect(program.name([66]) == "F♯4 (7)")
    }

    /// The key's own chords, in all twelve major and twelve harmonic-minor keys, are named as the chords page shows them.
    @Test(arguments: [Scale.Kind.major, .harmonicMinor, .naturalMinor, .dorian])
    func theChordsOfEveryKeyAreNamedAsTheChordsPageShowsThem(kind: Scale.Kind) {
        for tonic in Self.roots {
            let scale = Scale(tonic: tonic, kind: kind)
            let program = LearnProgram(lesson: Lesson(scale: scale, seed: 1))
            for chord in scale.triads + scale.seventhChords {
                let played = Scale.voicing(of: chord.chord)
                #expect(program.name(played) == "\(chord.chord.printedSymbol) (\(chord.romanNumeral))", "\(scale): \(played)")
            }
        }
    }

    @Test func printedSymbolsUseTheTypesetSigns() {
        let d = Key(tonic: NoteName(.d), mode: .major)
        #expect(d.triads.map(\.chord.printedSymbol) == ["D", "Em", "F♯m", "G", "A", "Bm", "C♯dim"])
        #expect(d.seventhChords.map(\.chord.printedSymbol) == ["Dmaj7", "Em7", "F♯m7", "Gmaj7", "A7", "Bm7", "C♯m7♭5"])
        #expect(d.triads.map(\.romanNumeral) == ["I", "ii", "iii", "IV", "V", "vi", "vii°"])
        #expect(Chord(root: NoteName(.g), formula: .major, bass: NoteName(.b)).printedSymbol == "G/B")
    }
}
