import Foundation
import FoundationXML
import JianpuCore
import JianpuEngraving
import JianpuNotation
import JianpuPrint
import Subprocesses

/// Scores, engravings and their SVG read back as XML, for the engraving tests.
enum EngravingSupport {
    static let packageRoot = PackageFolder.root
    static let shippedScores =
        (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scores").path))?
        .filter { $0.hasSuffix(".jp") }.sorted() ?? []

    static func score(_ text: String, file: String = "test.jp") throws -> Score {
        let (score, diagnostics) = ScoreParser.parse(text, file: file)
        if let error = diagnostics.first(where: { $0.severity == .error }) { throw Failure(description: error.description) }
        return score
    }

    static func shipped(_ name: String) throws -> Score {
        let path = packageRoot.appendingPathComponent("Scores/\(name)").path
        return try score(String(contentsOfFile: path, encoding: .utf8), file: "Scores/\(name)")
    }

    static func engrave(_ score: Score, options: EngravingOptions = EngravingOptions()) -> Engraving {
        Engraver(options: options, measure: CairoTextMeasure()).engrave(score)
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// An element of the SVG as an XML parser read it.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        var classes: [Substring] { (attributes["class"] ?? "").split(separator: " ") }
    }

    /// Reads every element with its attributes and text (FoundationXML's parser).
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = open.last { elements[last].text += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }

    /// Every element of the SVG with the given class (one of its classes); throws when the SVG is not well-formed XML.
    static func elements(_ svg: String, class name: String) throws -> [Element] {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw Failure(description: "the SVG is not well-formed: \(parser.parserError.map(String.init(describing:)) ?? "?")") }
        return collector.elements.filter { $0.classes.contains(Substring(name)) }
    }

    static func number(_ element: Element, _ attribute: String) -> Double {
        Double(element.attributes[attribute] ?? "") ?? .nan
    }

    /// A temporary path that is removed by the caller.
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    /// Runs a program (found on `PATH`) to its end: its status and standard output.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try Subprocess.run("/usr/bin/env", [program] + arguments)
        return (run.status, run.output)
    }
}
