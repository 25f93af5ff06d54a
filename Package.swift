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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Pure core: theory, notation, timeline, MIDI writer. No C, no I/O beyond text.
        .target(name: "JianpuCore"),
        .systemLibrary(
            name: "CFluidSynth",
            providers: [.apt(["libfluidsynth-dev"])]
        ),
        .target(name: "JianpuAudio", dependencies: ["JianpuCore", "CFluidSynth"]),
        // Terminal input and drawing for the interactive programs.
        .target(name: "JianpuTerminal", dependencies: ["JianpuCore", "JianpuAudio"]),
        .executableTarget(
            name: "jianpu",
            dependencies: [
                "JianpuCore", "JianpuAudio", "JianpuTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "jianpu-bench", dependencies: ["JianpuCore", "JianpuAudio"]),
        .testTarget(name: "JianpuCoreTests", dependencies: ["JianpuCore"]),
        .testTarget(name: "JianpuAudioTests", dependencies: ["JianpuAudio", "JianpuCore"]),
        .testTarget(name: "JianpuCLITests", dependencies: ["JianpuCore"]),
        .testTarget(name: "JianpuTerminalTests", dependencies: ["JianpuTerminal", "JianpuCore", "JianpuAudio"]),
    ],
    swiftLanguageModes: [.v6]
)
