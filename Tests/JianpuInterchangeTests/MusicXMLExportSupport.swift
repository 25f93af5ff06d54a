import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Subprocesses
import Testing

@testable import JianpuInterchange

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Exports small scores written in the tests, checks every document's structure, and reads results
/// back with music21 (and the matching MIDI with mido) when they are installed.
enum MusicXMLExport {
    /// The score read from `text`; a test's score must read without errors.
    static func score(_ text: String, file: String = "t.jp") -> Score {
        let (score, diagnostics) = ScoreParser.parse(text, file: file)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return score
    }

    /// The document for `text`, checked for structure (and against the XSD when it is installed).
    static func export(_ text: String, movement: Int? = nil) throws -> (xml: String, document: XMLDocument, warnings: [Diagnostic]) {
        let output = try MusicXMLWriter.document(for: score(text), movement: movement)
        let document = try XMLDocument(xmlString: output.document, options: [])
        let problems = MusicXMLStructure.problems(in: document)
        #expect(problems.isEmpty, "\(problems.prefix(5))\n\(output.document)")
        if let schema = schema {
            let result = try validate(output.document, schema: schema)
            #expect(result.status == 0, "\(result.errors)")
        }
        return (output.document, document, output.warnings)
    }

    /// The nodes an XPath finds, as their string values.
    static func values(_ document: XMLDocument, _ xpath: String) throws -> [String] {
        try document.nodes(forXPath: xpath).map { $0.stringValue ?? "" }
    }

    // MARK: independent readers

    static let hasMusic21AndMido = (try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import music21, mido"]).status) == 0
    static let hasXMLLint = Subprocess.which("xmllint") != nil

    /// The MusicXML 4.0 schema, kept beside the tests (`Tests/Fixtures/MusicXMLSchema`), when `xmllint` is there to read it.
    static let schema: String? = {
        let path = PackageFolder.root.appendingPathComponent("Tests/Fixtures/MusicXMLSchema/musicxml.xsd").path
        return Prerequisite.met(hasXMLLint) ? path : nil
    }()

    static func validate(_ document: String, schema: String) throws -> Subprocess {
        let file = temporary("xsd", "musicxml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(document.utf8).write(to: file)
        return try Subprocess.run("/usr/bin/env", ["xmllint", "--noout", "--nonet", "--schema", schema, file.path])
    }

    static func temporary(_ name: String, _ ext: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("musicxml-export-\(name)-\(UUID().uuidString).\(ext)")
    }

    /// Writes each score's MusicXML (or .mxl) and its MIDI (without the chords track), and asks
    /// `scripts/musicxml-compare.py` (music21 loaded once) whether music21 and mido read the same
    /// notes from them: `agree` or the differences, one answer per score.
    static func readBackLikeMIDI(_ texts: [String], compressed: Bool = false, gracesByPitch: Bool = false) throws -> [String] {
        var files: [URL] = []
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        for text in texts {
            let score = score(text)
            let xml = temporary("read-back", compressed ? "mxl" : "musicxml")
            let midi = temporary("read-back", "mid")
            files += [xml, midi]
            let document = try MusicXMLWriter.document(for: score).document
            try (compressed ? MusicXMLArchive.data(for: document) : Data(document.utf8)).write(to: xml)
            let timeline = Timeline.concatenating(Flattener.exportedTimelines(of: score))
            try Data(StandardMIDIFile.data(for: timeline)).write(to: midi)
        }
        let script = PackageFolder.root.appendingPathComponent("scripts/musicxml-compare.py").path
        let result = try Subprocess.run("/usr/bin/env", ["python3", script] + files.map(\.path) + (gracesByPitch ? ["--graces-by-pitch"] : []))
        let lines = result.output.split(separator: "\n").map(String.init)
        guard lines.count == texts.count else { return texts.map { _ in "no answer: \(result.output)\(result.errors)" } }
        // With several pairs each answer starts with its number.
        return lines.map { texts.count > 1 ? String($0.drop { $0 != " " }.dropFirst()) : $0 }
    }
}
