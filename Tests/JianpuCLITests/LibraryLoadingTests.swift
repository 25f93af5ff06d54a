import Foundation
import Subprocesses
import Testing

/// The C libraries that only some commands use are opened at the first call into them (CLibraryLoader):
/// a command that neither sounds, draws nor scans loads none of them, and one that does still works.
@Suite("jianpu opens its C libraries on first use")
struct LibraryLoadingTests {
    /// The libraries opened only on first use, as their file names begin.
    static let onFirstUse = [
        "libfluidsynth.so", "libsndfile.so", "libasound.so", "liblept.so", "libleptonica.so", "libcairo.so",
        "libfontconfig.so", "libpoppler-glib.so", "libpoppler.so", "libgobject-2.0.so", "libglib-2.0.so",
    ]

    /// Runs `jianpu arguments`; the file names of the shared libraries it loaded, as the dynamic loader
    /// reports them (`LD_DEBUG=files`: "file=libcairo.so.2 [0];  needed by …").
    static func loaded(_ arguments: [String]) throws -> (outcome: Subprocess, libraries: [String]) {
        let outcome = try Subprocess.run(
            CommandLineTests.executable, arguments, environment: ["LD_DEBUG": "files"],
            directory: CommandLineTests.packageRoot, timeLimit: 120)
        let libraries = outcome.errors.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " && $0 != "\t" })
        }
        return (outcome, libraries)
    }

    static func firstUse(_ libraries: [String]) -> [String] {
        libraries.filter { library in onFirstUse.contains { library.hasPrefix($0) } }
    }

    @Test(
        "export, check and info load none of the sound, drawing or scanning libraries",
        arguments: [
            ["export", "Scores/bjehp.jp", "-o"], ["check", "Scores/bjehp.jp"], ["info", "Scores/bjehp.jp"],
        ])
    func plainCommandsLoadNone(arguments: [String]) throws {
        let midi = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-lazy-\(UUID().uuidString).mid")
        defer { try? FileManager.default.removeItem(at: midi) }
        let (outcome, libraries) = try Self.loaded(arguments.last == "-o" ? arguments + [midi.path] : arguments)
        #expect(outcome.status == 0, "\(outcome.errors.suffix(500))")
        #expect(!libraries.isEmpty, "LD_DEBUG=files reported no libraries")
        #expect(Self.firstUse(libraries).isEmpty, "\(arguments[0]) loaded \(Self.firstUse(libraries))")
    }

    @Test("a library that cannot be opened is one line naming it, and status 1", .enabled(if: Prerequisite.met(ExitStatusTests.hasSoundFont), "needs a SoundFont"))
    func missingLibraryIsOneLine() throws {
        // Empty files in front of the real ones: each of FluidSynth's names fails to open, as when it is not installed.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-no-fluidsynth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["libfluidsynth.so.3", "libfluidsynth.so.2", "libfluidsynth.so"] {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        let wav = folder.appendingPathComponent("out.wav")
        let outcome = try Subprocess.run(
            CommandLineTests.executable, ["render", "Scores/bjehp.jp", "-o", wav.path],
            environment: ["LD_LIBRARY_PATH": folder.path], directory: CommandLineTests.packageRoot, timeLimit: 120)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("jianpu: cannot open FluidSynth: "), "\(outcome.errors)")
        #expect(outcome.errors.split(separator: "\n").count == 1, "\(outcome.errors)")
        // Nothing written: no WAV and no temporary file beside it.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("libfluidsynth") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("typeset to PDF opens cairo when it draws, and writes the PDF")
    func typesetOpensCairo() throws {
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-lazy-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        let (outcome, libraries) = try Self.loaded(["typeset", "Scores/bjehp.jp", "-o", pdf.path])
        #expect(outcome.status == 0, "\(outcome.errors.suffix(500))")
        #expect(libraries.contains { $0.hasPrefix("libcairo.so") })
        #expect(!libraries.contains { $0.hasPrefix("libfluidsynth.so") })
        let bytes = (try? Data(contentsOf: pdf)) ?? Data()
        #expect(bytes.starts(with: Array("%PDF".utf8)))
    }
}
