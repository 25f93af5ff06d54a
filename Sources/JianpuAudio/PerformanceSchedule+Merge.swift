import JianpuCore
import JianpuPerformance

/// Building a schedule's sorted events without a second copy of them.
///
/// A timeline's notes come in onset order, so their note-ons already come in frame order; only the
/// note-offs are out of order, and only among the notes still sounding. Merging the program changes,
/// the note-ons and a heap of the pending note-offs writes the events sorted straight into the one
/// array kept: sorting them afterwards held a buffer of half the schedule besides it.
extension PerformanceSchedule {
    /// The order of a schedule: frame, then program changes, note-offs, note-ons, then channel, then note.
    static func precedes(_ a: ScheduledEvent, _ b: ScheduledEvent) -> Bool {
        if a.frame != b.frame { return a.frame < b.frame }
        if a.order != b.order { return a.order < b.order }
        if a.message.channel != b.message.channel { return a.message.channel < b.message.channel }
        return (a.noteIndex ?? -1) < (b.noteIndex ?? -1)
    }

    /// `programs` (events sorted by `precedes`, ties in their own order: the program changes) and the note-on and note-off of each
    /// note that `noteEvents` gives (in the order of `notes`), merged in the schedule's order, with the
    /// note-offs that would cut a still-held note of the same key and channel left out.
    ///
    /// Nil if the note-ons do not come in frame order (then the caller sorts).
    static func merged(
        programs: [ScheduledEvent], notes: [TimedNote],
        noteEvents: (Int, TimedNote) -> (on: ScheduledEvent, off: ScheduledEvent)?
    ) -> [ScheduledEvent]? {
        var output = OverlapFilter()
        output.events.reserveCapacity(programs.count + notes.count * 2)
        var nextProgram = programs.startIndex
        var offs = MinimumHeap<PendingOff>()
        // The note-ons of one frame, sorted among themselves before they go out.
        var group: [ScheduledEvent] = []
        var groupFrame = Int.min

        // Sends every program change and pending note-off that comes before `event` (all of them if nil).
        func drain(before event: ScheduledEvent?) {
            while true {
                let next: ScheduledEvent, isProgram: Bool
                if nextProgram < programs.endIndex, offs.first.map({ !precedes($0.event, programs[nextProgram]) }) ?? true {
                    (next, isProgram) = (programs[nextProgram], true)
                } else if let off = offs.first {
                    (next, isProgram) = (off.event, false)
                } else {
                    return
                }
                if let event, !precedes(next, event) { return }
                if isProgram { nextProgram += 1 } else { offs.removeFirst() }
                output.append(next)
            }
        }
        func flush() {
            group.sort(by: precedes)
            for on in group {
                drain(before: on)
                output.append(on)
            }
            group.removeAll(keepingCapacity: true)
        }

        for (index, note) in notes.enumerated() {
            guard let (on, off) = noteEvents(index, note) else { continue }
            if on.frame < groupFrame { return nil }
            if on.frame > groupFrame {
                flush()
                groupFrame = on.frame
            }
            group.append(on)
            // Its frame is after the note-on's, so it cannot go out before the group does.
            offs.insert(PendingOff(event: off))
        }
        flush()
        drain(before: nil)
        return output.events
    }
}

/// The events kept, leaving out a note-off while another note-on of its key and channel still holds.
private struct OverlapFilter {
    var events: [ScheduledEvent] = []
    private var held: [Int: Int] = [:]

    mutating func append(_ event: ScheduledEvent) {
        if case .noteOn(let channel, let key, _) = event.message {
            held[Int(channel) << 8 | Int(key), default: 0] += 1
        } else if case .noteOff(let channel, let key, _) = event.message {
            let slot = Int(channel) << 8 | Int(key)
            let count = (held[slot] ?? 1) - 1
            held[slot] = count
            if count > 0 { return }
        }
        events.append(event)
    }
}

/// A note-off not yet sent, in a `MinimumHeap` by the schedule's order (`PerformanceSchedule.precedes`).
private struct PendingOff: Comparable {
    var event: ScheduledEvent

    static func < (a: PendingOff, b: PendingOff) -> Bool { PerformanceSchedule.precedes(a.event, b.event) }
    static func == (a: PendingOff, b: PendingOff) -> Bool { !(a < b) && !(b < a) }
}
