import JianpuCore
import JianpuPerformance

/// Timelines built by hand for the audio tests.
enum TestScores {
    static func note(_ onset: WholeNotes, _ duration: WholeNotes, _ midi: Int, part: Int = 0, velocity: UInt8 = 100) -> TimedNote {
        TimedNote(onset: onset, duration: duration, pitch: Pitch(midiNumber: midi), velocity: velocity, part: part)
    }

    static let melodyOnly = [TimelinePart(name: "melody", channel: 0, program: 0)]

    /// C4 E4 G4 C5 crotchets at ♩=120, then a crotchet triplet D5 B4 G4, then a minim C5 (two 4/4 bars).
    static var arpeggioAndTriplet: Timeline {
        let q = WholeNotes.quarter
        var notes = [60, 64, 67, 72].enumerated().map { index, midi in note(q * Int64(index), q, midi) }
        let third = WholeNotes(1, 6)
        for (index, midi) in [74, 71, 67].enumerated() { notes.append(note(.whole + third * Int64(index), third, midi)) }
        notes.append(note(WholeNotes(3, 2), WholeNotes(1, 2), 72))
        return Timeline(
            parts: melodyOnly, notes: notes, tempoMap: TempoMap(quarterNotesPerMinute: 120),
            barStarts: [.zero, .whole], length: WholeNotes(2))
    }

    /// Quaver triplets (onsets every 1/12 whole note) over `bars` bars of 4/4, two parts.
    static func triplets(bars: Int, tempo: Double = 120) -> Timeline {
        let step = WholeNotes(1, 12)
        var notes: [TimedNote] = []
        for index in 0..<(bars * 12) {
            let onset = step * Int64(index)
            notes.append(note(onset, step, 60 + index % 12))
            if index % 3 == 0 { notes.append(note(onset, WholeNotes(1, 4), 48 + index % 5, part: 1)) }
        }
        return Timeline(
            parts: [TimelinePart(channel: 0, program: 0), TimelinePart(channel: 1, program: 32)],
            notes: sorted(notes), tempoMap: TempoMap(quarterNotesPerMinute: tempo),
            barStarts: (0..<bars).map { WholeNotes(Int64($0)) }, length: WholeNotes(Int64(bars)))
    }

    static func sorted(_ notes: [TimedNote]) -> [TimedNote] {
        notes.sorted { ($0.onset, $0.part, $0.pitch.midiNumber) < ($1.onset, $1.part, $1.pitch.midiNumber) }
    }
}

extension TestScores {
    /// `arpeggioAndTriplet` plus a crotchet C4 in a third bar: exactly 5 s at ♩=120.
    static var fiveSeconds: Timeline {
        var timeline = arpeggioAndTriplet
        timeline.notes.append(note(WholeNotes(2), .quarter, 60))
        timeline.barStarts = [.zero, .whole, WholeNotes(2)]
        timeline.length = WholeNotes(5, 2)
        return timeline
    }
}
