/// The instrument a score's part name implies, in the languages scores are written in.
///
/// Notation programs name parts as printed (`Violino I`, `Sopran`, `Gesang`, `Pianoforte`), while
/// their MIDI program is often a default (every staff a piano). A part's name says what it is.
extension GeneralMIDI {
    /// Part names, without numbering, in English, German, Italian, French and Chinese, and the program each implies.
    static let partNames: [String: Int] = [
        "soprano": 52, "sopran": 52, "soprani": 52, "mezzo": 52, "mezzo-soprano": 52, "alto": 52, "alt": 52, "contralto": 52,
        "tenor": 52, "tenore": 52, "ténor": 52, "baritone": 52, "bariton": 52, "baritono": 52, "basso": 52, "basse": 52,
        "choir": 52, "chorus": 52, "chor": 52, "coro": 52, "chœur": 52, "合唱": 52, "女高音": 52, "女中音": 52, "男高音": 52, "男低音": 52,
        "voice": 53, "voix": 53, "voce": 53, "canto": 53, "gesang": 53, "singstimme": 53, "stimme": 53, "solo voice": 53,
        "vocals": 53, "vocal": 53, "人声": 53, "独唱": 53, "演唱": 53,
        "pianoforte": 0, "klavier": 0, "clavier": 0, "fortepiano": 0, "flügel": 0, "钢琴伴奏": 0,
        "cembalo": 6, "clavecin": 6, "organo": 19, "orgel": 19, "orgue": 19,
        "violino": 40, "violon": 40, "violine": 40, "geige": 40, "vn": 40, "vln": 40, "vl": 40,
        "viole": 41, "bratsche": 41, "va": 41, "vla": 41,
        "violoncello": 42, "violoncelle": 42, "violoncelli": 42, "vc": 42, "vlc": 42,
        "contrabbasso": 43, "kontrabass": 43, "contrebasse": 43, "cb": 43, "kb": 43,
        "arpa": 46, "harfe": 46, "harpe": 46, "timpano": 47, "pauken": 47, "pauke": 47, "timbales": 47,
        "tromba": 56, "trompete": 56, "trompette": 56, "trombe": 56, "posaune": 57, "tromboni": 57,
        "corno": 60, "corni": 60, "cor": 60, "waldhorn": 60,
        "oboi": 68, "hautbois": 68, "corno inglese": 69, "englischhorn": 69, "cor anglais": 69, "english horn": 69,
        "fagotto": 70, "fagott": 70, "fagotti": 70, "basson": 70,
        "clarinetto": 71, "clarinetti": 71, "klarinette": 71, "clarinette": 71,
        "flauto": 73, "flauti": 73, "flöte": 73, "flute traversière": 73, "querflöte": 73, "flûte": 73,
        "ottavino": 72, "pikkoloflöte": 72, "flauto dolce": 74, "blockflöte": 74, "flûte à bec": 74,
        "chitarra": 24, "gitarre": 24, "guitare": 24, "mandolin": 105, "mandolino": 105, "mandoline": 105,
    ]

    /// The program a part's printed name implies (`Violino I` a violin, `Sopran` a choir voice, `Piano (RH)` a
    /// piano), or nil when the name says nothing known.
    public static func program(forPartName name: String) -> Int? {
        var words = name.lowercased().split { $0.isWhitespace || ".(),;:/-".contains($0) }.map(String.init)
        // Numbering and qualifiers a part's name carries: `Violin II`, `Soprano 1`, `Tenor solo`, `Piano RH`.
        let qualifiers: Set<String> = [
            "i", "ii", "iii", "iv", "1", "2", "3", "4", "1st", "2nd", "3rd", "solo", "tutti", "primo",
            "secondo", "rh", "lh", "right", "left", "hand", "in", "staff", "voice", "voices", "and", "&",
        ]
        while words.count > 1, let last = words.last, qualifiers.contains(last) || Int(last) != nil { words.removeLast() }
        while words.count > 1, let first = words.first, ["1st", "2nd", "3rd", "first", "second", "solo"].contains(first) { words.removeFirst() }
        let joined = words.joined(separator: " ")
        if let program = partNames[joined] { return program }
        if let program = namesByKey[key(joined)] { return program }
        // `Piano, staff 1` or `Soprano Solo`: the first word alone.
        if let first = words.first, words.count > 1 {
            if let program = partNames[first] { return program }
            if let program = namesByKey[key(first)] { return program }
        }
        return nil
    }
}
