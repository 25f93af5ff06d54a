/// One unit of a jianpu file as the lexer hands it to the parser.
///
/// A word is a place in the lexed bytes, not a string of its own: most words are notes,
/// read straight from the bytes, and a large score has hundreds of thousands of them.
struct Word: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A whitespace-separated word of music (`q1'.`, `R{`, `4=105`…).
        case music
        /// A `name=value` line: the index of its name and value in `LexedText.headers`.
        case header(Int)
        /// `NextPart` or `NextScore`.
        case nextPart
        case nextScore
    }

    var kind: Kind
    /// The word's bytes in `LexedText.bytes`.
    var start: Int32
    var end: Int32
    var location: SourceLocation
}

/// A `name=value` line: the name lower-cased, the value trimmed.
struct Header: Sendable, Hashable {
    var name: String
    var value: String
}

/// A file split into words: what the lexer gives the parser.
struct LexedText: Sendable {
    /// The text as UTF-8, full-width characters already read as ASCII.
    var bytes: [UInt8]
    var words: [Word] = []
    var headers: [Header] = []
    var diagnostics: [Diagnostic] = []
}
