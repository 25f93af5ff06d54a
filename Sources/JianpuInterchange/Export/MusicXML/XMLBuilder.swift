import JianpuCore

/// An XML document written front to back into one growing byte buffer: names and attributes as
/// given, text escaped (`XMLText`), characters XML 1.0 forbids dropped (and counted, with the place
/// they came from).
///
/// Appending is amortised constant time, so a document costs time linear in its size; bytes, not a
/// `String`, because a large score's document is tens of megabytes of small pieces. The lines every
/// note writes are fixed markup (`line(_:)`, `number(_:_:_:)`), copied whole: no string is made,
/// and nothing known to be safe is looked at for escaping.
struct XMLBuilder {
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// One warning per place whose text held characters XML cannot carry.
    private(set) var warnings: [Diagnostic] = []
    /// Runs of fixed lines written once and copied whole after (`cached(_:_:)`): their bytes one after another, and
    /// where each is, found by its key and depth in a table of open addressing (no hashing of a `Dictionary`
    /// and no list per run to retain: a note copies a few runs).
    private var fragmentBytes: [UInt8] = []
    private var fragmentSlots: [FragmentSlot] = []
    private var fragmentCount = 0

    private struct FragmentSlot {
        var key = -1
        var start = 0
        var count = 0
    }

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
    }

    /// Makes room for `capacity` bytes in all, so that the buffer does not grow (and copy itself) on the way.
    mutating func reserve(_ capacity: Int) { bytes.reserveCapacity(capacity) }

    /// The document as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Hands the bytes written so far to `sink` and starts the buffer again, keeping its room: a document
    /// written in pieces touches the memory of one piece, not of the whole (tens of megabytes for a large score).
    mutating func flush(into sink: ([UInt8]) throws -> Void) rethrows {
        guard !bytes.isEmpty else { return }
        try sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// An empty builder that goes on at this one's depth (`deeper` levels in), with no XML declaration: for a piece of
    /// the document written apart (measures, on a core of its own) and added after with `append(_:)` or
    /// `flush(into:then:)`. It writes into `buffer`, emptied, whose room a piece before may have grown.
    func piece(deeper: Int = 0, reusing buffer: consuming [UInt8] = []) -> XMLBuilder {
        var piece = XMLBuilder()
        piece.bytes = consume buffer
        piece.bytes.removeAll(keepingCapacity: true)
        piece.depth = depth + deeper
        return piece
    }

    /// The bytes written so far, taken out: the builder is left empty, and the buffer, held nowhere else, can be filled again.
    mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    /// Adds a piece written apart (`piece()`): its bytes and its warnings, and its depth after.
    mutating func append(_ piece: XMLBuilder) {
        bytes.append(contentsOf: piece.bytes)
        warnings += piece.warnings
        depth = piece.depth
    }

    /// Hands the bytes written so far to `sink`, then a piece written apart (`piece()`) without copying it,
    /// and takes on its warnings and its depth: the same bytes as `append(_:)` then `flush(into:)`.
    mutating func flush(into sink: ([UInt8]) throws -> Void, then piece: XMLBuilder) rethrows {
        try flush(into: sink)
        if !piece.bytes.isEmpty { try sink(piece.bytes) }
        warnings += piece.warnings
        depth = piece.depth
    }

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

    /// A line of fixed markup at the current depth (`markup` ends with its newline): an empty
    /// element, or an opening (`opens`) or closing (`closes`) tag, which moves the depth as
    /// `open(_:_:)` and `close(_:)` do. The caller vouches for the markup.
    mutating func line(_ markup: StaticString, opens: Bool = false, closes: Bool = false) {
        if closes { depth -= 1 }
        indent()
        append(markup)
        if opens { depth += 1 }
    }

    /// The lines `write` makes, copied whole from the first time they were made at this depth under `key`: for
    /// markup a document writes again and again (a pitch). `key` must name all that `write` writes, which must
    /// be whole lines of fixed markup that leave the depth as they found it (no text, so no warnings).
    // Inlined: its caller's closure is then made in place, not once per call.
    @inline(__always)
    mutating func cached(_ key: Int, _ write: (inout XMLBuilder) -> Void) {
        // The depth in the key: the same lines deeper are indented more. A key too large to hold it is not cached.
        guard key >= 0, key < Int.max >> 8 else { return write(&self) }
        let slot = key << 6 | min(max(depth, 0), 63)
        if let found = fragment(slot) {
            let (start, count) = (fragmentSlots[found].start, fragmentSlots[found].count)
            Self.copy(fragmentBytes, from: start, count: count, to: &bytes)
            return
        }
        let start = bytes.count
        write(&self)
        remember(slot, from: start)
    }

    /// Where the run cached under `key` is in `fragmentSlots`, if it is.
    private func fragment(_ key: Int) -> Int? {
        guard !fragmentSlots.isEmpty else { return nil }
        let mask = fragmentSlots.count - 1
        var index = Self.slot(of: key, mask: mask)
        while fragmentSlots[index].key != -1 {
            if fragmentSlots[index].key == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Keeps the bytes written since `start` as the run of `key`.
    private mutating func remember(_ key: Int, from start: Int) {
        // Half full at most, so that a search ends soon at an empty slot.
        if (fragmentCount + 1) * 2 > fragmentSlots.count {
            let old = fragmentSlots
            fragmentSlots = Array(repeating: FragmentSlot(), count: max(64, old.count * 2))
            for slot in old where slot.key != -1 { insert(slot) }
        }
        let count = bytes.count - start
        let run = FragmentSlot(key: key, start: fragmentBytes.count, count: count)
        Self.copy(bytes, from: start, count: count, to: &fragmentBytes)
        insert(run)
        fragmentCount += 1
    }

    private mutating func insert(_ slot: FragmentSlot) {
        let mask = fragmentSlots.count - 1
        var index = Self.slot(of: slot.key, mask: mask)
        while fragmentSlots[index].key != -1 { index = (index + 1) & mask }
        fragmentSlots[index] = slot
    }

    private static func slot(of key: Int, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Appends `count` bytes of `source` from `start` to `target`, read in place.
    private static func copy(_ source: borrowing [UInt8], from start: Int, count: Int, to target: inout [UInt8]) {
        source.withUnsafeBufferPointer { target.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<(start + count)])) }
    }

    /// `opening number closing` on a line: `<duration>` 12 `</duration>\n`; with `opens`, a tag that children follow.
    mutating func number(_ opening: StaticString, _ value: Int64, _ closing: StaticString, opens: Bool = false) {
        indent()
        append(opening)
        append(value)
        append(closing)
        if opens { depth += 1 }
    }

    /// `opening text closing` on a line, `text` known to need no escaping (a name this writer chose).
    mutating func safe(_ opening: StaticString, _ text: String, _ closing: StaticString) {
        indent()
        append(opening)
        append(text)
        append(closing)
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

    /// Room for the deepest indentation, copied from once instead of a space at a time.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 126)

    private mutating func indent() {
        let count = 2 * min(max(depth, 0), 63)
        Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    private mutating func append(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// The decimal digits of `number`, written in place.
    private mutating func append(_ number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = number.magnitude
        if rest < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest))
            return
        }
        var count = 0
        var probe = rest
        while probe > 0 { probe /= 10; count += 1 }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var index = start + count - 1
        while rest > 0 {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    private mutating func append(escaping value: String, from source: SourceLocation?) {
        // Most text (numbers, names, syllables) needs nothing: its bytes go in as they are.
        var value = value
        let plain = value.withUTF8 { utf8 in
            for byte in utf8 where byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0xEF {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain { return }
        var escaped = ""
        let dropped = XMLText.append(escaping: value, to: &escaped, forbidden: nil)
        append(escaped)
        if dropped > 0 {
            let place = source ?? SourceLocation(file: "", line: 0, column: 0)
            warnings.append(.warning(at: place, "\(dropped) control character\(dropped == 1 ? "" : "s") left out of the MusicXML: XML 1.0 cannot hold \(dropped == 1 ? "it" : "them")"))
        }
    }
}
