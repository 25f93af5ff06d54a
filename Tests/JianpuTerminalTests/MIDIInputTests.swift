import Foundation
import JianpuCore
import Synchronization
import Testing

@testable import JianpuTerminal

@Suite("MIDI input")
struct MIDIInputTests {
    @Test(
        "libasound loads; without /dev/snd/seq opening fails with a clear message",
        .enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq")))
    func openFails() {
        do {
            _ = try ALSASequencerInput(portName: "jianpu-test", source: nil)
            Issue.record("expected an error")
        } catch let error as TerminalError {
            #expect(error.description.contains("ALSA sequencer"), "\(error.description)")
            #expect(!error.description.contains("\n"))
        } catch { Issue.record("\(error)") }
    }

    @Test("the ALSA sequencer where there is none")
    func noSequencer() {
        do {
            _ = try MIDIInput(path: "seq", portName: "chordpad", sequencerDevice: "/nonexistent/seq")
            Issue.record("expected an error")
        } catch let error as TerminalError {
            #expect(error.description == "no ALSA sequencer on this machine (/nonexistent/seq missing): give a raw MIDI device or FIFO path")
        } catch { Issue.record("\(error)") }
    }

    @Test("a file of MIDI bytes is read to its end: the messages are delivered, then the end is reported")
    func readsAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("midi-\(UUID().uuidString).bin").path
        // C4 on, E4 on by running status, C4 off.
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0x90, 60, 100, 64, 90, 0x80, 60, 0])))
        let input = try MIDIInput(path: path, portName: "jianpu-test")
        let received = Mutex<[MIDIMessage]>([])
        let done = DispatchSemaphore(value: 0)
        input.start { messages in
            received.withLock { $0 += messages }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(
            received.withLock { $0 } == [
                .noteOn(channel: 0, key: 60, velocity: 100), .noteOn(channel: 0, key: 64, velocity: 90), .noteOff(channel: 0, key: 60, velocity: 0),
            ])
        var waited = 0
        while input.failure == nil, waited < 500 { usleep(10_000); waited += 1 }
        #expect(input.failure?.contains("the stream ended") == true)
    }
}
