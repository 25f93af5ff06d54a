import Testing

@testable import JianpuEngraving

/// The names at the parts of the systems after the first: as a score abbreviates them, never two alike.
@Suite("Short part names")
struct ShortPartNamesTests {
    @Test("a string quartet's parts are Vl. 1, Vl. 2, Vla. and Vc., not four Vio.")
    func stringQuartet() {
        #expect(ShortPartNames.shortened(["Violin 1", "Violin 2", "Viola", "Violoncello"]) == ["Vl. 1", "Vl. 2", "Vla.", "Vc."])
    }

    @Test(
        "voices and instruments take their usual abbreviations",
        arguments: [
            ("Soprano", "S."), ("Alto", "A."), ("Tenor", "T."), ("Bass", "B."), ("Acoustic Grand Piano", "Pno."),
            ("Harpsichord", "Hpd."), ("Clarinet", "Cl."), ("Cello", "Vc."), ("Violin II", "Vl. II"), ("Recorder", "Rec."),
        ])
    func usualAbbreviations(name: String, short: String) {
        #expect(ShortPartNames.shortened(name) == short)
    }

    @Test("a name without an abbreviation takes its first letters; a short or CJK name is kept; two alike are told apart")
    func otherNames() {
        #expect(ShortPartNames.shortened("Marimbaphone") == "Mar.")
        #expect(ShortPartNames.shortened("Erhu") == "Erhu")
        #expect(ShortPartNames.shortened("二胡伴奏") == "二胡伴奏")
        let apart = ShortPartNames.shortened(["Marimba", "Mariachi"])
        #expect(apart[0] != apart[1], "\(apart)")
    }
}
