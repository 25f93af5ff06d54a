import CALSA
import Foundation
import JianpuCore

/// MIDI input from the ALSA sequencer: a port (named `chordpad` for the chord pad) that other
/// clients connect to (`aconnect 20:0 chordpad`), optionally connected at once from `CLIENT:PORT`.
///
/// Events are turned back into MIDI bytes (`snd_midi_event_decode`) for `MIDIByteParser`.
final class ALSASequencerInput: @unchecked Sendable {
    private let handle: OpaquePointer
    private let decoder: OpaquePointer

    /// Opens the sequencer and creates the input port; `source` (`20:0`, or a client name) is connected at once.
    /// - Throws: `TerminalError` with what went wrong.
    init(portName: String, source: String?) throws {
        func message(_ code: Int32) -> String { snd_strerror(code).map { String(cString: $0) } ?? "error \(code)" }
        var opened: OpaquePointer?
        let status = snd_seq_open(&opened, "default", SND_SEQ_OPEN_INPUT, 0)
        guard status >= 0, let seq = opened else {
            throw TerminalError.sequencer(action: "open the ALSA sequencer", message: message(status), advice: "give a raw MIDI device or FIFO path")
        }
        _ = snd_seq_set_client_name(seq, portName)
        let port = snd_seq_create_simple_port(
            seq, portName, UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE),
            UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION))
        guard port >= 0 else {
            snd_seq_close(seq)
            throw TerminalError.sequencer(action: "create an ALSA sequencer port", message: message(port), advice: nil)
        }
        if let source, !source.isEmpty {
            var address = snd_seq_addr_t()
            let parsed = snd_seq_parse_address(seq, &address, source)
            guard parsed >= 0 else {
                snd_seq_close(seq)
                throw TerminalError.noSequencerPort(source: source, message: message(parsed))
            }
            let connected = snd_seq_connect_from(seq, port, Int32(address.client), Int32(address.port))
            guard connected >= 0 else {
                snd_seq_close(seq)
                throw TerminalError.sequencer(action: "connect from ALSA sequencer port \(source)", message: message(connected), advice: nil)
            }
        }
        var created: OpaquePointer?
        guard snd_midi_event_new(256, &created) >= 0, let created else {
            snd_seq_close(seq)
            throw TerminalError.midiSetUp("the ALSA MIDI event decoder")
        }
        snd_midi_event_no_status(created, 1)
        handle = seq
        decoder = created
    }

    deinit {
        snd_midi_event_free(decoder)
        snd_seq_close(handle)
    }

    /// Blocks for the next event and returns its MIDI bytes (empty for events with none), or nil on an error.
    func next() -> [UInt8]? {
        var event: UnsafeMutablePointer<snd_seq_event_t>?
        let status = snd_seq_event_input(handle, &event)
        if status == -EAGAIN || status == -ENOSPC || status == -EINTR { return [] }
        guard status >= 0, let event else { return nil }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            snd_midi_event_decode(decoder, buffer.baseAddress, buffer.count, event)
        }
        return count > 0 ? Array(bytes[..<count]) : []
    }
}
