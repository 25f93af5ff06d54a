import Dispatch
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
        let parts = Array(0..<max(partCount, 1))
        if parts.count > 1, sections.reduce(0, { $0 + $1.noteCount }) > 20_000 {
            // A large score's parts are written side by side, each but the first into a buffer of its own, then
            // added in order: the same bytes, the writing's time shared between the cores.
            let start = xml.piece()
            // Without the document's own buffer: adding to it after would otherwise copy it first.
            var writer = self
            writer.xml = start
            let rest = Array(parts.dropFirst())
            let others = PartsWrittenAside()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { [writer] in
                others.parts = rest.parallelMap(inParallel: true) { part in writer.partXML(part, startingFrom: start) }
            }
            // The group's end is waited for however this ends: the parts' buffers are not read before they are written.
            defer { group.wait() }
            // The first part as before (streamed, when streaming: its bytes in no buffer of their own).
            try writePart(0, into: &xml, piece: piece, sink: sink)
            group.wait()
            for part in others.parts {
                if piece != nil { try xml.flush(into: sink, then: part) } else { xml.append(part) }
            }
        } else {
            for part in parts { try writePart(part, into: &xml, piece: piece, sink: sink) }
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
    private func clef(of part: Int) -> (sign: String, line: Int) {
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

    /// Part `part` written into a buffer of its own (`start`, a `piece()` of the document's builder).
    private func partXML(_ part: Int, startingFrom start: XMLBuilder) -> XMLBuilder {
        var xml = start
        // About 400 bytes a note (more with chords and lyrics): room never touched costs nothing.
        xml.reserve(sections.reduce(0) { $0 + ($1.notes.indices.contains(part) ? $1.notes[part].count : 0) } * 400 + 4096)
        writePart(part, into: &xml, piece: nil, sink: { _ in })
        return xml
    }

    /// Writes part `part` through every section into `xml`, handing it to `sink` in pieces of about `piece` bytes when given.
    private func writePart(_ part: Int, into xml: inout XMLBuilder, piece: Int?, sink: ([UInt8]) throws -> Void) rethrows {
        xml.open("part", [("id", "P\(part + 1)")])
        var measureNumber = 1
        var state = MeasureWriter.PartState(clef: clef(of: part))
        for (sectionIndex, section) in sections.enumerated() {
            let hasPart = section.measures.indices.contains(part)
            var measure = MeasureWriter(
                divisions: divisions, frames: section.frames, items: [], part: hasPart ? section.measures[part] : PartMeasures(),
                notes: hasPart ? section.notes[part] : [], syllables: hasPart ? section.syllables[part] : [],
                partHasFine: hasPart && section.partHasFine[part], partHasCoda: hasPart && section.partHasCoda[part])
            for frameIndex in section.frames.indices {
                // Read in place: a frame copied out copies its strings.
                let (isShort, length) = (section.frames[frameIndex].isShort, section.frames[frameIndex].length)
                let isFirstMeasure = sectionIndex == 0 && frameIndex == 0
                let isPickup = isFirstMeasure && isShort && section.frames.count > 1
                let isLastOfSection = frameIndex == section.frames.count - 1
                var attributes: [(String, String)] = [("number", isPickup ? "0" : String(measureNumber))]
                if isShort, !isLastOfSection { attributes.append(("implicit", "yes")) }
                if !isPickup { measureNumber += 1 }
                measure.frameIndex = frameIndex
                if hasPart {
                    measure.items = measure.part[frameIndex]
                } else {
                    measure.part = .rest(length)
                    measure.items = measure.part[0]
                }
                (measure.isSectionStart, measure.isSectionEnd, measure.isDocumentStart) = (frameIndex == 0, isLastOfSection, isFirstMeasure)
                measure.sectionTitle = sectionIndex > 0 && frameIndex == 0 && part == 0 ? section.movement.headers["title"].map { ($0, section.movement.location) } : nil
                measure.write(into: &xml, attributes: attributes, state: &state)
                if let piece, xml.bytes.count >= piece { try xml.flush(into: sink) }
            }
        }
        xml.close("part")
    }
}

/// The parts after the first, written on other threads while the first is written: read only after the group
/// that writes them is waited for, which orders the write before the read.
private final class PartsWrittenAside: @unchecked Sendable {
    var parts: [XMLBuilder] = []
}
