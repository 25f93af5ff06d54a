import JianpuCore

/// A MIDI file's notes gathered by track and channel, with the conductor's tempo, meter and key changes.
struct MIDIStreams {
    /// The notes of one channel of one track (a part before it is split into voices).
    struct Stream {
        var track: Int
        var channel: Int
        var name: String
        var program: Int?
        var notes: [Note] = []
        var lyrics: [(tick: Int, text: String)] = []
    }

    struct Note {
        var start: Int
        var end: Int
        var key: Int
        var offset: Int
    }

    var streams: [Stream] = []
    var tempos: [(tick: Int, tempo: ImportedTempo)] = []
    var meters: [(tick: Int, meter: ImportedMeter)] = []
    var keys: [(tick: Int, key: ImportedKey)] = []
    var title: String?
    /// How long each pitch class sounds, in ticks, for finding the key.
    var pitchClassDurations = Array(repeating: 0.0, count: 12)
    /// The tracks (or channels of a type 0 file) that have notes, for the error of a missing `--melody`.
    var withNotes: [Int] = []

    static func collect(_ contents: MIDIFileContents, file: String, warnings: inout [ImportWarning]) -> MIDIStreams {
        var result = MIDIStreams()
        for (trackIndex, events) in contents.tracks.enumerated() {
            var trackName: String?
            var byChannel: [Int: Stream] = [:]
            var programs: [Int: Int] = [:]
            var open: [Int: [(tick: Int, offset: Int)]] = [:]
            var lyrics: [(tick: Int, text: String)] = []
            var lastTick = 0
            var drumsAt: Int?
            func close(channel: Int, key: Int, at tick: Int) {
                guard var starts = open[channel << 8 | key], !starts.isEmpty else { return }
                let start = starts.removeFirst()
                open[channel << 8 | key] = starts
                let note = Note(start: start.tick, end: max(tick, start.tick), key: key, offset: start.offset)
                byChannel[channel, default: Stream(track: trackIndex, channel: channel, name: "")].notes.append(note)
            }
            for event in events {
                lastTick = max(lastTick, event.tick)
                switch event.kind {
                case .noteOn(let channel, let key, _):
                    if channel == 9 { drumsAt = drumsAt ?? event.offset; continue }
                    open[channel << 8 | key, default: []].append((event.tick, event.offset))
                    if byChannel[channel] == nil { byChannel[channel] = Stream(track: trackIndex, channel: channel, name: "", program: programs[channel]) }
                case .noteOff(let channel, let key):
                    if channel != 9 { close(channel: channel, key: key, at: event.tick) }
                case .program(let channel, let program):
                    if programs[channel] == nil { programs[channel] = program }
                    if byChannel[channel]?.program == nil { byChannel[channel]?.program = program }
                case .tempo(let microseconds):
                    let bpm = (60_000_000.0 / Double(microseconds) * 100).rounded() / 100
                    result.tempos.append((event.tick, ImportedTempo(beat: .quarter, beatsPerMinute: bpm)))
                case .timeSignature(let beats, let beatType):
                    result.meters.append((event.tick, ImportedMeter(beats: beats, beatType: beatType)))
                case .keySignature(let fifths, let isMinor):
                    if (-7...7).contains(fifths) { result.keys.append((event.tick, ImportedKey(fifths: fifths, isMinor: isMinor))) }
                case .trackName(let name):
                    if trackName == nil { trackName = name }
                case .lyric(let text):
                    lyrics.append((event.tick, text))
                }
            }
            // Notes never released end with the track.
            var unclosed = 0
            for (slot, starts) in open where !starts.isEmpty {
                for _ in starts { close(channel: slot >> 8, key: slot & 0xFF, at: lastTick); unclosed += 1 }
            }
            if unclosed > 0 { warnings.append(ImportWarning(place: "\(file):track \(trackIndex)", message: "\(unclosed) notes without a note-off: ended with the track")) }
            if let drumsAt { warnings.append(ImportWarning(place: "\(file):byte \(drumsAt)", message: "drums (channel 10) in track \(trackIndex) are not carried over")) }
            if trackIndex == 0, contents.format == 1 || contents.tracks.count == 1, byChannel.isEmpty { result.title = trackName }
            for channel in byChannel.keys.sorted() {
                guard var stream = byChannel[channel], !stream.notes.isEmpty else { continue }
                stream.notes.sort { ($0.start, -$0.key) < ($1.start, -$1.key) }
                let base = trackName ?? stream.program.map { GeneralMIDI.programNames.indices.contains($0) ? GeneralMIDI.programNames[$0] : "Track \(trackIndex + 1)" } ?? "Track \(trackIndex + 1)"
                stream.name = byChannel.count > 1 || contents.format == 0 ? "\(base) (channel \(channel + 1))" : base
                if channel == byChannel.keys.min() { stream.lyrics = lyrics }
                for note in stream.notes { result.pitchClassDurations[note.key % 12] += Double(note.end - note.start) }
                result.withNotes.append(contents.format == 0 ? channel : trackIndex)
                result.streams.append(stream)
            }
        }
        result.tempos.sort { $0.tick < $1.tick }
        result.meters.sort { $0.tick < $1.tick }
        result.keys.sort { $0.tick < $1.tick }
        return result
    }
}
