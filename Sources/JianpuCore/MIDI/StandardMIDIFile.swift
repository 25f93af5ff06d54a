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
        let scaled = position * Int64(ticksPerQuarter * 4)
        let (quotient, remainder) = scaled.numerator.quotientAndRemainder(dividingBy: scaled.denominator)
        return Int(remainder < 0 ? quotient - 1 : quotient)
    }

    private struct Event {
        var tick: Int
        var order: Int
        var bytes: [UInt8]
    }

    private static func conductorTrack(_ timeline: Timeline) -> [UInt8] {
        var events: [Event] = []
        if let title = timeline.title { events.append(Event(tick: 0, order: 0, bytes: meta(0x03, Array(title.utf8.prefix(1000))))) }
        for meter in timeline.meters {
            let denominatorPower = UInt8(max(0, meter.beatUnit.trailingZeroBitCount))
            events.append(Event(tick: ticks(meter.position), order: 1, bytes: meta(0x58, [UInt8(clamping: meter.beats), denominatorPower, 24, 8])))
        }
        for key in timeline.keys {
            events.append(Event(tick: ticks(key.position), order: 2, bytes: meta(0x59, [UInt8(bitPattern: Int8(clamping: key.sharps)), key.isMinor ? 1 : 0])))
        }
        for change in timeline.tempoMap.changes {
            let microseconds = max(1, min(change.microsecondsPerQuarter, 0xFF_FFFF))
            events.append(Event(tick: ticks(change.position), order: 3, bytes: meta(0x51, Array(bigEndian(microseconds, 3)))))
        }
        return encode(events, endTick: ticks(timeline.length))
    }

    private static func partTrack(_ timeline: Timeline, part: TimelinePart, index: Int) -> [UInt8] {
        var events: [Event] = []
        if let name = part.name { events.append(Event(tick: 0, order: 0, bytes: meta(0x03, Array(name.utf8.prefix(1000))))) }
        let channel = part.channel & 0x0F
        if let program = part.program { events.append(Event(tick: 0, order: 1, bytes: [0xC0 | channel, program & 0x7F])) }
        for note in timeline.notes where note.part == index {
            let key = UInt8(clamping: note.pitch.midiNumber) & 0x7F
            // Onset and length are each rounded down, as in the reference's files.
            let start = ticks(note.onset), end = start + max(ticks(note.duration), 1)
            events.append(Event(tick: start, order: 3, bytes: [0x90 | channel, key, max(1, note.velocity & 0x7F)]))
            events.append(Event(tick: end, order: 2, bytes: [0x80 | channel, key, 0]))
        }
        return encode(events, endTick: ticks(timeline.length))
    }

    private static func encode(_ events: [Event], endTick: Int) -> [UInt8] {
        let sorted = events.enumerated().sorted { ($0.element.tick, $0.element.order, $0.offset) < ($1.element.tick, $1.element.order, $1.offset) }
        var bytes: [UInt8] = []
        var now = 0
        for (_, event) in sorted {
            bytes += variableLength(event.tick - now)
            bytes += event.bytes
            now = event.tick
        }
        bytes += variableLength(max(0, endTick - now)) + [0xFF, 0x2F, 0x00]
        return bytes
    }

    private static func meta(_ type: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, type] + variableLength(body.count) + body
    }

    static func variableLength(_ value: Int) -> [UInt8] {
        var value = max(0, min(value, 0x0FFF_FFFF))
        var bytes = [UInt8(value & 0x7F)]
        value >>= 7
        while value > 0 {
            bytes.insert(UInt8(value & 0x7F) | 0x80, at: 0)
            value >>= 7
        }
        return bytes
    }

    private static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
