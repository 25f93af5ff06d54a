/// The events of a Standard MIDI File (type 0 or 1) that an import uses, read from untrusted bytes.
///
/// Every problem is an `ImportError` at its byte offset; nothing a file says is trusted before it is
/// checked against what is really there (chunk lengths, variable-length quantities, meta lengths).
struct MIDIFileContents {
    /// The largest file read.
    static let maximumBytes = 64 << 20
    /// The most events kept from one file.
    static let maximumEvents = 4_000_000

    enum Kind: Equatable {
        case noteOn(channel: Int, key: Int, velocity: Int)
        case noteOff(channel: Int, key: Int)
        case program(channel: Int, program: Int)
        case tempo(microsecondsPerQuarter: Int)
        case timeSignature(beats: Int, beatType: Int)
        case keySignature(fifths: Int, isMinor: Bool)
        case trackName(String)
        case lyric(String)
    }

    struct Event {
        var tick: Int
        /// Where the event starts in the file, for errors and warnings.
        var offset: Int
        var kind: Kind
    }

    var format: Int
    var ticksPerQuarter: Int
    /// Whether the file counts time in SMPTE frames (read as if at 120 quarter notes a minute).
    var isSMPTE: Bool
    var tracks: [[Event]]

    init(bytes: [UInt8], file: String) throws(ImportError) {
        func fail(_ offset: Int, _ message: String) -> ImportError { ImportError(file: file, place: "byte \(offset)", message: message) }
        guard bytes.count <= Self.maximumBytes else { throw fail(0, "a MIDI file of \(bytes.count) bytes is more than the \(Self.maximumBytes >> 20) MB read") }
        guard bytes.count >= 14, Array(bytes[0..<4]) == Array("MThd".utf8) else { throw fail(0, "not a Standard MIDI File: expected it to start with MThd") }
        let headerLength = Self.bigEndian(bytes, 4, 4)
        guard headerLength >= 6, headerLength <= bytes.count - 8 else { throw fail(4, "a header of \(headerLength) bytes: expected 6, within the file") }
        format = Self.bigEndian(bytes, 8, 2)
        guard format == 0 || format == 1 else { throw fail(8, "a type \(format) MIDI file: only types 0 and 1 are read") }
        let division = Self.bigEndian(bytes, 12, 2)
        if division & 0x8000 != 0 {
            let framesPerSecond = 256 - (division >> 8)
            let ticksPerFrame = division & 0xFF
            guard framesPerSecond > 0, ticksPerFrame > 0 else { throw fail(12, "an SMPTE time division of \(framesPerSecond) frames of \(ticksPerFrame) ticks") }
            isSMPTE = true
            ticksPerQuarter = max(1, framesPerSecond * ticksPerFrame / 2)
        } else {
            guard division > 0 else { throw fail(12, "a time division of 0 ticks per quarter note: expected 1 to 32767") }
            isSMPTE = false
            ticksPerQuarter = division
        }
        tracks = []
        var offset = 8 + headerLength
        var eventCount = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { throw fail(offset, "a chunk header cut short: \(bytes.count - offset) bytes left, expected 8") }
            let length = Self.bigEndian(bytes, offset + 4, 4)
            guard length <= bytes.count - offset - 8 else {
                throw fail(offset + 4, "a chunk of \(length) bytes runs past the end of the file (\(bytes.count - offset - 8) bytes left)")
            }
            if Array(bytes[offset..<(offset + 4)]) == Array("MTrk".utf8) {
                tracks.append(try Self.track(bytes, from: offset + 8, to: offset + 8 + length, count: &eventCount, fail: fail))
            }
            offset += 8 + length
        }
        guard !tracks.isEmpty else { throw fail(offset, "no track chunk (MTrk) in the file") }
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    /// The events of one track chunk, `start..<end` in `bytes`.
    private static func track(
        _ bytes: [UInt8], from start: Int, to end: Int, count: inout Int,
        fail: (Int, String) -> ImportError
    ) throws(ImportError) -> [Event] {
        var events: [Event] = []
        var offset = start
        var tick = 0
        var status: UInt8?
        func quantity() throws(ImportError) -> Int {
            var value = 0
            for index in 0..<4 {
                guard offset < end else { throw fail(offset, "the track ends inside a variable-length number") }
                let byte = bytes[offset]
                offset += 1
                value = value << 7 | Int(byte & 0x7F)
                if byte & 0x80 == 0 { return value }
                if index == 3 { throw fail(offset - 4, "a variable-length number of more than four bytes") }
            }
            return value
        }
        func dataByte() throws(ImportError) -> Int {
            guard offset < end else { throw fail(offset, "the track ends inside an event") }
            let byte = bytes[offset]
            guard byte < 0x80 else { throw fail(offset, "a status byte 0x\(String(byte, radix: 16, uppercase: true)) where a data byte (below 0x80) was expected") }
            offset += 1
            return Int(byte)
        }
        while offset < end {
            tick += try quantity()
            guard offset < end else { throw fail(offset, "the track ends after a delta time, without its event") }
            let eventStart = offset
            var byte = bytes[offset]
            if byte >= 0x80 {
                offset += 1
            } else if let running = status {
                byte = running
            } else {
                throw fail(offset, "a data byte with no status before it (running status at the start of a track or after a meta event)")
            }
            count += 1
            guard count <= maximumEvents else { throw fail(eventStart, "more than \(maximumEvents) events in the file") }
            switch byte {
            case 0xFF:
                status = nil
                guard offset < end else { throw fail(offset, "the track ends inside a meta event") }
                let type = bytes[offset]
                offset += 1
                let length = try quantity()
                guard length <= end - offset else { throw fail(eventStart, "a meta event of \(length) bytes runs past the end of its track (\(end - offset) bytes left)") }
                let body = Array(bytes[offset..<(offset + length)])
                offset += length
                if type == 0x2F { return events }
                if let kind = meta(type, body) {
                    if case .tempo(let value) = kind, value == 0 { throw fail(eventStart, "a tempo of 0 microseconds per quarter note") }
                    events.append(Event(tick: tick, offset: eventStart, kind: kind))
                }
            case 0xF0, 0xF7:
                status = nil
                let length = try quantity()
                guard length <= end - offset else { throw fail(eventStart, "a system-exclusive event of \(length) bytes runs past the end of its track") }
                offset += length
            case 0xF1...0xFE:
                throw fail(eventStart, "status byte 0x\(String(byte, radix: 16, uppercase: true)) is not an event of a MIDI file")
            default:
                status = byte
                let channel = Int(byte & 0x0F)
                let first = try dataByte()
                switch byte & 0xF0 {
                case 0xC0:
                    events.append(Event(tick: tick, offset: eventStart, kind: .program(channel: channel, program: first)))
                case 0xD0:
                    break
                default:
                    let second = try dataByte()
                    if byte & 0xF0 == 0x90, second > 0 {
                        events.append(Event(tick: tick, offset: eventStart, kind: .noteOn(channel: channel, key: first, velocity: second)))
                    } else if byte & 0xF0 == 0x80 || byte & 0xF0 == 0x90 {
                        events.append(Event(tick: tick, offset: eventStart, kind: .noteOff(channel: channel, key: first)))
                    }
                }
            }
        }
        return events
    }

    /// The meta events an import reads; nil for the others (text, markers, sequencer data...).
    private static func meta(_ type: UInt8, _ body: [UInt8]) -> Kind? {
        switch type {
        case 0x03 where !body.isEmpty: .trackName(text(body))
        case 0x05 where !body.isEmpty: .lyric(text(body))
        case 0x51 where body.count >= 3: .tempo(microsecondsPerQuarter: bigEndian(body, 0, 3))
        case 0x58 where body.count >= 2 && body[0] > 0 && body[1] <= 6: .timeSignature(beats: Int(body[0]), beatType: 1 << Int(body[1]))
        case 0x59 where body.count >= 2: .keySignature(fifths: Int(Int8(bitPattern: body[0])), isMinor: body[1] == 1)
        default: nil
        }
    }

    /// Text of a meta event: UTF-8 when it is, else Latin-1 (what older files use).
    private static func text(_ body: [UInt8]) -> String {
        let trimmed = body.prefix(1000)
        if let text = String(validating: trimmed, as: UTF8.self) { return text.trimmingCharacters(in: " \0") }
        return String(trimmed.map { Character(Unicode.Scalar($0)) }).trimmingCharacters(in: " \0")
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var result = Substring(self)
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return String(result)
    }
}
