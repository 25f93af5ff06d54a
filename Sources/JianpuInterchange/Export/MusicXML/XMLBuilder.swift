import JianpuCore

/// An XML document written front to back into one growing byte buffer: names and attributes as
/// given, text escaped (`XMLText`), characters XML 1.0 forbids dropped (and counted, with the place
/// they came from).
///
/// Appending is amortised constant time, so a document costs time linear in its size; bytes, not a
/// `String`, because a large score's document is tens of megabytes of small pieces.
struct XMLBuilder {
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// One warning per place whose text held characters XML cannot carry.
    private(set) var warnings: [Diagnostic] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
    }

    /// The document as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends raw markup (a DOCTYPE line); the caller vouches for it.
    mutating func raw(_ markup: String) { append(markup) }

    /// `<name attributes>` on a line of its own; children follow, indented.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        add(attributes)
        append(">\n")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        indent()
        append("</")
        append(name)
        append(">\n")
    }

    /// `<name attributes/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        add(attributes)
        append("/>\n")
    }

    /// `<name attributes>value</name>`, the value escaped; `source` is where user text came from.
    mutating func element(_ name: String, _ value: String, _ attributes: [(String, String)] = [], from source: SourceLocation? = nil) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        add(attributes, from: source)
        bytes.append(UInt8(ascii: ">"))
        append(escaping: value, from: source)
        append("</")
        append(name)
        append(">\n")
    }

    /// `<name>number</name>`: a count or a duration, written without making a string of it.
    mutating func element(_ name: String, _ number: Int64) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        bytes.append(UInt8(ascii: ">"))
        append(number)
        append("</")
        append(name)
        append(">\n")
    }

    private mutating func add(_ attributes: [(String, String)], from source: SourceLocation? = nil) {
        for (name, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            append(name)
            append("=\"")
            append(escaping: value, from: source)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func indent() {
        let spaces = 2 * min(max(depth, 0), 63)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ number: Int64) {
        // A number's text fits in a small string, which costs no allocation.
        append(String(number))
    }

    private mutating func append(escaping value: String, from source: SourceLocation?) {
        var escaped = ""
        let dropped = XMLText.append(escaping: value, to: &escaped, forbidden: nil)
        append(escaped)
        if dropped > 0 {
            let place = source ?? SourceLocation(file: "", line: 0, column: 0)
            warnings.append(.warning(at: place, "\(dropped) control character\(dropped == 1 ? "" : "s") left out of the MusicXML: XML 1.0 cannot hold \(dropped == 1 ? "it" : "them")"))
        }
    }
}
