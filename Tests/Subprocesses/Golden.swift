import Foundation

/// Golden files: what a program printed or drew, kept to compare with. `JIANPU_UPDATE_GOLDEN=1` rewrites
/// them from what the run produced (after a deliberate change; `git diff` then shows it).
public enum Golden {
    /// Whether this run rewrites golden files.
    public static let updating = ProcessInfo.processInfo.environment["JIANPU_UPDATE_GOLDEN"] == "1"

    /// The expected text of `file`: its content, or `actual` written into it first when updating.
    public static func expected(_ actual: String, in file: URL) throws -> String {
        if updating {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: file, encoding: .utf8)
    }
}
