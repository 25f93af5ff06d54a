import Foundation
import ZIPFoundation

/// Compressed MusicXML (`.mxl`): a ZIP whose `META-INF/container.xml` names the score inside.
///
/// Every entry is checked before a byte is inflated: its name (no `../`, no absolute path), its
/// declared size and the total of all declared sizes; while inflating, the bytes are counted again,
/// so that an entry lying about its size stops at the limit instead of filling memory.
enum MXLArchive {
    /// The most one entry, or all entries read together, may inflate to: the MusicXML limit.
    static let maximumInflatedBytes = ScoreImporter.maximumMusicXMLBytes
    /// Entries in the archive at most (a score has two or three, with images a few more).
    static let maximumEntries = 10_000

    /// The root score's XML bytes.
    static func scoreBytes(_ bytes: [UInt8], file: String) throws(ImportError) -> [UInt8] {
        func refuse(_ message: String) -> ImportError { ImportError(file: file, place: "", message: message) }
        // ZIPFoundation traps on an offset past the end: the directory is checked against the bytes first.
        var methods: [String: (flags: UInt64, method: UInt64)] = [:]
        if let problem = ZIPBounds.problem(in: bytes, visit: { name, flags, method in methods[String(decoding: name, as: UTF8.self)] = (flags, method) }) {
            throw refuse("not a readable .mxl (ZIP) archive: \(problem)")
        }
        let archive: Archive
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            throw refuse("not a readable .mxl (ZIP) archive: \(error)")
        }
        var entries: [String: Entry] = [:]
        // Entries that cannot be read (encrypted, or compressed by a method other than Deflate), said when one is needed.
        // (From the directory itself: ZIPFoundation lists no encrypted entry at all.)
        var unreadable: [String: String] = [:]
        for (path, kind) in methods { unreadable[path] = ZIPMethod.problem(path: path, kind) }
        var total: UInt64 = 0
        var count = 0
        for entry in archive {
            count += 1
            guard count <= maximumEntries else { throw refuse("the archive has more than \(maximumEntries) entries: not a MusicXML score") }
            let path = entry.path
            if path.hasPrefix("/") || path.hasPrefix("\\") || path.contains("\\")
                || path.split(separator: "/").contains("..") || (path.count > 1 && path.dropFirst().hasPrefix(":"))
            {
                throw refuse("the archive entry '\(path)' points outside the archive (an absolute path or ../): refused")
            }
            guard entry.uncompressedSize <= UInt64(maximumInflatedBytes) else {
                throw refuse("the archive entry '\(path)' inflates to \(entry.uncompressedSize) bytes: more than the \(maximumInflatedBytes >> 20) MB a score may have")
            }
            total += entry.uncompressedSize
            guard total <= UInt64(maximumInflatedBytes) * 4 else {
                throw refuse("the archive's entries inflate to more than \(maximumInflatedBytes >> 18) MB in all: refused")
            }
            if entry.type == .file { entries[path] = entry }
        }
        var rootPath: String?
        if let problem = unreadable["META-INF/container.xml"] { throw refuse(problem) }
        if let container = entries["META-INF/container.xml"] {
            let xml = try inflate(container, of: archive, file: file)
            let tree = try XMLTreeReader.read(xml, file: "\(file) (META-INF/container.xml)")
            rootPath = Self.rootfiles(of: tree).first
        }
        if rootPath == nil {
            // No container: the one XML file outside META-INF is the score, as MuseScore reads it.
            rootPath = entries.keys.sorted().first { !$0.hasPrefix("META-INF/") && ($0.hasSuffix(".xml") || $0.hasSuffix(".musicxml")) }
        }
        if let rootPath, let problem = unreadable[rootPath] { throw refuse(problem) }
        if rootPath == nil, let problem = unreadable.sorted(by: { $0.key < $1.key }).first?.value { throw refuse(problem) }
        guard let rootPath, let root = entries[rootPath] else {
            throw refuse("the .mxl archive names no score: expected META-INF/container.xml with a <rootfile full-path=...>")
        }
        return try inflate(root, of: archive, file: file)
    }

    private static func rootfiles(of container: MusicXMLElement) -> [String] {
        var found: [String] = []
        func visit(_ element: MusicXMLElement) {
            if element.name == "rootfile", let path = element.attributes["full-path"] {
                let type = element.attributes["media-type"] ?? "application/vnd.recordare.musicxml+xml"
                if type.contains("musicxml") || type.hasSuffix("xml") { found.append(path) }
            }
            element.children.forEach(visit)
        }
        visit(container)
        return found
    }

    /// The entry's bytes, counted as they inflate: no more than it declared, nor than the limit.
    private static func inflate(_ entry: Entry, of archive: Archive, file: String) throws(ImportError) -> [UInt8] {
        let declared = Int(clamping: entry.uncompressedSize)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(declared, maximumInflatedBytes))
        struct TooLarge: Error {}
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard bytes.count + chunk.count <= declared, bytes.count + chunk.count <= maximumInflatedBytes else { throw TooLarge() }
                bytes.append(contentsOf: chunk)
            }
        } catch is TooLarge {
            throw ImportError(file: file, place: "", message: "the archive entry '\(entry.path)' inflates to more than it declares (\(declared) bytes): refused as a zip bomb")
        } catch {
            throw ImportError(file: file, place: "", message: "the archive entry '\(entry.path)' cannot be inflated: \(error)")
        }
        return bytes
    }
}
