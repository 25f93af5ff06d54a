import CFluidSynth
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a paced run did.
public struct PacedSinkReport: Sendable, Hashable {
    /// Frames written to the WAV file.
    public var frames: Int
    /// Seconds of audio written.
    public var audioSeconds: Double
    /// Wall-clock seconds from the first deadline to the end of the last frame's time slot.
    public var wallSeconds: Double
    /// The latest any render call started after its deadline, in seconds.
    public var maxLatenessSeconds: Double
    /// Render calls made.
    public var periods: Int
}

/// A stand-in for a sound card: a thread that calls the engine's render callback on absolute deadlines
/// (start + n × period, never a chained relative sleep, so it cannot drift) and writes what it gets to a WAV.
///
/// For `--out x.wav` on headless machines: the audio is the same as the device would get, produced in real time.
/// Runs until the engine is finished (music, tail, or `stop()`).
public final class PacedWAVSink: @unchecked Sendable {
    /// The engine whose render callback this sink calls.
    public let engine: PlaybackEngine
    /// Frames per callback, like a sound card's period.
    public let periodFrames: Int
    private let writer: WAVWriter
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<PacedSinkReport, AudioError>?>(nil)
    private let started = Atomic<Bool>(false)

    /// Prepares a sink writing 16-bit stereo to `path` at the engine's sample rate.
    /// - Parameter periodFrames: frames per callback (like a device's period); 64…8192.
    /// - Throws: `AudioError(.output)` if the file cannot be created.
    public init(engine: PlaybackEngine, path: String, periodFrames: Int = 256) throws {
        self.engine = engine
        self.periodFrames = min(max(periodFrames, 16), 8_192)
        self.writer = try WAVWriter(path: path, sampleRate: Int(engine.sampleRate.rounded()))
    }

    /// Starts the pacing thread and returns at once. Call `wait()` for the result.
    public func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            let result: Result<PacedSinkReport, AudioError>
            do { result = .success(try self.runLoop()) } catch let error as AudioError {
                result = .failure(error)
            } catch {
                result = .failure(AudioError(.output, "paced output failed: \(error)"))
            }
            self.outcome.withLock { $0 = result }
            self.done.signal()
        }
        thread.start()
    }

    /// Blocks until the sink has finished and the WAV file is closed.
    /// - Throws: `AudioError(.output)` if writing failed.
    @discardableResult
    public func wait() throws -> PacedSinkReport {
        start()
        done.wait()
        done.signal() // let a second wait() return too
        let result = outcome.withLock { $0 }
        switch result {
        case .success(let report): return report
        case .failure(let error): throw error
        case nil: throw AudioError(.output, "paced output ended without a result")
        }
    }

    /// Starts the pacing thread (if not started) and blocks until the engine finishes.
    @discardableResult
    public func run() throws -> PacedSinkReport { try wait() }

    private func runLoop() throws -> PacedSinkReport {
        let rate = engine.sampleRate
        let period = periodFrames
        let left = UnsafeMutablePointer<Float>.allocate(capacity: period)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: period)
        let outputs = UnsafeMutablePointer<UnsafeMutablePointer<Float>?>.allocate(capacity: 2)
        defer { left.deallocate(); right.deallocate(); outputs.deallocate() }
        outputs[0] = left
        outputs[1] = right
        let context = engine.callbackContext
        let callback = PlaybackEngine.renderCallback
        let startNanos = monotonicNanoseconds()
        var written = 0
        var periods = 0
        var lateness: Int64 = 0
        while !engine.isFinished {
            // The deadline of the next period depends only on the start and the frames so far.
            let deadline = startNanos + Int64((Double(written) * 1e9 / rate).rounded())
            sleep(until: deadline)
            lateness = max(lateness, monotonicNanoseconds() - deadline)
            // Stop exactly at the end: never render past the performance's last frame.
            let remaining = engine.remainingFrames
            let frames = remaining > 0 ? min(period, remaining) : period
            left.update(repeating: 0, count: frames)
            right.update(repeating: 0, count: frames)
            _ = callback(context, Int32(frames), 0, nil, 2, outputs)
            try writer.write(left: left, right: right, frames: frames)
            written += frames
            periods += 1
        }
        let end = startNanos + Int64((Double(written) * 1e9 / rate).rounded())
        sleep(until: end)
        let wall = Double(monotonicNanoseconds() - startNanos) / 1e9
        try writer.close()
        return PacedSinkReport(frames: written, audioSeconds: Double(written) / rate, wallSeconds: wall,
                               maxLatenessSeconds: Double(lateness) / 1e9, periods: periods)
    }

    private func sleep(until deadline: Int64) {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }
}

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
