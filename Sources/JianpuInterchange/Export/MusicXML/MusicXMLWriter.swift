import JianpuCore
import JianpuNotation
import JianpuPerformance

/// Writes a jianpu `Score` as a MusicXML 4.0 partwise document that notation programs open.
///
/// Every movement is written, one after another, as sections of one piece (or only the one
/// asked for): parts are matched by their place in the movement. Pitches are the ones the
/// Timeline plays, spelled on the key's own letters as the figures are written (`#4` in G is
/// C sharp). Repeats and endings stay repeats when every part repeats alike; otherwise they are
/// written out as played, with a warning.
public enum MusicXMLWriter {
    /// A written document and what could not be carried over exactly.
    public struct Output: Sendable {
        /// The MusicXML text as saved, UTF-8: tens of megabytes for a large score, so written as it is, never copied.
        public var bytes: [UInt8]
        /// The MusicXML text.
        public var document: String { String(decoding: bytes, as: UTF8.self) }
        /// What was changed on the way, each with its place in the score.
        public var warnings: [Diagnostic]
    }

    /// The document for `score`, or for its movement `movement` (1-based) alone.
    public static func document(for score: Score, movement: Int? = nil) throws -> Output {
        try document(for: score, movement: movement, inRuns: nil)
    }

    /// The document with its measures written in runs of `runNotes` side by side (`inRuns`), or part after part,
    /// whatever the score's size: both must give the same bytes.
    static func document(for score: Score, movement: Int? = nil, inRuns: Bool?, runNotes: Int = 2_048) throws -> Output {
        var (writer, movements, warnings) = try prepare(score, movement: movement)
        (writer.inRuns, writer.runNotes) = (inRuns, runNotes)
        // A note is about 280 bytes of MusicXML, more with chords and lyrics: room never touched costs nothing, growing copies it all.
        writer.xml.reserve(writer.sections.reduce(0) { $0 + $1.noteCount } * 400 + 4096)
        try writer.write(score: score, movements: movements)
        return Output(bytes: writer.xml.bytes, warnings: warnings + writer.xml.warnings)
    }

    /// Writes the document for `score` (or its movement `movement`, 1-based) to `sink` in pieces of about a
    /// megabyte as they are made, and returns what could not be carried over exactly: the same bytes as
    /// `document(for:movement:)`, without holding them all. Nothing reaches `sink` when the score cannot be written.
    /// `leavingForExit`: the process ends soon after, so what the export built (a large score's millions of notes and
    /// measure items) is left to it instead of freed item by item.
    public static func write(_ score: Score, movement: Int? = nil, leavingForExit: Bool = false, to sink: ([UInt8]) throws -> Void) throws -> [Diagnostic] {
        try write(score, movement: movement, leavingForExit: leavingForExit, inRuns: nil, to: sink)
    }

    /// `write(_:movement:leavingForExit:to:)`, the measures written in runs side by side (`inRuns`) or part after part
    /// whatever the score's size.
    static func write(
        _ score: Score, movement: Int? = nil, leavingForExit: Bool = false, inRuns: Bool?, runNotes: Int = 2_048, to sink: ([UInt8]) throws -> Void
    ) throws -> [Diagnostic] {
        var (writer, movements, warnings) = try prepare(score, movement: movement)
        (writer.inRuns, writer.runNotes) = (inRuns, runNotes)
        let piece = 1 << 20
        writer.xml.reserve(piece + piece / 4)
        try writer.write(score: score, movements: movements, piece: piece, sink: sink)
        let result = warnings + writer.xml.warnings
        if leavingForExit { _ = Unmanaged.passRetained(LeftForExit(writer)) }
        return result
    }

    /// A value kept alive until the process ends.
    private final class LeftForExit<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// The movements cut into measures and counted in divisions, ready to write; the warnings so far.
    private static func prepare(_ score: Score, movement: Int?) throws -> (DocumentWriter, [Movement], [Diagnostic]) {
        let movements: [Movement]
        if let movement {
            guard score.movements.indices.contains(movement - 1) else {
                throw MusicXMLExportError.noSuchMovement(file: score.file, count: score.movements.count)
            }
            movements = [score.movements[movement - 1]]
        } else {
            movements = score.movements
        }
        guard !movements.isEmpty else { throw MusicXMLExportError.noMusic(file: score.file) }
        var warnings: [Diagnostic] = []
        let sections = movements.map { MovementSection.make($0, warnings: &warnings) }
        var lengths = sections.flatMap(\.lengths)
        lengths.append(WholeNotes(1, 4))
        // Tuplets nested so deep that their time modification passes 64 bits are as uncountable as their lengths.
        let saturated = sections.contains { section in
            // By index: a note copied out of the list costs a retain and a release of each reference it holds.
            section.notes.contains { notes in notes.indices.contains { notes[$0].tuplet.map { $0.actual == .max || $0.normal == .max } ?? false } }
        }
        guard !saturated, let divisions = Divisions.divisions(for: lengths) else {
            throw MusicXMLExportError.lengthsTooFine(file: score.file)
        }
        return (DocumentWriter(divisions: divisions, sections: sections), movements, warnings)
    }
}

/// A score that cannot be written as MusicXML, and why; each case names the score file as it was read.
public enum MusicXMLExportError: DescribedError, Hashable {
    /// A movement asked for that the score does not have (it has `count`).
    case noSuchMovement(file: String, count: Int)
    /// A score of no music.
    case noMusic(file: String)
    /// Lengths finer than MusicXML divisions can count (tuplets nested too deep).
    case lengthsTooFine(file: String)
    /// The `.mxl` archive could not be made.
    case archiveFailed(file: String)

    /// `file: what stands in the way`.
    public var description: String {
        switch self {
        case let .noSuchMovement(file, count): "\(file): the score has \(count) movement(s): the movement must be 1 to \(count)"
        case .noMusic(let file): "\(file): the score has no music to export"
        case .lengthsTooFine(let file): "\(file): the score's lengths are too fine to count in MusicXML divisions (tuplets nested too deep)"
        case .archiveFailed(let file): "\(file): the compressed MusicXML could not be made"
        }
    }
}

/// A movement cut into measures, part by part.
struct MovementSection {
    var movement: Movement
    var frames: [MeasureFrame]
    /// Per part: its notes, and its measures' items (`frames.count` measures).
    var notes: [[ExportNote]]
    var measures: [PartMeasures]
    /// Per part: the syllables its notes' `lyrics` point to.
    var syllables: [[ExportSyllable]] = []
    var partHasFine: [Bool]
    var partHasCoda: [Bool]

    var noteCount: Int { notes.reduce(0) { $0 + $1.count } }

    /// Every distinct length written in the section's measures (with the measures' own), for the divisions:
    /// collected as the measures are cut, each once, instead of from every item again.
    var lengths: [WholeNotes] = []

    static func make(_ movement: Movement, warnings: inout [Diagnostic]) -> MovementSection {
        let written = WrittenScore(movement)
        var (streams, melody) = WrittenEntries.read(written, of: movement)
        // Each part walked once, a large score's side by side, and beside them the melody's bars framed as measures.
        let large = streams.count > 1 && streams.reduce(0) { $0 + $1.notes.count } > workWorthSharing
        let walked = streams
        var (landmarks, framed) = bothInParallel(large, { walked.parallelMap(inParallel: large, PartLandmarks.init) }, { [melody] in MeasureFrame.frames(of: melody) })
        var writeOut: Diagnostic?
        if streams.count > 1, Set(landmarks.map(\.repeatSigns)).count > 1 {
            writeOut = .warning(at: movement.location, "the parts repeat differently, which MusicXML cannot write: repeats are written out as played")
        } else if let jump = landmarks.lazy.compactMap(\.jumpBackOverRepeats).first {
            writeOut = .warning(at: jump, "this jump goes back over repeats, which readers of MusicXML do not take again after a jump: the music is written out as played")
        }
        if let writeOut {
            warnings.append(writeOut)
            (streams, melody) = performed(movement, lyricsFrom: streams)
            landmarks = streams.parallelMap(inParallel: large, PartLandmarks.init)
            framed = MeasureFrame.frames(of: melody)
        }
        let length = landmarks.map(\.length).max() ?? .zero
        let frames = MeasureFrame.carried(framed, meters: written.parts.first?.meters ?? [], to: length)
        var chords = movement.headers["chords"].map { ChordAccompaniment.chords(in: $0).map { ($0.onset, $0.chord) } } ?? []
        var section = MovementSection(movement: movement, frames: frames, notes: [], measures: [], partHasFine: [], partHasCoda: [])
        var lengths = Set(frames.map(\.length))
        // A large score's parts are cut side by side, the chord symbols going with the melody.
        let (parts, symbols) = (streams, chords)
        let cuts = Array(parts.indices).parallelMap(inParallel: large) { index in
            var chords = index == 0 ? symbols : []
            var lengths: Set<WholeNotes> = []
            let measures = cut(parts[index], into: frames, chords: &chords, lengths: &lengths)
            return (measures, lengths, chords)
        }
        for (index, stream) in streams.enumerated() {
            let (measures, cutLengths, left) = cuts[index]
            lengths.formUnion(cutLengths)
            if index == 0 { chords = left }
            section.notes.append(stream.notes)
            section.syllables.append(stream.syllables)
            section.measures.append(measures)
            section.partHasFine.append(landmarks[index].hasFine)
            section.partHasCoda.append(landmarks[index].hasCoda)
        }
        section.lengths = Array(lengths)
        if !chords.isEmpty {
            warnings.append(.warning(at: movement.location, "\(chords.count) chord(s) of chords= come after the music ends and are left out"))
        }
        return section
    }

    /// The movement as played: its parts' entries, each written syllable on the first performance of its note, and its melody's bars.
    private static func performed(_ movement: Movement, lyricsFrom written: [ExportPart]) -> ([ExportPart], [WrittenBar]) {
        var unfolded = movement
        for index in unfolded.parts.indices {
            unfolded.parts[index].items = PerformedItems.unfolded(movement.parts[index].items)
            unfolded.parts[index].lyrics = []
        }
        let (parts, melody) = WrittenEntries.read(WrittenScore(unfolded), of: unfolded)
        let streams = zip(parts, written).map { part, sung in
            var lyrics: [SourceLocation: ArraySlice<ExportSyllable>] = [:]
            for note in sung.notes where !note.lyrics.isEmpty { lyrics[note.location] = sung.syllables[note.lyrics] }
            var part = part
            for index in part.notes.indices {
                let note = part.notes[index]
                guard note.multibarRest == nil, !note.isContinuation, let sung = lyrics.removeValue(forKey: note.location) else { continue }
                let start = part.syllables.count
                part.syllables += sung
                part.notes[index].lyrics = start..<part.syllables.count
            }
            return part
        }
        return (streams, melody)
    }

    /// Cuts a part's entries into the measures: notes split at bar lines and tied, marks where they
    /// stand (a jump at a bar line with the music before it), chord symbols before the note they sound with.
    private static func cut(_ part: ExportPart, into frames: [MeasureFrame], chords: inout [(WholeNotes, Chord)], lengths: inout Set<WholeNotes>) -> PartMeasures {
        var measures = PartMeasures()
        // An item per entry, and one more for each note cut by a bar line or sounding with a chord symbol: grown by
        // doubling, a long part's items would be copied again and again.
        measures.items.reserveCapacity(part.entries.count + frames.count + chords.count + 16)
        measures.starts = Array(repeating: 0, count: frames.count + 1)
        // The time each measure's notes fill, counted as they are cut: no second look at the items.
        var filled = Array(repeating: WholeNotes.zero, count: frames.count)
        var frame = 0
        var position = WholeNotes.zero
        var chordIndex = 0
        var valuesByKey: [NoteValue.Key: (values: Int32, total: WholeNotes)] = [:]
        // The values last found, by a cheap mix of their key: nearly every note finds its own here, where hashing the
        // key in full for the dictionary was a third of the cutting.
        var recent = [(key: NoteValue.Key, values: Int32, total: WholeNotes)?](repeating: nil, count: 64)
        // The frames' bounds in lists of their own: a frame read out of its list is copied whole, strings and all.
        let frameStarts = frames.map(\.start), frameEnds = frames.map(\.end), frameLengths = frames.map(\.length)
        // Measures only follow one another: each starts where the items so far end.
        func moveToFrame(containing position: WholeNotes) {
            while frame + 1 < frames.count, position >= frameEnds[frame] {
                frame += 1
                measures.starts[frame] = measures.items.count
            }
        }
        for entry in part.entries {
            switch entry {
            case .mark(let mark, let location):
                if case .jump(let jump) = mark, jump.kind != .segno {
                    // The end of the music before it.
                } else {
                    moveToFrame(containing: position)
                }
                switch mark {
                case .meter, .repeatStart, .repeatEnd, .endingStart, .endingStop: continue
                default: break
                }
                measures.items.append(MeasureItem(kind: .mark, index: measures.marks.count))
                measures.marks.append((mark, location))
            case .note(let index):
                // Read in place: a note is large, and a copy of it costs a retain and release of each of its lists.
                let (length, multibarRest, ratio, tuplet) = (part.notes[index].length, part.notes[index].multibarRest, part.notes[index].ratio, part.notes[index].tuplet)
                var start = position
                let end = position + length
                var first = true
                while start < end {
                    moveToFrame(containing: start)
                    let pieceEnd = min(end, frameEnds[frame] > start ? frameEnds[frame] : end)
                    while chordIndex < chords.count, chords[chordIndex].0 < pieceEnd {
                        let offset = max(.zero, chords[chordIndex].0 - start)
                        lengths.insert(offset)
                        measures.items.append(MeasureItem(kind: .harmony, index: measures.harmonies.count))
                        measures.harmonies.append((chords[chordIndex].1, offset))
                        chordIndex += 1
                    }
                    let fills = start == frameStarts[frame] && pieceEnd == frameEnds[frame]
                    let values: Int32
                    let total: WholeNotes
                    if multibarRest != nil && fills {
                        values = Int32(measures.values.count)
                        total = pieceEnd - start
                        measures.values.append([NoteValue(type: "whole", dots: 0, sounding: total, timeModification: nil)])
                        lengths.insert(total)
                    } else {
                        // A score writes few distinct values: each is worked out once and its list shared.
                        let key = NoteValue.Key(sounding: pieceEnd - start, ratio: ratio, actual: tuplet?.actual ?? -1, normal: tuplet?.normal ?? -1)
                        let slot = key.mixed & (recent.count - 1)
                        if let hit = recent[slot], hit.key == key {
                            (values, total) = (hit.values, hit.total)
                        } else if let known = valuesByKey[key] {
                            (values, total) = known
                            recent[slot] = (key, values, total)
                        } else {
                            let list = NoteValue.values(for: key.sounding, ratio: ratio, tuplet: tuplet)
                            values = Int32(measures.values.count)
                            total = list.reduce(.zero) { $0 + $1.sounding }
                            measures.values.append(list)
                            valuesByKey[key] = (values, total)
                            recent[slot] = (key, values, total)
                            for value in list { lengths.insert(value.sounding) }
                        }
                    }
                    measures.items.append(.note(index, values: values, isFirst: first, isLast: pieceEnd == end, fillsMeasure: fills))
                    filled[frame] += total
                    first = false
                    start = pieceEnd
                    if frame + 1 >= frames.count, start < end, pieceEnd == frameEnds[frame] { break }
                }
                position = end
            }
        }
        for later in (frame + 1)..<(frames.count + 1) { measures.starts[later] = measures.items.count }
        chords.removeFirst(chordIndex)
        // Rests where the part has stopped: the rest of its last measure, and whole measures after it.
        guard frames.indices.contains(where: { frameLengths[$0] > filled[$0] }) else { return measures }
        var items: [MeasureItem] = []
        items.reserveCapacity(measures.items.count + frames.count)
        var starts = [0]
        starts.reserveCapacity(frames.count + 1)
        for index in frames.indices {
            items += measures[index]
            let missing = frameLengths[index] - filled[index]
            if missing > .zero {
                let whole = filled[index] == .zero
                let values = whole ? [NoteValue(type: "whole", dots: 0, sounding: missing, timeModification: nil)] : NoteValue.values(for: missing, ratio: .whole, tuplet: nil)
                for value in values { lengths.insert(value.sounding) }
                items.append(.filler(values: Int32(measures.values.count), fillsMeasure: whole))
                measures.values.append(values)
            }
            starts.append(items.count)
        }
        measures.items = items
        measures.starts = starts
        return measures
    }
}
