import JianpuCore

/// The last bar of a score that opens with a pickup, cut back to make up for it where the source padded it.
///
/// Notation programs often fill the last bar to a whole bar with an invisible rest or a `<forward>`, while the
/// music ends where the pickup's bar is completed. Jianpu-ly (and the page's bar count) expect the last bar
/// to make up for the pickup, so the padding is taken off when nothing sounds in it in any part.
enum PickupCompletion {
    static func completed(_ parts: [ImportedPart]) -> [ImportedPart] {
        guard let model = parts.first, model.measures.count > 1, let first = model.measures.first,
            let meter = first.meter, first.length > .zero, first.length < meter.barLength,
            let lastIndex = model.measures.indices.last
        else { return parts }
        let last = model.measures[lastIndex]
        let barMeter = model.measures.last(where: { $0.meter != nil })?.meter ?? meter
        // A last bar in an ending is one of several ways the piece closes: its own length is kept.
        guard last.length == barMeter.barLength, barMeter == meter, last.ending == nil, last.endsRepeatPlayingTimes == nil else { return parts }
        let complement = meter.barLength - first.length
        // Every part must end its sounding notes within the complement.
        for part in parts {
            guard part.measures.count == model.measures.count, part.measures[lastIndex].length == last.length else { return parts }
            var position = WholeNotes.zero
            for event in part.measures[lastIndex].events where !event.isGrace {
                if !event.isRest && position + event.length > complement { return parts }
                if event.isRest && position >= complement && (event.dynamic != nil || event.lyrics.contains { $0 != nil }) { return parts }
                position += event.length
            }
        }
        return parts.map { part in
            var part = part
            var measure = part.measures[lastIndex]
            var kept: [ImportedEvent] = []
            var position = WholeNotes.zero
            for event in measure.events {
                if event.isGrace { if position < complement { kept.append(event) }; continue }
                guard position < complement else { break }
                var event = event
                if position + event.length > complement { event.length = complement - position }
                kept.append(event)
                position += event.length
            }
            measure.events = kept
            measure.length = complement
            part.measures[lastIndex] = measure
            return part
        }
    }
}
