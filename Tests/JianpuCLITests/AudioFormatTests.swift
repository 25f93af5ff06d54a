import Foundation
import Subprocesses
import Testing

/// `jianpu render -o x.wav|x.flac|x.ogg`: the format the name says, decoded by sox to the same length,
/// brought to the loudness asked for (measured independently by pyloudnorm).
@Suite("render audio formats and loudness", .serialized)
struct AudioFormatTests {
    static let score = "1=D\n4/4\n4=132\n1 3 5 1' | 6 5 3 2 | 1 3 5 1' | 7 - 1' - |\nNextPart\n1, - 5, - | 4, - 5, - | 1, - 5, - | 5, - 1, - |\n"

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try score.write(to: folder.appendingPathComponent("song.jp"), atomically: true, encoding: .utf8)
        return folder
    }

    static var hasSox: Bool { Subprocess.which("sox") != nil && Subprocess.which("soxi") != nil }

    static let hasPyloudnorm: Bool = {
        guard let python = Subprocess.which("python3") else { return false }
        return (try? Subprocess.run(python, ["-c", "import pyloudnorm, numpy"]))?.status == 0
    }()

    /// `soxi` on a file: the value of one option (`-s` samples, `-t` type, `-e` encoding).
    static func soxi(_ option: String, _ path: String) throws -> String {
        let run = try Subprocess.run(try #require(Subprocess.which("soxi")), [option, path])
        #expect(run.status == 0, "soxi \(option) \(path): \(run.errors)")
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("the name's extension picks the format; .ogg and .flac decode to as many samples as the .wav", .enabled(if: Prerequisite.met(hasSox)))
    func formatsFollowTheName() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["song.wav", "song.flac", "song.ogg"] {
            let run = try CommandLineTests.run(["render", "song.jp", "-o", name], in: folder)
            #expect(run.status == 0, "\(name): \(run.errors)")
        }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        #expect(try Self.soxi("-t", path("song.wav")) == "wav")
        #expect(try Self.soxi("-t", path("song.flac")) == "flac")
        #expect(try Self.soxi("-t", path("song.ogg")) == "vorbis")
        let samples = try Self.soxi("-s", path("song.wav"))
        #expect(Int(samples) ?? 0 > 44_100 * 7)
        #expect(try Self.soxi("-s", path("song.flac")) == samples)
        #expect(try Self.soxi("-s", path("song.ogg")) == samples)
        // Decoded by sox, not only described by its header.
        for name in ["song.flac", "song.ogg"] {
            let decoded = path(name + ".wav")
            let run = try Subprocess.run(try #require(Subprocess.which("sox")), [path(name), decoded])
            #expect(run.status == 0, "sox \(name): \(run.errors)")
            #expect(try Self.soxi("-s", decoded) == samples, "\(name) decoded")
        }
    }

    @Test("an extension render cannot write is refused before any work, and nothing is written", arguments: ["song.mp3", "song", "song.wav.txt"])
    func unknownExtensionRefused(name: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CommandLineTests.run(["render", "missing.jp", "-o", name], in: folder)
        #expect(run.status == 64)
        #expect(run.errors.contains("cannot tell the format of '\(name)': give a name ending in .wav, .flac or .ogg"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
    }

    /// Integrated loudness (pyloudnorm) and sample peak (dBFS) of a WAV.
    static func measure(_ path: String) throws -> (loudness: Double, peak: Double) {
        let script = """
            import sys, wave, numpy as np, pyloudnorm as pyln
            w = wave.open(sys.argv[1]); n = w.getnframes()
            d = np.frombuffer(w.readframes(n), dtype='<i2').reshape(-1, w.getnchannels()) / 32768.0
            print(pyln.Meter(w.getframerate()).integrated_loudness(d), 20 * np.log10(np.abs(d).max()))
            """
        let run = try Subprocess.run(try #require(Subprocess.which("python3")), ["-c", script, path])
        try #require(run.status == 0, "\(run.errors)")
        let numbers = run.output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(numbers.count == 2, "\(run.output)")
        return (numbers[0], numbers[1])
    }

    @Test(
        "renders are brought to -16 LUFS by default, to --loudness when asked, peaks under -1 dBFS; --gain turns it off",
        .enabled(if: Prerequisite.met(hasPyloudnorm)))
    func loudnessIsNormalised() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for (name, options) in [("default.wav", []), ("quiet.wav", ["--loudness", "-23"]), ("gain.wav", ["--gain", "0.5"])] {
            let run = try CommandLineTests.run(["render", "song.jp", "-o", name] + options, in: folder)
            try #require(run.status == 0, "\(name): \(run.errors)")
        }
        let standard = try Self.measure(path("default.wav"))
        #expect(abs(standard.loudness - -16) < 1, "\(standard.loudness) LUFS")
        #expect(standard.peak < -1, "peak \(standard.peak) dBFS")
        let quiet = try Self.measure(path("quiet.wav"))
        #expect(abs(quiet.loudness - -23) < 1, "\(quiet.loudness) LUFS")
        // At the synth's own level the render is far quieter than the target.
        let raw = try Self.measure(path("gain.wav"))
        #expect(raw.loudness < -22, "\(raw.loudness) LUFS")
    }
}

/// `jianpu help notation`: the reference on stdout, `--man` the page for section 5.
@Suite("jianpu help notation")
struct NotationHelpTests {
    @Test("help notation prints every construct's example, in lines of at most 80 columns but the examples")
    func printsTheReference() throws {
        let run = try CommandLineTests.run(["help", "notation"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("JIANPU NOTATION\n"))
        for needle in ["R{ 1 2 3 4 } A{ 5 - - - | 6 - - - } 1' - - - |", "g[#45] 1 2 3 4 |", "WHERE WE DIFFER FROM THE REFERENCE", "chords=c2 g2"] {
            #expect(run.output.contains(needle), "\(needle)")
        }
        let long = run.output.split(separator: "\n").filter { $0.count > 80 && !$0.hasPrefix("      ") }
        #expect(long.isEmpty, "\(long)")
    }

    @Test("help notation --man is a section-5 page man can format; another option is a usage error")
    func manPage() throws {
        let run = try CommandLineTests.run(["help", "notation", "--man"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix(".TH JIANPU\\-NOTATION 5 "))
        if let man = Subprocess.which("man") {
            let page = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-notation-\(UUID().uuidString).5")
            try run.output.write(to: page, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: page) }
            let formatted = try Subprocess.run(man, ["-l", page.path], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
            #expect(formatted.status == 0, "\(formatted.errors)")
            #expect(formatted.output.contains("JIANPU-NOTATION(5)"))
            #expect(formatted.output.contains("R*8 1 2 3 4 |"))
        }
        let bad = try CommandLineTests.run(["help", "notation", "--html"])
        #expect(bad.status == 64)
        #expect(bad.errors.contains("takes no options but --man"))
    }
}

/// `--transpose`/`--key` beyond the sound: the printed page and the MIDI file.
@Suite("transposition in typeset and export")
struct TranspositionOutputTests {
    @Test("typeset --key Eb prints 1=Eb and the chord symbols in E-flat")
    func typesetPrintsMovedKey() throws {
        let folder = try AudioFormatTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "title=T\nchords=c2 g:7 a:m/e f\n1=C\n4/4\n1 2 3 4 | 5 6 7 1 |\n".write(to: folder.appendingPathComponent("c.jp"), atomically: true, encoding: .utf8)
        let run = try CommandLineTests.run(["typeset", "c.jp", "-o", "c.svg", "--key", "Eb"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        let svg = try String(contentsOf: folder.appendingPathComponent("c.svg"), encoding: .utf8)
        for text in [">1=Eb<", ">E♭<", ">B♭7<", ">Cm/G<", ">A♭<"] { #expect(svg.contains(text), "\(text)") }
        #expect(!svg.contains(">1=C<") && !svg.contains(">G7<"))
    }

    @Test("export --transpose +2 writes every note two semitones up and the key signature of D", .enabled(if: Prerequisite.met(Subprocess.which("python3") != nil)))
    func exportMovesNotesAndKey() throws {
        let folder = try AudioFormatTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for (name, options) in [("plain.mid", []), ("moved.mid", ["--transpose", "+2"])] {
            let run = try CommandLineTests.run(["export", "song.jp", "-o", name] + options, in: folder)
            #expect(run.status == 0, "\(run.errors)")
        }
        let script = """
            import sys, mido
            for p in sys.argv[1:]:
                m = mido.MidiFile(p)
                print([x.note for t in m.tracks for x in t if x.type == 'note_on' and x.velocity > 0], [x.key for t in m.tracks for x in t if x.type == 'key_signature'])
            """
        let run = try Subprocess.run(try #require(Subprocess.which("python3")), ["-c", script, path("plain.mid"), path("moved.mid")])
        try #require(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        // The song is in 1=D: up two is E.
        #expect(lines[0].hasSuffix("['D']") && lines[1].hasSuffix("['E']"), "\(lines)")
        let notes = lines.map { line in line.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        #expect(!notes[0].isEmpty && notes[1] == notes[0].map { $0 + 2 })
    }
}
