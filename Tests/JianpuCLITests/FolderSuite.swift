import Foundation

/// A suite whose tests each work in a fresh folder of their own: the files they write there, read
/// back and list, and `jianpu` run in it through `sh -c` (`HostileInputTests.shell`).
protocol FolderSuite {
    var folder: URL { get }
}

extension FolderSuite {
    /// A new empty folder under the temporary folder, its name starting with `prefix`.
    static func makeFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `text` as `name` in the folder and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The text of `name` in the folder, if it is there.
    func text(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in the folder (or in its sub-folder `sub`), sorted.
    func names(_ sub: String = "") -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path).sorted()) ?? []
    }

    /// `script` run by `sh -c` in the folder, `$J` the built `jianpu`.
    func shell(_ script: String) throws -> CommandLineTests.Outcome { try HostileInputTests.shell(script, in: folder) }
}

/// Whether this process may mount a small tmpfs (root, and a system that allows it: not every container does),
/// for the tests of full and read-only media.
let canMountTmpfs: Bool = {
    guard getuid() == 0,
        let outcome = try? CommandLineTests.run(
            ["-c", "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs \"$d\" && umount \"$d\"; status=$?; rmdir \"$d\"; exit $status"],
            executable: "/bin/sh")
    else { return false }
    return outcome.status == 0
}()
