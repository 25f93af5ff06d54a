import JianpuCore

/// An XML document written front to back into one growing string: names and attributes as given,
/// text escaped, characters XML 1.0 forbids dropped (and counted, with the place they came from).
///
/// Appending is amortised constant time, so a document costs time linear in its size.
struct XMLBuilder {
    private(set) var text = ""
    private var depth = 0
    /// One warning per place whose text held characters XML cannot carry.
    private(set) var warnings: [Diagnostic] = []

    init(reservingCapacity capacity: Int = 0) {
        text.reserveCapacity(capacity)
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
    }

    /// Appends raw markup (a DOCTYPE line); the caller vouches for it.
    mutating func raw(_ markup: String) { text += markup }

    /// `<name attributes>` on a line of its own; children follow, indented.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        indent()
        text += "<"
        text += name
        add(attributes)
        text += ">\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        indent()
        text += "</"
        text += name
        text += ">\n"
    }

    /// `<name attributes/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
        indent()
        text += "<"
        text += name
        add(attributes)
        text += "/>\n"
    }

    /// `<name attributes>value</name>`, the value escaped; `source` is where user text came from.
    mutating func element(_ name: String, _ value: String, _ attributes: [(String, String)] = [], from source: SourceLocation? = nil) {
        indent()
        text += "<"
        text += name
        add(attributes, from: source)
        text += ">"
        append(escaping: value, from: source)
        text += "</"
        text += name
        text += ">\n"
    }

    private mutating func add(_ attributes: [(String, String)], from source: SourceLocation? = nil) {
        for (name, value) in attributes {
            text += " "
            text += name
            text += "=\""
            append(escaping: value, from: source)
            text += "\""
        }
    }

    private static let indents = (0..<64).map { String(repeating: "  ", count: $0) }

    private mutating func indent() {
        text += Self.indents[min(max(depth, 0), Self.indents.count - 1)]
    }

    private mutating func append(escaping value: String, from source: SourceLocation?) {
        let dropped = XMLText.append(escaping: value, to: &text, forbidden: nil)
        if dropped > 0 {
            let place = source ?? SourceLocation(file: "", line: 0, column: 0)
            warnings.append(.warning(at: place, "\(dropped) control character\(dropped == 1 ? "" : "s") left out of the MusicXML: XML 1.0 cannot hold \(dropped == 1 ? "it" : "them")"))
        }
    }
}
