import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element read whole: its name, attributes, text, children and where it starts in the source.
///
/// MusicXML is read into this small tree first (timewise scores are turned round, voices are
/// gathered across a measure), then interpreted; the tree keeps the line and column of every
/// element for messages.
final class MusicXMLElement: @unchecked Sendable {
    let name: String
    let attributes: [String: String]
    var children: [MusicXMLElement] = []
    var text = ""
    let line: Int
    let column: Int

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    /// `line:column` for messages.
    var place: String { "\(line):\(column)" }

    /// The first child named `name`.
    func child(_ name: String) -> MusicXMLElement? { children.first { $0.name == name } }

    /// Every child named `name`, in order.
    func children(_ name: String) -> [MusicXMLElement] { children.filter { $0.name == name } }

    /// The text of the child at `path` (`pitch/step`), trimmed; nil when absent.
    func value(_ path: String) -> String? {
        var element: MusicXMLElement? = self
        for name in path.split(separator: "/") { element = element?.child(String(name)) }
        guard let element else { return nil }
        return element.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The child's text as a whole number, nil when absent or not a number.
    func integer(_ path: String) -> Int? { value(path).flatMap { Int($0) } }

    /// The child's text as a finite number, nil when absent or not one.
    func number(_ path: String) -> Double? {
        guard let value = value(path), let number = Double(value), number.isFinite else { return nil }
        return number
    }

    /// True when the element has a child named `name`.
    func has(_ name: String) -> Bool { child(name) != nil }
}

/// Reads XML bytes into an `MusicXMLElement` tree, refusing what could make a document dangerous.
///
/// External entities and DTDs are never fetched; a document that declares entities of its own
/// (the "billion laughs") is refused before parsing, so no expansion can happen at all: MusicXML
/// needs none, and its DOCTYPE only names the public DTD.
enum XMLTreeReader {
    /// The longest text or attribute value libxml2 reads without its "huge" option (XML_MAX_TEXT_LENGTH).
    static let maximumValueBytes = 10_000_000

    /// Elements nested deeper than this are refused (MusicXML needs about eight).
    static let maximumDepth = 256

    static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> MusicXMLElement {
        if let (line, column) = entityDeclaration(in: bytes) {
            throw ImportError(
                file: file, place: "\(line):\(column)",
                message: "the document declares its own XML entities (<!ENTITY): refused, as MusicXML needs none and they can expand without bound")
        }
        if let (line, column, length) = XMLProlog.longValue(in: bytes, longerThan: maximumValueBytes) {
            throw ImportError(
                file: file, place: "\(line):\(column)",
                message:
                    "a text or attribute value of \((length + 999_999) / 1_000_000) MB: the XML reader takes at most \(maximumValueBytes / 1_000_000) MB in one (a file may have \(ScoreImporter.maximumMusicXMLBytes >> 20) MB in all); MusicXML's texts are short"
            )
        }
        if let (line, column) = crowdedElement(in: bytes) {
            throw ImportError(
                file: file, place: "\(line):\(column)",
                message: "an element with more than \(maximumAttributes) attributes: not a MusicXML score (its elements have a few)")
        }
        let delegate = TreeBuilder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = delegate
        delegate.parser = parser
        let parsed = parser.parse()
        if let problem = delegate.problem {
            throw ImportError(file: file, place: problem.place, message: problem.message)
        }
        if parsed, let open = delegate.stack.last {
            // The parser accepts a document that stops inside an element; a truncated file is an error.
            let (line, column) = endPlace(of: bytes)
            throw ImportError(
                file: file, place: "\(line):\(column)",
                message: "not well-formed XML: the document ends before <\(open.name)> (opened at \(open.place)) is closed; is the file truncated?")
        }
        guard parsed, let root = delegate.root else {
            let line = delegate.errorLine ?? parser.lineNumber, column = delegate.errorColumn ?? parser.columnNumber
            var reason = delegate.errorMessage ?? parser.parserError?.localizedDescription ?? "the XML is not well formed"
            // An encoding problem names the encoding the document declares.
            if reason.contains("(in its first line)"), let declared = XMLProlog.declaredEncoding(in: bytes) {
                reason = reason.replacingOccurrences(of: "(in its first line)", with: "(encoding=\"\(TerminalTextSafe.clip(declared))\")")
            } else if reason.contains("its first line declares"), let declared = XMLProlog.declaredEncoding(in: bytes) {
                reason = reason.replacingOccurrences(of: "its first line declares", with: "its first line declares (\(TerminalTextSafe.clip(declared)))")
            }
            throw ImportError(file: file, place: "\(line):\(column)", message: "not well-formed XML: \(reason)")
        }
        return root
    }

    /// Attributes one element may have (MusicXML's have at most about twenty). The parser takes time
    /// growing with the square of an element's attributes: 200,000 of them held it for a minute.
    static let maximumAttributes = 1_000

    /// The place of the first start tag with more than `maximumAttributes` attributes (counted by their
    /// quoted values), nil when there is none. Comments, CDATA and processing instructions are skipped.
    static func crowdedElement(in bytes: [UInt8]) -> (Int, Int)? {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">")
        func starts(_ pattern: String, at index: Int) -> Bool {
            let pattern = Array(pattern.utf8)
            return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
        }
        var line = 1, column = 1, index = 0
        var tag: (line: Int, column: Int, count: Int)?
        var quote: UInt8 = 0
        var skipUntil: [UInt8] = []
        var passing = 0
        while index < bytes.count {
            let byte = bytes[index]
            if passing > 0 {
                passing -= 1
            } else if !skipUntil.isEmpty {
                if bytes[index...].starts(with: skipUntil) { passing = skipUntil.count - 1; skipUntil = [] }
            } else if var open = tag {
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                    open.count += 1
                    if open.count > maximumAttributes { return (open.line, open.column) }
                    tag = open
                } else if byte == gt {
                    tag = nil
                }
            } else if byte == lt {
                if starts("<!--", at: index) {
                    skipUntil = Array("-->".utf8)
                } else if starts("<![CDATA[", at: index) {
                    skipUntil = Array("]]>".utf8)
                } else if starts("<?", at: index) {
                    skipUntil = Array("?>".utf8)
                } else if starts("<!", at: index) {
                    skipUntil = [gt]
                } else {
                    tag = (line, column, 0)
                }
            }
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return nil
    }

    /// The line and column just after the last byte.
    static func endPlace(of bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// The place of an `<!ENTITY` declaration inside the document's DOCTYPE, nil when there is none.
    ///
    /// The prolog is read as XML has it (`XMLProlog`): the declaration, comments, processing
    /// instructions and white space in any order, then the DOCTYPE, whose internal subset is searched
    /// outside its quoted strings and comments. A comment before the DOCTYPE (`<!-- <a> -->`) once
    /// ended the search early, and the entities behind it were expanded.
    static func entityDeclaration(in bytes: [UInt8]) -> (Int, Int)? {
        XMLProlog.entityDeclaration(in: bytes)
    }
}

/// A value quoted from a document into a message, kept short.
enum TerminalTextSafe {
    static func clip(_ text: String) -> String { text.count > 40 ? String(text.prefix(40)) + "…" : text }
}

enum TextBytesCheck {
    static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
    }
}

/// The parser's delegate: builds the tree, and stops at the first thing it refuses.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    weak var parser: XMLParser?
    var root: MusicXMLElement?
    var stack: [MusicXMLElement] = []
    var problem: (place: String, message: String)?
    var errorMessage: String?
    var errorLine: Int?
    var errorColumn: Int?

    private func refuse(_ message: String) {
        guard problem == nil, let parser else { return }
        problem = ("\(parser.lineNumber):\(parser.columnNumber)", message)
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard problem == nil else { return }
        if stack.count >= XMLTreeReader.maximumDepth {
            refuse("elements nested more than \(XMLTreeReader.maximumDepth) deep: not a MusicXML score")
            return
        }
        let element = MusicXMLElement(name: elementName, attributes: attributes, line: parser.lineNumber, column: parser.columnNumber)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard problem == nil, !stack.isEmpty else { return }
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard problem == nil, let current = stack.last else { return }
        // Only leaf text matters to MusicXML; the white space between elements is not kept.
        if current.children.isEmpty { current.text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard problem == nil, let current = stack.last else { return }
        current.text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        refuse("the document declares the XML entity '\(name)': refused, as MusicXML needs none")
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        refuse("the document declares the external XML entity '\(name)': refused, nothing is fetched")
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        refuse("the document refers to the external entity '\(name)': refused, nothing is fetched")
        return nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard errorMessage == nil else { return }
        errorLine = parser.lineNumber
        errorColumn = parser.columnNumber
        let code = (parseError as NSError).code
        errorMessage = Self.describe(code)
    }

    /// libxml2's error codes most often met, in words.
    static func describe(_ code: Int) -> String {
        switch code {
        case 4: "the document is empty or does not start with an element"
        case 5: "the document ends early: an element is not closed"
        case 26: "an undeclared entity is used (only &lt; &gt; &amp; &quot; &apos; and character references are allowed)"
        case 41: "an attribute is not properly quoted"
        case 73, 76: "an element is not closed: its end tag is missing or mismatched"
        case 77: "an element's end tag does not match its start tag"
        case 9: "invalid character in the document"
        case 1: "a text or attribute value is longer than the XML reader takes (10 MB in one; MusicXML's are short)"
        case 40: "an attribute value is not finished (or is longer than the 10 MB the XML reader takes in one)"
        case 31, 32: "the document declares an encoding the XML reader does not know (in its first line): save it as UTF-8"
        case 81, 6003: "the document's bytes are not in the encoding its first line declares: save it as UTF-8, or correct the declaration"
        case 88, 89, 104: "an entity expands into itself or without bound (entity expansion): refused"
        default: "XML error \(code)"
        }
    }
}
