import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuEngraving

/// The playing page: the engraving with the score's sound.
enum HTMLTypesetting {
    static func page(for score: Score, engraving: Engraving, synth: SynthOptions) throws -> String {
        HTMLPage.html(engraving, svg: SVGWriter.svg(engraving), audio: nil)
    }
}
