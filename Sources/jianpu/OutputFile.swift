import Foundation

/// An output written whole or not at all: to a temporary file beside the target, then renamed over it.
struct OutputFile {
    let path: String

    /// Whether `other` names the same file (so writing would destroy the input).
    func isSame(as other: String) -> Bool {
        let a = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let b = URL(fileURLWithPath: other).standardizedFileURL.resolvingSymlinksInPath()
        return a.path == b.path
    }

    /// Why the file cannot be written, found before any work is done: nil when it can.
    var problem: String? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return "there is no folder \(folder)" }
        guard access(folder, W_OK) == 0 else { return "the folder \(folder) is not writable" }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return "it is a folder" }
        return nil
    }

    func write(_ data: Data) throws {
        try write { temporary in try data.write(to: URL(fileURLWithPath: temporary)) }
    }

    /// Lets `produce` write a temporary file beside the target, then renames it into place.
    func write(_ produce: (String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        do {
            try produce(temporary)
            guard rename(temporary, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
