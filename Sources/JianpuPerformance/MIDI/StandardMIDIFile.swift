import JianpuCore
import JianpuNotation

/// Writes a timeline as a type-1 Standard MIDI File: a conductor track, then one track per part.
public struct StandardMIDIFile {
    /// Ticks per quarter note, as LilyPond writes them.
    public static let ticksPerQuarter = 384

    /// The most tracks a file can name in its 16-bit header: the conductor track and 65,534 parts.
    public static let maximumTracks = 65_535
    /// The latest tick a file can reach in one step from its start (a 28-bit variable-length delta).
    public static let maximumTick = 0x0FFF_FFFF

    /// Why `timeline` cannot be written as a Standard MIDI File, or nil when it can.
    public static func problem(writing timeline: Timeline) -> String? {
        if timeline.parts.count + 1 > maximumTracks {
            return "a Standard MIDI File holds at most \(maximumTracks - 1) parts (tracks): this score has \(timeline.parts.count)"
        }
        if ticks(timeline.length) > maximumTick {
            return "a Standard MIDI File holds at most \(maximumTick / ticksPerQuarter) quarter notes of time: this score lasts \(ticks(timeline.length) / ticksPerQuarter)"
        }
        return nil
    }

    /// The bytes of the file (check `problem(writing:)` first: past its limits the header would wrap).
    public static func data(for timeline: Timeline) -> [UInt8] {
        // The notes are grouped by part once, so that each track reads only its own.
        let notes = PartGroups(count: timeline.notes.count, parts: timeline.parts.count) { timeline.notes[$0].part }
        return file(timeline, inParallel: timeline.notes.count > workWorthSharing) { index in
            PartNotes(all: timeline.notes, order: notes[index])
        }
    }

    /// The bytes of the file of a timeline whose parts' notes are kept apart: each track is written
    /// from its part's own list (check `problem(writing:)` with `timeline.shared` first).
    public static func data(for timeline: PartedTimeline) -> [UInt8] {
        joined(pieces(for: timeline))
    }

    /// The bytes of `data(for:)` in pieces, in order (the header, then each track's header and track), for a
    /// writer that writes them one after another: a large file is then never copied into one list.
    public static func pieces(for timeline: PartedTimeline) -> [[UInt8]] {
        let count = timeline.partNotes.reduce(0) { $0 + $1.count }
        return pieces(timeline.shared, inParallel: count > workWorthSharing) { index in
            PartNotes(all: timeline.partNotes.indices.contains(index) ? timeline.partNotes[index] : [], order: nil)
        }
    }

    /// One part's notes, in onset order: all of `all`, or those at `order`.
    private struct PartNotes {
        var all: [TimedNote]
        var order: ArraySlice<Int32>?

        var count: Int { order?.count ?? all.count }
    }

    /// The file: the conductor track of `timeline`, then a track for each of its parts, the notes of
    /// part N given by `notes(N)`. Each part's track is written on its own: large ones side by side.
    private static func file(_ timeline: Timeline, inParallel: Bool, notes: @Sendable (Int) -> PartNotes) -> [UInt8] {
        joined(pieces(timeline, inParallel: inParallel, notes: notes))
    }

    /// The file of `file(_:inParallel:notes:)` in pieces: its header, then each track's header and track.
    private static func pieces(_ timeline: Timeline, inParallel: Bool, notes: @Sendable (Int) -> PartNotes) -> [[UInt8]] {
        let parts = Array(timeline.parts.enumerated())
        let changes = PartGroups(count: timeline.programChanges.count, parts: parts.count) { timeline.programChanges[$0].part }
        let tracks =
            [conductorTrack(timeline)]
            + parts.parallelMap(inParallel: inParallel) { index, part in
                partTrack(timeline, part: part, index: index, notes: notes(index), changes: changes[index])
            }
        var pieces = [Array("MThd".utf8) + bigEndian(6, 4) + bigEndian(1, 2) + bigEndian(tracks.count, 2) + bigEndian(ticksPerQuarter, 2)]
        for track in tracks {
            pieces.append(Array("MTrk".utf8) + bigEndian(track.count, 4))
            pieces.append(track)
        }
        return pieces
    }

    /// The pieces of a file as one list.
    private static func joined(_ pieces: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { bytes += piece }
        return bytes
    }

    /// A position or length in ticks, rounded down as LilyPond's MIDI output does.
    public static func ticks(_ position: WholeNotes) -> Int {
        let (product, overflow) = position.numerator.multipliedReportingOverflow(by: Int64(ticksPerQuarter * 4))
        let denominator = position.denominator
        // Most lengths are over a power of two: an arithmetic shift divides and rounds down.
        if !overflow, denominator & (denominator - 1) == 0 { return Int(product >> Int64(denominator.trailingZeroBitCount)) }
        guard !overflow else { return Int(min(max(position.doubleValue * Double(ticksPerQuarter * 4), -1e15), 1e15)) }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: position.denominator)
        return Int(remainder < 0 ? quotient - 1 : quotient)
    }

    /// A channel message or a meta event (type and body), sorted by tick then `order`.
    private struct Event {
        var tick: Int
        var order: UInt8
        var message: MIDIMessage?
        var metaType: UInt8 = 0
        var metaBody: [UInt8] = []

        static func meta(_ tick: Int, _ order: UInt8, _ type: UInt8, _ body: [UInt8]) -> Event {
            Event(tick: tick, order: order, message: nil, metaType: type, metaBody: body)
        }
    }

    /// Writes a channel message's bytes at `index` (room for three); returns how many were written.
    /// Notes and program changes, nearly all of a file, take one switch.
    @inline(__always)
    private static func encode(_ message: MIDIMessage, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        switch message {
        case .noteOn(let channel, let key, let velocity):
            buffer[index] = 0x90 | channel & 0x0F
            buffer[index + 1] = key & 0x7F
            buffer[index + 2] = velocity & 0x7F
            return 3
        case .noteOff(let channel, let key, let velocity):
            buffer[index] = 0x80 | channel & 0x0F
            buffer[index + 1] = key & 0x7F
            buffer[index + 2] = velocity & 0x7F
            return 3
        case .programChange(let channel, let program):
            buffer[index] = 0xC0 | channel & 0x0F
            buffer[index + 1] = program & 0x7F
            return 2
        default:
            let bytes = message.bytes
            for (offset, byte) in bytes.enumerated() { buffer[index + offset] = byte }
            return bytes.count
        }
    }

    private static func conductorTrack(_ timeline: Timeline) -> [UInt8] {
        var events: [Event] = []
        if let title = timeline.title { events.append(.meta(0, 0, 0x03, Array(title.utf8.prefix(1000)))) }
        for meter in timeline.meters {
            let denominatorPower = UInt8(max(0, meter.beatUnit.trailingZeroBitCount))
            events.append(.meta(ticks(meter.position), 1, 0x58, [UInt8(clamping: meter.beats), denominatorPower, 24, 8]))
        }
        for key in timeline.keys {
            events.append(.meta(ticks(key.position), 2, 0x59, [UInt8(bitPattern: Int8(clamping: key.sharps)), key.isMinor ? 1 : 0]))
        }
        for change in timeline.tempoMap.changes {
            let microseconds = max(1, min(change.microsecondsPerQuarter, 0xFF_FFFF))
            events.append(.meta(ticks(change.position), 3, 0x51, bigEndian(microseconds, 3)))
        }
        return encode(&events, endTick: ticks(timeline.length))
    }

    /// A channel message at a tick: what a part's track holds after its name.
    private struct TimedMessage {
        var tick: Int
        var message: MIDIMessage
    }

    private static func partTrack(_ timeline: Timeline, part: TimelinePart, index: Int, notes partNotes: PartNotes, changes changeIndices: ArraySlice<Int32>) -> [UInt8] {
        var header: [Event] = []
        // Every part's track is named: its instrument, else its part.
        let name = part.name ?? (index == 0 ? "Melody" : "Accompaniment \(index)")
        header.append(.meta(0, 0, 0x03, Array(name.utf8.prefix(1000))))
        let channel = part.channel & 0x0F
        if let program = part.program { header.append(Event(tick: 0, order: 1, message: .programChange(channel: channel, program: program))) }
        var headerBytes: [UInt8] = []
        var now = 0
        append(&header, to: &headerBytes, now: &now)
        // Instrument changes come before the notes at their tick.
        var changes = changeIndices.map { timeline.programChanges[Int($0)] }.map {
            TimedMessage(tick: ticks($0.position), message: .programChange(channel: channel, program: $0.program))
        }
        stableSortByTick(&changes)
        let noteCount = partNotes.count
        var bytes = partNotes.all.withUnsafeBufferPointer { notes in
            let order = partNotes.order
            let first = order?.startIndex ?? 0
            func note(_ place: Int) -> TimedNote {
                guard let order else { return notes[place] }
                return notes[Int(order[first + place])]
            }
            // Onset and length are each rounded down, as in the reference's files.
            func onTick(_ place: Int) -> Int { ticks(note(place).onset) }
            // Notes come in onset order, so their note-ons do too; should they not, they are put in order by
            // tick, notes at one tick in the order they come.
            // (Each note's tick is worked out once in the check.)
            var inOrder = true
            var previous = Int.min
            for place in 0..<noteCount {
                let tick = onTick(place)
                if tick < previous {
                    inOrder = false
                    break
                }
                previous = tick
            }
            let onOrder: [Int32]? = inOrder ? nil : (0..<noteCount).map(Int32.init).sorted { (onTick(Int($0)), $0) < (onTick(Int($1)), $1) }
            // At most seven bytes an event (a four-byte delta time and a three-byte message), and the end of the track.
            let capacity = headerBytes.count + (2 * noteCount + changes.count) * 7 + 7
            return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
                var position = 0
                for byte in headerBytes {
                    buffer[position] = byte
                    position += 1
                }
                // One pass over the notes in onset order; each note's off waits in the queue until its tick, and
                // at one tick the note-offs go first, each kind in the order its notes were written.
                // Locals only in the loop: no captured state to check for exclusive access per event.
                var offs = MinimumHeap<PendingNoteOff>()
                var on = 0, change = 0, last = now
                // The next note to sound (its place among the part's notes) and its tick; `Int.max` past the last.
                func nextNote(_ on: Int) -> (place: Int, tick: Int) {
                    guard on < noteCount else { return (0, .max) }
                    let place = Int(onOrder?[on] ?? Int32(on))
                    return (place, onTick(place))
                }
                var (place, nextOn) = nextNote(0)
                while on < noteCount || !offs.isEmpty || change < changes.count {
                    let next = min(nextOn, offs.first?.tick ?? .max)
                    let tick: Int, message: MIDIMessage
                    if change < changes.count, changes[change].tick <= next {
                        (tick, message) = (changes[change].tick, changes[change].message)
                        change += 1
                    } else if let off = offs.first, on == noteCount || off.tick <= nextOn {
                        offs.removeFirst()
                        (tick, message) = (off.tick, .noteOff(channel: channel, key: off.key))
                    } else {
                        let sounding = note(place)
                        let key = UInt8(clamping: sounding.pitch.midiNumber) & 0x7F
                        offs.insert(PendingNoteOff(tick: nextOn + max(ticks(sounding.duration), 1), order: Int32(place), key: key))
                        (tick, message) = (nextOn, .noteOn(channel: channel, key: key, velocity: max(1, sounding.velocity & 0x7F)))
                        on += 1
                        (place, nextOn) = nextNote(on)
                    }
                    writeVariableLength(tick - last, into: buffer, at: &position)
                    position += encode(message, into: buffer, at: position)
                    last = tick
                }
                written = position
                now = last
            }
        }
        // Within the room counted above: no copy.
        appendEndOfTrack(at: ticks(timeline.length), now: now, to: &bytes)
        return bytes
    }

    /// Writes a MIDI variable-length quantity (seven bits a byte, most significant first; values
    /// clamped to 0…0x0FFFFFFF) into a buffer with room for four bytes.
    @inline(__always)
    private static func writeVariableLength(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int) {
        if (0..<0x80).contains(value) {
            buffer[index] = UInt8(value)
            index += 1
            return
        }
        let value = max(0, min(value, 0x0FFF_FFFF))
        var shift = 21
        while shift > 0 && value >> shift == 0 { shift -= 7 }
        while shift > 0 {
            buffer[index] = UInt8((value >> shift) & 0x7F) | 0x80
            index += 1
            shift -= 7
        }
        buffer[index] = UInt8(value & 0x7F)
        index += 1
    }

    private static func stableSortByTick(_ events: inout [TimedMessage]) {
        guard zip(events, events.dropFirst()).contains(where: { $0.tick > $1.tick }) else { return }
        events = events.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
    }

    private static func encode(_ events: inout [Event], endTick: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var now = 0
        append(&events, to: &bytes, now: &now)
        appendEndOfTrack(at: endTick, now: now, to: &bytes)
        return bytes
    }

    /// Appends events sorted by tick, then `order`, then as given; `now` is the tick of the last event written.
    private static func append(_ events: inout [Event], to bytes: inout [UInt8], now: inout Int) {
        var indices = Array(events.indices)
        indices.sort { (events[$0].tick, events[$0].order, $0) < (events[$1].tick, events[$1].order, $1) }
        bytes.reserveCapacity(bytes.count + events.count * 4 + 8)
        for index in indices {
            let event = events[index]
            appendVariableLength(event.tick - now, to: &bytes)
            if let message = event.message {
                bytes += message.bytes
            } else {
                bytes.append(0xFF)
                bytes.append(event.metaType)
                appendVariableLength(event.metaBody.count, to: &bytes)
                bytes += event.metaBody
            }
            now = event.tick
        }
    }

    private static func appendEndOfTrack(at endTick: Int, now: Int, to bytes: inout [UInt8]) {
        appendVariableLength(max(0, endTick - now), to: &bytes)
        bytes += [0xFF, 0x2F, 0x00]
    }

    static func variableLength(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        appendVariableLength(value, to: &bytes)
        return bytes
    }

    /// Appends a MIDI variable-length quantity: seven bits a byte, most significant first.
    static func appendVariableLength(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { buffer in
            var count = 0
            writeVariableLength(value, into: buffer, at: &count)
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    private static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

/// Indices of items grouped by part, each group in the items' order: a counting sort, linear
/// however many parts there are (a filter per part was quadratic for scores of many parts).
struct PartGroups {
    private var order: [Int32]
    private var starts: [Int]

    init(count: Int, parts: Int, part: (Int) -> Int) {
        var starts = [Int](repeating: 0, count: parts + 1)
        for index in 0..<count where (0..<parts).contains(part(index)) { starts[part(index) + 1] += 1 }
        for part in 0..<parts { starts[part + 1] += starts[part] }
        var next = starts
        var order = [Int32](repeating: 0, count: starts[parts])
        for index in 0..<count where (0..<parts).contains(part(index)) {
            order[next[part(index)]] = Int32(index)
            next[part(index)] += 1
        }
        self.order = order
        self.starts = starts
    }

    subscript(part: Int) -> ArraySlice<Int32> { order[starts[part]..<starts[part + 1]] }
}
