import JianpuCore

/// A file embedded in a PDF that cairo has finished, as an incremental update appended to it: the
/// embedded file, its file specification, a `/Names` dictionary with `/EmbeddedFiles`, the catalog again
/// with `/Names`, and a new cross-reference section pointing back at cairo's (`/Prev`).
///
/// cairo 1.16 has no API for attachments, and its metadata strings are no place for a whole score. An
/// embedded file is what PDF has for this: poppler reads it (`poppler_document_get_attachments`), as
/// do `pdfdetach -list` and every viewer's attachment pane. cairo's PDF ends with its catalog, a classic
/// `xref` table and a `trailer`; the update needs only that end, which `tail` holds.
enum PDFAttachment {
    /// Why a file could not be attached: cairo wrote an end this code does not know.
    struct Unreadable: Error { let what: String }

    /// The bytes to append to a PDF of `length` bytes whose last bytes, from offset `tailStart` on, are
    /// `tail` (it must hold the catalog, the cross-reference table and the trailer), so that it carries
    /// `contents` as an embedded file called `name`.
    static func update(tail: [UInt8], tailStart: Int, length: Int, name: String, description: String, contents: [UInt8]) throws(Unreadable) -> [UInt8] {
        let end = String(decoding: tail.suffix(4096), as: UTF8.self)
        guard let trailerStart = lastRange(of: "trailer", in: end) else { throw Unreadable(what: "no trailer") }
        let trailer = end[trailerStart...]
        guard let size = number(after: "/Size", in: trailer), let root = number(after: "/Root", in: trailer),
            let startxref = number(after: "startxref", in: trailer)
        else { throw Unreadable(what: "a trailer without /Size, /Root or startxref") }
        guard let open = trailer.firstRange(of: "<<"), let close = trailer.firstRange(of: ">>") else { throw Unreadable(what: "an unclosed trailer") }
        // Everything the old trailer said (/Root, /Info, /ID) but its /Size, which the update replaces.
        let kept = trailer[open.upperBound..<close.lowerBound].split(separator: "\n")
            .map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !$0.hasPrefix("/Size") && !$0.hasPrefix("/Prev") }
        let catalog = try catalogText(root: root, xref: startxref, tail: tail, tailStart: tailStart)
        guard !catalog.contains("/Names") else { throw Unreadable(what: "a catalog that has names already") }
        guard let catalogClose = lastRange(of: ">>", in: catalog) else { throw Unreadable(what: "an unclosed catalog") }

        let file = size, spec = size + 1, names = size + 2
        var out: [UInt8] = []
        var offsets: [(object: Int, offset: Int)] = []
        func add(_ text: String) { out.append(contentsOf: Array(text.utf8)) }
        add("\n")
        offsets.append((file, length + out.count))
        add("\(file) 0 obj\n<< /Type /EmbeddedFile /Subtype /text#2Fplain /Length \(contents.count) /Params << /Size \(contents.count) >> >>\nstream\n")
        out.append(contentsOf: contents)
        add("\nendstream\nendobj\n")
        offsets.append((spec, length + out.count))
        add("\(spec) 0 obj\n<< /Type /Filespec /F \(literal(name)) /UF \(literal(name)) /Desc \(literal(description)) /EF << /F \(file) 0 R >> /AFRelationship /Source >>\nendobj\n")
        offsets.append((names, length + out.count))
        add("\(names) 0 obj\n<< /EmbeddedFiles << /Names [\(literal(name)) \(spec) 0 R] >> >>\nendobj\n")
        offsets.append((root, length + out.count))
        add("\(root) 0 obj\n\(catalog[..<catalogClose])   /Names \(names) 0 R\n>>\nendobj\n")
        let xref = length + out.count
        add("xref\n0 1\n0000000000 65535 f \n")
        for entry in offsets.sorted(by: { $0.object < $1.object }) {
            add("\(entry.object) 1\n\(padded(entry.offset, 10)) 00000 n \n")
        }
        add("trailer\n<< /Size \(size + 3)\n")
        for line in kept { add("   \(line)\n") }
        add("   /Prev \(startxref)\n>>\nstartxref\n\(xref)\n%%EOF\n")
        return out
    }

    /// The text of object `root` (from `obj` to `endobj`), found through the cross-reference table at `xref`.
    static func catalogText(root: Int, xref: Int, tail: [UInt8], tailStart: Int) throws(Unreadable) -> String {
        let at = xref - tailStart
        guard at >= 0, at < tail.count else { throw Unreadable(what: "a cross-reference table out of reach") }
        let table = String(decoding: tail[at..<min(tail.count, at + 64)], as: UTF8.self)
        let header = table.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard header.count == 3, header[0] == "xref", let first = header[1].split(separator: " ").first.flatMap({ Int($0) }), first == 0 else {
            throw Unreadable(what: "no classic cross-reference table")
        }
        let entry = at + header[0].utf8.count + 1 + header[1].utf8.count + 1 + 20 * root
        guard entry + 10 <= tail.count, let offset = Int(String(decoding: tail[entry..<(entry + 10)], as: UTF8.self)) else {
            throw Unreadable(what: "no entry for the catalog")
        }
        let start = offset - tailStart
        guard start >= 0, start < tail.count else { throw Unreadable(what: "a catalog out of reach") }
        let text = String(decoding: tail[start..<min(tail.count, start + 4096)], as: UTF8.self)
        guard text.hasPrefix("\(root) 0 obj"), let endobj = text.firstRange(of: "endobj") else { throw Unreadable(what: "no catalog where the table says") }
        let body = text[..<endobj.lowerBound]
        guard let open = body.firstRange(of: "<<") else { throw Unreadable(what: "a catalog that is no dictionary") }
        return String(body[open.lowerBound...])
    }

    /// Where `needle` last begins in `text`.
    static func lastRange(of needle: String, in text: String) -> String.Index? {
        var found: String.Index?
        var from = text.startIndex
        while let range = text[from...].firstRange(of: needle) { found = range.lowerBound; from = range.upperBound }
        return found
    }

    /// The whole number after `key` in `text`.
    static func number(after key: String, in text: Substring) -> Int? {
        guard let range = text.firstRange(of: key) else { return nil }
        let digits = text[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\r" }.prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    /// An ASCII PDF literal string.
    static func literal(_ text: String) -> String {
        var out = "("
        for scalar in text.unicodeScalars where scalar.isASCII && scalar.value >= 32 {
            if scalar == "(" || scalar == ")" || scalar == "\\" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out + ")"
    }

    /// `value` with leading zeros to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
