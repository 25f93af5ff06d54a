import JianpuCore
import Foundation

/// MIDI input from the ALSA sequencer: a port (named `chordpad` for the chord pad) that other
/// clients connect to (`aconnect 20:0 chordpad`), optionally connected at once from `CLIENT:PORT`.
///
/// libasound is loaded at run time (`dlopen`), so the package needs no ALSA headers and machines
/// without it still run. Events are turned back into MIDI bytes (`snd_midi_event_decode`) for
/// `MIDIByteParser`.
final class ALSASequencerInput: @unchecked Sendable {
    private typealias Open = @convention(c) (UnsafeMutablePointer<OpaquePointer?>, UnsafePointer<CChar>, Int32, Int32) -> Int32
    private typealias SetName = @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> Int32
    private typealias CreatePort = @convention(c) (OpaquePointer, UnsafePointer<CChar>, UInt32, UInt32) -> Int32
    private typealias ParseAddress = @convention(c) (OpaquePointer, UnsafeMutableRawPointer, UnsafePointer<CChar>) -> Int32
    private typealias ConnectFrom = @convention(c) (OpaquePointer, Int32, Int32, Int32) -> Int32
    private typealias EventInput = @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
    private typealias EventNew = @convention(c) (Int, UnsafeMutablePointer<OpaquePointer?>) -> Int32
    private typealias NoStatus = @convention(c) (OpaquePointer, Int32) -> Void
    private typealias Decode = @convention(c) (OpaquePointer, UnsafeMutablePointer<UInt8>, Int, UnsafeRawPointer) -> Int
    private typealias StrError = @convention(c) (Int32) -> UnsafePointer<CChar>?

    private let handle: OpaquePointer
    private let decoder: OpaquePointer
    private let eventInput: EventInput
    private let decode: Decode

    /// Opens the sequencer and creates the input port; `source` (`20:0`, or a client name) is connected at once.
    /// - Throws: `MIDIInputError` with what went wrong.
    init(portName: String, source: String?) throws {
        guard let library = dlopen("libasound.so.2", RTLD_NOW) else {
            throw MIDIInputError("cannot use the ALSA sequencer: libasound.so.2 is not installed (Debian: libasound2); give a raw MIDI device or FIFO path")
        }
        func symbol<T>(_ name: String, _ type: T.Type) throws -> T {
            guard let pointer = dlsym(library, name) else {
                throw MIDIInputError("cannot use the ALSA sequencer: libasound has no \(name)")
            }
            return unsafeBitCast(pointer, to: type)
        }
        let open = try symbol("snd_seq_open", Open.self)
        let setName = try symbol("snd_seq_set_client_name", SetName.self)
        let createPort = try symbol("snd_seq_create_simple_port", CreatePort.self)
        let parseAddress = try symbol("snd_seq_parse_address", ParseAddress.self)
        let connectFrom = try symbol("snd_seq_connect_from", ConnectFrom.self)
        let eventNew = try symbol("snd_midi_event_new", EventNew.self)
        let noStatus = try symbol("snd_midi_event_no_status", NoStatus.self)
        let strerror = try symbol("snd_strerror", StrError.self)
        self.eventInput = try symbol("snd_seq_event_input", EventInput.self)
        self.decode = try symbol("snd_midi_event_decode", Decode.self)
        func message(_ code: Int32) -> String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }

        var opened: OpaquePointer?
        let openInput: Int32 = 2 // SND_SEQ_OPEN_INPUT
        let status = open(&opened, "default", openInput, 0)
        guard status >= 0, let seq = opened else {
            throw MIDIInputError("cannot open the ALSA sequencer: \(message(status)); give a raw MIDI device or FIFO path")
        }
        _ = setName(seq, portName)
        let capabilities: UInt32 = (1 << 1) | (1 << 6) // WRITE | SUBS_WRITE
        let types: UInt32 = (1 << 1) | (1 << 20) // MIDI_GENERIC | APPLICATION
        let port = createPort(seq, portName, capabilities, types)
        guard port >= 0 else { throw MIDIInputError("cannot create an ALSA sequencer port: \(message(port))") }
        if let source, !source.isEmpty {
            var address: (UInt8, UInt8) = (0, 0)
            let parsed = withUnsafeMutableBytes(of: &address) { parseAddress(seq, $0.baseAddress!, source) }
            guard parsed >= 0 else { throw MIDIInputError("no ALSA sequencer port '\(source)': \(message(parsed)); see `aconnect -i`") }
            let connected = connectFrom(seq, port, Int32(address.0), Int32(address.1))
            guard connected >= 0 else { throw MIDIInputError("cannot connect from ALSA sequencer port \(source): \(message(connected))") }
        }
        var created: OpaquePointer?
        guard eventNew(256, &created) >= 0, let created else { throw MIDIInputError("cannot set up the ALSA MIDI event decoder") }
        noStatus(created, 1)
        handle = seq
        decoder = created
    }

    /// Blocks for the next event and returns its MIDI bytes (empty for events with none), or nil on an error.
    func next() -> [UInt8]? {
        var event: UnsafeMutableRawPointer?
        let status = eventInput(handle, &event)
        if status == -EAGAIN || status == -ENOSPC || status == -EINTR { return [] }
        guard status >= 0, let event else { return nil }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBufferPointer { decode(decoder, $0.baseAddress!, $0.count, event) }
        return count > 0 ? Array(bytes[..<count]) : []
    }
}
