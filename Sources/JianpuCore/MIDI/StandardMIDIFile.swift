/// Writes a timeline as a type-1 Standard MIDI File: a conductor track, then one track per part.
public struct StandardMIDIFile {
    /// Ticks per quarter note, as LilyPond writes them.
    public static let ticksPerQuarter = 384

    /// The bytes of the file.
    public static func data(for timeline: Timeline) -> [UInt8] {
        var tracks: [[UInt8]] = [conductorTrack(timeline)]
        for (index, part) in timeline.parts.enumerated() {
            tracks.append(partTrack(timeline, part: part, index: index))
        }
        var bytes: [UInt8] = Array("MThd".utf8)
        bytes += bigEndian(6, 4) + bigEndian(1, 2) + bigEndian(tracks.count, 2) + bigEndian(ticksPerQuarter, 2)
        for track in tracks {
            bytes += Array("MTrk".utf8) + bigEndian(track.count, 4) + track
        }
        return bytes
    }

    /// A position or length in ticks, rounded down as LilyPond's MIDI output does.
    public static func ticks(_ position: WholeNotes) -> Int {
        let (product, overflow) = position.numerator.multipliedReportingOverflow(by: Int64(ticksPerQuarter * 4))
        guard !overflow else { return Int(min(max(position.doubleValue * Double(ticksPerQuarter * 4), -1e15), 1e15)) }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: position.denominator)
        return Int(remainder < 0 ? quotient - 1 : quotient)
    }

    /// A channel message or a meta event (`metaType` set, body in `metaBody`), sorted by tick then `order`.
    private struct Event {
        var tick: Int
        var order: UInt8
        var status: UInt8
        var data1: UInt8
        var data2: UInt8
        var metaBody: [UInt8] = []

        static func meta(_ tick: Int, _ order: UInt8, _ type: UInt8, _ body: [UInt8]) -> Event {
            Event(tick: tick, order: order, status: 0xFF, data1: type, data2: 0, metaBody: body)
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

    private static func partTrack(_ timeline: Timeline, part: TimelinePart, index: Int) -> [UInt8] {
        var events: [Event] = []
        events.reserveCapacity(timeline.notes.count * 2 + 2)
        if let name = part.name { events.append(.meta(0, 0, 0x03, Array(name.utf8.prefix(1000)))) }
        let channel = part.channel & 0x0F
        if let program = part.program { events.append(Event(tick: 0, order: 1, status: 0xC0 | channel, data1: program & 0x7F, data2: 0)) }
        for note in timeline.notes where note.part == index {
            let key = UInt8(clamping: note.pitch.midiNumber) & 0x7F
            // Onset and length are each rounded down, as in the reference's files.
            let start = ticks(note.onset), end = start + max(ticks(note.duration), 1)
            events.append(Event(tick: start, order: 3, status: 0x90 | channel, data1: key, data2: max(1, note.velocity & 0x7F)))
            events.append(Event(tick: end, order: 2, status: 0x80 | channel, data1: key, data2: 0))
        }
        return encode(&events, endTick: ticks(timeline.length))
    }

    private static func encode(_ events: inout [Event], endTick: Int) -> [UInt8] {
        // A stable sort: events at one tick keep their order within the same `order` class.
        var indices = Array(events.indices)
        indices.sort { (events[$0].tick, events[$0].order, $0) < (events[$1].tick, events[$1].order, $1) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events.count * 4 + 8)
        var now = 0
        for index in indices {
            let event = events[index]
            appendVariableLength(event.tick - now, to: &bytes)
            if event.status == 0xFF {
                bytes.append(0xFF)
                bytes.append(event.data1)
                appendVariableLength(event.metaBody.count, to: &bytes)
                bytes += event.metaBody
            } else {
                bytes.append(event.status)
                bytes.append(event.data1)
                if event.status & 0xF0 != 0xC0 && event.status & 0xF0 != 0xD0 { bytes.append(event.data2) }
            }
            now = event.tick
        }
        appendVariableLength(max(0, endTick - now), to: &bytes)
        bytes += [0xFF, 0x2F, 0x00]
        return bytes
    }

    static func variableLength(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        appendVariableLength(value, to: &bytes)
        return bytes
    }

    /// Appends a MIDI variable-length quantity: seven bits a byte, most significant first.
    static func appendVariableLength(_ value: Int, to bytes: inout [UInt8]) {
        let value = max(0, min(value, 0x0FFF_FFFF))
        var shift = 21
        while shift > 0 && value >> shift == 0 { shift -= 7 }
        while shift > 0 {
            bytes.append(UInt8((value >> shift) & 0x7F) | 0x80)
            shift -= 7
        }
        bytes.append(UInt8(value & 0x7F))
    }

    private static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
