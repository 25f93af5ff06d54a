import JianpuCore
import JianpuInterchange

/// The pages read, as a score: every row's bars one after another as one part, the header's key, meter,
/// tempo and title, written as jianpu text by the writer `jianpu import` uses. A bar whose beats do
/// not add up to the meter is a warning with its page, system and bar.
public enum ScoreAssembler {
    public static func score(_ pages: [ScannedPage]) -> ScanResult {
        var warnings: [ScanWarning] = []
        let heading = pages.first?.heading ?? ScannedHeader()
        let keyName = heading.key ?? "C"
        if heading.key == nil { warnings.append(ScanWarning(page: 1, "no key (1=…) found: read as 1=C")) }
        let meter = heading.meter ?? (4, 4)
        if heading.meter == nil { warnings.append(ScanWarning(page: 1, "no meter found: read as 4/4")) }
        let tonic = tonicPitch(keyName)
        let barLength = WholeNotes(Int64(meter.beats), Int64(meter.beatType))
        var measures: [ImportedMeasure] = []
        var places: [(page: Int, system: Int, bar: Int)] = []
        for page in pages {
            for (systemIndex, system) in page.systems.enumerated() {
                guard let row = system.rows.first else { continue }
                for (barIndex, bar) in row.bars.enumerated() {
                    var measure = ImportedMeasure(label: String(measures.count + 1), length: .zero, events: events(bar.symbols, tonic: tonic))
                    measure.startsSystem = barIndex == 0
                    measure.length = measure.events.reduce(WholeNotes.zero) { $0 + $1.length }
                    guard !measure.events.isEmpty else { continue }
                    measures.append(measure)
                    places.append((page.number, systemIndex + 1, barIndex + 1))
                }
            }
        }
        for (index, measure) in measures.enumerated() where measure.length != barLength {
            // A short first bar is a pickup, a short last bar its completion.
            if measure.length < barLength && (index == 0 || index == measures.count - 1) { continue }
            let place = places[index]
            let beats = measure.length / WholeNotes(1, Int64(meter.beatType))
            warnings.append(ScanWarning(page: place.page, system: place.system, bar: place.bar,
                                        "this bar has \(beats.description) beats, \(meter.beats)/\(meter.beatType) needs \(meter.beats)"))
        }
        if var first = measures.first {
            first.key = ImportedKey(fifths: fifths(keyName))
            first.meter = ImportedMeter(beats: meter.beats, beatType: meter.beatType)
            if let tempo = heading.tempo { first.tempo = ImportedTempo(beatsPerMinute: Double(tempo)) }
            measures[0] = first
        }
        let score = ImportedScore(title: heading.title, parts: [ImportedPart(name: "Melody", measures: measures)])
        let written = JianpuTextWriter.write(score)
        return ScanResult(text: written.text, method: .recognized, pages: pages, warnings: warnings)
    }

    /// The events of a bar's symbols: each digit with its accidental, octave dots, underlines,
    /// augmentation dots and the dashes after it.
    static func events(_ symbols: [ScannedSymbol], tonic: Int) -> [ImportedEvent] {
        var events: [ImportedEvent] = []
        var accidental = 0
        var underlines = 0, dots = 0, octave = 0
        var pending: (degree: Int, accidental: Int)?
        func finish() {
            guard let note = pending else { return }
            var length = WholeNotes(1, 4 << Int64(min(underlines, 5)))
            var added = length
            for _ in 0..<min(dots, 3) { added = added / WholeNotes(2, 1); length = length + added }
            let pitches = note.degree == 0 ? [] : [ImportedPitch(pitch: Pitch(midiNumber: tonic + [0, 2, 4, 5, 7, 9, 11][note.degree - 1] + 12 * octave + note.accidental))]
            events.append(ImportedEvent(pitches: pitches, length: length))
            pending = nil
            underlines = 0; dots = 0; octave = 0
        }
        for symbol in symbols {
            switch symbol.kind {
            case .accidental(let sign): finish(); accidental = sign
            case .digit(let degree):
                finish()
                pending = (min(max(degree, 0), 7), accidental)
                accidental = 0
            case .octaveDot(let direction): octave += direction
            case .underline: underlines += 1
            // A dot before any note of the bar is no augmentation dot (a speck, a repeat sign's dot).
            case .augmentationDot: if pending != nil { dots += 1 }
            case .dash:
                finish()
                if let last = events.indices.last { events[last].length = events[last].length + .quarter }
            default: break
            }
        }
        finish()
        return events
    }

    /// The MIDI number of the key's 1: octave 4 for C to F, octave 3 for G to B (jianpu-ly's rule).
    static func tonicPitch(_ key: String) -> Int {
        guard let letter = key.first else { return 60 }
        let classes: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
        var pitch = (classes[letter] ?? 0) + ("CDEF".contains(letter) ? 60 : 48)
        if key.dropFirst().first == "#" { pitch += 1 }
        if key.dropFirst().first == "b" { pitch -= 1 }
        return pitch
    }

    /// The key signature of a major key: sharps positive, flats negative.
    static func fifths(_ key: String) -> Int {
        let table = ["C": 0, "G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F#": 6, "C#": 7, "F": -1, "Bb": -2, "Eb": -3, "Ab": -4, "Db": -5, "Gb": -6, "Cb": -7]
        return table[key] ?? 0
    }
}
