/// Where something was written: a file, a 1-based line and a 1-based column.
///
/// The file name is interned: a location is three 32-bit integers, so the millions of them a
/// large score makes cost no reference counting.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    @usableFromInline var fileID: UInt32
    @usableFromInline var storedLine: Int32
    @usableFromInline var storedColumn: Int32

    private static let fileNames = InternTable<String>()

    public init(file: String, line: Int, column: Int) {
        self.fileID = Self.fileNames.number(for: file)
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    @inlinable
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    @inlinable
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// The file as it was named when the score was read.
    public var file: String {
        get { Self.fileNames.value(fileID) }
        set { fileID = Self.fileNames.number(for: newValue) }
    }

    /// The same file at another place (no interning).
    @inlinable
    public func moved(line: Int, column: Int) -> SourceLocation {
        var location = self
        location.line = line
        location.column = column
        return location
    }

    /// `file:line:column`, or `file` alone for the whole file (line 0: it could not be read).
    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }

    @inlinable
    public static func == (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.fileID, a.storedLine, a.storedColumn) == (b.fileID, b.storedLine, b.storedColumn)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.fileID != b.fileID { return a.file < b.file }
        return (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
    }
}

/// Where a piece of the score is written: from its first character to just after its last.
public struct SourceRange: Sendable, Hashable {
    public var start: SourceLocation
    /// Just after the last character (on the same line for a word, on a later one for a group).
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }
}

extension SourceLocation {
    /// The place `columns` characters further along the line.
    @inlinable
    public func advanced(by columns: Int) -> SourceLocation {
        var location = self
        location.column += columns
        return location
    }
}
