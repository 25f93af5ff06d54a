import Foundation
import JianpuFiles

/// Finds the SoundFont to play with, in the documented order.
///
/// 1. an explicit path (`--soundfont`), 2. `$JIANPU_SOUNDFONT`, 3. `/usr/share/sounds/sf2/default-GM.sf2`,
/// 4. any other `.sf2` file in that folder (alphabetically).
public struct SoundFontLocator: Sendable {
    /// The folder Debian's SoundFont packages install into.
    public static let systemFolder = "/usr/share/sounds/sf2"
    /// The file Debian's alternatives system points at the preferred General MIDI SoundFont.
    public static let defaultFileName = "default-GM.sf2"

    /// Where `JIANPU_SOUNDFONT` is read from.
    public var environment: [String: String]
    /// The folder searched last (`/usr/share/sounds/sf2`).
    public var systemFolder: String

    /// A locator reading the process environment and the system folder; both can be replaced for tests.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, systemFolder: String = SoundFontLocator.systemFolder) {
        self.environment = environment
        self.systemFolder = systemFolder
    }

    /// The SoundFont to use.
    ///
    /// - Parameter explicitPath: the `--soundfont` option, if given; it must exist.
    /// - Throws: `AudioError` (`.soundFontMissing` for a given path that does not exist,
    ///   `.soundFontNotFound` when nothing is found; the message names the Debian packages).
    public func locate(explicitPath: String? = nil) throws -> String {
        if let path = explicitPath, !path.isEmpty {
            return try existing(path, from: "--soundfont")
        }
        if let path = environment["JIANPU_SOUNDFONT"], !path.isEmpty {
            return try existing(path, from: "JIANPU_SOUNDFONT")
        }
        let folder = URL(fileURLWithPath: systemFolder)
        let preferred = folder.appendingPathComponent(Self.defaultFileName).path
        if isReadableFile(preferred) { return preferred }
        let others = (try? FileManager.default.contentsOfDirectory(atPath: systemFolder)) ?? []
        for name in others.sorted() where name.lowercased().hasSuffix(".sf2") {
            let path = folder.appendingPathComponent(name).path
            if isReadableFile(path) { return path }
        }
        throw AudioError(
            .soundFontNotFound,
            "no SoundFont found (looked at --soundfont, $JIANPU_SOUNDFONT and \(systemFolder)/*.sf2); install one with `sudo apt install fluid-soundfont-gm` (or timgm6mb-soundfont), or pass --soundfont FILE.sf2"
        )
    }

    private func existing(_ path: String, from source: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            var info = stat()
            let code = stat(path, &info) == 0 ? ENOENT : errno
            guard code == ENOENT else { throw AudioError(.soundFontMissing, "SoundFont \(path) (from \(source)) \(InputFile.missingReason(code))") }
            throw AudioError(.soundFontMissing, "SoundFont \(path) (from \(source)) does not exist; check the path, or leave \(source) out to use the system SoundFont (Debian: fluid-soundfont-gm)")
        }
        // Only a regular file is opened: a FIFO or a device would block FluidSynth forever.
        guard (try? InputFile.check(path)) != nil, FileManager.default.isReadableFile(atPath: path) else {
            throw AudioError(.soundFontMissing, "SoundFont \(path) (from \(source)) is not a readable regular file; point \(source) at a .sf2 file")
        }
        return path
    }

    private func isReadableFile(_ path: String) -> Bool {
        (try? InputFile.check(path)) != nil && FileManager.default.isReadableFile(atPath: path)
    }
}
