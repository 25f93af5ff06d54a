import JianpuCore
import JianpuInterchange

/// Standard MIDI Files built byte by byte for the tests, and the imported notes read back as plain values.
enum MIDITestFile {
    static let division = 480

    /// A variable-length quantity.
    static func vlq(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return bytes
    }

    /// A track chunk of events at absolute ticks (kept in order for equal ticks), ended by end-of-track.
    static func track(_ events: [(tick: Int, bytes: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        var now = 0
        for event in events.enumerated().sorted(by: { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }).map(\.element) {
            body += vlq(event.tick - now) + event.bytes
            now = event.tick
        }
        body += [0, 0xFF, 0x2F, 0]
        return Array("MTrk".utf8) + bigEndian(body.count, 4) + body
    }

    static func file(format: Int, division: Int = division, tracks: [[UInt8]]) -> [UInt8] {
        Array("MThd".utf8) + bigEndian(6, 4) + bigEndian(format, 2) + bigEndian(tracks.count, 2) + bigEndian(division, 2) + tracks.flatMap { $0 }
    }

    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    /// Note-on and note-off of `key` from `start` for `length` ticks on `channel`.
    static func note(_ key: Int, _ start: Int, _ length: Int, channel: UInt8 = 0) -> [(tick: Int, bytes: [UInt8])] {
        [(start, [0x90 | channel, UInt8(key), 90]), (start + length, [0x80 | channel, UInt8(key), 0])]
    }

    static func meta(_ tick: Int, _ type: UInt8, _ body: [UInt8]) -> (tick: Int, bytes: [UInt8]) {
        (tick, [0xFF, type] + vlq(body.count) + body)
    }

    static func tempo(_ tick: Int, bpm: Int) -> (tick: Int, bytes: [UInt8]) { meta(tick, 0x51, bigEndian(60_000_000 / bpm, 3)) }
    static func meter(_ tick: Int, _ beats: UInt8, _ power: UInt8) -> (tick: Int, bytes: [UInt8]) { meta(tick, 0x58, [beats, power, 24, 8]) }
    static func name(_ text: String) -> (tick: Int, bytes: [UInt8]) { meta(0, 0x03, Array(text.utf8)) }

    /// The bars of a part as `60.64:1/4` (`~` after a tied note), bar by bar.
    static func bars(_ part: ImportedPart) -> [[String]] {
        part.measures.map { measure in
            measure.events.map { event in
                let pitches = event.isRest ? "z" : event.pitches.map { "\($0.pitch.midiNumber)" }.joined(separator: ".")
                return "\(pitches):\(event.length)\(event.pitches.first?.tiedToNext == true ? "~" : "")"
            }
        }
    }

    /// The notes of a part as (key, onset, length) in whole notes, tied pieces joined.
    static func notes(_ part: ImportedPart) -> [(key: Int, onset: WholeNotes, length: WholeNotes)] {
        var notes: [(key: Int, onset: WholeNotes, length: WholeNotes)] = []
        var open: [Int: Int] = [:]
        var position = WholeNotes.zero
        for event in part.measures.flatMap(\.events) where !event.isGrace {
            for pitch in event.pitches {
                let key = pitch.pitch.midiNumber
                if let index = open[key] {
                    notes[index].length += event.length
                } else {
                    notes.append((key, position, event.length))
                }
                open[key] = pitch.tiedToNext ? (open[key] ?? notes.count - 1) : nil
            }
            position += event.length
        }
        return notes
    }
}
