import JianpuCore

/// One voice of a MIDI track: quantized chords that never overlap, written out as bars.
struct MIDIVoice {
    /// Notes starting and ending together, quantized.
    struct Chord {
        var start: WholeNotes
        var end: WholeNotes
        var keys: [Int]
        var offset: Int
        var lyric: ImportedSyllable?
    }

    /// The most voices one track is split into; notes beyond them are cut to fit.
    static let maximumVoices = 8

    var name: String
    var program: Int?
    var chords: [Chord] = []

    /// Splits a track's notes into voices: notes that start and end together make a chord; a note that
    /// overlaps another goes to a further voice.
    static func split(_ stream: MIDIStreams.Stream, quantizer: MIDIQuantizer, warnings: inout [ImportWarning], file: String) -> [MIDIVoice] {
        var voices: [MIDIVoice] = []
        var crowded = false
        for note in stream.notes {
            let start = quantizer.position(note.start)
            var end = quantizer.position(note.end)
            if end <= start { end = start + quantizer.step(at: start) }
            var placed = false
            for index in voices.indices {
                guard let last = voices[index].chords.last else { continue }
                if last.start == start && last.end == end {
                    if !last.keys.contains(note.key) { voices[index].chords[voices[index].chords.count - 1].keys.append(note.key) }
                    placed = true
                } else if last.end <= start {
                    voices[index].chords.append(Chord(start: start, end: end, keys: [note.key], offset: note.offset))
                    placed = true
                } else if last.start < start, last.end - start <= WholeNotes(1, 16), (last.end - start) * 2 < last.end - last.start {
                    // A little legato overlap: the earlier note ends where this one starts.
                    voices[index].chords[voices[index].chords.count - 1].end = start
                    voices[index].chords.append(Chord(start: start, end: end, keys: [note.key], offset: note.offset))
                    placed = true
                }
                if placed { break }
            }
            guard !placed else { continue }
            if voices.count < maximumVoices {
                let name = voices.isEmpty ? stream.name : "\(stream.name), voice \(voices.count + 1)"
                voices.append(MIDIVoice(name: name, program: stream.program, chords: [Chord(start: start, end: end, keys: [note.key], offset: note.offset)]))
            } else {
                crowded = true
                let index = voices.count - 1
                let last = voices[index].chords.count - 1
                if voices[index].chords[last].start == start {
                    voices[index].chords[last].keys.append(note.key)
                } else {
                    voices[index].chords[last].end = start
                    voices[index].chords.append(Chord(start: start, end: end, keys: [note.key], offset: note.offset))
                }
            }
        }
        if crowded {
            warnings.append(ImportWarning(place: "\(file):track \(stream.track)", message: "more than \(maximumVoices) overlapping voices: the last one's notes are cut where the next starts"))
        }
        if var first = voices.first {
            for (tick, text) in stream.lyrics {
                let position = quantizer.position(tick)
                guard let index = first.chords.firstIndex(where: { $0.start >= position }), first.chords[index].lyric == nil else { continue }
                first.chords[index].lyric = syllable(text, after: index > 0 ? first.chords[index - 1].lyric : nil)
            }
            voices[0] = first
        }
        return voices
    }

    /// A lyric event's text as a syllable: a trailing `-` joins it to the next.
    private static func syllable(_ text: String, after previous: ImportedSyllable?) -> ImportedSyllable {
        var word = Substring(text).trimmingSpaces()
        let joinsNext = word.hasSuffix("-")
        if joinsNext { word = word.dropLast() }
        let joinsPrevious = previous.map { $0.joining == .begin || $0.joining == .middle } ?? false
        let joining: ImportedSyllable.Joining =
            switch (joinsPrevious, joinsNext) {
            case (false, false): .single
            case (false, true): .begin
            case (true, true): .middle
            case (true, false): .end
            }
        return ImportedSyllable(text: String(word), joining: joining)
    }

    /// The voice written in `bars`: rests fill the gaps, notes crossing a bar line are tied over it,
    /// and in a beat of triplets every note and rest is a 3:2 tuplet, split at the beat.
    func measures(bars: MIDIBars, quantizer: MIDIQuantizer) -> [ImportedMeasure] {
        var measures: [ImportedMeasure] = bars.starts.indices.map { index in
            let meterChanged = index == 0 || bars.meters[index] != bars.meters[index - 1]
            return ImportedMeasure(label: "\(index + 1)", meter: meterChanged ? bars.meters[index] : nil, length: bars.lengths[index])
        }
        var pieces: [(start: WholeNotes, end: WholeNotes, chord: Int?)] = []
        var position = WholeNotes.zero
        for (index, chord) in chords.enumerated() {
            if chord.start > position { pieces.append((position, chord.start, nil)) }
            pieces.append((chord.start, chord.end, index))
            position = chord.end
        }
        if let end = bars.starts.last.map({ $0 + bars.lengths[bars.lengths.count - 1] }), position < end { pieces.append((position, end, nil)) }
        for piece in pieces {
            var start = piece.start
            var first = true
            while start < piece.end {
                let bar = bars.index(at: start)
                let barEnd = bars.starts[bar] + bars.lengths[bar]
                var end = min(piece.end, barEnd)
                // Triplet beats are written beat by beat, so that each tuplet fills its beat.
                let beat = Self.beat(of: start)
                if quantizer.isTriplet(beat: beat) {
                    end = min(end, WholeNotes(Int64(beat + 1), 4))
                } else if let triplet = quantizer.nextTripletBeat(after: beat) {
                    end = min(end, WholeNotes(Int64(triplet), 4))
                }
                var event = ImportedEvent(length: end - start)
                if let index = piece.chord {
                    let chord = chords[index]
                    event.pitches = chord.keys.sorted().map { ImportedPitch(pitch: Pitch(midiNumber: $0), tiedToNext: end < piece.end) }
                    event.place = "byte \(chord.offset)"
                    if first, let lyric = chord.lyric { event.lyrics = [lyric] }
                }
                if quantizer.isTriplet(beat: beat) { event.tuplet = ImportedTuplet(actual: 3, normal: 2) }
                measures[bar].events.append(event)
                start = end
                first = false
            }
        }
        for bar in measures.indices { Self.markTupletEnds(&measures[bar].events, from: bars.starts[bar]) }
        return measures
    }

    /// The quarter-note beat a position falls in.
    private static func beat(of position: WholeNotes) -> Int {
        let quarters = position * 4
        return Int(quarters.numerator / max(1, quarters.denominator))
    }

    /// Marks the first and last event of each triplet beat.
    private static func markTupletEnds(_ events: inout [ImportedEvent], from start: WholeNotes) {
        var position = start
        var previousBeat: Int?
        for index in events.indices {
            let beat = beat(of: position)
            if events[index].tuplet != nil {
                let opens = previousBeat != beat || index == 0 || events[index - 1].tuplet == nil
                events[index].tuplet?.isFirst = opens
                if opens, index > 0, events[index - 1].tuplet != nil { events[index - 1].tuplet?.isLast = true }
            } else if index > 0, events[index - 1].tuplet != nil {
                events[index - 1].tuplet?.isLast = true
            }
            previousBeat = beat
            position += events[index].length
        }
        if let last = events.indices.last, events[last].tuplet != nil { events[last].tuplet?.isLast = true }
    }
}
