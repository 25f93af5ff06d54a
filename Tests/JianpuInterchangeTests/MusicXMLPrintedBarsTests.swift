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

/// The measures MusicXML export writes are the bars the typesetter prints (`WrittenScore`'s bars):
/// the same number, the same lengths, the same repeat signs and endings, in every part, for every
/// shipped score and every jianpu text among the test cases.
@Suite("MusicXML export: measures are the printed bars")
struct MusicXMLPrintedBarsTests {
    /// A bar as both sides can say it: its length, its repeat signs and whether an ending starts there.
    struct Outline: Equatable, CustomStringConvertible {
        var length: WholeNotes
        var repeatStart = false
        var repeatEnd = false
        var endingStarts = false

        var description: String {
            (repeatStart ? "|:" : "") + (endingStarts ? "[" : "") + "\(length)" + (repeatEnd ? ":|" : "")
        }
    }

    /// Every jianpu text the package ships or tests read from files (never `../shared`).
    static let files: [String] = {
        let root = PackageFolder.root
        var paths: [String] = []
        for folder in ["Scores", "Tests/Conformance", "Tests/Fixtures/Lyrics", "Tests/JianpuCLITests/Golden"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            paths += names.filter { $0.hasSuffix(".jp") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }()

    @Test("there are scores to check")
    func scoresAreFound() {
        #expect(Self.files.count > 20)
    }

    @Test("each movement's exported measures are its printed bars, part by part", arguments: files)
    func measuresArePrintedBars(_ path: String) throws {
        let text = try String(contentsOf: PackageFolder.root.appendingPathComponent(path), encoding: .utf8)
        let (score, _) = ScoreParser.parse(text, file: path)
        for (index, movement) in score.movements.enumerated() {
            let output = try MusicXMLWriter.document(for: score, movement: index + 1)
            // Repeats written out as played are bars of the performance, not of the page.
            if output.warnings.contains(where: { $0.message.contains("written out as played") }) { continue }
            let exported = try Self.measures(in: output.document)
            let printed = Self.printedBars(of: movement, index: index)
            for part in printed.indices {
                #expect(
                    exported.indices.contains(part) && exported[part] == printed[part],
                    "\(path), movement \(index + 1), part \(part + 1): exported \(exported.indices.contains(part) ? exported[part] : []) printed \(printed[part])")
            }
        }
    }

    @Test("a repeat sign is a bar line: a repeat ending inside a bar ends the printed bar and the measure there, the bar lines after it stay")
    func repeatInsideABarCutsIt() throws {
        let (score, _) = ScoreParser.parse("4/4\nR{ 1 2 } 3 4 | 5 6 7 1 |\n", file: "x.jp")
        let movement = try #require(score.movements.first)
        let printed = Self.printedBars(of: movement, index: 0)
        let half = WholeNotes(1, 2)
        #expect(printed == [[Outline(length: half, repeatStart: true, repeatEnd: true), Outline(length: half), Outline(length: WholeNotes(1))]])
        #expect(try Self.measures(in: MusicXMLWriter.document(for: score).document) == printed)
    }

    /// The printed bars of each part, a bar of `R*n` counted as the n bars it stands for (MusicXML writes each).
    static func printedBars(of movement: Movement, index: Int) -> [[Outline]] {
        let written = WrittenScore(movement)
        return written.bars(of: movement, movementIndex: index).map { bars in
            bars.flatMap { bar -> [Outline] in
                var outline = Outline(length: bar.length, repeatStart: bar.repeatStart, repeatEnd: bar.repeatEnd, endingStarts: bar.volta?.label != nil)
                // The last bar is printed as long as its music: a short one is not filled out.
                let music = bar.events.reduce(WholeNotes.zero) { $0 + $1.length }
                if bar.isFinal, !bar.events.isEmpty, music < bar.length { outline.length = music }
                guard bar.events.count == 1, case .multibarRest(let count) = bar.events[0].kind, count > 1 else { return [outline] }
                let each = bar.length / Int64(count)
                var result = Array(repeating: Outline(length: each), count: count)
                result[0].repeatStart = outline.repeatStart
                result[0].endingStarts = outline.endingStarts
                result[count - 1].repeatEnd = outline.repeatEnd
                return result
            }
        }
    }

    /// Each part's measures in a MusicXML document: the length its notes take, its repeat signs and ending starts.
    static func measures(in xml: String) throws -> [[Outline]] {
        let document = try XMLDocument(xmlString: xml, options: [])
        var divisions: Int64 = 1
        return try document.nodes(forXPath: "/score-partwise/part").map { part in
            try part.nodes(forXPath: "measure").map { measure in
                var outline = Outline(length: .zero)
                for node in measure.children ?? [] {
                    guard let element = node as? XMLElement else { continue }
                    switch element.name {
                    case "attributes":
                        if let value = element.elements(forName: "divisions").first?.stringValue, let units = Int64(value) { divisions = units }
                    case "note":
                        guard element.elements(forName: "chord").isEmpty, element.elements(forName: "grace").isEmpty,
                            let value = element.elements(forName: "duration").first?.stringValue, let units = Int64(value)
                        else { continue }
                        outline.length += WholeNotes(units, divisions * 4)
                    case "barline":
                        for repeatSign in element.elements(forName: "repeat") {
                            if repeatSign.attribute(forName: "direction")?.stringValue == "forward" { outline.repeatStart = true } else { outline.repeatEnd = true }
                        }
                        if element.elements(forName: "ending").contains(where: { $0.attribute(forName: "type")?.stringValue == "start" }) {
                            outline.endingStarts = true
                        }
                    default:
                        break
                    }
                }
                return outline
            }
        }
    }
}
