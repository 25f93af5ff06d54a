import JianpuCore

/// Writes one imported part as jianpu text: its opening lines, its bars, its chords and lyrics.
struct PartTextWriter {
    let part: ImportedPart
    private(set) var lines: [String] = []
    private(set) var warnings: [ImportWarning] = []
    private(set) var hadChords = false

    var spelling = JianpuKeySpelling(ImportedKey(fifths: 0))
    var meter = ImportedMeter(beats: 4, beatType: 4)
    /// Each verse's syllables, one per struck note (`nil` for a note the verse leaves unsung).
    var verses: [[String?]] = []
    var struckNotes = 0
    /// Chord symbols with their onsets from the start of the part.
    var chordSymbols: [(onset: WholeNotes, symbol: String)] = []
    var slurDepth = 0
    /// The slurs written otherwise than `(` … `)`, by the bar and event they start on (`SlurKind.kinds`).
    var slurKinds: [[Int]: SlurKind] = [:]
    /// The open slur is a phrasing slur, closed with `\)`.
    var openSlurIsPhrasing = false
    /// The bar being written, for `slurKinds`.
    var currentBar = 0
    /// The last struck or held event's pitches and whether it ties on, for telling a tied note from a struck one.
    var previousTies: [Pitch] = []
    var needsOctavesBefore = false

    /// The score has sung parts: a part named `Bass` is a voice too.
    let amongVoices: Bool

    /// Bars where another part plays: this part's rests there are not gathered into `R*n`.
    let barsPlayedElsewhere: Set<Int>

    init(part: ImportedPart, amongVoices: Bool = false, barsPlayedElsewhere: Set<Int> = []) {
        self.part = part
        self.amongVoices = amongVoices
        self.barsPlayedElsewhere = barsPlayedElsewhere
    }

    mutating func warn(_ place: String, _ message: String) {
        warnings.append(ImportWarning(place: place, message: message))
    }

    mutating func write(withChords: Bool) {
        let measures = part.measures
        guard let first = measures.first else { return }
        let roadMap = JianpuRoadMap(measures, partName: part.name)
        slurKinds = SlurKind.kinds(of: measures)
        warnings.append(contentsOf: roadMap.warnings)

        lines.append(contentsOf: JianpuTextWriter.instrumentLines(of: part, amongVoices: amongVoices))
        spelling = JianpuKeySpelling(first.key ?? ImportedKey(fifths: 0))
        lines.append(spelling.word)
        meter = first.meter ?? ImportedMeter(beats: 4, beatType: 4)
        var declared = meter
        let meterText = "\(meter.beats)/\(meter.beatType)"
        if first.length < meter.barLength && first.length > .zero && measures.count > 1 {
            // A pickup is written as one (`4/4,4`) when the last bar makes up for it, as jianpu-ly requires;
            // else, or when no single note value is its length, as a bar of its own meter before the real one.
            let completed = first.length + (measures.last?.length ?? .zero) == meter.barLength
            if completed, let suffix = JianpuLengths.pickupSuffix(first.length) {
                lines.append("\(meterText),\(suffix)")
            } else if let own = BarMeter.meter(for: first.length, beatType: meter.beatType) {
                lines.append(BarMeter.text(own))
                meter = own
            } else {
                lines.append(meterText)
            }
        } else {
            lines.append(meterText)
        }
        if let tempo = first.tempo { lines.append(tempoWord(tempo, place: "measure \(first.label), part \(part.name)")) }
        let chordLineIndex = lines.count
        let octavesIndex = lines.count

        var barWords: [(words: [String], barLine: Bool, onset: WholeNotes, startsSystem: Bool)] = []
        var onset = WholeNotes.zero
        var index = 0
        while index < measures.count {
            let measure = measures[index]
            let place = "measure \(measure.label), part \(part.name)"
            // Whole bars of rest in a row, with nothing else on them: `R*n`.
            var run = 0
            while index + run < measures.count, !barsPlayedElsewhere.contains(index + run), isPlainRestBar(measures[index + run], first: index + run == 0),
                roadMap.before[index + run].isEmpty, roadMap.after[index + run].isEmpty, roadMap.barLineAfter[index + run]
            {
                run += 1
            }
            if run >= 2 {
                barWords.append((["R*\(run)"], true, onset, measures[index..<index + run].contains { $0.startsSystem }))
                for k in 0..<run { onset += measures[index + k].length }
                index += run
                continue
            }
            var words: [String] = roadMap.before[index]
            if index > 0 {
                if let key = measure.key, key != spelling.key {
                    spelling = JianpuKeySpelling(key)
                    words.append(spelling.word)
                }
                if let newMeter = measure.meter { declared = newMeter }
                if let word = BarMeter.word(
                    for: measure.length, declared: declared, written: &meter,
                    endsPickupScore: index == measures.count - 1 && first.length + measure.length == declared.barLength)
                {
                    words.append(word)
                }
                if let tempo = measure.tempo { words.append(tempoWord(tempo, place: place)) }
            }
            currentBar = index
            words.append(contentsOf: eventWords(measure.events, barOnset: onset, place: place))
            words.append(contentsOf: roadMap.after[index])
            barWords.append((words, roadMap.barLineAfter[index], onset, measure.startsSystem))
            onset += measure.length
            index += 1
        }
        var written = barWords.map(\.words)
        let kept = KeepLength.shortened(written)
        if KeepLength.size(kept) * 10 < KeepLength.size(written) * 9 {
            written = kept
            lines.append("KeepLength")
        }
        let systems = Self.lineStarts(barWords.map(\.startsSystem))
        let grouped = Self.grouped(zip(written, barWords).map { ($0.joined(separator: " "), $1.barLine) }, systemStarts: systems)
        lines.append(contentsOf: grouped.lines)
        if needsOctavesBefore { lines.insert("OctavesBefore", at: octavesIndex) }
        if withChords, !chordSymbols.isEmpty {
            let chordLine = JianpuChordLine.text(chordSymbols, end: onset, breaks: grouped.starts.map { barWords[$0].onset })
            warnings.append(contentsOf: chordLine.unread.map { ImportWarning(place: "part \(part.name)", message: "the chord symbol '\($0)' has no LilyPond chord-mode name: left out of chords=") })
            // No chord line at all when no symbol could be written: a lone `chords=` would take the music as chords.
            if !chordLine.text.isEmpty {
                hadChords = true
                // Chords broken where the music's lines break: `chords=` alone runs on to the next blank line.
                let chordLines = chordLine.text.split(separator: "\n").map(String.init)
                lines.insert(contentsOf: chordLines.count > 1 ? ["chords="] + chordLines + [""] : ["chords=\(chordLine.text)"], at: chordLineIndex)
            }
        } else if !chordSymbols.isEmpty {
            warn("part \(part.name)", "chord symbols in a second part: only the first part's are written as chords=")
        }
        for verse in verses {
            var syllables = verse
            while let last = syllables.last, last == nil { syllables.removeLast() }
            guard !syllables.isEmpty else { continue }
            // `L:` even for Chinese: the syllables are spaced already, and an `H:` line would split a syllable of
            // two characters over two notes and drop the `_` of a note left unsung, as jianpu-ly does.
            lines.append("L: " + syllables.map { $0 ?? "_" }.joined(separator: " "))
        }
    }

    /// The bars that start a system of the source, when it says where its systems start and they are of a size a
    /// line of text holds (2 to 8 bars); nil to group bars by count.
    static func lineStarts(_ startsSystem: [Bool]) -> Set<Int>? {
        let starts = startsSystem.indices.filter { $0 > 0 && startsSystem[$0] }
        guard !starts.isEmpty else { return nil }
        let lengths = zip([0] + starts, starts + [startsSystem.count]).map { $1 - $0 }
        guard lengths.dropLast().allSatisfy({ (2...8).contains($0) }) else { return nil }
        return Set(starts)
    }

    /// Bars a line each source system (or four to a line), fewer when a line grows long, each followed by its
    /// bar line; and the index of the bar each line starts with.
    static func grouped(_ bars: [(text: String, barLine: Bool)], systemStarts: Set<Int>? = nil) -> (lines: [String], starts: [Int]) {
        var lines: [String] = []
        var starts: [Int] = []
        var line = ""
        var count = 0
        for (index, bar) in bars.enumerated() {
            let piece = bar.barLine ? bar.text + " |" : bar.text
            let breaks = systemStarts.map { $0.contains(index) } ?? (count >= JianpuTextWriter.barsPerLine)
            if count > 0 && (breaks || line.count + piece.count > 72) {
                lines.append(line)
                line = ""
                count = 0
            }
            if count == 0 { starts.append(index) }
            line += (line.isEmpty ? "" : " ") + piece
            count += 1
        }
        if !line.isEmpty { lines.append(line) }
        return (lines, starts)
    }

    private func isPlainRestBar(_ measure: ImportedMeasure, first: Bool) -> Bool {
        guard !first, measure.key == nil || measure.key == spelling.key, measure.meter == nil || measure.meter == meter,
            measure.tempo == nil, measure.length == meter.barLength, measure.events.count == 1,
            let event = measure.events.first
        else { return false }
        return event.isRest && event.dynamic == nil && event.chordSymbol == nil && event.tempo == nil && !event.isGrace
            && event.tuplet == nil && event.lyrics.allSatisfy { $0 == nil }
    }

    mutating func tempoWord(_ tempo: ImportedTempo, place: String) -> String {
        var beat = tempo.beat
        var bpm = tempo.beatsPerMinute
        if JianpuLengths.beatText(beat) == nil {
            bpm = bpm * beat.doubleValue * 4
            beat = .quarter
        }
        let rounded = max(1, min(10_000, bpm.rounded()))
        if abs(rounded - bpm) > 0.01 { warn(place, "tempo \(bpm) per minute: written as \(Int(rounded)), as jianpu text takes whole numbers") }
        return "\(JianpuLengths.beatText(beat) ?? "4")=\(Int(rounded))"
    }
}
