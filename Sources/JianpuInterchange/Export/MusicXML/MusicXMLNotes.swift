import JianpuCore
import JianpuNotation

/// The `<note>` elements of a measure: pitches or rests, durations, ties, types, tuplets, notations,
/// lyrics, and grace notes around them.
extension MeasureWriter {
    func writeNote(_ xml: inout XMLBuilder, _ note: ExportNote, values: [NoteValue], isFirst: Bool, isLast: Bool, fillsMeasure: Bool) {
        // Most notes have none of the rarer things: theirs are then not asked for one by one (each an empty list retained and released).
        let hasExtras = note.hasExtras
        // Without extras, only hairpins held in place write anything around the note.
        if isFirst, hasExtras || note.hairpinStart != nil || note.hairpinStops > 0 {
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
        defer { if isLast, note.hairpinStops > 0 { writeMarksAfter(&xml, note) } }
        if note.isRest {
            for (k, value) in values.enumerated() {
                writeRest(
                    &xml, value, wholeMeasure: fillsMeasure,
                    tupletStarts: isFirst && k == 0 ? note.tupletStarts : 0..<0, tupletStops: isLast && k == values.count - 1 ? note.tupletStops : 0..<0,
                    articulations: isLast && k == values.count - 1 ? note.articulations : [])
            }
            return
        }
        for (k, value) in values.enumerated() {
            let opens = isFirst && k == 0
            let closes = isLast && k == values.count - 1
            for (p, pitch) in note.pitches.enumerated() {
                let tieStop = !opens || (hasExtras && note.tiedFromPrevious.contains(pitch.midiNumber))
                let tieStart = !closes || (hasExtras && note.tiedToNext.contains(pitch.midiNumber))
                xml.line("<note>\n", opens: true)
                if p > 0 { xml.line("<chord/>\n") }
                writePitch(&xml, pitch)
                writeDuration(&xml, value, tieStop: tieStop, tieStart: tieStart)
                let slurStarts = p == 0 && opens ? note.slurStarts : 0
                let slurStops = p == 0 && closes ? note.slurStops : 0
                let tupletStarts = p == 0 && opens ? note.tupletStarts : 0..<0
                let tupletStops = p == 0 && closes ? note.tupletStops : 0..<0
                let arpeggio = opens ? note.arpeggio : nil
                // A fermata and a breath over the last of the tied notes a long note is written as (where the player
                // holds and breathes), the others over its first (its attack).
                let articulations = p == 0 && hasExtras && !note.articulations.isEmpty ? note.articulations.filter { $0 == .fermata || $0 == .breathe ? closes : opens } : []
                if tieStop || tieStart || slurStarts + slurStops > 0 || !tupletStarts.isEmpty || !tupletStops.isEmpty || arpeggio != nil || !articulations.isEmpty {
                    xml.line("<notations>\n", opens: true)
                    if tieStop { xml.line("<tied type=\"stop\"/>\n") }
                    if tieStart { xml.line("<tied type=\"start\"/>\n") }
                    for _ in 0..<slurStarts { xml.line("<slur type=\"start\"/>\n") }
                    for _ in 0..<slurStops { xml.line("<slur type=\"stop\"/>\n") }
                    writeTuplets(&xml, starts: tupletStarts, stops: tupletStops)
                    if let arpeggio {
                        switch arpeggio {
                        case .up: xml.line("<arpeggiate direction=\"up\"/>\n")
                        case .down: xml.line("<arpeggiate direction=\"down\"/>\n")
                        case .normal: xml.line("<arpeggiate/>\n")
                        }
                    }
                    writeArticulations(&xml, articulations)
                    xml.line("</notations>\n", closes: true)
                }
                if opens, p == 0 {
                    for index in note.lyrics {
                        let syllable = syllables[index]
                        xml.number("<lyric number=\"", Int64(syllable.verse + 1), "\">\n", opens: true)
                        xml.safe("<syllabic>", syllable.syllabic.rawValue, "</syllabic>\n")
                        xml.element("text", syllable.text, from: syllable.location)
                        if syllable.extend { xml.line("<extend/>\n") }
                        xml.line("</lyric>\n", closes: true)
                    }
                }
                xml.line("</note>\n", closes: true)
            }
        }
        if isLast, hasExtras { for grace in note.graceAfter { writeGrace(&xml, grace, after: true) } }
    }

    /// A note's duration, ties, voice and type: the same few lines for most notes, so each distinct set is made once
    /// (`XMLBuilder.cached`), but for values in tuplets, which are rare.
    private func writeDuration(_ xml: inout XMLBuilder, _ value: NoteValue, tieStop: Bool, tieStart: Bool) {
        let duration = units(value.sounding)
        guard value.timeModification == nil, (0..<(1 << 30)).contains(duration), (0..<8).contains(value.dots),
            let type = NoteValue.types.firstIndex(where: { $0.name == value.type })
        else { return Self.writeDurationLines(&xml, value, duration: duration, tieStop: tieStop, tieStart: tieStart) }
        // Above the pitches' keys (below 1 << 14): the tag bit keeps the two apart.
        let ties = (tieStop ? 2 : 0) | (tieStart ? 1 : 0)
        let lines = Int(duration) << 9 | type << 5 | value.dots << 2 | ties
        let key = lines << 15 | 1 << 14
        // Static, the lines it caches: a closure calling a method would copy the measure writer (its lists) at every note.
        xml.cached(key) { Self.writeDurationLines(&$0, value, duration: duration, tieStop: tieStop, tieStart: tieStart) }
    }

    private static func writeDurationLines(_ xml: inout XMLBuilder, _ value: NoteValue, duration: Int64, tieStop: Bool, tieStart: Bool) {
        xml.number("<duration>", duration, "</duration>\n")
        if tieStop { xml.line("<tie type=\"stop\"/>\n") }
        if tieStart { xml.line("<tie type=\"start\"/>\n") }
        xml.line("<voice>1</voice>\n")
        writeTypeLines(&xml, value)
    }

    func writeType(_ xml: inout XMLBuilder, _ value: NoteValue) { Self.writeTypeLines(&xml, value) }

    private static func writeTypeLines(_ xml: inout XMLBuilder, _ value: NoteValue) {
        xml.safe("<type>", value.type, "</type>\n")
        for _ in 0..<value.dots { xml.line("<dot/>\n") }
        if let (actual, normal) = value.timeModification {
            xml.line("<time-modification>\n", opens: true)
            xml.number("<actual-notes>", actual, "</actual-notes>\n")
            xml.number("<normal-notes>", normal, "</normal-notes>\n")
            xml.line("</time-modification>\n", closes: true)
        }
    }

    func writePitch(_ xml: inout XMLBuilder, _ pitch: SpelledPitch) {
        // A score sounds few pitches, each written many times: each pitch's lines are made once.
        let (step, alter, octave) = (Int(pitch.step.rawValue), pitch.alter, pitch.octave)
        guard (0..<8).contains(step), (-8..<8).contains(alter), (-64..<64).contains(octave) else { return Self.writePitchLines(&xml, pitch) }
        xml.cached(step << 11 | (alter + 8) << 7 | (octave + 64)) { Self.writePitchLines(&$0, pitch) }
    }

    private static func writePitchLines(_ xml: inout XMLBuilder, _ pitch: SpelledPitch) {
        xml.line("<pitch>\n", opens: true)
        // Each letter's line written whole: `Letter.description` makes a list of names at every call.
        switch pitch.step {
        case .c: xml.line("<step>C</step>\n")
        case .d: xml.line("<step>D</step>\n")
        case .e: xml.line("<step>E</step>\n")
        case .f: xml.line("<step>F</step>\n")
        case .g: xml.line("<step>G</step>\n")
        case .a: xml.line("<step>A</step>\n")
        case .b: xml.line("<step>B</step>\n")
        }
        if pitch.alter != 0 { xml.number("<alter>", Int64(pitch.alter), "</alter>\n") }
        xml.number("<octave>", Int64(pitch.octave), "</octave>\n")
        xml.line("</pitch>\n", closes: true)
    }

    /// The tuplet brackets (numbered 1 outermost) that start and stop on a note: starting the outermost first, stopping the innermost first.
    func writeTuplets(_ xml: inout XMLBuilder, starts: Range<Int>, stops: Range<Int>) {
        for level in starts { xml.number("<tuplet type=\"start\" number=\"", Int64(level), "\" bracket=\"yes\"/>\n") }
        for level in stops.reversed() { xml.number("<tuplet type=\"stop\" number=\"", Int64(level), "\"/>\n") }
    }

    func writeRest(_ xml: inout XMLBuilder, _ value: NoteValue, wholeMeasure: Bool, tupletStarts: Range<Int> = 0..<0, tupletStops: Range<Int> = 0..<0, articulations: [Articulation] = []) {
        xml.line("<note>\n", opens: true)
        if wholeMeasure { xml.line("<rest measure=\"yes\"/>\n") } else { xml.line("<rest/>\n") }
        xml.number("<duration>", units(value.sounding), "</duration>\n")
        xml.line("<voice>1</voice>\n")
        writeType(&xml, value)
        if !tupletStarts.isEmpty || !tupletStops.isEmpty || !articulations.isEmpty {
            xml.line("<notations>\n", opens: true)
            writeTuplets(&xml, starts: tupletStarts, stops: tupletStops)
            writeArticulations(&xml, articulations)
            xml.line("</notations>\n", closes: true)
        }
        xml.line("</note>\n", closes: true)
    }

    /// A grace chord; one after its note (`[…]g`) steals its time from that note, as MusicXML says it.
    func writeGrace(_ xml: inout XMLBuilder, _ grace: GraceChord, after: Bool = false) {
        let (type, dots) = NoteValue.single(grace.written) ?? ("16th", 0)
        for (p, pitch) in grace.pitches.enumerated() {
            xml.line("<note>\n", opens: true)
            if after { xml.line("<grace steal-time-previous=\"10\" slash=\"yes\"/>\n") } else { xml.line("<grace slash=\"yes\"/>\n") }
            if p > 0 { xml.line("<chord/>\n") }
            writePitch(&xml, pitch)
            xml.line("<voice>1</voice>\n")
            xml.safe("<type>", type, "</type>\n")
            for _ in 0..<dots { xml.line("<dot/>\n") }
            xml.line("</note>\n", closes: true)
        }
    }
}
