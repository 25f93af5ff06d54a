import JianpuCore
import JianpuInterchange

/// The pages read, as a score: every row's bars one after another as one part, the header's key, meter,
/// tempo and title, written as jianpu text by the writer `jianpu import` uses. A bar whose beats do
/// not add up to the meter is a warning with its page, system and bar.
public enum ScoreAssembler {
    public static func score(_ pages: [ScannedPage]) -> ScanResult {
        var warnings: [ScanWarning] = []
        let heading = pages.first?.heading ?? ScannedHeader()
        let firstKey = ScannedKey(tonic: heading.key ?? "C", isMinor: heading.keyIsMinor && heading.key != nil)
        if heading.key == nil { warnings.append(ScanWarning(page: 1, "no key (1=…) found: read as 1=C")) }
        let firstMeter = pages.lazy.flatMap(\.systems).flatMap(\.rows).flatMap(\.bars).flatMap(\.symbols).compactMap { symbol -> (Int, Int)? in
            if case .meter(let beats, let type) = symbol.kind { (beats, type) } else { nil }
        }.first
        var meter = heading.meter ?? firstMeter ?? (4, 4)
        if heading.meter == nil && firstMeter == nil {
            // A meter unread (a photo's stacked digits) is the one most bars fill, rather than 4/4 with every bar off it.
            if let common = commonMeter(pages) {
                meter = common
                warnings.append(ScanWarning(page: 1, "no meter found: read as \(common.beats)/\(common.beatType), the length of most bars"))
            } else {
                warnings.append(ScanWarning(page: 1, "no meter found: read as 4/4"))
            }
        }
        var keyNow = firstKey
        var tonic = tonicPitch(firstKey.major)
        // The key of every bar, for the overlay's text.
        var keys: [ScannedKey] = []
        let partCount = pages.flatMap(\.systems).map(\.rows.count).max() ?? 1
        var parts = [[ImportedMeasure]](repeating: [], count: max(1, partCount))
        var places: [(page: Int, system: Int, bar: Int)] = []
        // Where each part's bar was read, for the overlay.
        var boxes = [[Box]](repeating: [], count: parts.count)
        var meterNow = meter
        // Per part and verse: whether the last syllable set is joined to the next.
        var continuing = [[Int: Bool]](repeating: [:], count: parts.count)
        var jumps: [(atStart: [NavigationMark], atEnd: [NavigationMark])] = []
        // How each part's last row ended: a system with fewer rows goes on with the parts that have not ended.
        var partEnds = PartEnds()
        // Where titled sections begin (measure index → title), and the meter of every measure.
        var sections: [Int: String] = [:]
        var meters: [(beats: Int, beatType: Int)] = []
        for page in pages {
            for (systemIndex, system) in page.systems.enumerated() {
                // Bars are read by the row with most of them; a part with nothing in a bar rests through it
                // (a whole-bar rest drawn as a sign, or a part that enters later).
                guard let reference = system.rows.max(by: { $0.bars.count < $1.bars.count }) else { continue }
                var rowBars: [[ScannedBar?]] = system.rows.map { row in
                    guard row.bars.count < reference.bars.count else { return row.bars.map { Optional($0) } }
                    var slots = [ScannedBar?](repeating: nil, count: reference.bars.count)
                    for bar in row.bars {
                        let overlaps = reference.bars.map { min($0.box.maxX, bar.box.maxX) - max($0.box.x, bar.box.x) }
                        if let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }), slots[best] == nil { slots[best] = bar }
                    }
                    return slots
                }
                while rowBars.count < parts.count { rowBars.append([ScannedBar?](repeating: nil, count: reference.bars.count)) }
                rowBars = continuingParts(rowBars, rows: system.rows.count, ends: &partEnds)
                for barIndex in reference.bars.indices {
                    var barMeasures: [ImportedMeasure] = []
                    let printed = rowBars.compactMap { $0[barIndex] } + [reference.bars[barIndex]]
                    let newKey = printed.lazy.compactMap(\.key).first.flatMap { $0 != keyNow ? $0 : nil }
                    if let newKey { keyNow = newKey; tonic = tonicPitch(newKey.major) }
                    var newMeter: (Int, Int)?
                    for part in parts.indices {
                        let symbols = rowBars[part][barIndex]?.symbols ?? []
                        for symbol in symbols { if case .meter(let beats, let type) = symbol.kind { newMeter = (beats, type) } }
                        var measure = ImportedMeasure(
                            label: String(parts[part].count + 1), length: .zero,
                            events: PercentRepeats.repeatsBarBefore(symbols) ? PercentRepeats.again(parts[part].last) : events(symbols, tonic: tonic))
                        if let lyrics = rowBars[part][barIndex]?.lyrics, !lyrics.isEmpty {
                            setLyrics(lyrics, digits: symbols.filter { if case .digit = $0.kind { true } else { false } }, on: &measure.events, continuing: &continuing[part])
                        }
                        measure.startsSystem = barIndex == 0
                        let marked = reference.bars[barIndex]
                        measure.startsRepeat = marked.startsRepeat
                        if marked.endsRepeat { measure.endsRepeatPlayingTimes = 2 }
                        measure.ending = marked.ending.map { ImportedEnding(numbers: marked.endingNumbers.isEmpty ? [$0] : marked.endingNumbers) }
                        if let newKey { measure.key = ImportedKey(fifths: newKey.fifths, isMinor: newKey.isMinor) }
                        measure.length = measure.events.reduce(WholeNotes.zero) { $0 + $1.length }
                        barMeasures.append(measure)
                    }
                    if let newMeter { meterNow = newMeter }
                    let length = WholeNotes(Int64(meterNow.beats), Int64(meterNow.beatType))
                    let restBars = MultiBarRests.count(in: printed)
                    if restBars != nil {
                        for part in parts.indices where barMeasures[part].events.isEmpty {
                            barMeasures[part].events = [ImportedEvent(length: length)]
                            barMeasures[part].length = length
                        }
                    }
                    guard let longest = barMeasures.map(\.length).max(), longest > .zero else { continue }
                    for part in parts.indices {
                        if barMeasures[part].events.isEmpty {
                            let rest = partCount > 1 && longest < length ? longest : length
                            barMeasures[part].events = [ImportedEvent(length: rest)]
                            barMeasures[part].length = rest
                        }
                        if let newMeter { barMeasures[part].meter = ImportedMeter(beats: newMeter.0, beatType: newMeter.1) }
                        parts[part].append(barMeasures[part])
                        boxes[part].append(rowBars[part][barIndex]?.box ?? reference.bars[barIndex].box)
                    }
                    if let title = printed.lazy.compactMap(\.section).first { sections[places.count] = title }
                    places.append((page.number, systemIndex + 1, barIndex + 1))
                    keys.append(keyNow)
                    meters.append(meterNow)
                    let atStart = Array(Set(printed.flatMap(\.jumpsAtStart))).sorted { $0.rawValue < $1.rawValue }
                    let atEnd = Array(Set(printed.flatMap(\.jumpsAtEnd))).sorted { $0.rawValue < $1.rawValue }
                    jumps.append((atStart, atEnd))
                    for _ in 1..<max(1, restBars ?? 1) {
                        for part in parts.indices {
                            parts[part].append(MultiBarRests.restBar(label: String(parts[part].count + 1), length: length))
                            boxes[part].append(boxes[part].last ?? reference.bars[barIndex].box)
                        }
                        places.append(places[places.count - 1])
                        keys.append(keyNow)
                        meters.append(meterNow)
                        jumps.append(([], []))
                    }
                }
            }
        }
        var meterAt = meter
        var unsound = Set<[Int]>()
        for part in parts.indices {
            untieSlurs(&parts[part])
            if let unmatched = settingJumps(jumps, on: &parts[part]), part == 0 {
                let place = places[unmatched]
                warnings.append(ScanWarning(page: place.page, system: place.system, bar: place.bar, "a D.S. with no segno read before it: left out"))
            }
            tidyRepeats(&parts[part])
            meterAt = meter
            for (index, measure) in parts[part].enumerated() {
                if index > 0, let changed = measure.meter { meterAt = (changed.beats, changed.beatType) }
                let barLength = WholeNotes(Int64(meterAt.beats), Int64(meterAt.beatType))
                guard measure.length != barLength else { continue }
                // A short first bar is a pickup, a short last bar its completion.
                if measure.length < barLength && (index == 0 || index == parts[part].count - 1) { continue }
                let place = places[index]
                unsound.insert([part, index])
                let beats = measure.length / WholeNotes(1, Int64(meterAt.beatType))
                warnings.append(
                    ScanWarning(
                        page: place.page, system: place.system, bar: place.bar,
                        (partCount > 1 ? "part \(part + 1): " : "") + "this bar has \(beats.description) beats, \(meterAt.beats)/\(meterAt.beatType) needs \(meterAt.beats)"))
            }
            if var first = parts[part].first {
                if first.key == nil { first.key = ImportedKey(fifths: firstKey.fifths, isMinor: firstKey.isMinor) }
                if first.meter == nil { first.meter = ImportedMeter(beats: meter.beats, beatType: meter.beatType) }
                if let tempo = heading.tempo { first.tempo = ImportedTempo(beatsPerMinute: Double(tempo)) }
                parts[part][0] = first
            }
        }
        let names = parts.count == 1 ? ["Melody"] : parts.indices.map { "Part \($0 + 1)" }
        let score = ImportedScore(title: heading.title, composer: heading.composer, parts: parts.indices.map { ImportedPart(name: names[$0], measures: parts[$0]) })
        let written = sections.isEmpty ? JianpuTextWriter.write(score).text : writtenInSections(score, starts: sections, keys: keys, meters: meters)
        var bars: [ReadBar] = []
        for part in parts.indices {
            var meterHere = meter
            for (index, measure) in parts[part].enumerated() {
                if let changed = measure.meter { meterHere = (changed.beats, changed.beatType) }
                let place = places[index]
                bars.append(
                    ReadBar(
                        page: place.page, system: place.system, part: part + 1, number: index + 1, box: boxes[part][index],
                        text: text(of: measure, key: keys[index], meter: meterHere), addsUp: !unsound.contains([part, index])))
            }
        }
        var result = ScanResult(text: written, method: .recognized, pages: pages, warnings: warnings)
        result.bars = bars
        return result
    }

    /// The meter most bars fill: `n/4` for whole beats (`n/8` otherwise, up to 12), nil when no bar holds a note.
    static func commonMeter(_ pages: [ScannedPage]) -> (beats: Int, beatType: Int)? {
        var counts: [WholeNotes: Int] = [:]
        for bar in pages.lazy.flatMap(\.systems).flatMap(\.rows).flatMap(\.bars) {
            let length = events(bar.symbols, tonic: 60).reduce(WholeNotes.zero) { $0 + $1.length }
            if length > .zero { counts[length, default: 0] += 1 }
        }
        // The most bars; of as many, the longer (a pickup or a last bar is short).
        guard let common = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key else { return nil }
        for beatType in [4, 8] {
            let beats = common * Int64(beatType)
            if beats.denominator == 1, (1...12).contains(beats.numerator) { return (Int(beats.numerator), beatType) }
        }
        return nil
    }

    /// The jianpu text of one bar as the writer writes it, its header lines left out.
    static func text(of measure: ImportedMeasure, key: ScannedKey, meter: (beats: Int, beatType: Int)) -> String {
        var alone = measure
        alone.key = ImportedKey(fifths: key.fifths, isMinor: key.isMinor)
        alone.tempo = nil
        if alone.meter == nil { alone.meter = ImportedMeter(beats: meter.beats, beatType: meter.beatType) }
        alone.ending = nil
        let written = JianpuTextWriter.write(ImportedScore(title: nil, parts: [ImportedPart(name: "Melody", measures: [alone])])).text
        let music = written.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }.filter { line in
            // The writer's `OctavesBefore` says how the whole part is written, not this bar.
            !line.isEmpty && !line.hasPrefix("%") && !line.contains("=") && !line.allSatisfy({ $0.isNumber || $0 == "/" }) && line != "OctavesBefore"
        }
        var text = music.joined(separator: " ")
        // A bar alone reads best with every note's length said: the writer's `KeepLength` shorthand is undone.
        if text.hasPrefix("KeepLength ") { text = withLengths(text.dropFirst("KeepLength ".count).split(separator: " ").map(String.init)).joined(separator: " ") }
        // The plain bar line after it is the box's edge; a repeat or final bar line is kept.
        return text.hasSuffix(" |") && !text.hasSuffix(":|") && !text.hasSuffix("||") ? String(text.dropLast(2)) : text
    }

    /// Words written under `KeepLength` (a note without a length letter keeps the last one; `c` a crotchet) with
    /// every note's letter written again.
    static func withLengths(_ words: [String]) -> [String] {
        var letter = ""
        return words.map { word in
            guard let first = word.first else { return word }
            let marked = "cqsdh".contains(first)
            let rest = marked ? String(word.dropFirst()) : word
            guard rest.contains(where: { ("0"..."7").contains($0) }), rest.allSatisfy({ ("0"..."7").contains($0) || "#b',.".contains($0) }) else { return word }
            if marked { letter = first == "c" ? "" : String(first) }
            return letter + rest
        }
    }

    /// Keeps what was read of repeats only where it makes a whole: an ending is closed by a repeat sign
    /// before the next ending (LilyPond may draw it inside the bracket), and endings or a start sign with no
    /// repeat sign anywhere are let go (a bracket or dots misread).
    static func tidyRepeats(_ measures: inout [ImportedMeasure]) {
        for index in measures.indices.dropLast() {
            if let ending = measures[index].ending?.numbers.first, let next = measures[index + 1].ending?.numbers.first, next > ending {
                measures[index].endsRepeatPlayingTimes = measures[index].endsRepeatPlayingTimes ?? 2
            }
        }
        // A start sign after the last end sign repeats to the end: LilyPond ends a last repeat of jianpu-ly's at
        // the final bar line, with no dots.
        if let lastEnd = measures.lastIndex(where: { $0.endsRepeatPlayingTimes != nil }),
            let lastStart = measures.lastIndex(where: \.startsRepeat), lastStart > lastEnd, let last = measures.indices.last,
            !measures[lastStart...].contains(where: { $0.ending != nil })
        {
            measures[last].endsRepeatPlayingTimes = 2
        }
        guard !measures.contains(where: { $0.endsRepeatPlayingTimes != nil }) else { return }
        for index in measures.indices {
            measures[index].ending = nil
            measures[index].startsRepeat = false
        }
    }

    /// The road map's marks read at each bar (`jumps`, one per measure) set on the measures: a coda sign over a
    /// bar's start is To Coda after the bar before (as jianpu-ly prints it), and the rest where they were read.
    /// A D.S. with no segno read before it (the sign missed) is left out, rather than played from the start: the
    /// index of its measure is returned.
    @discardableResult
    static func settingJumps(_ jumps: [(atStart: [NavigationMark], atEnd: [NavigationMark])], on measures: inout [ImportedMeasure]) -> Int? {
        func imported(_ mark: NavigationMark) -> ImportedJump {
            switch mark {
            case .segno: .segno
            case .toCoda: .toCoda
            case .coda: .coda
            case .fine: .fine
            case .daCapo: .daCapo
            case .dalSegno: .dalSegno
            }
        }
        for (index, marks) in jumps.enumerated() where index < measures.count {
            for mark in marks.atStart {
                // A coda sign right after the D.S. or D.C. is where the coda begins.
                if mark == .toCoda, index > 0, measures[index - 1].jumpsAtEnd.contains(where: { $0 == .daCapo || $0 == .dalSegno }) {
                    if !measures[index].jumpsAtStart.contains(.coda) { measures[index].jumpsAtStart.append(.coda) }
                } else if mark == .toCoda {
                    if index > 0, !measures[index - 1].jumpsAtEnd.contains(.toCoda) { measures[index - 1].jumpsAtEnd.append(.toCoda) }
                } else if !measures[index].jumpsAtStart.contains(imported(mark)) {
                    measures[index].jumpsAtStart.append(imported(mark))
                }
            }
            for mark in marks.atEnd where !measures[index].jumpsAtEnd.contains(imported(mark)) { measures[index].jumpsAtEnd.append(imported(mark)) }
        }
        guard let sign = measures.firstIndex(where: { $0.jumpsAtEnd.contains(.dalSegno) }),
            !measures[...sign].contains(where: { $0.jumpsAtStart.contains(.segno) })
        else { return nil }
        measures[sign].jumpsAtEnd.removeAll { $0 == .dalSegno }
        return sign
    }

    /// The syllables of a bar's verses set on its notes: each to the struck note (no rest) nearest under it, in order,
    /// joined to the one before where a hyphen was between them.
    static func setLyrics(_ verses: [[ScannedSyllable]], digits: [ScannedSymbol], on events: inout [ImportedEvent], continuing: inout [Int: Bool]) {
        let notes = events.indices.filter { $0 < digits.count && !events[$0].isRest }
        for (verse, syllables) in verses.enumerated() {
            var next = 0
            for syllable in syllables.sorted(by: { $0.box.x < $1.box.x }) {
                guard next < notes.count,
                    let best = notes[next...].indices.min(by: { abs(digits[notes[$0]].box.midX - syllable.box.midX) < abs(digits[notes[$1]].box.midX - syllable.box.midX) })
                else { break }
                let event = notes[best]
                next = best + 1
                let joined = continuing[verse] ?? false
                let joining: ImportedSyllable.Joining = joined ? (syllable.continues ? .middle : .end) : (syllable.continues ? .begin : .single)
                continuing[verse] = syllable.continues
                while events[event].lyrics.count <= verse { events[event].lyrics.append(nil) }
                events[event].lyrics[verse] = ImportedSyllable(text: syllable.text, joining: joining)
            }
        }
    }

    /// Keeps an arc as a tie only where the next note sounds the same pitches; otherwise it was a slur,
    /// which changes no note.
    static func untieSlurs(_ measures: inout [ImportedMeasure]) {
        let places = measures.indices.flatMap { m in measures[m].events.indices.map { (m, $0) } }
        for (index, place) in places.enumerated() {
            let event = measures[place.0].events[place.1]
            guard event.pitches.contains(where: \.tiedToNext) else { continue }
            let next = index + 1 < places.count ? measures[places[index + 1].0].events[places[index + 1].1] : nil
            let same = next.map { $0.pitches.map(\.pitch) == event.pitches.map(\.pitch) } ?? false
            if !same {
                for p in measures[place.0].events[place.1].pitches.indices { measures[place.0].events[place.1].pitches[p].tiedToNext = false }
            }
        }
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
