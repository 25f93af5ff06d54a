import Foundation
import JianpuCore
import JianpuFiles
import JianpuPractice

/// How a question's two notes are played: together, lower then upper, upper then lower.
/// The raw value is what the log stores in `playback_type`.
public enum PlaybackKind: String, Codable, CaseIterable, Sendable, Hashable {
    case harmonic = "H"
    case melodicUp = "MU"
    case melodicDown = "MD"

    /// `harmonic`, `melodic up`, `melodic down`.
    public var name: String {
        switch self {
        case .harmonic: "harmonic"
        case .melodicUp: "melodic up"
        case .melodicDown: "melodic down"
        }
    }

    /// Reads `H`, `MU`, `MD`, `harmonic`, `up`, `down`, `melodic-up`, `melodic-down` (any case).
    public init?(parsing text: String) {
        switch text.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-") {
        case "h", "harmonic": self = .harmonic
        case "mu", "up", "melodic-up": self = .melodicUp
        case "md", "down", "melodic-down": self = .melodicDown
        default: return nil
        }
    }
}

/// What a quiz asks and how: the flags of `jianpu quiz`, also saved as a JSON profile.
public struct QuizSettings: Sendable, Hashable, Codable {
    /// The intervals asked, unison to double octave.
    public var intervals: [Interval]
    /// Octaves (scientific numbering: 4 holds middle C) the lower note is taken from.
    public var octaves: [Int]
    /// The playback kinds asked.
    public var kinds: [PlaybackKind]
    /// General MIDI programs (0-based) to play with.
    public var programs: [UInt8]
    /// A different instrument (picked from `programs`) for each question; otherwise the first one.
    public var varyInstrument: Bool
    /// Sound the note of a piano key when it is pressed.
    public var keyFeedback: Bool
    /// Questions per session.
    public var questions: Int

    public init(
        intervals: [Interval] = Interval.simpleIntervals, octaves: [Int] = [4],
        kinds: [PlaybackKind] = PlaybackKind.allCases, programs: [UInt8] = [0],
        varyInstrument: Bool = false, keyFeedback: Bool = true, questions: Int = 20
    ) {
        self.intervals = intervals
        self.octaves = octaves
        self.kinds = kinds
        self.programs = programs
        self.varyInstrument = varyInstrument
        self.keyFeedback = keyFeedback
        self.questions = questions
    }

    /// The defaults: unison to octave, octave 4, every kind, piano, 20 questions, key feedback on.
    public static let standard = QuizSettings()

    enum CodingKeys: String, CodingKey {
        case intervals, octaves, kinds, programs, varyInstrument = "vary_instrument", keyFeedback = "key_feedback", questions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standard = QuizSettings.standard
        let names = try container.decodeIfPresent([String].self, forKey: .intervals)
        var intervals: [Interval] = []
        for name in names ?? [] {
            guard let interval = Interval.all.first(where: { $0.shortName == name }) ?? Interval(parsing: name) else {
                throw DecodingError.dataCorruptedError(forKey: .intervals, in: container, debugDescription: "unknown interval \(name)")
            }
            intervals.append(interval)
        }
        self.intervals = names == nil ? standard.intervals : intervals
        self.octaves = try container.decodeIfPresent([Int].self, forKey: .octaves) ?? standard.octaves
        self.kinds = try container.decodeIfPresent([PlaybackKind].self, forKey: .kinds) ?? standard.kinds
        // Read as numbers of any size, so that 300 is named as no General MIDI program, not as bad JSON.
        let programs = try container.decodeIfPresent([Int].self, forKey: .programs)
        if let bad = programs?.first(where: { !(0...127).contains($0) }) {
            throw DecodingError.dataCorruptedError(
                forKey: .programs, in: container,
                debugDescription: "program \(bad) is not a General MIDI program (0-127)")
        }
        self.programs = programs.map { $0.map { UInt8($0) } } ?? standard.programs
        self.varyInstrument = try container.decodeIfPresent(Bool.self, forKey: .varyInstrument) ?? standard.varyInstrument
        self.keyFeedback = try container.decodeIfPresent(Bool.self, forKey: .keyFeedback) ?? standard.keyFeedback
        self.questions = try container.decodeIfPresent(Int.self, forKey: .questions) ?? standard.questions
        if let problem = validationProblem { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: problem)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(intervals.map(\.shortName), forKey: .intervals)
        try container.encode(octaves, forKey: .octaves)
        try container.encode(kinds, forKey: .kinds)
        try container.encode(programs, forKey: .programs)
        try container.encode(varyInstrument, forKey: .varyInstrument)
        try container.encode(keyFeedback, forKey: .keyFeedback)
        try container.encode(questions, forKey: .questions)
    }

    /// What is wrong with these settings, or nil when they can be used.
    public var validationProblem: String? {
        if intervals.isEmpty { return "choose at least one interval (e.g. --intervals m3,M3,P5)" }
        if octaves.isEmpty { return "choose at least one octave (e.g. --octaves 4)" }
        if let bad = octaves.first(where: { !(1...7).contains($0) }) { return "octave \(bad) is out of range: choose octaves 1-7 (4 holds middle C)" }
        if kinds.isEmpty { return "choose at least one playback kind (H, MU, MD)" }
        if programs.isEmpty { return "choose at least one instrument" }
        if let bad = programs.first(where: { $0 > 127 }) { return "program \(bad) is not a General MIDI program (0-127)" }
        if !(1...10_000).contains(questions) { return "the number of questions must be 1-10000" }
        return nil
    }

    /// The intervals in order without duplicates.
    public var distinctIntervals: [Interval] { Array(Set(intervals)).sorted() }
    /// The kinds in the standard order without duplicates.
    public var distinctKinds: [PlaybackKind] { PlaybackKind.allCases.filter(kinds.contains) }
    /// The octaves in order without duplicates.
    public var distinctOctaves: [Int] { Array(Set(octaves)).sorted() }
}

/// Where the quiz keeps its profile, following the XDG base directories (its log is `PracticePaths`').
public enum QuizPaths {
    /// `$XDG_CONFIG_HOME/jianpu/quiz.json`, else `~/.config/jianpu/quiz.json`.
    public static func defaultProfile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        PracticePaths.base(environment["XDG_CONFIG_HOME"], fallback: ".config", environment: environment) + "/jianpu/quiz.json"
    }
}

/// Reading and writing the saved profile.
public enum QuizProfile {
    /// The saved settings, or nil when there is no profile file.
    /// - Throws: `QuizError` naming the file when it exists but cannot be read, or when its path
    ///   cannot be followed (a loop of links, a name too long, a file where a folder should be).
    ///   A symbolic link to nothing is refused too (its file was meant to be there), unless `saving`:
    ///   then saving creates the file it names.
    public static func load(path: String, saving: Bool = false) throws -> QuizSettings? {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            // Only a profile that is not there is "no profile yet"; any other failure would put the
            // defaults in place of the user's settings without a word.
            if code == ENOENT {
                var linkInfo = stat()
                guard !saving, lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK else { return nil }
                throw QuizError.profileLinkToNothing(path: path, destination: FileStatus.linkDestination(path))
            }
            throw QuizError.profileUnreachable(path: path, reason: unreachableReason(code))
        }
        do {
            // A profile is a few hundred bytes: a huge file or a device is refused before it is read.
            let bytes = try InputFile.read(path, maximumBytes: 64 << 10)
            do {
                return try JSONDecoder().decode(QuizSettings.self, from: Data(bytes))
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                // The reader calls a number it cannot hold (1e400) "not valid JSON": the number is named instead.
                if let number = outOfRangeNumber(in: bytes) {
                    throw QuizError.profileNumberOutOfRange(path: path, number: number)
                }
                throw DecodingError.dataCorrupted(context)
            }
        } catch let error as FileProblem {
            throw QuizError.profileUnreadable(error.description)
        } catch let error as DecodingError {
            throw QuizError.profileInvalid(path: path, reason: describe(error))
        } catch let error as QuizError {
            throw error
        } catch {
            throw QuizError.profileUnreadable("\(path): \(error.localizedDescription)")
        }
    }

    /// Why `stat` could not reach a profile, in words.
    static func unreachableReason(_ code: Int32) -> String {
        switch code {
        case ELOOP: "its symbolic links form a loop (or are too many)"
        case ENAMETOOLONG: "its name is longer than the file system allows"
        case ENOTDIR: "a part of its path is a file, not a folder"
        case EACCES: "permission denied on a folder of its path"
        default: String(cString: strerror(code))
        }
    }

    /// Writes the settings as pretty JSON, creating the folder; never over one of `inputs` (the log, a take).
    public static func save(_ settings: QuizSettings, path: String, inputs: [String] = []) throws {
        do {
            let folder = FileStatus.split(path).folder
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            // Through OutputFile: checked against the inputs, written through a link, replaced whole.
            try OutputFile(path, inputs: inputs).write(Array(encoder.encode(settings) + Data("\n".utf8)))
        } catch let problem as FileProblem {
            throw QuizError.profileNotSaved("\(problem)")
        } catch let error as CocoaError {
            throw QuizError.profileNotSaved("\(path): \(FileProblem.reason(error))")
        } catch {
            throw QuizError.profileNotSaved("\(path): \(error.localizedDescription)")
        }
    }

    /// The first number of JSON text (outside its strings) that no Swift number holds: not finite
    /// as a Double, or written as a whole number past the 64-bit integers.
    static func outOfRangeNumber(in bytes: [UInt8]) -> String? {
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            let isWhole = !token.contains(where: { ".eE".contains($0) })
            if let value = Double(token), !value.isFinite || (isWhole && Int64(token) == nil) { return token }
        }
        return nil
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return context.underlyingError != nil || context.debugDescription.contains("JSON") ? "not valid JSON" : context.debugDescription }
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
