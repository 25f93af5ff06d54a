import JianpuCore
import JianpuPerformance

/// Plays a `PerformanceSchedule` on a `Synthesizer` by rendering exactly up to each event, then issuing it.
///
/// No timers and no sleeps: time is the count of frames rendered. The same object serves offline rendering
/// (call `render` in a loop) and live playback (call `render` from the audio callback).
///
/// Block phase: a synth with `blockSize` B > 1 (FluidSynth: 64) applies an event at its next internal block
/// boundary, counted from its creation (`framesRendered`). The scheduler therefore issues each event at the
/// boundary *nearest* its exact frame — at most B/2 frames early or late, never accumulating. With B = 1
/// every event is issued at its exact frame.
///
/// Not thread-safe: one thread (the audio thread while live) owns it.
public final class Scheduler {
    /// The synthesizer events are issued to.
    public let synth: any Synthesizer
    /// The schedule being played (replaced by `replace(schedule:atFrame:)`).
    public private(set) var schedule: PerformanceSchedule
    /// Frames of the performance played so far (does not advance while paused).
    public private(set) var frame = 0
    /// Index of the next event to issue.
    public private(set) var nextEventIndex = 0
    /// While paused the synth keeps rendering (release tails fade out) but the performance does not advance.
    public private(set) var isPaused = false

    /// Played bars played over and over, from the first's start to the last's end.
    public private(set) var loopBars: ClosedRange<PlayedBarIndex>?
    /// The frames of `loopBars` in the current schedule.
    private var loopFrames: Range<Int>?
    /// Channels whose note-ons are not sent (bit N for channel N).
    public private(set) var mutedChannels: UInt16 = 0

    /// A scheduler at the start of `schedule`. The synth should be at the schedule's sample rate.
    public init(schedule: PerformanceSchedule, synth: any Synthesizer) {
        self.schedule = schedule
        self.synth = synth
    }

    /// Whether every event has been issued and the played range has ended.
    public var isAtEnd: Bool { nextEventIndex >= schedule.events.count && frame >= schedule.endFrame }

    /// The frame of the performance at which the last event sounds (the end of the played range or later).
    public var lastEventFrame: Int { max(schedule.endFrame, schedule.events.last?.frame ?? 0) }

    /// The frame (in this performance's count) at which the event at `eventFrame` must be issued:
    /// its exact frame moved to the nearest block boundary of the synth.
    @inline(__always)
    func issueFrame(for eventFrame: Int) -> Int {
        let block = synth.blockSize
        guard block > 1 else { return eventFrame }
        let offset = synth.framesRendered - frame
        let absolute = eventFrame + offset
        let rounded = (absolute + block / 2) / block * block
        return rounded - offset
    }

    /// Renders `frames` frames into `output`, issuing every event that falls inside them at its frame.
    public func render(frames: Int, into output: StereoOutput) {
        var done = 0
        let events = schedule.events
        while done < frames {
            if isPaused {
                synth.render(frames: frames - done, into: output.advanced(by: done))
                return
            }
            // At the loop's end, back to its start before any event of the bar after it.
            if let loop = loopFrames, frame >= loop.upperBound { seek(toFrame: loop.lowerBound) }
            while nextEventIndex < events.count, issueFrame(for: events[nextEventIndex].frame) <= frame {
                issue(events[nextEventIndex])
                nextEventIndex += 1
            }
            var chunk = frames - done
            if nextEventIndex < events.count {
                chunk = min(chunk, issueFrame(for: events[nextEventIndex].frame) - frame)
            }
            if let loop = loopFrames, frame < loop.upperBound { chunk = min(chunk, loop.upperBound - frame) }
            synth.render(frames: chunk, into: output.advanced(by: done))
            frame += chunk
            done += chunk
        }
    }

    /// Renders `frames` frames as interleaved stereo Float32 into `buffer`.
    public func render(frames: Int, into buffer: UnsafeMutablePointer<Float>) {
        render(frames: frames, into: StereoOutput.interleaved(buffer))
    }

    private func issue(_ event: ScheduledEvent) {
        if case .noteOn(let channel, _, _) = event.message, mutedChannels & (1 << UInt16(channel & 15)) != 0 { return }
        synth.send(event.message)
    }

    /// Plays played bars `bars` over and over from now on, or plays on when nil.
    /// A loop set while the music is past its end jumps back at once.
    public func setLoop(_ bars: ClosedRange<PlayedBarIndex>?) {
        loopBars = bars
        loopFrames = bars.map { schedule.frames(ofBars: $0) }
        if let loop = loopFrames, frame >= loop.upperBound || frame < loop.lowerBound { seek(toFrame: loop.lowerBound) }
    }

    /// Silences the channels in `mask` (bit N for channel N): their sounding notes are released and new ones not sent.
    public func setMutedChannels(_ mask: UInt16) {
        let newlyMuted = mask & ~mutedChannels
        mutedChannels = mask
        for channel in 0..<16 where newlyMuted & (1 << UInt16(channel)) != 0 {
            synth.send(.allNotesOff(channel: UInt8(channel)))
        }
    }

    /// Stops advancing; sounding notes are released.
    public func pause() {
        guard !isPaused else { return }
        isPaused = true
        synth.releaseAllNotes()
    }

    /// Continues from where `pause()` stopped.
    public func resume() {
        isPaused = false
    }

    /// Jumps to a frame of the performance: releases every note, re-sends the program changes,
    /// and continues with the first event at or after `target`.
    public func seek(toFrame target: Int) {
        synth.releaseAllNotes()
        let clamped = min(max(target, 0), lastEventFrame)
        for event in schedule.events {
            guard case .programChange = event.message else { break }
            issue(event)
        }
        frame = clamped
        nextEventIndex = max(schedule.firstEventIndex(atOrAfter: clamped), leadingProgramChanges)
    }

    private var leadingProgramChanges: Int {
        var count = 0
        for event in schedule.events {
            guard case .programChange = event.message else { break }
            count += 1
        }
        return count
    }

    /// Switches to another schedule of the same score (e.g. a new tempo) at `frame` of the new one.
    ///
    /// Notes already sounding keep sounding; their note-offs come from the new schedule.
    public func replace(schedule newSchedule: PerformanceSchedule, atFrame newFrame: Int) {
        schedule = newSchedule
        frame = min(max(newFrame, 0), max(newSchedule.endFrame, newSchedule.events.last?.frame ?? 0))
        loopFrames = loopBars.map { newSchedule.frames(ofBars: $0) }
        var index = newSchedule.firstEventIndex(atOrAfter: frame)
        // A note-off of a note that already sounds may sit exactly at `frame`; it is at or after, so kept.
        if index < leadingProgramChanges, frame > 0 { index = leadingProgramChanges }
        nextEventIndex = index
    }
}
