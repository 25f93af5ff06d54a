import JianpuCore
import JianpuNotation

/// The `<note>` elements of a measure: pitches or rests, durations, ties, types, tuplets, notations,
/// lyrics, and grace notes around them.
extension MeasureWriter {
    func writeNote(_ xml: inout XMLBuilder, _ note: ExportNote, values: [NoteValue], isFirst: Bool, isLast: Bool, fillsMeasure: Bool) {
        if isFirst {
            if let dynamic = note.dynamic {
                let velocity = Dynamic.velocity(for: dynamic)
                direction(&xml, placement: "below", sound: velocity.map { [("dynamics", Self.number(Double($0) / 90 * 100))] } ?? []) { xml in
                    xml.open("dynamics")
                    if MusicXMLNames.dynamics.contains(dynamic) { xml.empty(dynamic) } else { xml.element("other-dynamics", dynamic, from: note.location) }
                    xml.close("dynamics")
                }
            }
            for words in note.wordsAbove { direction(&xml, placement: "above") { $0.element("words", words, from: note.location) } }
            for words in note.wordsBelow { direction(&xml, placement: "below") { $0.element("words", words, from: note.location) } }
            writeMarksBefore(&xml, note)
            for grace in note.graceBefore { writeGrace(&xml, grace) }
        }
        defer { if isLast { writeMarksAfter(&xml, note) } }
        if note.isRest {
            for (k, value) in values.enumerated() {
                writeRest(
                    &xml, value, wholeMeasure: fillsMeasure,
                    tupletStarts: isFirst && k == 0 ? note.tupletStarts : [], tupletStops: isLast && k == values.count - 1 ? note.tupletStops : [],
                    articulations: isLast && k == values.count - 1 ? note.articulations : [])
            }
            return
        }
        for (k, value) in values.enumerated() {
            let opens = isFirst && k == 0
            let closes = isLast && k == values.count - 1
            for (p, pitch) in note.pitches.enumerated() {
                let tieStop = !opens || note.tiedFromPrevious.contains(pitch.midiNumber)
                let tieStart = !closes || note.tiedToNext.contains(pitch.midiNumber)
                xml.open("note")
                if p > 0 { xml.empty("chord") }
                writePitch(&xml, pitch)
                xml.element("duration", units(value.sounding))
                if tieStop { xml.empty("tie", [("type", "stop")]) }
                if tieStart { xml.empty("tie", [("type", "start")]) }
                xml.element("voice", "1")
                writeType(&xml, value)
                let slurStarts = p == 0 && opens ? note.slurStarts : 0
                let slurStops = p == 0 && closes ? note.slurStops : 0
                let tupletStarts = p == 0 && opens ? note.tupletStarts : []
                let tupletStops = p == 0 && closes ? note.tupletStops : []
                let arpeggio = opens ? note.arpeggio : nil
                // A fermata and a breath over the last of the tied notes a long note is written as (where the player
                // holds and breathes), the others over its first (its attack).
                let articulations = p == 0 ? note.articulations.filter { $0 == .fermata || $0 == .breathe ? closes : opens } : []
                if tieStop || tieStart || slurStarts + slurStops > 0 || !tupletStarts.isEmpty || !tupletStops.isEmpty || arpeggio != nil || !articulations.isEmpty {
                    xml.open("notations")
                    if tieStop { xml.empty("tied", [("type", "stop")]) }
                    if tieStart { xml.empty("tied", [("type", "start")]) }
                    for _ in 0..<slurStarts { xml.empty("slur", [("type", "start")]) }
                    for _ in 0..<slurStops { xml.empty("slur", [("type", "stop")]) }
                    for level in tupletStarts { xml.empty("tuplet", [("type", "start"), ("number", String(level)), ("bracket", "yes")]) }
                    for level in tupletStops { xml.empty("tuplet", [("type", "stop"), ("number", String(level))]) }
                    if let arpeggio {
                        switch arpeggio {
                        case .up: xml.empty("arpeggiate", [("direction", "up")])
                        case .down: xml.empty("arpeggiate", [("direction", "down")])
                        case .normal: xml.empty("arpeggiate")
                        }
                    }
                    writeArticulations(&xml, articulations)
                    xml.close("notations")
                }
                if opens, p == 0 {
                    for syllable in note.lyrics {
                        xml.open("lyric", [("number", String(syllable.verse + 1))])
                        xml.element("syllabic", syllable.syllabic.rawValue)
                        xml.element("text", syllable.text, from: syllable.location)
                        if syllable.extend { xml.empty("extend") }
                        xml.close("lyric")
                    }
                }
                xml.close("note")
            }
        }
        if isLast { for grace in note.graceAfter { writeGrace(&xml, grace, after: true) } }
    }

    func writeType(_ xml: inout XMLBuilder, _ value: NoteValue) {
        xml.element("type", value.type)
        for _ in 0..<value.dots { xml.empty("dot") }
        if let (actual, normal) = value.timeModification {
            xml.open("time-modification")
            xml.element("actual-notes", String(actual))
            xml.element("normal-notes", String(normal))
            xml.close("time-modification")
        }
    }

    func writePitch(_ xml: inout XMLBuilder, _ pitch: SpelledPitch) {
        xml.open("pitch")
        xml.element("step", pitch.step.description)
        if pitch.alter != 0 { xml.element("alter", String(pitch.alter)) }
        xml.element("octave", String(pitch.octave))
        xml.close("pitch")
    }

    func writeRest(_ xml: inout XMLBuilder, _ value: NoteValue, wholeMeasure: Bool, tupletStarts: [Int] = [], tupletStops: [Int] = [], articulations: [Articulation] = []) {
        xml.open("note")
        if wholeMeasure { xml.empty("rest", [("measure", "yes")]) } else { xml.empty("rest") }
        xml.element("duration", units(value.sounding))
        xml.element("voice", "1")
        writeType(&xml, value)
        if !tupletStarts.isEmpty || !tupletStops.isEmpty || !articulations.isEmpty {
            xml.open("notations")
            for level in tupletStarts { xml.empty("tuplet", [("type", "start"), ("number", String(level)), ("bracket", "yes")]) }
            for level in tupletStops { xml.empty("tuplet", [("type", "stop"), ("number", String(level))]) }
            writeArticulations(&xml, articulations)
            xml.close("notations")
        }
        xml.close("note")
    }

    /// A grace chord; one after its note (`[…]g`) steals its time from that note, as MusicXML says it.
    func writeGrace(_ xml: inout XMLBuilder, _ grace: GraceChord, after: Bool = false) {
        let (type, dots) = NoteValue.single(grace.written) ?? ("16th", 0)
        for (p, pitch) in grace.pitches.enumerated() {
            xml.open("note")
            xml.empty("grace", after ? [("steal-time-previous", "10"), ("slash", "yes")] : [("slash", "yes")])
            if p > 0 { xml.empty("chord") }
            writePitch(&xml, pitch)
            xml.element("voice", "1")
            xml.element("type", type)
            for _ in 0..<dots { xml.empty("dot") }
            xml.close("note")
        }
    }
}
