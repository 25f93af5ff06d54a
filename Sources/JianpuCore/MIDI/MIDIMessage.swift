/// One MIDI channel message (channels 0–15): what the synthesizer is sent, the scheduler plays,
/// the chord pad emits, MIDI input delivers and the Standard MIDI File holds.
public enum MIDIMessage: Sendable, Hashable {
    case noteOn(channel: UInt8, key: UInt8, velocity: UInt8)
    case noteOff(channel: UInt8, key: UInt8, velocity: UInt8)
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    case programChange(channel: UInt8, program: UInt8)
    case pitchBend(channel: UInt8, value: UInt16)
    case polyPressure(channel: UInt8, key: UInt8, pressure: UInt8)
    case channelPressure(channel: UInt8, pressure: UInt8)

    /// The controller number of the channel-mode message All Notes Off.
    public static let allNotesOffController: UInt8 = 123

    /// All Notes Off (controller 123) on one channel: every sounding note of the channel is released.
    public static func allNotesOff(channel: UInt8) -> MIDIMessage {
        .controlChange(channel: channel, controller: allNotesOffController, value: 0)
    }

    /// A note-off with release velocity 0.
    public static func noteOff(channel: UInt8, key: UInt8) -> MIDIMessage {
        .noteOff(channel: channel, key: key, velocity: 0)
    }

    /// The channel the message is for (0–15).
    public var channel: UInt8 {
        switch self {
        case .noteOn(let channel, _, _), .noteOff(let channel, _, _), .controlChange(let channel, _, _),
            .programChange(let channel, _), .pitchBend(let channel, _), .polyPressure(let channel, _, _),
            .channelPressure(let channel, _):
            channel
        }
    }

    /// Whether this is All Notes Off (controller 123).
    public var isAllNotesOff: Bool {
        if case .controlChange(_, Self.allNotesOffController, _) = self { return true }
        return false
    }

    /// The status byte: the kind in the high nibble, the channel in the low one.
    public var status: UInt8 {
        let kind: UInt8
        switch self {
        case .noteOff: kind = 0x80
        case .noteOn: kind = 0x90
        case .polyPressure: kind = 0xA0
        case .controlChange: kind = 0xB0
        case .programChange: kind = 0xC0
        case .channelPressure: kind = 0xD0
        case .pitchBend: kind = 0xE0
        }
        return kind | (channel & 0x0F)
    }

    /// The data bytes (one or two, each 0–127).
    public var dataBytes: (UInt8, UInt8?) {
        switch self {
        case .noteOn(_, let key, let velocity), .noteOff(_, let key, let velocity): (key & 0x7F, velocity & 0x7F)
        case .polyPressure(_, let key, let pressure): (key & 0x7F, pressure & 0x7F)
        case .controlChange(_, let controller, let value): (controller & 0x7F, value & 0x7F)
        case .programChange(_, let program): (program & 0x7F, nil)
        case .channelPressure(_, let pressure): (pressure & 0x7F, nil)
        case .pitchBend(_, let value): (UInt8(value & 0x7F), UInt8((value >> 7) & 0x7F))
        }
    }

    /// The message as bytes on the wire (status first; running status is not used).
    public var bytes: [UInt8] {
        let (first, second) = dataBytes
        return second.map { [status, first, $0] } ?? [status, first]
    }
}
