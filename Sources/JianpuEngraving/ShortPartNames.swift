import JianpuCore

/// The names printed at the parts of the systems after the first (LilyPond's `shortInstrumentName`): the
/// abbreviations an orchestral or choral score prints (`Vl. 1`, `Vla.`, `Vc.`, `Pno.`, `S.` `A.` `T.` `B.`),
/// else the name's first letters; a part's number kept (`Violin 2`: `Vl. 2`), and never two parts alike.
enum ShortPartNames {
    /// The usual abbreviation of an instrument or voice (lower-case name, a General MIDI or score name).
    static let abbreviations: [String: String] = [
        "violin": "Vl.", "violino": "Vl.", "violine": "Vl.", "fiddle": "Vl.", "viola": "Vla.", "bratsche": "Vla.",
        "violoncello": "Vc.", "cello": "Vc.", "contrabass": "Cb.", "double bass": "Cb.", "contrabbasso": "Cb.", "kontrabass": "Cb.",
        "piano": "Pno.", "acoustic grand piano": "Pno.", "bright acoustic piano": "Pno.", "electric grand piano": "Pno.",
        "pianoforte": "Pno.", "klavier": "Pno.", "harpsichord": "Hpd.", "cembalo": "Cemb.", "organ": "Org.", "church organ": "Org.",
        "flute": "Fl.", "flauto": "Fl.", "piccolo": "Picc.", "recorder": "Rec.", "oboe": "Ob.", "english horn": "E.H.",
        "clarinet": "Cl.", "clarinetto": "Cl.", "bassoon": "Bsn.", "fagotto": "Fg.", "saxophone": "Sax.",
        "alto sax": "A. Sax.", "tenor sax": "T. Sax.", "horn": "Hn.", "french horn": "Hn.", "corno": "Cor.",
        "trumpet": "Tpt.", "tromba": "Tr.", "trombone": "Tbn.", "tuba": "Tba.", "timpani": "Timp.",
        "harp": "Hp.", "guitar": "Gtr.", "acoustic guitar (nylon)": "Gtr.", "acoustic guitar (steel)": "Gtr.",
        "soprano": "S.", "mezzo-soprano": "Mez.", "alto": "A.", "contralto": "A.", "tenor": "T.", "baritone": "Bar.",
        "bass": "B.", "voice": "V.", "melody": "Mel.", "accompaniment": "Acc.",
    ]

    /// Each name shortened, the names made different where two would print alike (`Violin`, `Viola`).
    static func shortened(_ names: [String]) -> [String] {
        var short = names.map(shortened)
        // Two alike (never the empty ones): those take the first letters of their names, more until they differ.
        for (index, name) in short.enumerated() where !name.isEmpty {
            let alike = short.indices.filter { short[$0] == name && names[$0] != names[index] }
            guard !alike.isEmpty else { continue }
            for other in [index] + alike { short[other] = distinct(names[other], from: ([index] + alike).filter { $0 != other }.map { names[$0] }) }
        }
        return short
    }

    /// A name short enough for the systems after the first: its abbreviation with its number, else its first three
    /// letters (`Rec.`), a short name (or one in CJK characters, already short) as it is.
    static func shortened(_ name: String) -> String {
        let trimmed = name.trimmingSpaces
        if let known = abbreviations[trimmed.lowercased()] { return known }
        guard trimmed.count > 4, !trimmed.unicodeScalars.contains(where: Font.isCJK) else { return trimmed }
        var base = Substring(trimmed), number = ""
        if let space = trimmed.lastIndex(of: " "), trimmed[trimmed.index(after: space)...].allSatisfy({ $0.isNumber || "IV".contains($0) }) {
            base = trimmed[..<space]
            number = " " + trimmed[trimmed.index(after: space)...]
        }
        if let known = abbreviations[base.lowercased()] { return known + number }
        return base.count <= 4 ? String(base) + number : String(base.prefix(3)) + "." + number
    }

    /// The shortest prefix of `name` (then `.`) that none of `others` starts with; the whole name when none is.
    private static func distinct(_ name: String, from others: [String]) -> String {
        for length in 3..<max(3, name.count) {
            let prefix = String(name.prefix(length))
            if !others.contains(where: { $0.hasPrefix(prefix) }) { return prefix + "." }
        }
        return name
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
