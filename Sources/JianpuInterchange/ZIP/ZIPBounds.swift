/// Checks that a ZIP archive's directory points only inside the archive, before ZIPFoundation reads it.
///
/// ZIPFoundation trusts the offsets and sizes of the end record, the central directory and each
/// entry's local header: one past the end makes it read a negative length and trap. A hostile or
/// truncated `.mxl` must be an error in words instead, so each is checked against the bytes first.
enum ZIPBounds {
    private static let endRecord: UInt64 = 0x0605_4b50
    private static let zip64EndRecord: UInt64 = 0x0606_4b50
    private static let zip64Locator: UInt64 = 0x0706_4b50
    private static let directoryEntry: UInt64 = 0x0201_4b50
    private static let localHeader: UInt64 = 0x0403_4b50

    /// What in `bytes` points outside them, in words; nil when every offset and size is inside.
    /// `visit` is given each central directory entry's name, flags and compression method.
    static func problem(in bytes: [UInt8], visit: ((_ name: [UInt8], _ flags: UInt64, _ method: UInt64) -> Void)? = nil) -> String? {
        let count = UInt64(bytes.count)
        func u16(_ at: UInt64) -> UInt64? { at + 2 <= count ? UInt64(bytes[Int(at)]) | UInt64(bytes[Int(at) + 1]) << 8 : nil }
        func u32(_ at: UInt64) -> UInt64? {
            guard let low = u16(at), let high = u16(at + 2) else { return nil }
            return low | high << 16
        }
        func u64(_ at: UInt64) -> UInt64? {
            guard let low = u32(at), let high = u32(at + 4) else { return nil }
            return low | high << 32
        }
        // The end record: the last signature in the final 64 KB (its comment may follow it).
        guard count >= 22 else { return "too short for a ZIP archive" }
        var end: UInt64?
        var at = count - 22
        while true {
            if u32(at) == endRecord { end = at; break }
            if at == 0 || count - at > 22 + 0xFFFF { break }
            at -= 1
        }
        guard let end, var directorySize = u32(end + 12), var directoryOffset = u32(end + 16), var entries = u16(end + 10) else {
            return "no end of central directory record"
        }
        if directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF || entries == 0xFFFF {
            // ZIP64: the locator just before the end record gives the ZIP64 end record.
            guard end >= 20, u32(end - 20) == zip64Locator, let record = u64(end - 20 + 8), record + 56 <= count, u32(record) == zip64EndRecord,
                let entries64 = u64(record + 32), let size64 = u64(record + 40), let offset64 = u64(record + 48)
            else {
                return "a ZIP64 end record that is missing or points past the end"
            }
            (entries, directorySize, directoryOffset) = (entries64, size64, offset64)
        }
        guard directoryOffset <= end, directorySize <= end - directoryOffset else {
            return "its central directory (\(directorySize) bytes at \(directoryOffset)) lies past the end of the \(count)-byte file"
        }
        var entry = directoryOffset
        let directoryEnd = directoryOffset + directorySize
        var seen: UInt64 = 0
        while entry < directoryEnd, seen < entries {
            guard entry + 46 <= directoryEnd, u32(entry) == directoryEntry, var compressed = u32(entry + 20), let nameLength = u16(entry + 28),
                let extraLength = u16(entry + 30), let commentLength = u16(entry + 32), var local = u32(entry + 42)
            else {
                return "central directory entry \(seen + 1) is cut short or not an entry"
            }
            let next = entry + 46 + nameLength + extraLength + commentLength
            guard next <= directoryEnd else { return "central directory entry \(seen + 1) runs past the directory" }
            if compressed == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
                // The ZIP64 extra field holds the 64-bit values of the fields marked 0xFFFFFFFF, in order.
                var field = entry + 46 + nameLength
                let extraEnd = field + extraLength
                var found = false
                while field + 4 <= extraEnd, let id = u16(field), let size = u16(field + 2) {
                    if id == 1 {
                        var value = field + 4
                        if u32(entry + 24) == 0xFFFF_FFFF { value += 8 }
                        if compressed == 0xFFFF_FFFF, value + 8 <= extraEnd, let v = u64(value) { compressed = v; value += 8 }
                        if local == 0xFFFF_FFFF, value + 8 <= extraEnd, let v = u64(value) { local = v }
                        found = true
                        break
                    }
                    field += 4 + size
                }
                guard found else { return "central directory entry \(seen + 1) lacks its ZIP64 sizes" }
            }
            guard local <= count, count - local >= 30, u32(local) == localHeader, let localName = u16(local + 26), let localExtra = u16(local + 28) else {
                return "entry \(seen + 1)'s local header (at \(local)) lies past the end of the \(count)-byte file or is not a header"
            }
            let data = local + 30 + localName + localExtra
            guard data <= count, compressed <= count - data else {
                return "entry \(seen + 1)'s data (\(compressed) bytes) runs past the end of the \(count)-byte file"
            }
            if let visit, let flags = u16(entry + 8), let method = u16(entry + 10) {
                visit(Array(bytes[Int(entry + 46)..<Int(entry + 46 + nameLength)]), flags, method)
            }
            entry = next
            seen += 1
        }
        return nil
    }
}
