import Foundation
import ZIPFoundation

/// Compressed MusicXML (`.mxl`): a ZIP holding the score, `META-INF/container.xml` pointing at it,
/// and, first and stored uncompressed as the standard asks, `mimetype`.
public enum MusicXMLArchive {
    /// The name of the score inside the archive.
    public static let scorePath = "score.musicxml"
    static let mimeType = "application/vnd.recordare.musicxml"

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container>
          <rootfiles>
            <rootfile full-path="\(scorePath)" media-type="application/vnd.recordare.musicxml+xml"/>
          </rootfiles>
        </container>

        """

    /// The `.mxl` bytes of a MusicXML document.
    public static func data(for document: String) throws -> Data {
        let archive = try Archive(accessMode: .create)
        // A fixed date: the same score gives the same bytes.
        let date = Date(timeIntervalSince1970: 946_684_800)
        try add(Data(mimeType.utf8), as: "mimetype", compressed: false, date: date, to: archive)
        try add(Data(container.utf8), as: "META-INF/container.xml", compressed: true, date: date, to: archive)
        try add(Data(document.utf8), as: scorePath, compressed: true, date: date, to: archive)
        guard let data = archive.data else { throw MusicXMLExportError.archiveFailed(file: scorePath) }
        return data
    }

    private static func add(_ data: Data, as path: String, compressed: Bool, date: Date, to archive: Archive) throws {
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
            compressionMethod: compressed ? .deflate : .none
        ) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }
}
