import JianpuCore

/// The LilyPond settings of an `LP:` block that jianpu acts on; the rest is LilyPond's alone.
enum LilyPondSetting {
    /// The name in `\set Staff.midiInstrument = #"flute"`, nil for any other line.
    static func midiInstrument(in line: String) -> String? {
        let words = line.split { $0 == " " || $0 == "\t" || $0 == "=" }
        guard words.count >= 3, words[0] == "\\set", words[1] == "Staff.midiInstrument" || words[1] == "midiInstrument" else { return nil }
        let value = words[2...].joined(separator: " ").drop { $0 == "#" }
        guard value.first == "\"" else { return nil }
        let name = value.dropFirst().prefix { $0 != "\"" }
        return name.isEmpty ? nil : String(name)
    }
}
