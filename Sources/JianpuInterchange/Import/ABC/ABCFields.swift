import JianpuCore

/// The values of the ABC fields that set time: `M:` meter, `L:` unit note length, `Q:` tempo, and `V:` voices.
enum ABCFields {
    /// Reads `M:` (`6/8`, `C`, `C|`, `2+3/8`, `none`); nil for a free meter.
    static func meter(_ value: Substring) throws(ABCFieldError) -> ImportedMeter? {
        let text = value.split(separator: " ").first.map(String.init) ?? ""
        switch text {
        case "", "none": return nil
        case "C": return ImportedMeter(beats: 4, beatType: 4)
        case "C|": return ImportedMeter(beats: 2, beatType: 2)
        default: break
        }
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, let beatType = smallNumber(halves[1]), beatType > 0 else {
            throw ABCFieldError("'\(text)' is not a meter: expected 6/8, C, C| or none")
        }
        var beats = 0
        for term in halves[0].filter({ $0 != "(" && $0 != ")" }).split(separator: "+") {
            guard let number = smallNumber(term) else { throw ABCFieldError("'\(text)' is not a meter: expected 6/8, C, C| or none") }
            beats += number
        }
        guard beats > 0 else { throw ABCFieldError("'\(text)' is a meter of no beats") }
        // What jianpu text can say (check refuses any other): refused here, at the field, not after writing.
        guard beats <= 10_000, beatType <= 128, beatType & (beatType - 1) == 0 else {
            throw ABCFieldError("'\(text)' is a meter jianpu cannot write: expected 1 to 10000 beats of a unit that is a power of two up to 128 (such as 3/4, 6/8 or 63/16)")
        }
        return ImportedMeter(beats: beats, beatType: beatType)
    }

    /// Reads `L:` (`1/8`, `1/16`, `1`).
    static func unitLength(_ value: Substring) throws(ABCFieldError) -> WholeNotes {
        let text = value.split(separator: " ").first ?? ""
        guard let length = fraction(text), length > .zero else { throw ABCFieldError("'\(text)' is not a unit note length: expected 1/8, 1/16 or 1/4") }
        return length
    }

    /// The unit note length when there is no `L:`: a sixteenth under a meter of less than 3/4, else an eighth.
    static func defaultUnitLength(for meter: ImportedMeter?) -> WholeNotes {
        guard let meter else { return WholeNotes(1, 8) }
        return meter.barLength < WholeNotes(3, 4) ? WholeNotes(1, 16) : WholeNotes(1, 8)
    }

    /// Reads `Q:` (`1/4=120`, `120` in unit notes, `"Allegro" 3/8=60`, `1/4 3/8=50`); nil when it gives only words.
    static func tempo(_ value: Substring, unitLength: WholeNotes) throws(ABCFieldError) -> ImportedTempo? {
        // Quoted words (`"Allegro"`) are the tempo's name, not its speed.
        var text = ""
        var quoted = false
        for character in value {
            if character == "\"" { quoted.toggle() } else if !quoted { text.append(character) }
        }
        let trimmed = text.split(separator: " ").joined(separator: " ")
        guard !trimmed.isEmpty else { return nil }
        let sides = trimmed.split(separator: "=", omittingEmptySubsequences: false)
        let speedText = (sides.last ?? "").trimmingSpaces()
        guard let speed = Double(speedText), speed > 0, speed < 100_000 else {
            throw ABCFieldError("'\(trimmed)' is not a tempo: expected 1/4=120 or 120")
        }
        guard sides.count == 2 else { return ImportedTempo(beat: unitLength, beatsPerMinute: speed) }
        var beat = WholeNotes.zero
        for term in sides[0].split(separator: " ") {
            // `C=120` is the old way to say the unit note.
            if term == "C" || term == "c" { beat += unitLength; continue }
            guard let length = fraction(term), length > .zero else { throw ABCFieldError("'\(term)' is not a beat length: expected 1/4 or 3/8") }
            beat += length
        }
        return ImportedTempo(beat: beat == .zero ? unitLength : beat, beatsPerMinute: speed)
    }

    /// Reads a `V:` field: the voice's identifier and its `name=` (or `nm=`).
    static func voice(_ value: Substring) -> (id: String, name: String?) {
        let id = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? "1"
        var name: String?
        for label in ["name=", "nm="] where name == nil {
            guard let range = value.range(of: label) else { continue }
            var rest = value[range.upperBound...]
            if rest.first == "\"" {
                rest = rest.dropFirst()
                name = String(rest.prefix(while: { $0 != "\"" }))
            } else {
                name = String(rest.prefix(while: { $0 != " " }))
            }
        }
        return (id, name?.isEmpty == true ? nil : name)
    }

    /// `1/8`, `3/2` or `2` as whole notes; nil when it is none of these.
    static func fraction(_ text: Substring) -> WholeNotes? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let numerator = smallNumber(parts[0]) else { return nil }
        if parts.count == 1 { return WholeNotes(Int64(numerator)) }
        guard parts.count == 2, let denominator = smallNumber(parts[1]), denominator > 0 else { return nil }
        return WholeNotes(Int64(numerator), Int64(denominator))
    }

    /// A number of at most six digits, so that no value written in a field can overflow.
    static func smallNumber(_ text: Substring) -> Int? {
        let digits = text.trimmingSpaces()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

extension Substring {
    /// The text without spaces or tabs at either end.
    func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
