import JianpuCore

/// Input that cannot be imported, with its place in the source: XML or ABC line and column, or a MIDI byte offset.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as given, `-` for standard input.
    public var file: String
    /// `12:7` (line:column) or `byte 1234`, as the format counts places.
    public var place: String
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, place: String, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    public var description: String { place.isEmpty ? "\(file): \(message)" : "\(file):\(place): \(message)" }
}
