import Foundation
import JianpuCore
import Testing

@testable import JianpuInterchange

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Fermatas, articulations, breath marks, hairpins and rehearsal marks written out as MusicXML.
@Suite("MusicXML export: marks a performer reads")
struct ExportPerformerMarksTests {
    typealias X = MusicXMLExport

    @Test("fermatas and articulations are written in the note's notations, a fermata over a rest and over a dash's note too")
    func articulationsInNotations() throws {
        let (_, document, _) = try X.export(#"1 \fermata 2 \staccato 3 \accent 4 \tenuto | 5 \marcato 6 \staccatissimo 7 \breathe 0 \fermata | 1 - - \fermata - |"#)
        #expect(try X.values(document, "//note[pitch/step='C'][1]/notations/fermata/@type") == ["upright", "upright"])
        #expect(try X.values(document, "//note[pitch/step='D']/notations/articulations/staccato").count == 1)
        #expect(try X.values(document, "//note[pitch/step='E']/notations/articulations/accent").count == 1)
        #expect(try X.values(document, "//note[pitch/step='F']/notations/articulations/tenuto").count == 1)
        #expect(try X.values(document, "//note[pitch/step='G']/notations/articulations/strong-accent/@type") == ["up"])
        #expect(try X.values(document, "//note[pitch/step='A']/notations/articulations/staccatissimo").count == 1)
        #expect(try X.values(document, "//note[pitch/step='B']/notations/articulations/breath-mark").count == 1)
        #expect(try X.values(document, "//note[rest]/notations/fermata").count == 1)
    }

    @Test("a hairpin is a wedge from its first note to its last; a dynamic that ends it stops it before its note")
    func hairpinsAsWedges() throws {
        let (_, document, _) = try X.export(#"1 \< 2 3 4 \! | 5 \> 6 7 1' \p |"#)
        #expect(try X.values(document, "//direction/direction-type/wedge/@type") == ["crescendo", "stop", "diminuendo", "stop"])
        // The first stops after the 4 (the last note of bar 1); the second before the 1' that carries the p.
        let first = try document.nodes(forXPath: "//measure[1]/*")
        #expect(first.last?.name == "direction")
        let second = try document.nodes(forXPath: "//measure[2]/*[self::direction or self::note]").compactMap(\.name)
        #expect(second.suffix(3) == ["direction", "direction", "note"])
    }

    @Test("a rehearsal mark is a boxed rehearsal direction before its note")
    func rehearsalMarks() throws {
        let (_, document, _) = try X.export("1 2 3 4 | letterB 5 6 7 1' |")
        #expect(try X.values(document, "//measure[2]/direction/direction-type/rehearsal") == ["B"])
        #expect(try X.values(document, "//rehearsal/@enclosure") == ["square"])
    }
}
