import Foundation

/// The package's folders, as the tests find them (from this file's place in the source tree).
public enum PackageFolder {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A release-built program of the package (`.build/release/NAME`), when it has been built.
    public static func releaseProgram(_ name: String) -> String? {
        let path = root.appendingPathComponent(".build/release/\(name)").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
