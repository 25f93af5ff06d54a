import JianpuCore

/// The marks on a MusicXML note that jianpu text says in jianpu-ly's words.
extension MusicXMLPartReader {
    /// `<articulations>` and `<fermata>` of a `<notations>`, as the words written after the note.
    static func performerMarks(_ notations: MusicXMLElement) -> [String] {
        var marks: [String] = []
        if let articulations = notations.child("articulations") {
            for articulation in articulations.children {
                switch articulation.name {
                case "accent": marks.append("\\accent")
                case "strong-accent": marks.append("\\marcato")
                case "staccato": marks.append("\\staccato")
                case "staccatissimo", "spiccato": marks.append("\\staccatissimo")
                case "tenuto": marks.append("\\tenuto")
                case "detached-legato": marks.append(contentsOf: ["\\tenuto", "\\staccato"])
                case "breath-mark", "caesura": marks.append("\\breathe")
                default: break
                }
            }
        }
        if notations.has("fermata") { marks.append("\\fermata") }
        var seen = Set<String>()
        return marks.filter { seen.insert($0).inserted }
    }
}
