// swift-tools-version:6.0
import PackageDescription
#if os(Linux)
import Foundation
#endif

/// poppler-glib's header folders (glib's among them), for the modules that import CPoppler. Not the module's
/// `pkgConfig`, which would also link poppler-glib and the ~50 libraries under it into every command:
/// CLibraryLoader opens them at the first call instead.
let popplerHeaders: [SwiftSetting] = {
    #if os(Linux)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "poppler-glib"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let folders = text.split(whereSeparator: \.isWhitespace).map(String.init)
    return folders.isEmpty ? [] : [.unsafeFlags(folders.flatMap { ["-Xcc", $0] })]
    #else
    return []
    #endif
}()

/// The programs' release builds carry the Swift runtime and Foundation inside them (`-static-stdlib`): the dynamic
/// loader then resolves symbols in a dozen libraries, not two dozen, which took a third of every run's start-up
/// (`jianpu --version` 9.2 → 6.1 ms of processor time). The objects are compiled against the shared modules, whose
/// link entries do not name what the static Foundation needs, so those archives are listed here, in one group.
/// Debug builds (the tests link the program's module) stay dynamic.
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-stdlib", "-Xlinker", "--start-group",
            "-lFoundationXML", "-l_CFXMLInterface", "-lFoundation", "-lFoundationInternationalization", "-lFoundationEssentials",
            "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
            "-lswift_StringProcessing", "-lswift_RegexParser", "-lswift_Concurrency", "-lswiftDispatch", "-lswiftGlibc",
            "-lswift_Builtin_float", "-Xlinker", "--end-group", "-lxml2",
            // `-static-stdlib` exports every symbol of the program, for libraries loaded later that would use the
            // Swift runtime: none here (CLibraryLoader's libraries are C). Exported, the runtime's start-up `dladdr`
            // and the loader's lookups searched hundreds of thousands of names (--version 6.0 → 5.2 ms without).
            "-Xlinker", "--no-export-dynamic",
            // The program's 119,000 relative relocations packed as bitmaps (DT_RELR, glibc 2.36; gold cannot
            // write them, GNU ld can): a 2.9 MB table the loader read at every start becomes 24 KB (45 fewer
            // page faults of ~900 at start-up).
            "-use-ld=bfd", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        ],
        .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "jianpu",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "JianpuCore", targets: ["JianpuCore"]),
        .library(name: "JianpuNotation", targets: ["JianpuNotation"]),
        .library(name: "JianpuPerformance", targets: ["JianpuPerformance"]),
        .library(name: "JianpuAudio", targets: ["JianpuAudio"]),
        .executable(name: "jianpu", targets: ["jianpu"]),
        .executable(name: "jianpu-bench", targets: ["jianpu-bench"]),
        .executable(name: "chordpad", targets: ["chordpad"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // Starting a long output's write-out to disk while it is being written (sync_file_range).
        .systemLibrary(name: "CFileSync"),
        // Safe file I/O shared by every program: checked inputs, outputs replaced whole, streams that never trap.
        .target(name: "JianpuFiles", dependencies: ["CFileSync"]),
        // The pure core, in three layers (no C, no I/O beyond text), each seeing only those below it:
        // the vocabulary: theory (with the table-file readers), time, text, diagnostics, the property-list parser, MIDI messages.
        .target(name: "JianpuCore", dependencies: ["JianpuFiles"]),
        // The notation: the lexer and parser of jianpu text, the score tree, the seed app's plists.
        .target(name: "JianpuNotation", dependencies: ["JianpuCore", "JianpuFiles"]),
        // The performance: the timeline (played order, times, bars), the written score (printed bars), the MIDI file.
        .target(name: "JianpuPerformance", dependencies: ["JianpuNotation", "JianpuCore"]),
        // Music in and out: MusicXML (and .mxl), ABC and MIDI read into one model and written as jianpu
        // text; scores written as MusicXML. Pure: bytes in, text out.
        .target(
            name: "JianpuInterchange",
            dependencies: ["JianpuCore", "JianpuNotation", "JianpuPerformance", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .systemLibrary(
            name: "CFluidSynth",
            providers: [.apt(["libfluidsynth-dev"])]
        ),
        .systemLibrary(name: "CSndFile", providers: [.apt(["libsndfile1-dev"])]),
        // glibc's allocator settings (mallopt), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // The C libraries below have no `link`: CLibraryLoader defines the functions the Swift code calls in them
        // and opens each library at the first call, so only the commands that sound, draw a PDF or scan load them.
        .target(name: "CLibraryLoader"),
        // libasound: the ALSA sequencer (MIDI input) and quieting its error messages.
        .systemLibrary(
            name: "CALSA",
            providers: [.apt(["libasound2-dev"])]
        ),
        // The only door to C sound: FluidSynth and its audio drivers.
        .target(name: "JianpuAudio", dependencies: ["JianpuCore", "JianpuPerformance", "JianpuFiles", "CFluidSynth", "CSndFile", "CALSA", "CLibraryLoader"]),
        // Jianpu laid out as printed: pages of positioned glyphs, drawn as SVG. Pure: fonts are measured through a protocol.
        .target(name: "JianpuEngraving", dependencies: ["JianpuCore", "JianpuNotation", "JianpuPerformance"], resources: [.embedInCode("Resources/player.js")]),
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        // The engraving's real fonts and its PDF, through cairo.
        .target(name: "JianpuPrint", dependencies: ["JianpuEngraving", "CCairo", "CLibraryLoader"]),
        // The terminal session (raw mode, signals, redraw), the programs' event loop and MIDI input, for the
        // interactive programs. No audio, no engraving.
        .target(name: "JianpuTerminal", dependencies: ["JianpuCore", "JianpuFiles", "CALSA", "CLibraryLoader"]),
        // `jianpu play`: the play screen (the score engraved as text, the practice keys) and its session.
        .target(name: "JianpuPlay", dependencies: ["JianpuCore", "JianpuNotation", "JianpuPerformance", "JianpuAudio", "JianpuEngraving", "JianpuFiles", "JianpuTerminal"]),
        // poppler-glib: a PDF's embedded files, its pages' text with positions, and its pages drawn (through cairo).
        .systemLibrary(name: "CPoppler", providers: [.apt(["libpoppler-glib-dev"])]),
        // leptonica: page images read (PNG, JPEG, TIFF), binarised, straightened, cut into pieces of ink.
        .systemLibrary(name: "CLeptonica", providers: [.apt(["libleptonica-dev"])]),
        // tesseract: the words of page images (titles, lyrics), in English and Chinese.
        .systemLibrary(name: "CTesseract", providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng", "tesseract-ocr-chi-sim"])]),
        // Printed jianpu in: the page model (pages, systems, rows, bars, symbols) and reading its structure. Pure.
        .target(name: "JianpuScan", dependencies: ["JianpuCore", "JianpuInterchange"]),
        // The scan's door to C: PDFs through poppler, page images through leptonica; files read within the project's limits.
        .target(name: "JianpuScanIO", dependencies: ["JianpuScan", "JianpuCore", "JianpuFiles", "CPoppler", "CLeptonica", "CTesseract", "CLibraryLoader"], swiftSettings: popplerHeaders),
        // Option groups the command-line programs share.
        .target(
            name: "JianpuCommandLine",
            dependencies: ["JianpuCore", "JianpuNotation", "JianpuPerformance", "JianpuAudio", "JianpuFiles", "CMalloc", "CLibraryLoader", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What the practice features share (quiz, learn): the prompt player, the answer events, line output, the
        // piano drawing and keys, the seeded random generator, the practice log's core (GRDB) and the session runner.
        .target(
            name: "JianpuPractice",
            dependencies: [
                "JianpuCore", "JianpuPerformance", "JianpuAudio", "JianpuTerminal", "JianpuFiles",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Interval ear trainer: drills, adaptive selection, its answers in the log, statistics.
        .target(
            name: "JianpuQuiz",
            dependencies: [
                "JianpuCore", "JianpuPerformance", "JianpuAudio", "JianpuTerminal", "JianpuFiles", "JianpuPractice",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The scale and chord trainer: lessons, exercises and their screen as a pure state machine (`jianpu learn`).
        .target(
            name: "JianpuLearn",
            dependencies: ["JianpuCore", "JianpuPerformance", "JianpuAudio", "JianpuTerminal", "JianpuPractice", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The live editor (`jianpu serve`): a local, token-guarded web server whose page edits jianpu text beside its
        // typeset pages; routes, file access and the render service. The page's HTML, JS and CSS are Swift strings (Page/).
        .target(
            name: "JianpuServe",
            dependencies: [
                "JianpuCore", "JianpuNotation", "JianpuPerformance", "JianpuAudio", "JianpuFiles", "JianpuEngraving", "JianpuPrint", "JianpuInterchange",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "jianpu",
            dependencies: [
                "JianpuCore", "JianpuNotation", "JianpuPerformance", "JianpuAudio", "JianpuTerminal", "JianpuCommandLine", "JianpuPractice", "JianpuPlay", "JianpuQuiz", "JianpuLearn", "JianpuFiles", "JianpuEngraving", "JianpuPrint", "JianpuInterchange", "JianpuScan", "JianpuScanIO", "JianpuServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: popplerHeaders,
            linkerSettings: staticSwiftRuntime
        ),
        // The benchmarks: notation throughput, rendering, chord pad latency (scripts/bench).
        .executableTarget(name: "jianpu-bench", dependencies: ["JianpuCore", "JianpuNotation", "JianpuPerformance", "JianpuAudio", "JianpuChordPad", "JianpuTerminal", "JianpuEngraving", "JianpuPrint"]),
        // The chord instrument: its logic and screen (JianpuChordPad) and the thin program (chordpad).
        .target(name: "JianpuChordPad", dependencies: ["JianpuCore", "JianpuPerformance", "JianpuAudio", "JianpuTerminal", "JianpuFiles"]),
        .executableTarget(
            name: "chordpad",
            dependencies: [
                "JianpuChordPad", "JianpuCore", "JianpuAudio", "JianpuTerminal", "JianpuCommandLine", "JianpuFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: staticSwiftRuntime
        ),
        .testTarget(name: "JianpuChordPadTests", dependencies: ["Subprocesses", "chordpad", "JianpuChordPad", "JianpuCore", "JianpuAudio", "JianpuTerminal"]),
        // The benchmarks measure something (the figures themselves are for scripts/bench, never asserted as speed).
        .testTarget(name: "JianpuBenchTests", dependencies: ["jianpu-bench", "JianpuAudio"]),
        // The core's three layers, each tested on its own: the vocabulary, the notation as parsed, and the
        // performance (timeline, written score, MIDI file; notation read through what it plays).
        .testTarget(name: "JianpuCoreTests", dependencies: ["JianpuCore"]),
        .testTarget(name: "JianpuNotationTests", dependencies: ["JianpuNotation", "JianpuCore"]),
        .testTarget(name: "JianpuPerformanceTests", dependencies: ["Subprocesses", "JianpuPerformance", "JianpuNotation", "JianpuCore"]),
        .testTarget(name: "JianpuEngravingTests", dependencies: ["Subprocesses", "jianpu", "JianpuEngraving", "JianpuPrint", "JianpuCore", "JianpuNotation", "JianpuPerformance"], exclude: ["Golden", "Browser"]),
        // Analysis of rendered audio (FFT, pitch, onsets) shared by the test targets.
        .target(name: "AudioAnalysis", path: "Tests/AudioAnalysis"),
        // Test doubles and readers the test targets share: RecordingSynthesizer, WAVAudio. Not in any product.
        .target(name: "Subprocesses", path: "Tests/Subprocesses"),
        .target(name: "JianpuTestSupport", dependencies: ["JianpuAudio", "JianpuCore"], path: "Tests/JianpuTestSupport"),
        .testTarget(name: "JianpuAudioTests", dependencies: ["Subprocesses", "JianpuAudio", "JianpuCore", "JianpuNotation", "JianpuPerformance", "AudioAnalysis", "JianpuTestSupport"]),
        // Test targets that run a program depend on it, so `swift test` builds it before them; they find it
        // through `PackageFolder.program` (Tests/Subprocesses), the one way.
        .testTarget(name: "JianpuCLITests", dependencies: ["Subprocesses", "JianpuCore", "AudioAnalysis", "JianpuTestSupport", "jianpu", "chordpad"], exclude: ["Golden"]),
        .testTarget(name: "JianpuFilesTests", dependencies: ["JianpuFiles", "Subprocesses"]),
        // Import and export: MusicXML, ABC, MIDI. Reads results back with music21 and mido when installed.
        .testTarget(name: "JianpuInterchangeTests", dependencies: ["Subprocesses", "JianpuInterchange", "JianpuCore", "JianpuNotation", "JianpuPerformance", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(
            name: "JianpuQuizTests",
            dependencies: ["JianpuQuiz", "JianpuPractice", "JianpuCore", "JianpuAudio", "AudioAnalysis", "JianpuTestSupport", "Subprocesses", "jianpu", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "JianpuLearnTests",
            dependencies: ["JianpuLearn", "JianpuPractice", "JianpuCore", "JianpuTerminal", "Subprocesses", "jianpu", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Scan: typeset pages read back (embedded text, vector PDFs), hostile files refused.
        .testTarget(
            name: "JianpuScanTests",
            dependencies: ["Subprocesses", "JianpuScan", "JianpuScanIO", "JianpuCore", "JianpuNotation", "JianpuPerformance", "JianpuEngraving", "JianpuPrint", "JianpuInterchange"],
            swiftSettings: popplerHeaders
        ),
        // The editor's routes in process (token, Host/Origin, paths, the JSON API) and its page in headless chromium.
        .testTarget(
            name: "JianpuServeTests",
            dependencies: ["Subprocesses", "JianpuServe", "JianpuCore", "jianpu", .product(name: "HummingbirdTesting", package: "hummingbird")],
            exclude: ["Browser"]
        ),
        .testTarget(name: "JianpuPracticeTests", dependencies: ["JianpuPractice", "JianpuCore"]),
        .testTarget(name: "JianpuTerminalTests", dependencies: ["Subprocesses", "JianpuTerminal", "JianpuCore", "JianpuAudio"]),
        .testTarget(name: "JianpuPlayTests", dependencies: ["Subprocesses", "jianpu", "JianpuPlay", "JianpuTerminal", "JianpuCore", "JianpuNotation", "JianpuPerformance", "JianpuAudio"]),
    ],
    swiftLanguageModes: [.v6]
)
