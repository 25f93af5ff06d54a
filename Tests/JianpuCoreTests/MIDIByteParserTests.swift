import Testing

@testable import JianpuCore

@Suite("MIDI byte parser")
struct MIDIByteParserTests {
    static let cases: [(String, [UInt8], [MIDIMessage])] = [
        ("note on", [0x90, 60, 100], [.noteOn(channel: 0, key: 60, velocity: 100)]),
        ("note off", [0x83, 60, 40], [.noteOff(channel: 3, key: 60, velocity: 40)]),
        ("velocity 0 is off", [0x91, 64, 0], [.noteOff(channel: 1, key: 64, velocity: 0)]),
        (
            "running status", [0x90, 60, 100, 64, 100, 67, 100, 60, 0],
            [
                .noteOn(channel: 0, key: 60, velocity: 100), .noteOn(channel: 0, key: 64, velocity: 100),
                .noteOn(channel: 0, key: 67, velocity: 100), .noteOff(channel: 0, key: 60, velocity: 0),
            ]
        ),
        ("real-time bytes inside a message", [0x90, 0xF8, 60, 0xFE, 100, 0xFA], [.noteOn(channel: 0, key: 60, velocity: 100)]),
        (
            "sysex skipped and cancels running status", [0x90, 60, 100, 0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7, 62, 100, 0x90, 62, 100],
            [.noteOn(channel: 0, key: 60, velocity: 100), .noteOn(channel: 0, key: 62, velocity: 100)]
        ),
        ("data without status ignored", [60, 100, 0x92, 60, 1], [.noteOn(channel: 2, key: 60, velocity: 1)]),
        (
            "program change and channel pressure take one byte", [0xC5, 19, 20, 0xD0, 64],
            [.programChange(channel: 5, program: 19), .programChange(channel: 5, program: 20), .channelPressure(channel: 0, pressure: 64)]
        ),
        ("control change", [0xB0, 64, 127], [.controlChange(channel: 0, controller: 64, value: 127)]),
        ("pitch bend", [0xE0, 0x00, 0x40], [.pitchBend(channel: 0, value: 8192)]),
        ("song position skipped", [0xF2, 1, 2, 0x90, 60, 100], [.noteOn(channel: 0, key: 60, velocity: 100)]),
        ("status interrupts an unfinished message", [0x90, 60, 0x80, 61, 0], [.noteOff(channel: 0, key: 61, velocity: 0)]),
    ]

    @Test("byte streams", arguments: 0..<cases.count)
    func table(_ index: Int) {
        let (name, bytes, expected) = Self.cases[index]
        var parser = MIDIByteParser()
        #expect(parser.messages(from: bytes) == expected, "\(name)")
        // Byte by byte gives the same.
        var split = MIDIByteParser()
        var messages: [MIDIMessage] = []
        for byte in bytes { if let message = split.feed(byte) { messages.append(message) } }
        #expect(messages == expected, "\(name), byte by byte")
    }

    @Test(
        "a message's bytes read back as the same message",
        arguments: [
            MIDIMessage.noteOn(channel: 3, key: 60, velocity: 100), .noteOff(channel: 15, key: 127, velocity: 64),
            .controlChange(channel: 0, controller: 64, value: 127), .allNotesOff(channel: 9), .programChange(channel: 1, program: 40),
            .pitchBend(channel: 2, value: 0x3FFF), .polyPressure(channel: 4, key: 61, pressure: 5), .channelPressure(channel: 5, pressure: 99),
        ])
    func roundTrip(message: MIDIMessage) {
        var parser = MIDIByteParser()
        #expect(parser.messages(from: message.bytes) == [message])
        #expect(message.bytes.first.map { $0 & 0x0F } == message.channel)
    }

    @Test("All Notes Off is controller 123 on one channel")
    func allNotesOff() {
        #expect(MIDIMessage.allNotesOff(channel: 4).bytes == [0xB4, 123, 0])
        #expect(MIDIMessage.allNotesOff(channel: 4).isAllNotesOff)
        #expect(!MIDIMessage.controlChange(channel: 4, controller: 64, value: 0).isAllNotesOff)
    }
}
