import JianpuCore
import JianpuNotation

extension MeasureWriter {
    /// The rehearsal marks and the hairpin starting at a note, written before it; a hairpin ending where another
    /// starts, or at a dynamic, is stopped there first (as LilyPond ends it at the dynamic).
    func writeMarksBefore(_ xml: inout XMLBuilder, _ note: ExportNote) {
        for label in note.rehearsalMarks {
            direction(&xml, placement: "above") { $0.element("rehearsal", label, [("enclosure", "square")], from: note.location) }
        }
        if stopsBefore(note) {
            for _ in 0..<note.hairpinStops { direction(&xml, placement: "below") { $0.empty("wedge", [("type", "stop")]) } }
        }
        if let isCrescendo = note.hairpinStart {
            direction(&xml, placement: "below") { $0.empty("wedge", [("type", isCrescendo ? "crescendo" : "diminuendo")]) }
        }
    }

    private func stopsBefore(_ note: ExportNote) -> Bool { note.hairpinStart != nil || note.dynamic != nil }

    /// The hairpins ending at a note, written after it: the wedge reaches the note's end.
    func writeMarksAfter(_ xml: inout XMLBuilder, _ note: ExportNote) {
        guard !stopsBefore(note) else { return }
        for _ in 0..<note.hairpinStops { direction(&xml, placement: "below") { $0.empty("wedge", [("type", "stop")]) } }
    }

    /// The note's fermatas and articulations inside its `<notations>`.
    func writeArticulations(_ xml: inout XMLBuilder, _ articulations: [Articulation]) {
        for articulation in articulations where articulation == .fermata { xml.empty("fermata", [("type", "upright")]) }
        let others = articulations.filter { $0 != .fermata }
        guard !others.isEmpty else { return }
        xml.open("articulations")
        for articulation in others {
            switch articulation {
            case .accent: xml.empty("accent")
            case .staccato: xml.empty("staccato")
            case .staccatissimo: xml.empty("staccatissimo")
            case .tenuto: xml.empty("tenuto")
            case .marcato: xml.empty("strong-accent", [("type", "up")])
            case .breathe: xml.empty("breath-mark")
            case .fermata: break
            }
        }
        xml.close("articulations")
    }
}
