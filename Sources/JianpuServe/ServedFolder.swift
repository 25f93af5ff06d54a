import Foundation
import JianpuFiles

/// The folder `jianpu serve` serves: every path the page names is taken relative to it and must stay in it —
/// no absolute path, no `..`, no hidden name, and no link whose target lies outside.
public struct ServedFolder: Sendable {
    /// The folder, absolute, its links resolved.
    public let root: String

    /// The kinds of file the editor lists and opens: jianpu text, and scores it imports.
    public static let extensions: Set<String> = ["jp", "txt", "musicxml", "xml", "mxl", "abc", "mid", "midi"]

    /// The folder at `path`, or why not.
    public init(_ path: String) throws(ServeError) {
        guard let real = Self.realPath(path) else { throw ServeError(.notFound, "\(path): no such folder") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), isFolder.boolValue else {
            throw ServeError(.badRequest, "\(path) is not a folder")
        }
        root = real
    }

    /// The absolute path of `relative` inside the folder; refused when it leaves it, by its name or through a link.
    /// A file that does not exist yet is allowed when its folder does and is inside.
    public func resolve(_ relative: String) throws(ServeError) -> String {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !relative.hasPrefix("/"), !parts.isEmpty, relative.utf8.count < 1024, !relative.contains("\0"),
            !parts.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") })
        else {
            throw ServeError(.forbidden, "\(relative): not a file of the served folder")
        }
        let joined = root + "/" + parts.joined(separator: "/")
        if let real = Self.realPath(joined) {
            guard inside(real) else { throw ServeError(.forbidden, "\(relative) leads out of the served folder") }
            return real
        }
        // A new file: its folder must exist and be inside.
        let folder = (joined as NSString).deletingLastPathComponent
        guard let realFolder = Self.realPath(folder), inside(realFolder) || realFolder == root else {
            throw ServeError(.forbidden, "\(relative): not a file of the served folder")
        }
        // A dangling link at the name would be written through to wherever it points.
        var status = stat()
        if lstat(joined, &status) == 0 { throw ServeError(.forbidden, "\(relative) leads out of the served folder") }
        return realFolder + "/" + (joined as NSString).lastPathComponent
    }

    /// The path of `absolute` relative to the folder.
    public func relative(_ absolute: String) -> String {
        absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute
    }

    func inside(_ real: String) -> Bool { real.hasPrefix(root == "/" ? "/" : root + "/") }

    /// The scores of the folder and its subfolders (three deep, at most 2,000), relative, sorted; links that
    /// lead out and hidden names are left out.
    public func list() -> [String] {
        var found: [String] = []
        func walk(_ folder: String, depth: Int) {
            guard depth <= 3, found.count < 2_000,
                let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder + "/" + name
                guard let real = Self.realPath(path), inside(real) else { continue }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    walk(path, depth: depth + 1)
                } else if Self.extensions.contains((name as NSString).pathExtension.lowercased()) {
                    found.append(relative(path))
                }
            }
        }
        walk(root, depth: 0)
        return found
    }

    /// The file's bytes, at most `maximumBytes`, read with the project's input checks (no FIFO, no device).
    public func read(_ relative: String, maximumBytes: Int) throws(ServeError) -> [UInt8] {
        let path = try resolve(relative)
        do { return try InputFile.read(path, maximumBytes: maximumBytes) } catch {
            throw ServeError(.notFound, "\(relative): \(error.message)")
        }
    }

    /// A fingerprint of the file as it is on disk now (modification time and size), nil when there is none:
    /// the page compares it to tell a file changed by another program.
    public func version(_ relative: String) throws(ServeError) -> String? {
        let path = try resolve(relative)
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)-\(status.st_size)"
    }

    /// Saves `bytes` as `relative` by the project's output rules: written beside it and renamed over it, never
    /// half-written. With `expected`, refused (`conflict`) when the file on disk is no longer that version.
    public func save(_ relative: String, bytes: [UInt8], expected: String?) throws(ServeError) -> String? {
        let path = try resolve(relative)
        guard ["jp", "txt"].contains((path as NSString).pathExtension.lowercased()) else {
            throw ServeError(.badRequest, "\(relative): the editor saves jianpu text only (.jp or .txt)")
        }
        if let expected, let now = try version(relative), now != expected {
            throw ServeError(.conflict, "\(relative) changed on disk since it was opened")
        }
        do {
            try OutputFile(path).write(bytes)
        } catch {
            throw ServeError(.internalServerError, "cannot save \(relative): \(error.message)")
        }
        return try version(relative)
    }

    /// `path` with its links resolved, nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
