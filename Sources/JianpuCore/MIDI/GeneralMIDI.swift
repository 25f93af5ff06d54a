/// General MIDI instrument names and the programs they select.
public enum GeneralMIDI {
    /// The 128 General MIDI program names, program 0 first.
    public static let programNames: [String] = [
        "Acoustic Grand Piano", "Bright Acoustic Piano", "Electric Grand Piano", "Honky-tonk Piano", "Electric Piano 1",
        "Electric Piano 2", "Harpsichord", "Clavinet", "Celesta", "Glockenspiel", "Music Box", "Vibraphone", "Marimba",
        "Xylophone", "Tubular Bells", "Dulcimer", "Drawbar Organ", "Percussive Organ", "Rock Organ", "Church Organ",
        "Reed Organ", "Accordion", "Harmonica", "Tango Accordion", "Acoustic Guitar (nylon)", "Acoustic Guitar (steel)",
        "Electric Guitar (jazz)", "Electric Guitar (clean)", "Electric Guitar (muted)", "Overdriven Guitar",
        "Distortion Guitar", "Guitar Harmonics", "Acoustic Bass", "Electric Bass (finger)", "Electric Bass (pick)",
        "Fretless Bass", "Slap Bass 1", "Slap Bass 2", "Synth Bass 1", "Synth Bass 2", "Violin", "Viola", "Cello",
        "Contrabass", "Tremolo Strings", "Pizzicato Strings", "Orchestral Harp", "Timpani", "String Ensemble 1",
        "String Ensemble 2", "Synth Strings 1", "Synth Strings 2", "Choir Aahs", "Voice Oohs", "Synth Choir",
        "Orchestra Hit", "Trumpet", "Trombone", "Tuba", "Muted Trumpet", "French Horn", "Brass Section", "Synth Brass 1",
        "Synth Brass 2", "Soprano Sax", "Alto Sax", "Tenor Sax", "Baritone Sax", "Oboe", "English Horn", "Bassoon",
        "Clarinet", "Piccolo", "Flute", "Recorder", "Pan Flute", "Blown Bottle", "Shakuhachi", "Whistle", "Ocarina",
        "Lead 1 (square)", "Lead 2 (sawtooth)", "Lead 3 (calliope)", "Lead 4 (chiff)", "Lead 5 (charang)",
        "Lead 6 (voice)", "Lead 7 (fifths)", "Lead 8 (bass + lead)", "Pad 1 (new age)", "Pad 2 (warm)",
        "Pad 3 (polysynth)", "Pad 4 (choir)", "Pad 5 (bowed)", "Pad 6 (metallic)", "Pad 7 (halo)", "Pad 8 (sweep)",
        "FX 1 (rain)", "FX 2 (soundtrack)", "FX 3 (crystal)", "FX 4 (atmosphere)", "FX 5 (brightness)", "FX 6 (goblins)",
        "FX 7 (echoes)", "FX 8 (sci-fi)", "Sitar", "Banjo", "Shamisen", "Koto", "Kalimba", "Bagpipe", "Fiddle", "Shanai",
        "Tinkle Bell", "Agogo", "Steel Drums", "Woodblock", "Taiko Drum", "Melodic Tom", "Synth Drum", "Reverse Cymbal",
        "Guitar Fret Noise", "Breath Noise", "Seashore", "Bird Tweet", "Telephone Ring", "Helicopter", "Applause", "Gunshot",
    ]

    /// Everyday names musicians write in `instrument=` lines, including the Chinese ones.
    static let aliases: [String: Int] = [
        "piano": 0, "grand piano": 0, "钢琴": 0, "electric piano": 4, "harpsichord": 6, "organ": 19, "accordion": 21,
        "harmonica": 22, "guitar": 24, "classical guitar": 24, "nylon guitar": 24, "steel guitar": 25, "吉他": 24,
        "electric guitar": 27, "bass": 32, "bass guitar": 33, "violin": 40, "小提琴": 40, "viola": 41, "cello": 42,
        "大提琴": 42, "double bass": 43, "contrabass": 43, "harp": 46, "strings": 48, "string ensemble": 48, "choir": 52,
        "voice": 53, "soprano": 52, "alto": 52, "tenor": 52, "baritone": 52, "s": 52, "a": 52, "t": 52, "b": 52, "s.a.": 52,
        "t.b.": 52, "trumpet": 56, "trombone": 57, "tuba": 58, "horn": 60, "french horn": 60, "saxophone": 65, "sax": 65,
        "oboe": 68, "bassoon": 70, "clarinet": 71, "piccolo": 72, "flute": 73, "长笛": 73, "笛子": 73, "dizi": 73,
        "recorder": 74, "pan flute": 75, "whistle": 78, "ocarina": 79, "sitar": 104, "banjo": 105, "koto": 107,
        "guzheng": 107, "古筝": 107, "kalimba": 108, "bagpipe": 109, "fiddle": 110, "erhu": 110, "二胡": 110,
        "shanai": 111, "suona": 111, "唢呐": 111, "pipa": 105, "琵琶": 105, "xylophone": 13, "marimba": 12,
        "vibraphone": 11, "glockenspiel": 9, "celesta": 8, "music box": 10, "bells": 14, "timpani": 47,
    ]

    /// LilyPond's MIDI instrument names (`\set Staff.midiInstrument`), program 0 first: the names
    /// jianpu-ly scores are written with.
    public static let lilyPondNames: [String] = [
        "acoustic grand", "bright acoustic", "electric grand", "honky-tonk", "electric piano 1", "electric piano 2",
        "harpsichord", "clav", "celesta", "glockenspiel", "music box", "vibraphone", "marimba", "xylophone", "tubular bells",
        "dulcimer", "drawbar organ", "percussive organ", "rock organ", "church organ", "reed organ", "accordion", "harmonica",
        "concertina", "acoustic guitar (nylon)", "acoustic guitar (steel)", "electric guitar (jazz)", "electric guitar (clean)",
        "electric guitar (muted)", "overdriven guitar", "distorted guitar", "guitar harmonics", "acoustic bass",
        "electric bass (finger)", "electric bass (pick)", "fretless bass", "slap bass 1", "slap bass 2", "synth bass 1",
        "synth bass 2", "violin", "viola", "cello", "contrabass", "tremolo strings", "pizzicato strings", "orchestral harp",
        "timpani", "string ensemble 1", "string ensemble 2", "synthstrings 1", "synthstrings 2", "choir aahs", "voice oohs",
        "synth voice", "orchestra hit", "trumpet", "trombone", "tuba", "muted trumpet", "french horn", "brass section",
        "synthbrass 1", "synthbrass 2", "soprano sax", "alto sax", "tenor sax", "baritone sax", "oboe", "english horn",
        "bassoon", "clarinet", "piccolo", "flute", "recorder", "pan flute", "blown bottle", "shakuhachi", "whistle", "ocarina",
        "lead 1 (square)", "lead 2 (sawtooth)", "lead 3 (calliope)", "lead 4 (chiff)", "lead 5 (charang)", "lead 6 (voice)",
        "lead 7 (fifths)", "lead 8 (bass+lead)", "pad 1 (new age)", "pad 2 (warm)", "pad 3 (polysynth)", "pad 4 (choir)",
        "pad 5 (bowed)", "pad 6 (metallic)", "pad 7 (halo)", "pad 8 (sweep)", "fx 1 (rain)", "fx 2 (soundtrack)",
        "fx 3 (crystal)", "fx 4 (atmosphere)", "fx 5 (brightness)", "fx 6 (goblins)", "fx 7 (echoes)", "fx 8 (sci-fi)",
        "sitar", "banjo", "shamisen", "koto", "kalimba", "bagpipe", "fiddle", "shanai", "tinkle bell", "agogo", "steel drums",
        "woodblock", "taiko drum", "melodic tom", "synth drum", "reverse cymbal", "guitar fret noise", "breath noise",
        "seashore", "bird tweet", "telephone ring", "helicopter", "applause", "gunshot",
    ]

    /// Every name a program is known by, keyed without case or spaces: LilyPond's, General MIDI's and the everyday ones.
    static let namesByKey: [String: Int] = {
        var names: [String: Int] = [:]
        for (program, name) in programNames.enumerated() { names[key(name)] = program }
        for (program, name) in lilyPondNames.enumerated() { names[key(name)] = program }
        for (name, program) in aliases { names[key(name)] = program }
        return names
    }()

    /// A name as it is looked up: lower case, without spaces.
    static func key(_ name: String) -> String {
        String(name.lowercased().filter { !$0.isWhitespace })
    }

    /// The program (0-127) for an instrument name (LilyPond's, General MIDI's or an everyday one, in any
    /// case and spacing) or a program number; nil when unknown.
    public static func program(named name: String) -> UInt8? {
        let key = key(name)
        if let number = Int(key), (0...127).contains(number) { return UInt8(number) }
        if let program = namesByKey[key] { return UInt8(program) }
        if let program = program(forPartName: name) { return UInt8(program) }
        // "Acoustic Guitar" and the like: the first GM name that starts with the words given.
        if key.count >= 4, let index = programNames.firstIndex(where: { Self.key($0).hasPrefix(key) }) { return UInt8(index) }
        return nil
    }

    /// The LilyPond and General MIDI names nearest an unknown name (fewest letters to change), best first.
    public static func nearestNames(to name: String, count: Int = 3) -> [String] {
        // No instrument's name is longer: a longer one is compared by its start (a name as long as a
        // file would cost its length times every name's).
        let wanted = Array(key(name).prefix(64))
        func distance(_ other: String) -> Int {
            let other = Array(key(other))
            var row = Array(0...other.count)
            for (i, a) in wanted.enumerated() {
                var previous = row[0]
                row[0] = i + 1
                for (j, b) in other.enumerated() {
                    let substitution = previous + (a == b ? 0 : 1)
                    previous = row[j + 1]
                    row[j + 1] = min(substitution, row[j] + 1, row[j + 1] + 1)
                }
            }
            return row[other.count]
        }
        let candidates = lilyPondNames + programNames.filter { !lilyPondNames.map(key).contains(key($0)) }
        return candidates.enumerated().map { (distance: distance($0.element), order: $0.offset, name: $0.element) }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }.prefix(count).map(\.name)
    }
}
