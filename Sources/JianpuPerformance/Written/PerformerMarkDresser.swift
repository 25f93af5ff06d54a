import JianpuCore
import JianpuNotation

/// Where a hairpin meets a written event: the events under a hairpin need the row of dynamics under them.
public struct WrittenHairpin: Sendable, Hashable {
    /// A hairpin starts at the event: true for a crescendo (`\<`), false for a diminuendo (`\>`); nil when none does.
    public var startsCrescendo: Bool?
    /// A hairpin ends at the event.
    public var ends: Bool
    public init(startsCrescendo: Bool? = nil, ends: Bool = false) {
        self.startsCrescendo = startsCrescendo
        self.ends = ends
    }
}

/// Puts a part's fermatas, articulations, rehearsal marks and hairpins on its written events, in written order.
struct PerformerMarkDresser {
    private let articulations: [SourceLocation: [Articulation]]
    private let rehearsals: [SourceLocation: [String]]
    private let hairpinStarts: [SourceLocation: Bool]
    private let hairpinEnds: Set<SourceLocation>
    /// Whether a hairpin started at an event dressed before and has not yet ended.
    private var underHairpin = false

    init(marks: [PerformerMark], hairpins: [Hairpin], rehearsalMarks: [RehearsalMark]) {
        articulations = marks.reduce(into: [:]) { $0[$1.note, default: []].append($1.articulation) }
        rehearsals = rehearsalMarks.reduce(into: [:]) { $0[$1.note, default: []].append($1.label) }
        hairpinStarts = hairpins.reduce(into: [:]) { $0[$1.start] = $1.isCrescendo }
        hairpinEnds = Set(hairpins.map(\.end))
    }

    /// Whether the part has none of these marks: dressing is then skipped.
    var isEmpty: Bool { articulations.isEmpty && rehearsals.isEmpty && hairpinStarts.isEmpty }

    /// Dresses the next event in written order.
    mutating func dress(_ event: inout WrittenEvent) {
        let location = event.location
        if let marks = articulations[location] { event.articulations = marks.sorted { $0.stackOrder < $1.stackOrder } }
        if let labels = rehearsals[location] { event.rehearsalMarks = labels }
        let starts = hairpinStarts[location], ends = hairpinEnds.contains(location)
        if starts != nil || ends || underHairpin { event.hairpin = WrittenHairpin(startsCrescendo: starts, ends: ends) }
        if ends { underHairpin = false }
        if starts != nil { underHairpin = true }
    }
}
