import JianpuCore
import JianpuNotation
import JianpuPerformance

/// Writes the sections of a score as one MusicXML document: header, part list, then each part's
/// measures through every section.
struct DocumentWriter {
    var xml: XMLBuilder
    let divisions: Int64
    let sections: [MovementSection]
    let partCount: Int
    /// Whether the measures are written in runs side by side (of about `runNotes` notes and marks each) or part after
    /// part; nil: side by side when the score is large (past `workWorthSharing` notes).
    var inRuns: Bool?
    var runNotes = 2_048

    init(divisions: Int64, sections: [MovementSection]) {
        self.divisions = divisions
        self.sections = sections
        self.partCount = sections.map(\.movement.parts.count).max() ?? 0
        xml = XMLBuilder()
    }

    /// Writes the whole document into `xml`, or, with `piece`, in pieces of about that many bytes handed to
    /// `sink` as they fill (a measure at a time), the last at the end.
    mutating func write(score: Score, movements: [Movement], piece: Int? = nil, sink: ([UInt8]) throws -> Void = { _ in }) rethrows {
        xml.raw("<!DOCTYPE score-partwise PUBLIC \"-//Recordare//DTD MusicXML 4.0 Partwise//EN\" \"http://www.musicxml.org/dtds/partwise.dtd\">\n")
        xml.open("score-partwise", [("version", "4.0")])
        writeHeader(movements)
        writePartList()
        let parts = 0..<max(partCount, 1)
        if inRuns ?? (sections.reduce(0, { $0 + $1.noteCount }) > workWorthSharing) {
            try writeSideBySide(parts, streaming: piece != nil, sink: sink)
        } else {
            for part in parts {
                try write(MeasureRun(part: part, measures: 0..<measureCount), clef: clef(of: part), into: &xml, piece: piece, sink: sink)
            }
        }
        xml.close("score-partwise")
        if piece != nil { try xml.flush(into: sink) }
    }

    private func header(_ name: String) -> (String, SourceLocation)? {
        for section in sections {
            if let value = section.movement.headers[name], !value.isEmpty { return (value, section.movement.headerLocations[name] ?? section.movement.location) }
        }
        return nil
    }

    private mutating func writeHeader(_ movements: [Movement]) {
        if let (title, place) = header("title") {
            xml.open("work")
            xml.element("work-title", title, from: place)
            xml.close("work")
        }
        if let (subtitle, place) = header("subtitle") { xml.element("movement-title", subtitle, from: place) }
        xml.open("identification")
        for (name, type) in [("composer", "composer"), ("poet", "lyricist"), ("arranger", "arranger")] {
            if let (value, place) = header(name) { xml.element("creator", value, [("type", type)], from: place) }
        }
        if let (copyright, place) = header("copyright") { xml.element("rights", copyright, from: place) }
        xml.open("encoding")
        xml.element("software", "jianpu")
        xml.empty("supports", [("element", "accidental"), ("type", "no")])
        xml.close("encoding")
        xml.close("identification")
    }

    /// The part's instrument as written in the first movement that names one.
    private func instrument(of part: Int) -> (String, SourceLocation)? {
        for section in sections where section.movement.parts.indices.contains(part) {
            if let name = section.movement.parts[part].instrument, !name.isEmpty { return (name, section.movement.parts[part].location) }
        }
        return nil
    }

    private mutating func writePartList() {
        xml.open("part-list")
        for part in 0..<max(partCount, 1) {
            let id = "P\(part + 1)"
            let named = instrument(of: part)
            xml.open("score-part", [("id", id)])
            xml.element("part-name", named?.0 ?? "Part \(part + 1)", from: named?.1)
            xml.open("score-instrument", [("id", "\(id)-I1")])
            xml.element("instrument-name", named?.0 ?? "Part \(part + 1)", from: named?.1)
            xml.close("score-instrument")
            xml.open("midi-instrument", [("id", "\(id)-I1")])
            xml.element("midi-channel", String(Int(TimelinePart.channel(forPart: part)) + 1))
            if let program = named.flatMap({ GeneralMIDI.program(named: $0.0) }) {
                xml.element("midi-program", String(Int(program) + 1))
            }
            xml.close("midi-instrument")
            xml.close("score-part")
        }
        xml.close("part-list")
    }

    /// A bass clef for a part that sounds mostly below the G under middle C.
    func clef(of part: Int) -> (sign: String, line: Int) {
        // The median pitch from a count of each MIDI number: no list of every pitch to sort.
        var counts = [Int](repeating: 0, count: 128)
        var total = 0
        for section in sections where section.notes.indices.contains(part) {
            // Read in the notes' storage: a note's pitches copied out cost a retain and a release each.
            section.notes[part].withUnsafeBufferPointer { notes in
                for index in notes.indices {
                    let count = notes[index].pitches.count
                    for pitch in 0..<count { counts[min(max(notes[index].pitches[pitch].midiNumber, 0), 127)] += 1 }
                    total += count
                }
            }
        }
        guard total > 0 else { return ("G", 2) }
        var seen = 0
        for (number, count) in counts.enumerated() {
            seen += count
            if seen > total / 2 { return number < 55 ? ("F", 4) : ("G", 2) }
        }
        return ("G", 2)
    }
}
