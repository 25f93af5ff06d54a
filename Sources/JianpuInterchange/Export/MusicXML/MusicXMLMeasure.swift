import JianpuCore
import JianpuNotation

/// Writes one measure of one part: its bar lines, attributes, directions, harmony and notes in
/// the order the MusicXML 4.0 schema wants them.
struct MeasureWriter {
    /// What a part carries from measure to measure.
    struct PartState {
        var clef: (sign: String, line: Int)
        var wroteDivisions = false
        /// A coda sign is due where the music after a `DC`/`DS` starts.
        var codaDue = false
    }

    // One writer goes through a part's measures of a section, changing only what is the measure's own: a writer made
    // for each measure would retain and release all it holds at every one.
    let divisions: Int64
    /// The section's measures, this one `frames[frameIndex]`: read in place, as a copy of a frame copies its strings.
    let frames: [MeasureFrame]
    var frameIndex = 0
    /// The measure's items, and what they point to.
    var items: ArraySlice<MeasureItem>
    var part: PartMeasures
    let notes: [ExportNote]
    /// The part's syllables, which its notes' `lyrics` point to.
    let syllables: [ExportSyllable]
    var isSectionStart = false
    var isSectionEnd = false
    var isDocumentStart = false
    var sectionTitle: (String, SourceLocation)?
    let partHasFine: Bool
    let partHasCoda: Bool

    func write(into xml: inout XMLBuilder, attributes: [(String, String)], state: inout PartState) {
        xml.open("measure", attributes)
        writeLeftBarline(&xml)
        // Keys written before the measure's first note go in its attributes.
        var leadingKey: KeySignature?
        var rest = items
        while let first = rest.first, first.kind == .mark {
            let mark = part.marks[first.index].0
            if case .key(let key) = mark { leadingKey = key } else if case .tempo = mark {} else if case .jump(let jump) = mark, jump.kind == .segno {} else { break }
            rest = rest.dropFirst()
        }
        writeAttributes(&xml, key: leadingKey, state: &state)
        if let (title, place) = sectionTitle {
            direction(&xml, placement: "above") { $0.element("words", title, from: place) }
        }
        if state.codaDue {
            direction(&xml, placement: "above", sound: [("coda", "coda")]) { $0.empty("coda") }
            state.codaDue = false
        }
        var keyTaken = leadingKey == nil
        for item in items {
            switch item.kind {
            case .mark:
                let mark = part.marks[item.index].0
                if case .key(let key) = mark {
                    if !keyTaken, key == leadingKey { keyTaken = true; continue }
                    xml.open("attributes")
                    writeKey(&xml, key)
                    xml.close("attributes")
                } else {
                    writeMark(&xml, mark, state: &state)
                }
            case .harmony:
                let (chord, offset) = part.harmonies[item.index]
                writeHarmony(&xml, chord, offset: offset)
            case .note:
                // Read in the notes' storage: a note copied out costs a retain and a release of each reference it holds.
                notes.withUnsafeBufferPointer { notes in
                    writeNote(&xml, notes[item.index], values: part.values[Int(item.values)], isFirst: item.isFirst, isLast: item.isLast, fillsMeasure: item.fillsMeasure)
                }
            case .filler:
                for value in part.values[Int(item.values)] { writeRest(&xml, value, wholeMeasure: item.fillsMeasure) }
            }
        }
        writeRightBarline(&xml)
        xml.close("measure")
    }

    /// `length` counted in the document's divisions.
    func units(_ length: WholeNotes) -> Int64 { Divisions.units(length, divisions: divisions) }

    private func writeLeftBarline(_ xml: inout XMLBuilder) {
        guard frames[frameIndex].repeatForward || frames[frameIndex].endingStart != nil else { return }
        xml.open("barline", [("location", "left")])
        if frames[frameIndex].repeatForward { xml.element("bar-style", "heavy-light") }
        if let numbers = frames[frameIndex].endingStart {
            xml.element("ending", numbers.split(separator: ",").map { $0.trimmingPrefix(" ") + "." }.joined(separator: ", "), [("number", numbers), ("type", "start")])
        }
        if frames[frameIndex].repeatForward { xml.empty("repeat", [("direction", "forward")]) }
        xml.close("barline")
    }

    private func writeRightBarline(_ xml: inout XMLBuilder) {
        guard frames[frameIndex].repeatBackward != nil || frames[frameIndex].endingStop != nil || isSectionEnd else { return }
        xml.open("barline", [("location", "right")])
        xml.element("bar-style", frames[frameIndex].repeatBackward != nil || isSectionEnd ? "light-heavy" : "regular")
        if let (numbers, isLast) = frames[frameIndex].endingStop {
            xml.empty("ending", [("number", numbers), ("type", isLast && frames[frameIndex].repeatBackward == nil ? "discontinue" : "stop")])
        }
        if let times = frames[frameIndex].repeatBackward {
            xml.empty("repeat", times == 2 ? [("direction", "backward")] : [("direction", "backward"), ("times", String(times))])
        }
        xml.close("barline")
    }

    private func writeAttributes(_ xml: inout XMLBuilder, key: KeySignature?, state: inout PartState) {
        let meter = frames[frameIndex].meter ?? (isSectionStart ? TimeSignature(beats: 4, beatUnit: 4, location: SourceLocation(file: "", line: 0, column: 0)) : nil)
        // A loop, not a lazy map: its closure would copy this writer, all it holds retained, at every measure.
        var multibar: Int?
        for item in items where item.kind == .note && item.isFirst && item.fillsMeasure {
            if let bars = notes[item.index].multibarRest {
                multibar = bars
                break
            }
        }
        guard !state.wroteDivisions || key != nil || meter != nil || isSectionStart || multibar != nil else { return }
        xml.open("attributes")
        if !state.wroteDivisions {
            xml.element("divisions", String(divisions))
            state.wroteDivisions = true
        }
        if let key {
            writeKey(&xml, key)
        } else if isSectionStart {
            xml.open("key")
            xml.element("fifths", "0")
            xml.element("mode", "major")
            xml.close("key")
        }
        if let meter {
            xml.open("time")
            xml.element("beats", String(meter.beats))
            xml.element("beat-type", String(meter.beatUnit))
            xml.close("time")
        }
        if isDocumentStart {
            xml.open("clef")
            xml.element("sign", state.clef.sign)
            xml.element("line", String(state.clef.line))
            xml.close("clef")
        }
        if let multibar, multibar > 1 {
            xml.open("measure-style")
            xml.element("multiple-rest", String(multibar))
            xml.close("measure-style")
        }
        xml.close("attributes")
    }

    private func writeKey(_ xml: inout XMLBuilder, _ key: KeySignature) {
        xml.open("key")
        xml.element("fifths", String(min(max(key.sharps, -7), 7)))
        xml.element("mode", key.isMinor ? "minor" : "major")
        xml.close("key")
    }

    func direction(_ xml: inout XMLBuilder, placement: String, sound: [(String, String)] = [], _ content: (inout XMLBuilder) -> Void) {
        xml.open("direction", [("placement", placement)])
        xml.open("direction-type")
        content(&xml)
        xml.close("direction-type")
        if !sound.isEmpty { xml.empty("sound", sound) }
        xml.close("direction")
    }

    private func writeMark(_ xml: inout XMLBuilder, _ mark: ExportMark, state: inout PartState) {
        switch mark {
        case .tempo(let tempo):
            let perMinute = Self.number(tempo.quarterNotesPerMinute)
            direction(&xml, placement: "above", sound: [("tempo", perMinute)]) { xml in
                if let (type, dots) = NoteValue.single(tempo.beat) {
                    xml.open("metronome")
                    xml.element("beat-unit", type)
                    for _ in 0..<dots { xml.empty("beat-unit-dot") }
                    xml.element("per-minute", String(tempo.beatsPerMinute))
                    xml.close("metronome")
                } else {
                    xml.element("words", "\(tempo.beat)=\(tempo.beatsPerMinute)")
                }
            }
        case .jump(let jump):
            let words = MusicXMLNames.words(for: jump.kind, partHasFine: partHasFine, partHasCoda: partHasCoda)
            switch jump.kind {
            case .segno:
                direction(&xml, placement: "above", sound: [("segno", "segno")]) { $0.empty("segno") }
            case .daCapo:
                direction(&xml, placement: "above", sound: [("dacapo", "yes")]) { $0.element("words", words) }
                state.codaDue = partHasCoda
            case .dalSegno:
                direction(&xml, placement: "above", sound: [("dalsegno", "segno")]) { $0.element("words", words) }
                state.codaDue = partHasCoda
            case .fine:
                direction(&xml, placement: "above", sound: [("fine", "yes")]) { $0.element("words", words) }
            case .toCoda:
                direction(&xml, placement: "above", sound: [("tocoda", "coda")]) { $0.element("words", words) }
            }
        case .key, .meter, .repeatStart, .repeatEnd, .endingStart, .endingStop:
            break
        }
    }

    private func writeHarmony(_ xml: inout XMLBuilder, _ chord: Chord, offset: WholeNotes) {
        xml.open("harmony")
        xml.open("root")
        xml.element("root-step", chord.root.letter.description)
        if chord.root.accidental != .natural { xml.element("root-alter", String(chord.root.accidental.semitones)) }
        xml.close("root")
        xml.element("kind", MusicXMLNames.kind(of: chord.formula), [("text", chord.formula.symbolSuffix)])
        if let bass = chord.bass {
            xml.open("bass")
            xml.element("bass-step", bass.letter.description)
            if bass.accidental != .natural { xml.element("bass-alter", String(bass.accidental.semitones)) }
            xml.close("bass")
        }
        if offset > .zero { xml.element("offset", units(offset)) }
        xml.close("harmony")
    }

    /// A number as MusicXML writes decimals: `105`, `56.25`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
