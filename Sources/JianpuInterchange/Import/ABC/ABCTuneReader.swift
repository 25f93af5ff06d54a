import JianpuCore

/// Reads one ABC tune (from `X:` to the blank line after it): its header fields, then its voices' music.
struct ABCTuneReader {
    /// The most bars a tune may have (a multi-bar rest `Z100000` must not fill memory).
    static let maximumMeasures = 100_000

    let file: String
    let defaults: [ABCLine]
    var score = ImportedScore()
    var number: Int?
    var inHeader = true
    var meter: ImportedMeter?
    var unitLength: WholeNotes?
    var key = ABCKey.cMajor
    var tempo: ImportedTempo?
    var voices: [ABCVoice] = []
    var voiceIDs: [String: Int] = [:]
    var voiceNames: [String: String] = [:]
    /// The voices the header declares, in order: music before any `V:` in the body is the first one's.
    var declaredVoices: [String] = []
    var current = 0
    var continuing = false
    var lastFieldWasWords = false
    var titles: [String] = []
    var accidentalScope: ABCAccidentalScope
    /// The last character of the music line before, to tell a note wrapped over the line (`A` / `2`).
    var previousLineEnd: Character?

    init(file: String, defaults: [ABCLine], accidentalScope: ABCAccidentalScope) {
        self.file = file
        self.defaults = defaults
        self.accidentalScope = accidentalScope
    }

    func error(_ line: ABCLine, _ column: Int, _ message: String) -> ImportError {
        ImportError(file: file, place: "\(line.number):\(column)", message: message)
    }

    func warn(_ place: String, _ message: String) -> ImportWarning {
        ImportWarning(place: "\(file):\(place)", message: message)
    }

    consuming func read(_ lines: [ABCLine], fallbackNumber: Int) throws(ImportError) -> ABCTune {
        var skipsNext = false
        var held: ABCLine?
        for var line in defaults + lines {
            if skipsNext {
                // The rest of a directive continued with `\`.
                skipsNext = line.text.hasSuffix("\\")
                continue
            }
            if line.text.hasPrefix("%") {
                skipsNext = line.text.hasSuffix("\\")
                if let scope = Self.accidentalScope(directive: line.text) { setAccidentalScope(scope) }
                continue
            }
            if isFieldLine(line.text) {
                try field(line)
                continue
            }
            if let start = held {
                line = ABCLine(number: start.number, text: Substring(String(start.text) + " " + String(line.text)))
                held = nil
            }
            // A chord broken over two lines is read as one line.
            if Self.leavesChordOpen(line.text) {
                held = line
                continue
            }
            if inHeader, let first = line.text.first, first.isNumber {
                // A header line that lost its field letter (`3/8=120`) is no music either.
                score.warnings.append(warn("\(line.number):1", "'\(line.text)' in the header is not a field: skipped"))
                continue
            }
            if inHeader { endHeader() }  // music before `K:`: the header ended without its key
            try music(line)
        }
        if let held {
            if inHeader { endHeader() }
            try music(held)
        }
        if inHeader { endHeader() }
        var total = 0
        for index in voices.indices {
            voices[index].finish()
            total += voices[index].measures.count
        }
        if total > Self.maximumMeasures * 4 {
            throw ImportError(file: file, place: "", message: "the tune has \(total) bars in all, more than the \(Self.maximumMeasures * 4) read")
        }
        // Every part has as many bars as the longest: a voice that stops early rests.
        let count = voices.map(\.measures.count).max() ?? 0
        let longest = voices.first { $0.measures.count == count }
        for index in voices.indices where voices[index].measures.count < count {
            for bar in voices[index].measures.count..<count {
                let length = longest?.measures[bar].length ?? .whole
                voices[index].measures.append(ImportedMeasure(label: "\(bar + 1)", length: length, events: [ImportedEvent(length: length)]))
            }
        }
        score.parts = voices.filter { !$0.measures.isEmpty || voices.count == 1 }.map { ImportedPart(name: $0.name, printedName: $0.printedName, measures: $0.measures) }
        if titles.count > 0 { score.title = titles[0] }
        if titles.count > 1 { score.subtitle = titles[1] }
        return ABCTune(number: number ?? fallbackNumber, title: score.title, score: score)
    }

    /// The scope a `%%propagate-accidentals` (or `I:propagate-accidentals`) directive sets, if it is one.
    static func accidentalScope(directive text: Substring) -> ABCAccidentalScope? {
        let words = text.drop(while: { $0 == "%" || $0 == "I" || $0 == ":" }).split(separator: " ")
        guard words.count >= 2, words[0] == "propagate-accidentals" else { return nil }
        return ABCAccidentalScope(rawValue: String(words[1]))
    }

    mutating func setAccidentalScope(_ scope: ABCAccidentalScope) {
        accidentalScope = scope
        for index in voices.indices { voices[index].accidentalScope = scope }
    }

    /// Whether a line opens a chord (or inline field) with `[` and does not close it.
    static func leavesChordOpen(_ text: Substring) -> Bool {
        var depth = 0
        var quoted = false
        var previous: Character = " "
        for character in text {
            if character == "%", previous != "\\" { break }
            if character == "\"" { quoted.toggle() }
            if !quoted {
                if previous == "[", character != "|", !character.isNumber { depth += 1 }
                if character == "]" { depth = max(0, depth - 1) }
            }
            previous = character
        }
        if previous == "[", !quoted { depth += 1 }
        return depth > 0
    }

    /// Whether a line is a field: in the body, `G:|` is a note and a repeat sign, not a field.
    func isFieldLine(_ text: Substring) -> Bool {
        guard ABCImport.isField(text), let letter = text.first else { return false }
        if inHeader { return true }
        if "abcdefgxyz".contains(letter) { return false }
        if "ABCDEFG".contains(letter) { return !text.dropFirst(2).hasPrefix("|") && !text.dropFirst(2).hasPrefix(":") }
        return true
    }

    /// The tune's fields are its defaults from here on; voices start with them.
    mutating func endHeader() {
        inHeader = false
        if unitLength == nil { unitLength = ABCFields.defaultUnitLength(for: meter) }
    }

    /// The voice music goes to now, made with the tune's defaults the first time.
    mutating func voice(_ id: String) -> Int {
        if let index = voiceIDs[id] { return index }
        let name = voiceNames[id] ?? (id == "" ? "Melody" : "Voice \(id)")
        voices.append(ABCVoice(name: name, printedName: voiceNames[id], key: key, meter: meter, unitLength: unitLength ?? WholeNotes(1, 8), tempo: tempo))
        voices[voices.count - 1].accidentalScope = accidentalScope
        voiceIDs[id] = voices.count - 1
        return voices.count - 1
    }

    mutating func field(_ line: ABCLine) throws(ImportError) {
        let letter = line.text.first ?? " "
        let value = line.text.dropFirst(2).trimmingSpaces()
        let valueColumn = 3 + line.text.dropFirst(2).prefix(while: { $0 == " " || $0 == "\t" }).count
        let words = letter == "w" || (letter == "+" && lastFieldWasWords)
        defer { lastFieldWasWords = words }
        do throws(ABCFieldError) {
            try apply(letter, stripComment(value), line: line, inline: false, words: words)
        } catch {
            throw self.error(line, max(3, valueColumn), error.message)
        }
    }

    /// A field's value without its `%` comment.
    func stripComment(_ value: Substring) -> Substring {
        var previous: Character = " "
        for index in value.indices {
            if value[index] == "%", previous != "\\" { return value[..<index].trimmingSpaces() }
            previous = value[index]
        }
        return value
    }

    /// A field, in the header, on a line of its own in the body or inline (`[K:G]`).
    mutating func apply(_ letter: Character, _ value: Substring, line: ABCLine, inline: Bool, words: Bool = false) throws(ABCFieldError) {
        switch letter {
        case "X":
            if number == nil { number = ABCFields.smallNumber(value.prefix(while: { !$0.isWhitespace })) }
        case "T":
            if inHeader, !value.isEmpty { titles.append(String(value)) }
        case "C":
            if inHeader, !value.isEmpty { score.composer = score.composer.map { "\($0), \(value)" } ?? String(value) }
        case "M":
            let newMeter = try ABCFields.meter(value)
            if inHeader { meter = newMeter } else { voices[ensureVoice()].changeMeter(newMeter) }
        case "L":
            let length = try ABCFields.unitLength(value)
            if inHeader { unitLength = length } else { voices[ensureVoice()].unitLength = length }
        case "Q":
            let unit = inHeader ? (unitLength ?? ABCFields.defaultUnitLength(for: meter)) : voices[ensureVoice()].unitLength
            guard let newTempo = try ABCFields.tempo(value, unitLength: unit) else { return }
            if inHeader { tempo = newTempo } else { voices[ensureVoice()].tempo = newTempo }
        case "K":
            let newKey: ABCKey?
            do throws(ABCFieldError) {
                newKey = try ABCKey.parse(value)
            } catch {
                // A tune with a key no one can read still has notes worth keeping.
                score.warnings.append(warn("\(line.number):1", "\(error.message): read as C major"))
                newKey = .cMajor
            }
            if inHeader {
                if let newKey { key = newKey }
                endHeader()
                if key.hasExplicitAccidentals { warnExplicitKey(line) }
            } else if let newKey {
                voices[ensureVoice()].changeKey(newKey)
                if newKey.hasExplicitAccidentals { warnExplicitKey(line) }
            }
        case "V":
            let (id, name) = ABCFields.voice(value)
            if let name { voiceNames[id] = name }
            if inHeader, !declaredVoices.contains(id) { declaredVoices.append(id) }
            if let index = voiceIDs[id], let name { voices[index].name = name }
            if !inHeader {
                current = voice(id)
                continuing = false
            }
        case "P":
            if inHeader { score.warnings.append(warn("\(line.number):1", "the play order P:\(value) is not carried over: the parts are imported as written")) }
        case "w", "+":
            guard words, !inHeader, !voices.isEmpty else { return }
            let left = voices[current].addLyrics(value, continuing: letter == "+")
            if left > 0 { score.warnings.append(warn("\(line.number):1", "\(left) syllables more than the notes of the line above: left out")) }
        case "I":
            if let scope = Self.accidentalScope(directive: value) { setAccidentalScope(scope) }
        default:
            // W: (words after the tune), notes, origin, history, remarks, directives: nothing to play.
            break
        }
    }

    private mutating func warnExplicitKey(_ line: ABCLine) {
        score.warnings.append(warn("\(line.number):1", "a key signature with explicit accidentals: imported as the key of its tonic, the notes keep their accidentals"))
    }

    /// The voice the body writes to, made when music or a body field comes before any `V:`.
    mutating func ensureVoice() -> Int {
        if voices.isEmpty {
            current = voice(declaredVoices.first ?? "")
        }
        return current
    }
}
