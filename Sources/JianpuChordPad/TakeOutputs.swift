import JianpuCore
import JianpuFiles
import JianpuPerformance

/// The files a chord pad session writes (`--out`, `--record`): checked before the terminal or
/// the first note, written whole at the end, and a failure said out loud with what was lost.
struct TakeOutputs {
    var audio: OutputFile?
    var record: OutputFile?
    /// The pipe or device `--record` names, opened at once and held: a pipe nobody reads is refused
    /// before the performance, not found out after it with the take lost.
    var recordStream: OutputFileWriter?

    /// Checks both outputs (folder, folder-as-name, read-only, one of `inputs`, the two being one file); nothing is created.
    init(out: String?, record: String?, inputs: [String] = []) throws {
        FilesRead.remember(inputs)
        do {
            audio = try out.map { path throws(FileProblem) in try OutputFile(path, inputs: inputs) }
            self.record = try record.map { path throws(FileProblem) in try OutputFile(path, inputs: inputs) }
        } catch let problem as FileProblem {
            throw ChordPadError.cannotWrite("\(problem)")
        }
        if let audio, let recordFile = self.record, audio.isSame(as: recordFile.path) {
            throw ChordPadError.sameFileForOutAndRecord(recordFile.path)
        }
        if let recordFile = self.record, recordFile.isDevice {
            do { recordStream = try recordFile.open() } catch { throw ChordPadError.cannotWrite("\(error)") }
        }
    }

    /// Writes the take as MIDI; the line that says what was written, or the error that says what was lost.
    /// `stream`: the file's pipe or device, already open.
    static func save(_ recorder: PerformanceRecorder, to file: OutputFile, stream: OutputFileWriter? = nil, endingAt time: Double, seconds: Double) -> Result<String, ChordPadError> {
        let timeline = recorder.timeline(endingAt: time)
        let summary = "\(timeline.notes.count) notes, \(minutesAndSeconds(seconds))"
        if let problem = StandardMIDIFile.problem(writing: timeline) {
            return .failure(.takeLost("\(file.path): \(problem)", take: summary))
        }
        do {
            if let stream {
                try stream.write(StandardMIDIFile.data(for: timeline))
                try stream.commit()
            } else {
                try file.write(StandardMIDIFile.data(for: timeline))
            }
            return .success("wrote \(TerminalText.visible(file.path)): \(summary)")
        } catch {
            return .failure(.takeLost(error.description, take: summary))
        }
    }

    /// `1:32`.
    static func minutesAndSeconds(_ seconds: Double) -> String {
        let whole = max(0, Int(saturating: seconds.rounded()))
        let rest = whole % 60
        return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
}
