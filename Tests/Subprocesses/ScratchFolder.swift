import Foundation

/// Fresh folders for a test's files, all inside one folder per test process that is removed when the process ends.
///
/// Tests that made their own folders in the temporary directory left thousands behind over a few runs.
public enum ScratchFolder {
    /// The test process's folder: `jianpu-tests-<pid>` in the temporary directory, removed at exit.
    public static let root: String = {
        let path = NSTemporaryDirectory() + "jianpu-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "jianpu-tests-\(getpid())") }
        return path
    }()

    /// A new empty folder named after `name` (a test's function name is typical), unique in this process.
    public static func make(_ name: String = #function) -> String {
        let path = root + "/" + name.filter { $0.isLetter || $0.isNumber } + "-" + UUID().uuidString.prefix(8)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
