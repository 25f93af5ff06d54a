import Foundation
import Subprocesses
import Testing

/// The exit-status table (README): failures of sound output, drivers and signals, each with its status.
@Suite("jianpu exit statuses")
struct ExitStatusTests {
    /// Runs `jianpu` with `arguments`, killing it after `limit` seconds (then `timedOut` is true).
    static func run(_ arguments: [String], limit: Double = 30, signal: (Int32, after: Double)? = nil) throws -> Subprocess {
        try Subprocess.run(
            CommandLineTests.executable, arguments, directory: CommandLineTests.packageRoot, timeLimit: limit,
            signal: signal.map { (number: $0.0, after: $0.after) })
    }

    static var hasSoundFont: Bool {
        FileManager.default.fileExists(atPath: ProcessInfo.processInfo.environment["JIANPU_SOUNDFONT"] ?? "/usr/share/sounds/sf2/default-GM.sf2")
    }

    @Test(
        "play into a full disk stops with a message and status 1, and does not hang",
        .enabled(if: Prerequisite.met(hasSoundFont), "needs a SoundFont"))
    func fullDiskStopsPlay() throws {
        let outcome = try Self.run(["play", "Scores/bjehp.jp", "--out", "/dev/full"])
        #expect(!outcome.timedOut, "jianpu play --out /dev/full was still running after 30 s")
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("jianpu: "), "\(outcome.errors)")
        #expect(outcome.errors.contains("/dev/full"), "\(outcome.errors)")
    }

    @Test(
        "a signal stops play at once with 128 + its number (130 for SIGINT)",
        .enabled(if: Prerequisite.met(hasSoundFont), "needs a SoundFont"), arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func signalStopsPlay(signal: Int32, status: Int32) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-signal-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: out) }
        let outcome = try Self.run(["play", "Scores/bjehp.jp", "--out", out.path], limit: 20, signal: (signal, after: 3))
        #expect(!outcome.timedOut)
        #expect(outcome.status == status)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        // The WAV was finished: its header says how much audio it holds.
        let bytes = [UInt8](try Data(contentsOf: out))
        let dataBytes = bytes.count >= 44 ? Int(bytes[40]) | Int(bytes[41]) << 8 | Int(bytes[42]) << 16 | Int(bytes[43]) << 24 : 0
        #expect(dataBytes > 0 && dataBytes == bytes.count - 44)
    }

    @Test(
        "a driver FluidSynth does not have is a usage error (64) naming the drivers it has",
        .enabled(if: Prerequisite.met(hasSoundFont), "needs a SoundFont"))
    func unknownDriver() throws {
        let outcome = try Self.run(["play", "Scores/bjehp.jp", "--driver", "pulse"])
        #expect(outcome.status == 64)
        #expect(outcome.errors.hasPrefix("jianpu: unknown audio driver 'pulse': this FluidSynth has "), "\(outcome.errors)")
        #expect(outcome.errors.contains("alsa"))
        #expect(!outcome.errors.contains("no sound device"))
    }

    @Test(
        "no sound device is status 3 and suggests jianpu render or --out",
        .enabled(if: Prerequisite.met(hasSoundFont) && !FileManager.default.fileExists(atPath: "/dev/snd/pcmC7D0p"), "needs a SoundFont and no card 7"))
    func noSoundDevice() throws {
        let outcome = try Self.run(["play", "Scores/bjehp.jp", "--device", "hw:7,0"])
        #expect(outcome.status == 3)
        #expect(outcome.errors.hasPrefix("jianpu: no sound device"), "\(outcome.errors)")
        #expect(outcome.errors.contains("jianpu render"))
        #expect(outcome.errors.split(separator: "\n").count == 1)
    }
}
