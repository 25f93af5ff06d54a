/// The formats `jianpu import` reads, told apart by their content (the name's extension only breaks a tie).
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    case musicXML = "MusicXML"
    case compressedMusicXML = "compressed MusicXML (.mxl)"
    case abc = "ABC"
    case midi = "Standard MIDI File"

    /// The format of `bytes`, or nil when they are none of these.
    ///
    /// A ZIP (`PK\u{3}\u{4}`) is compressed MusicXML, `MThd` (or a RIFF-wrapped `RMID`) is MIDI,
    /// XML whose root element is `score-partwise` or `score-timewise` is MusicXML, and text with an
    /// ABC header line (`X:`, `T:`, `K:` at a line start) is ABC. The extension decides only for XML
    /// whose root is not yet seen in the first 64 KB.
    public static func detect(_ bytes: [UInt8], name: String = "") -> ImportFormat? {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .compressedMusicXML }
        if bytes.starts(with: Array("MThd".utf8)) { return .midi }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("RMID".utf8) { return .midi }
        let head = String(decoding: bytes.prefix(65_536), as: UTF8.self)
        // Only a document that starts as XML is XML: ABC's broken rhythm (`A<B`) has angle brackets too.
        let looksLikeXML = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "<"
        if looksLikeXML, let root = firstElementName(head) {
            if root == "score-partwise" || root == "score-timewise" { return .musicXML }
            return nil
        }
        let lowered = name.lowercased()
        if head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml") {
            return lowered.hasSuffix(".musicxml") || lowered.hasSuffix(".xml") ? .musicXML : nil
        }
        for line in head.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).prefix(2000) {
            let text = line.drop { $0 == " " || $0 == "\u{FEFF}" }
            if text.count >= 2, let first = text.first, "XTK".contains(first), text.dropFirst().first == ":" { return .abc }
        }
        if lowered.hasSuffix(".abc") { return .abc }
        return nil
    }

    /// The name of the document's root element, skipping the prolog (declaration, comments, DOCTYPE).
    static func firstElementName(_ text: String) -> String? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            if after.hasPrefix("?") || after.hasPrefix("!") {
                if after.hasPrefix("!--"), let end = after.range(of: "-->") { rest = after[end.upperBound...]; continue }
                guard let close = after.firstIndex(of: ">") else { return nil }
                rest = after[after.index(after: close)...]
                continue
            }
            let name = after.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }
}
