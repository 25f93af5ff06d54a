import JianpuCore

/// The music of an ABC tune body, read character by character into the current voice.
extension ABCTuneReader {
    private static let dynamics: Set<String> = ["pppp", "ppp", "pp", "p", "mp", "mf", "f", "ff", "fff", "ffff", "sfz", "sf", "fp", "rfz", "sfp"]
    private static let jumps: [String: ImportedJump] = [
        "segno": .segno, "coda": .coda, "fine": .fine, "D.C.": .daCapo, "dacapo": .daCapo, "D.C.alfine": .daCapo,
        "D.C.alcoda": .daCapo, "D.S.": .dalSegno, "D.S.alfine": .dalSegno, "D.S.alcoda": .dalSegno, "dacoda": .toCoda, "tocoda": .toCoda,
    ]

    /// A line of music (notes, bars, inline fields), continued on the next line when it ends with `\`.
    mutating func music(_ line: ABCLine) throws(ImportError) {
        let characters = Array(line.text)
        var end = characters.count
        var previous: Character = " "
        for index in characters.indices {
            if characters[index] == "%", previous != "\\" { end = index; break }
            previous = characters[index]
        }
        while end > 0, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
        let continues = end > 0 && characters[end - 1] == "\\"
        if continues { end -= 1 }
        guard end > 0 else { return }
        let voice = ensureVoice()
        if !continuing { voices[voice].lyrics.startMusicLine() }
        continuing = continues
        defer { previousLineEnd = characters[..<end].last { $0 != " " && $0 != "\t" } }
        var scanner = ABCScanner(characters: characters, end: end)
        if let first = scanner.peek(), first.isNumber || first == "/", voices[voice].lastEvent != nil,
            previousLineEnd.map({ $0.isLetter || $0 == "," || $0 == "'" }) ?? false
        {
            // A line wrapped inside a note (`A` / `2`): the length belongs to the note before.
            let length = try readLength(&scanner, line)
            voices[voice].stretchLast(by: length)
        }
        while let character = scanner.peek() {
            let column = scanner.index + 1
            let place = "\(line.number):\(column)"
            switch character {
            case " ", "\t", "`", "$", "*", "\\":
                scanner.index += 1
            case "y":
                scanner.index += 1
                _ = scanner.number()
            case "A"..."G", "a"..."g", "^", "_", "=":
                let note = try readNote(&scanner, line)
                voices[current].append(pitches: [note.pitch], written: note.length, place: place)
            case "z", "x":
                scanner.index += 1
                let length = try readLength(&scanner, line)
                voices[current].append(pitches: [], written: voices[current].unitLength * length, place: place)
            case "Z", "X":
                scanner.index += 1
                let count = scanner.number() ?? 1
                guard count >= 1, count <= 10_000, voices[current].measures.count + count <= Self.maximumMeasures else {
                    throw error(line, column, "a multi-bar rest of \(count) bars: expected 1 to 10000 bars, and at most \(Self.maximumMeasures) in a tune")
                }
                voices[current].multibarRest(count: count, place: place)
            case "[":
                try bracket(&scanner, line)
            case "|", ":":
                try barLine(&scanner, line)
            case "(":
                scanner.index += 1
                if let digit = scanner.peek(), digit.isNumber { try tuplet(&scanner, line) } else { voices[current].slurStarts += 1 }
            case ")":
                scanner.index += 1
                voices[current].endSlur()
            case "{":
                try graceNotes(&scanner, line)
            case "\"":
                try quoted(&scanner, line)
            case "!", "+":
                scanner.index += 1
                guard let close = scanner.find(character) else { continue }  // `!` alone: an old line break
                decoration(String(characters[scanner.index..<close]))
                scanner.index = close + 1
            case "-":
                scanner.index += 1
                voices[current].tieLast()
            case ">", "<":
                var count = 0
                while scanner.peek() == character { count += 1; scanner.index += 1 }
                voices[current].applyBroken(count: count, longFirst: character == ">")
            case ".":
                scanner.index += 1
                voices[current].marks.append("\\staccato")
            case "~", "H"..."Y", "h"..."w":
                scanner.index += 1
                switch character {
                case "S": voices[current].addJump(.segno)
                case "O": voices[current].addJump(.coda)
                case "H": voices[current].marks.append("\\fermata")
                case "L": voices[current].marks.append("\\accent")
                default: break
                }
            case "&":
                score.warnings.append(warn(place, "a voice overlay (&) is not carried over: its notes up to the bar line are left out"))
                while let next = scanner.peek(), next != "|" { scanner.index += 1 }
            default:
                throw error(line, column, "'\(character)' is not ABC music: expected a note (A-G, a-g), a rest (z), a bar line (|), a chord ([CEG]) or a field ([K:G])")
            }
        }
    }

    /// A note: accidentals, letter, octave marks and length, with its pitch in the key and bar.
    private mutating func readNote(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) -> (pitch: ImportedPitch, length: WholeNotes) {
        let column = scanner.index + 1
        var accidental: Int?
        while let sign = scanner.peek(), "^_=".contains(sign) {
            accidental = (accidental ?? 0) + (sign == "^" ? 1 : sign == "_" ? -1 : 0)
            scanner.index += 1
            // A microtone (`^/`): the nearest semitone is kept.
            if scanner.peek() == "/" { scanner.index += 1; _ = scanner.number() }
        }
        guard let letterCharacter = scanner.peek(), let letter = NoteName.Letter(letterCharacter), letterCharacter.isASCII else {
            throw error(line, scanner.index + 1, "an accidental without its note: expected a letter A-G or a-g after ^, _ or =")
        }
        guard abs(accidental ?? 0) <= 2 else { throw error(line, column, "more than a double sharp or flat on one note") }
        scanner.index += 1
        var octave = letterCharacter.isLowercase ? 5 : 4
        while let mark = scanner.peek(), mark == "," || mark == "'" {
            octave += mark == "'" ? 1 : -1
            scanner.index += 1
        }
        guard (-1...9).contains(octave) else { throw error(line, column, "a note outside the MIDI range: too many octave marks") }
        let length = try readLength(&scanner, line)
        let pitch = voices[current].pitch(letter: letter, octave: octave, accidental: accidental)
        guard pitch.pitch.isValidMIDI else { throw error(line, column, "a note outside the MIDI range (0 to 127)") }
        return (pitch, voices[current].unitLength * length)
    }

    /// A length multiplier: `2`, `/2`, `/`, `//`, `3/2`; 1 when none is written.
    private func readLength(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) -> WholeNotes {
        let column = scanner.index + 1
        let digitsBefore = scanner.index
        let numerator = scanner.number()
        if numerator == nil, scanner.index > digitsBefore { throw error(line, column, "a note length of more than six digits") }
        var denominator: Int64 = 1
        while scanner.peek() == "/" {
            scanner.index += 1
            let factor = Int64(scanner.number() ?? 2)
            guard factor > 0, denominator <= 1 << 20 else { throw error(line, column, "a note length divided by zero or too finely: expected /2, /4 or /8") }
            denominator *= factor
        }
        guard numerator != 0 else { throw error(line, column, "a note length of zero") }
        return WholeNotes(Int64(numerator ?? 1), denominator)
    }

    /// `[`: an inline field, an ending, a `[|` bar line or a chord.
    private mutating func bracket(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) {
        let column = scanner.index + 1
        let next = scanner.peek(1)
        if let next, next.isLetter, scanner.peek(2) == ":" {
            guard let close = scanner.find("]", from: scanner.index + 3) else { throw error(line, column, "an inline field without its closing ]") }
            let value = String(scanner.characters[(scanner.index + 3)..<close])
            scanner.index = close + 1
            do throws(ABCFieldError) {
                if next == "V" {
                    let (id, _) = ABCFields.voice(value[...])
                    current = voice(id)
                } else {
                    try apply(next, value[...], line: line, inline: true)
                }
            } catch {
                throw self.error(line, column + 3, error.message)
            }
        } else if let next, next.isNumber {
            scanner.index += 1
            voices[current].openEnding(try endingNumbers(&scanner, line))
        } else if next == "|" {
            try barLine(&scanner, line)
        } else {
            try chord(&scanner, line)
        }
    }

    /// `[CEG]2`: notes sounding together; the first note's length times the chord's.
    private mutating func chord(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) {
        let column = scanner.index + 1
        scanner.index += 1
        var pitches: [ImportedPitch] = []
        var first: WholeNotes?
        while let character = scanner.peek(), character != "]" {
            switch character {
            case "A"..."G", "a"..."g", "^", "_", "=":
                var note = try readNote(&scanner, line)
                if scanner.peek() == "-" { note.pitch.tiedToNext = true; scanner.index += 1 }
                if !pitches.contains(where: { $0.pitch == note.pitch.pitch }) { pitches.append(note.pitch) }
                if first == nil { first = note.length }
            case "!", "+":
                scanner.index += 1
                if let close = scanner.find(character) { decoration(String(scanner.characters[scanner.index..<close])); scanner.index = close + 1 }
            case "\"":
                try quoted(&scanner, line)
            case "z", "x":
                scanner.index += 1
                _ = try readLength(&scanner, line)
            default:
                scanner.index += 1
            }
        }
        guard scanner.peek() == "]" else { throw error(line, column, "a chord without its closing ]: expected notes then ]") }
        scanner.index += 1
        let length = try readLength(&scanner, line)
        let written = (first ?? voices[current].unitLength) * length
        voices[current].append(pitches: pitches, written: written, place: "\(line.number):\(column)")
        if scanner.peek() == "-" {
            scanner.index += 1
            voices[current].tieLast()
        }
    }

    /// `|`, `||`, `|]`, `[|`, `|:`, `:|`, `::`, with an ending number straight after (`|1`, `:|2`).
    private mutating func barLine(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) {
        var token = ""
        while let character = scanner.peek(), "|:]".contains(character) || (character == "[" && scanner.peek(1) == "|") {
            token.append(character)
            scanner.index += 1
        }
        let lines = token.filter { $0 == "|" || $0 == "]" || $0 == "[" }
        var endsRepeat = false
        var startsRepeat = false
        if lines.isEmpty {
            // `::` alone ends one repeat and starts the next; a single `:` is a dotted bar or a stray.
            if token.count >= 2 { (endsRepeat, startsRepeat) = (true, true) } else { return }
        } else {
            endsRepeat = token.first == ":"
            startsRepeat = token.last == ":"
        }
        let closes = token.contains("||") || token.contains("]") || token.contains("[")
        var numbers: [Int]?
        if let next = scanner.peek(), next.isNumber { numbers = try endingNumbers(&scanner, line) }
        voices[current].bar(endsRepeat: endsRepeat, startsRepeat: startsRepeat, closesEnding: closes, ending: numbers)
    }

    /// `1`, `1,3`, `1-3`: the passes an ending is played on.
    private func endingNumbers(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) -> [Int] {
        let column = scanner.index + 1
        var numbers: [Int] = []
        while let first = scanner.number() {
            guard first >= 1, first <= 100 else { throw error(line, column, "an ending numbered \(first): expected 1 to 100") }
            if scanner.peek() == "-" {
                scanner.index += 1
                guard let last = scanner.number(), last >= first, last <= 100 else { throw error(line, column, "an ending range without its end: expected 1-3") }
                numbers += Array(first...last)
            } else {
                numbers.append(first)
            }
            guard scanner.peek() == ",", scanner.peek(1)?.isNumber == true else { break }
            scanner.index += 1
        }
        return numbers
    }

    /// `(3`, `(3:2`, `(3:2:4`, `(p::r`: the next `r` notes are `p` in the time of `q`.
    private mutating func tuplet(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) {
        let column = scanner.index
        let actual = scanner.number() ?? 0
        var normal: Int?
        var count: Int?
        if scanner.peek() == ":" {
            scanner.index += 1
            normal = scanner.number()
            if scanner.peek() == ":" {
                scanner.index += 1
                count = scanner.number()
            }
        }
        guard (2...64).contains(actual) else { throw error(line, column, "a tuplet of \(actual) notes: expected (2 to (64") }
        let compound = voices[current].meter.map { $0.beats % 3 == 0 && $0.beats > 3 } ?? false
        let usual = [2: 3, 3: 2, 4: 3, 6: 2, 8: 3][actual] ?? (compound ? 3 : 2)
        let q = normal ?? usual
        let r = count ?? actual
        guard (1...64).contains(q), (1...64).contains(r) else { throw error(line, column, "a tuplet (\(actual):\(q):\(r)): expected numbers from 1 to 64") }
        voices[current].tuplet = (actual, q, r, true)
    }

    /// `{ag}` or `{/a}` before a note: grace notes, which take no time.
    private mutating func graceNotes(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) {
        let column = scanner.index + 1
        scanner.index += 1
        while let character = scanner.peek(), character != "}" {
            switch character {
            case "A"..."G", "a"..."g", "^", "_", "=":
                let place = "\(line.number):\(scanner.index + 1)"
                let note = try readNote(&scanner, line)
                voices[current].appendGrace(pitches: [note.pitch], written: note.length, place: place)
            default:
                scanner.index += 1
            }
        }
        guard scanner.peek() == "}" else { throw error(line, column, "grace notes without their closing }") }
        scanner.index += 1
    }

    /// `"Am"`: a chord symbol for the next note; `"^text"` and the like are annotations, read for D.C., D.S. and Fine.
    private mutating func quoted(_ scanner: inout ABCScanner, _ line: ABCLine) throws(ImportError) {
        let column = scanner.index + 1
        guard let close = scanner.find("\"", from: scanner.index + 1) else { throw error(line, column, "a chord symbol or annotation without its closing \"") }
        let text = String(scanner.characters[(scanner.index + 1)..<close])
        scanner.index = close + 1
        guard let first = text.first else { return }
        if "^_<>@".contains(first) {
            let words = text.dropFirst().lowercased()
            let jump: ImportedJump? =
                words.hasPrefix("d.c.") || words.hasPrefix("da capo")
                ? .daCapo
                : words.hasPrefix("d.s.") || words.hasPrefix("dal segno") ? .dalSegno : words == "fine" ? .fine : nil
            if let jump {
                voices[current].addJump(jump)
            } else if let annotation = ImportedEvent.words(String(text.dropFirst())) {
                if first == "_" { voices[current].wordsBelow.append(annotation) } else { voices[current].wordsAbove.append(annotation) }
            }
            return
        }
        let symbol = text.split(separator: ";").first.map(String.init) ?? text
        if let initial = symbol.first, "ABCDEFG(".contains(initial) || symbol == "N.C." {
            // `"Fife I"` starts like a chord but is a word over the music.
            if symbol == "N.C." || initial == "(" || Chord(symbol: symbol) != nil {
                voices[current].chordSymbol = symbol
            } else if let words = ImportedEvent.words(symbol) {
                voices[current].wordsAbove.append(words)
            }
        } else if let words = ImportedEvent.words(text) {
            voices[current].wordsAbove.append(words)
        }
    }

    /// ABC decorations a performer reads, as jianpu-ly's words.
    private static let performerMarks: [String: String] = [
        "fermata": "\\fermata", "invertedfermata": "\\fermata", "breath": "\\breathe", "accent": "\\accent", ">": "\\accent",
        "emphasis": "\\accent", "marcato": "\\marcato", "^": "\\marcato", "tenuto": "\\tenuto", "staccato": "\\staccato",
        "wedge": "\\staccatissimo", "crescendo(": "\\<", "<(": "\\<", "diminuendo(": "\\>", ">(": "\\>",
        "crescendo)": "\\!", "<)": "\\!", "diminuendo)": "\\!", ">)": "\\!",
    ]

    /// `!p!`, `!segno!`, `!D.C.!`, `!fermata!`: dynamics, the road map and the marks a performer reads are kept;
    /// other decorations are only ornament.
    private mutating func decoration(_ name: String) {
        if Self.dynamics.contains(name) {
            voices[current].dynamic = name
        } else if let jump = Self.jumps[name] {
            voices[current].addJump(jump)
        } else if let mark = Self.performerMarks[name] {
            voices[current].marks.append(mark)
        }
    }
}

/// A cursor over the characters of a line of music.
struct ABCScanner {
    let characters: [Character]
    let end: Int
    var index = 0

    func peek(_ offset: Int = 0) -> Character? {
        index + offset < end ? characters[index + offset] : nil
    }

    /// The position of `character` from `start` (after the cursor by default) on, before the end of the line.
    func find(_ character: Character, from start: Int? = nil) -> Int? {
        var position = start ?? index
        while position < end {
            if characters[position] == character { return position }
            position += 1
        }
        return nil
    }

    /// Digits at the cursor as a number; nil when there are none, or more than six (the cursor moves past them).
    mutating func number() -> Int? {
        var digits = ""
        while let character = peek(), character.isASCII, character.isNumber {
            digits.append(character)
            index += 1
        }
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        return Int(digits)
    }
}
