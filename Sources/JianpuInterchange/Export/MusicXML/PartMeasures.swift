import JianpuCore

/// One item of a measure of one part, in the order it is written: plain data (no reference to count as items are
/// made, copied and read), what it points to held in its part's `PartMeasures` by index.
struct MeasureItem {
    enum Kind: UInt8 {
        /// Part of a note (`index`: in the part's notes), its values tied one to the next.
        case note
        /// Rest where a part has no more music.
        case filler
        /// A change, repeat sign or jump (`index`: in the part's marks).
        case mark
        /// A chord symbol (`index`: in the part's chord symbols).
        case harmony
    }
    var kind: Kind
    var isFirst = false
    var isLast = false
    var fillsMeasure = false
    /// A note's or filler's values: their index in the part's value lists.
    var values: Int32 = 0
    var index = 0

    static func note(_ index: Int, values: Int32, isFirst: Bool, isLast: Bool, fillsMeasure: Bool) -> MeasureItem {
        MeasureItem(kind: .note, isFirst: isFirst, isLast: isLast, fillsMeasure: fillsMeasure, values: values, index: index)
    }

    static func filler(values: Int32, fillsMeasure: Bool) -> MeasureItem {
        MeasureItem(kind: .filler, fillsMeasure: fillsMeasure, values: values)
    }
}

/// A part's measures: their items one after another (no list per measure), and the marks, chord symbols and
/// note values the items point to.
struct PartMeasures {
    var items: [MeasureItem] = []
    /// Measure k's items are `items[starts[k]..<starts[k + 1]]`.
    var starts: [Int] = [0]
    var marks: [(ExportMark, SourceLocation)] = []
    var harmonies: [(Chord, offset: WholeNotes)] = []
    /// Lists of values tied one to the next: a score writes few distinct ones, each used by many items.
    var values: [[NoteValue]] = []

    /// The items of measure `measure`.
    subscript(measure: Int) -> ArraySlice<MeasureItem> { items[starts[measure]..<starts[measure + 1]] }

    /// The one measure of a part that has no music there: a whole-measure rest `length` long.
    static func rest(_ length: WholeNotes) -> PartMeasures {
        PartMeasures(
            items: [.filler(values: 0, fillsMeasure: true)], starts: [0, 1],
            values: [[NoteValue(type: "whole", dots: 0, sounding: length, timeModification: nil)]])
    }
}
