import JianpuCore
import Synchronization

/// Consecutive measures of one part, counted through every section of the document: a part written whole, or, in a
/// large score, a piece of one written on a core of its own.
struct MeasureRun: Sendable {
    var part: Int
    /// The measures, counted from the document's first (`DocumentWriter.measureCount` in all).
    var measures: Range<Int>
}

extension DocumentWriter {
    /// Measures in the document: each section's, one after another, the same in every part.
    var measureCount: Int { sections.reduce(0) { $0 + $1.frames.count } }

    /// Writes the parts' measures in runs (`runNotes`), made on every core at once and added in order:
    /// the same bytes as part after part, the writing's time shared between the cores.
    mutating func writeSideBySide(_ parts: Range<Int>, streaming: Bool, sink: ([UInt8]) throws -> Void) rethrows {
        // Without the document's own buffer: adding to it after would otherwise copy it first.
        var aside = self
        aside.xml = xml.piece()
        let writer = aside
        let runs = parts.flatMap { writer.runs(of: $0) }
        let clefs = Array(parts).parallelMap(inParallel: true) { writer.clef(of: $0) }
        // Buffers of runs written out, filled again by the next: a fresh buffer for each faults in its pages anew.
        let spare = Mutex<[[UInt8]]>([])
        // A few runs made ahead of the one taken: enough to keep the cores busy, never the document whole.
        try InOrderProduction.run(count: runs.count, ahead: 6) { (index: Int) -> XMLBuilder in
            let run = runs[index]
            var xml = writer.xml.piece(deeper: run.measures.lowerBound == 0 ? 0 : 1, reusing: spare.withLock { $0.popLast() } ?? [])
            writer.write(run, clef: clefs[run.part], into: &xml, piece: nil, sink: { _ in })
            return xml
        } take: { (run: inout XMLBuilder) in
            if streaming { try xml.flush(into: sink, then: run) } else { xml.append(run) }
            spare.withLock { $0.append(run.takeBytes()) }
        }
    }

    /// Part `part` cut into runs of about `runNotes` items each (notes, marks, chord symbols), whole measures.
    private func runs(of part: Int) -> [MeasureRun] {
        var runs: [MeasureRun] = []
        var (start, measure, items) = (0, 0, 0)
        for section in sections {
            let measures = section.measures.indices.contains(part) ? section.measures[part].starts : []
            for frame in section.frames.indices {
                items += measures.isEmpty ? 1 : measures[frame + 1] - measures[frame]
                measure += 1
                if items >= runNotes {
                    runs.append(MeasureRun(part: part, measures: start..<measure))
                    (start, items) = (measure, 0)
                }
            }
        }
        if start < measure || runs.isEmpty { runs.append(MeasureRun(part: part, measures: start..<measure)) }
        return runs
    }

    /// Writes `run` into `xml`, its part opened before its first measure and closed after its last; handed to `sink`
    /// in pieces of about `piece` bytes when given.
    func write(_ run: MeasureRun, clef: (sign: String, line: Int), into xml: inout XMLBuilder, piece: Int?, sink: ([UInt8]) throws -> Void) rethrows {
        let part = run.part
        if run.measures.lowerBound == 0 { xml.open("part", [("id", "P\(part + 1)")]) }
        var state = MeasureWriter.PartState(clef: clef)
        // What the measures before would have left: the first measure writes the divisions, and a `DC` or `DS`
        // asks for a coda sign at the start of the measure after it.
        state.wroteDivisions = run.measures.lowerBound > 0
        state.codaDue = run.measures.lowerBound > 0 && asksForCoda(part: part, measure: run.measures.lowerBound - 1)
        // The first measure is a pickup (numbered 0) when it is short and not the only one.
        let hasPickup = sections.first.map { $0.frames.count > 1 && $0.frames[0].isShort } ?? false
        var first = 0
        for (sectionIndex, section) in sections.enumerated() {
            defer { first += section.frames.count }
            // The run's measures in this section, by their place in it.
            let (from, to) = (max(run.measures.lowerBound - first, 0), min(run.measures.upperBound - first, section.frames.count))
            guard from < to else { continue }
            let hasPart = section.measures.indices.contains(part)
            var measure = MeasureWriter(
                divisions: divisions, frames: section.frames, items: [], part: hasPart ? section.measures[part] : PartMeasures(),
                notes: hasPart ? section.notes[part] : [], syllables: hasPart ? section.syllables[part] : [],
                partHasFine: hasPart && section.partHasFine[part], partHasCoda: hasPart && section.partHasCoda[part])
            for frameIndex in from..<to {
                // Read in place: a frame copied out copies its strings.
                let (isShort, length) = (section.frames[frameIndex].isShort, section.frames[frameIndex].length)
                let number = first + frameIndex + (hasPickup ? 0 : 1)
                let isLastOfSection = frameIndex == section.frames.count - 1
                var attributes: [(String, String)] = [("number", String(number))]
                if isShort, !isLastOfSection { attributes.append(("implicit", "yes")) }
                measure.frameIndex = frameIndex
                if hasPart {
                    measure.items = measure.part[frameIndex]
                } else {
                    measure.part = .rest(length)
                    measure.items = measure.part[0]
                }
                (measure.isSectionStart, measure.isSectionEnd, measure.isDocumentStart) = (frameIndex == 0, isLastOfSection, sectionIndex == 0 && frameIndex == 0)
                measure.sectionTitle = sectionIndex > 0 && frameIndex == 0 && part == 0 ? section.movement.headers["title"].map { ($0, section.movement.location) } : nil
                measure.write(into: &xml, attributes: attributes, state: &state)
                if let piece, xml.bytes.count >= piece { try xml.flush(into: sink) }
            }
        }
        if run.measures.upperBound == measureCount { xml.close("part") }
    }

    /// Whether measure `measure` of part `part` holds a `DC` or `DS` of a part with a coda: the measure after it
    /// then starts with the coda sign.
    private func asksForCoda(part: Int, measure: Int) -> Bool {
        var first = 0
        for section in sections {
            defer { first += section.frames.count }
            guard (first..<first + section.frames.count).contains(measure) else { continue }
            guard section.measures.indices.contains(part), section.partHasCoda[part] else { return false }
            let measures = section.measures[part]
            return measures[measure - first].contains { item in
                guard item.kind == .mark, case .jump(let jump) = measures.marks[item.index].0 else { return false }
                return jump.kind == .daCapo || jump.kind == .dalSegno
            }
        }
        return false
    }
}
