// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "jianpu",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "JianpuCore", targets: ["JianpuCore"]),
        .library(name: "JianpuAudio", targets: ["JianpuAudio"]),
        .executable(name: "jianpu", targets: ["jianpu"]),
        .executable(name: "jianpu-bench", targets: ["jianpu-bench"]),
        .executable(name: "chordpad", targets: ["chordpad"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Pure core: theory, notation, timeline, MIDI writer. No C, no I/O beyond text.
        // Safe file I/O shared by every program: checked inputs, outputs replaced whole, streams that never trap.
        .target(name: "JianpuFiles"),
        .target(name: "JianpuCore", dependencies: ["JianpuFiles"]),
        .systemLibrary(
            name: "CFluidSynth",
            providers: [.apt(["libfluidsynth-dev"])]
        ),
        .target(name: "JianpuAudio", dependencies: ["JianpuCore", "JianpuFiles", "CFluidSynth"]),
        // Terminal and MIDI input, and drawing, for the interactive programs.
        .target(name: "JianpuTerminal", dependencies: ["JianpuCore", "JianpuAudio"]),
        // Option groups the command-line programs share.
        .target(
            name: "JianpuCommandLine",
            dependencies: ["JianpuCore", "JianpuAudio", "JianpuFiles", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Interval ear trainer: drills, adaptive selection, the SQLite log (GRDB), statistics.
        .target(
            name: "JianpuQuiz",
            dependencies: [
                "JianpuCore", "JianpuAudio", "JianpuTerminal", "JianpuFiles", "CFluidSynth",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "jianpu",
            dependencies: [
                "JianpuCore", "JianpuAudio", "JianpuTerminal", "JianpuCommandLine", "JianpuQuiz", "JianpuFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "jianpu-bench", dependencies: ["JianpuCore", "JianpuAudio", "JianpuChordPad"]),
        // The chord instrument: its logic and screen (JianpuChordPad) and the thin program (chordpad).
        .target(name: "JianpuChordPad", dependencies: ["JianpuCore", "JianpuAudio", "JianpuTerminal", "JianpuFiles"]),
        .executableTarget(
            name: "chordpad",
            dependencies: [
                "JianpuChordPad", "JianpuCore", "JianpuAudio", "JianpuTerminal", "JianpuCommandLine", "JianpuFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "JianpuChordPadTests", dependencies: ["JianpuChordPad", "JianpuCore", "JianpuAudio", "JianpuTerminal"]),
        .testTarget(name: "JianpuCoreTests", dependencies: ["JianpuCore"]),
        // Analysis of rendered audio (FFT, pitch, onsets) shared by the test targets.
        .target(name: "AudioAnalysis", path: "Tests/AudioAnalysis"),
        .testTarget(name: "JianpuAudioTests", dependencies: ["JianpuAudio", "JianpuCore", "AudioAnalysis"]),
        .testTarget(name: "JianpuCLITests", dependencies: ["JianpuCore"], exclude: ["Golden"]),
        .testTarget(name: "JianpuFilesTests", dependencies: ["JianpuFiles"]),
        .testTarget(
            name: "JianpuQuizTests",
            dependencies: ["JianpuQuiz", "JianpuCore", "JianpuAudio", "AudioAnalysis", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Golden"]
        ),
        .testTarget(name: "JianpuTerminalTests", dependencies: ["JianpuTerminal", "JianpuCore", "JianpuAudio"]),
    ],
    swiftLanguageModes: [.v6]
)
