/// One unit of a jianpu file as the lexer hands it to the parser.
public struct Word: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A whitespace-separated word of music (`q1'.`, `R{`, `4=105`…).
        case music
        /// A `name=value` line (`title=…`, `instrument=…`, `chords=…`).
        case header(name: String, value: String)
        /// `NextPart` or `NextScore`.
        case nextPart
        case nextScore
    }

    public var kind: Kind
    public var text: String
    public var location: SourceLocation
}
