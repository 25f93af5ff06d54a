import JianpuCore

/// What the lexer hands on as it reads, one word at a time, so that no list of every word is kept.
///
/// A large score has millions of words; reading them straight into the parser (or counting
/// them) costs nothing per word beyond the reading itself.
protocol WordSink {
    /// A whitespace-separated word of music (`q1'.`, `R{`, `4=105`…): its bytes in the lexed text.
    mutating func music(_ bytes: Range<Int>, at location: SourceLocation)
    /// A `name=value` line, or a verse of lyrics as a header named `l:` or `h:`.
    mutating func header(_ header: Header, at location: SourceLocation)
    /// `NextPart` or `NextScore`; reading goes on at `resume`. Returns false to stop reading here.
    mutating func boundary(_ boundary: PartBoundary, at location: SourceLocation, resume: LexerPosition) -> Bool
}

/// The word that ends a part: `NextPart` starts another part, `NextScore` another movement.
enum PartBoundary: Sendable, Hashable {
    case nextPart, nextScore
}

/// A `name=value` line: the name lower-cased, the value trimmed.
struct Header: Sendable, Hashable {
    var name: String
    var value: String
}
