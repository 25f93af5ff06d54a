import JianpuCore
import JianpuNotation

/// The names MusicXML gives what jianpu writes: chord kinds, dynamics, jump words.
enum MusicXMLNames {
    /// The `<kind>` of a chord formula, by its semitones above the root; `other` when MusicXML has no name for it.
    static func kind(of formula: ChordFormula) -> String {
        switch formula.semitones {
        case [0, 4, 7]: "major"
        case [0, 3, 7]: "minor"
        case [0, 4, 8]: "augmented"
        case [0, 3, 6]: "diminished"
        case [0, 4, 7, 10]: "dominant"
        case [0, 4, 7, 11]: "major-seventh"
        case [0, 3, 7, 10]: "minor-seventh"
        case [0, 3, 6, 9]: "diminished-seventh"
        case [0, 4, 8, 10]: "augmented-seventh"
        case [0, 3, 6, 10]: "half-diminished"
        case [0, 3, 7, 11]: "major-minor"
        case [0, 4, 7, 9]: "major-sixth"
        case [0, 3, 7, 9]: "minor-sixth"
        case [0, 4, 7, 10, 14]: "dominant-ninth"
        case [0, 4, 7, 11, 14]: "major-ninth"
        case [0, 3, 7, 10, 14]: "minor-ninth"
        case [0, 2, 7]: "suspended-second"
        case [0, 5, 7]: "suspended-fourth"
        case [0, 7]: "power"
        default: "other"
        }
    }

    /// The elements `<dynamics>` holds; any other marking is written as `<other-dynamics>`.
    static let dynamics: Set<String> = [
        "p", "pp", "ppp", "pppp", "ppppp", "pppppp", "f", "ff", "fff", "ffff", "fffff", "ffffff",
        "mp", "mf", "sf", "sfp", "sfpp", "fp", "rf", "rfz", "sfz", "sffz", "fz", "n", "pf", "sfzp",
    ]

    /// The words printed for a jump, as readers of MusicXML recognise them (`D.C. al Fine` when the part has a `Fine`).
    static func words(for jump: Jump.Kind, partHasFine: Bool, partHasCoda: Bool) -> String {
        let target = partHasCoda ? " al Coda" : partHasFine ? " al Fine" : ""
        switch jump {
        case .segno: return "Segno"
        case .toCoda: return "To Coda"
        case .fine: return "Fine"
        case .daCapo: return "D.C." + target
        case .dalSegno: return "D.S." + target
        }
    }
}
