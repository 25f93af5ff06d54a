/// Reads a raw MIDI byte stream (what `/dev/snd/midiC*D*`, `/dev/midi*` or a FIFO gives) into
/// channel messages, byte by byte, so messages may be split across reads.
///
/// Running status is kept; a note-on with velocity 0 is returned as a note-off; real-time bytes
/// (0xF8–0xFF) are skipped even in the middle of a message; system-exclusive messages (0xF0 … 0xF7)
/// and the other system-common messages are skipped and cancel running status; data bytes
/// without a status are ignored.
public struct MIDIByteParser: Sendable {
    private var status: UInt8?
    private var data: [UInt8] = []
    private var inSysEx = false
    /// Data bytes still to skip for a system-common message (song position: 2, MTC/song select: 1).
    private var skipping = 0

    public init() {}

    /// The messages completed by `bytes`.
    public mutating func messages(from bytes: some Sequence<UInt8>) -> [MIDIMessage] {
        var out: [MIDIMessage] = []
        for byte in bytes {
            if let message = feed(byte) { out.append(message) }
        }
        return out
    }

    /// Feeds one byte; returns a message when it completes one.
    public mutating func feed(_ byte: UInt8) -> MIDIMessage? {
        if byte >= 0xF8 { return nil }  // real-time: clock, start, stop, active sensing, reset…
        if byte >= 0x80 {
            data = []
            switch byte {
            case 0xF0:
                inSysEx = true
                status = nil
            case 0xF7:
                inSysEx = false
            case 0xF1, 0xF3:
                status = nil; inSysEx = false; skipping = 1
            case 0xF2:
                status = nil; inSysEx = false; skipping = 2
            case 0xF4...0xF6:
                status = nil; inSysEx = false
            default:
                inSysEx = false
                skipping = 0
                status = byte
            }
            return nil
        }
        if inSysEx { return nil }
        if skipping > 0 { skipping -= 1; return nil }
        guard let status else { return nil }
        data.append(byte)
        let kind = status & 0xF0
        let channel = status & 0x0F
        let needed = (kind == 0xC0 || kind == 0xD0) ? 1 : 2
        guard data.count == needed else { return nil }
        let bytes = data
        data = []
        switch kind {
        case 0x80: return .noteOff(channel: channel, key: bytes[0], velocity: bytes[1])
        case 0x90: return bytes[1] == 0 ? .noteOff(channel: channel, key: bytes[0], velocity: 0) : .noteOn(channel: channel, key: bytes[0], velocity: bytes[1])
        case 0xA0: return .polyPressure(channel: channel, key: bytes[0], pressure: bytes[1])
        case 0xB0: return .controlChange(channel: channel, controller: bytes[0], value: bytes[1])
        case 0xC0: return .programChange(channel: channel, program: bytes[0])
        case 0xD0: return .channelPressure(channel: channel, pressure: bytes[0])
        default: return .pitchBend(channel: channel, value: UInt16(bytes[0]) | UInt16(bytes[1]) << 7)
        }
    }
}
