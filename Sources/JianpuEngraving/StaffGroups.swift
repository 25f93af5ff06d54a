import JianpuCore

/// The parts printed as one instrument's staves: consecutive parts (`NextPart`) whose `instrument=` names
/// are equal, such as a piano's two hands. Their name is printed once, centred on them, and a brace joins them.
struct StaffGroups {
    /// Each group's first and last part (0-based), in score order.
    let groups: [ClosedRange<Int>]
    let names: [String?]

    init(instruments: [String?]) {
        names = instruments
        var groups: [ClosedRange<Int>] = []
        var start = 0
        for index in instruments.indices {
            let next = index + 1
            if next < instruments.count, let name = instruments[index], !name.isEmpty, instruments[next] == name { continue }
            if index > start { groups.append(start...index) }
            start = next
        }
        self.groups = groups
    }

    var isEmpty: Bool { groups.isEmpty }

    /// Whether the one group holds every part: the system's bracket is then left out for the brace.
    var coversAll: Bool { groups.count == 1 && groups[0].count == names.count }

    /// The names printed at each part's row: whole in the first system, shortened in the others (as LilyPond's
    /// `shortInstrumentName`), so that every line says which row is which; a grouped part's is printed for its group instead.
    func partNames(first: Bool) -> [String] {
        let printed = first ? names.map { $0 ?? "" } : short
        return names.indices.map { index in groups.contains { $0.contains(index) } ? "" : printed[index] }
    }

    /// Each group with its name as printed: whole in the first system, shortened in the others.
    func groupNames(first: Bool) -> [(parts: ClosedRange<Int>, name: String)] {
        groups.map { ($0, first ? names[$0.lowerBound] ?? "" : short[$0.lowerBound]) }
    }

    /// Every part's short name (`ShortPartNames`): abbreviated as scores abbreviate them, no two alike.
    private var short: [String] { ShortPartNames.shortened(names.map { $0 ?? "" }) }
}
