import Foundation

/// Integrated loudness (ITU-R BS.1770-4, EBU R128) and true peak of stereo audio, measured as it is
/// rendered: K-weighted mean squares over 400 ms blocks overlapping by 75 %, gated at -70 LUFS and
/// then 10 LU under the ungated mean; true peak from 4× oversampling.
///
/// Memory stays small whatever the length: one sum per 100 ms.
public struct LoudnessMeter: Sendable {
    public let sampleRate: Double
    private var filters: [KWeighting]
    private var oversamplers: [TruePeakOversampler]
    /// K-weighted squares summed over both channels, per 100 ms segment completed.
    private var segments: [Double] = []
    private var segmentSum = 0.0
    private var segmentFrames = 0
    private let framesPerSegment: Int
    /// The largest absolute value between samples, at 4× the rate (1 is full scale).
    public private(set) var truePeak: Double = 0

    /// A meter for audio at `sampleRate` with `channels` channels (1 or 2, weighted 1 each).
    public init(sampleRate: Double, channels: Int = 2) {
        self.sampleRate = sampleRate
        filters = Array(repeating: KWeighting(sampleRate: sampleRate), count: max(channels, 1))
        oversamplers = Array(repeating: TruePeakOversampler(), count: max(channels, 1))
        framesPerSegment = max(Int((sampleRate / 10).rounded()), 1)
    }

    /// Measures `frames` frames of interleaved samples.
    public mutating func add(interleaved samples: UnsafePointer<Float>, frames: Int) {
        let channels = filters.count
        guard frames > 0 else { return }
        // A channel at a time over the chunk, its filter and history in locals: the per-sample work stays in registers.
        var squares = [Double](repeating: 0, count: frames)
        squares.withUnsafeMutableBufferPointer { squares in
            for channel in 0..<channels {
                var filter = filters[channel]
                var oversampler = oversamplers[channel]
                filter.process(samples + channel, stride: channels, count: frames, addingSquaresTo: squares.baseAddress!)
                truePeak = max(truePeak, oversampler.peak(of: samples + channel, stride: channels, count: frames))
                filters[channel] = filter
                oversamplers[channel] = oversampler
            }
            for frame in 0..<frames {
                segmentSum += squares[frame]
                segmentFrames += 1
                if segmentFrames == framesPerSegment {
                    segments.append(segmentSum)
                    segmentSum = 0
                    segmentFrames = 0
                }
            }
        }
    }

    /// The integrated loudness in LUFS, or nil when no block rises above the absolute gate (silence, or under 400 ms).
    public var integratedLoudness: Double? {
        guard segments.count >= 4 else { return nil }
        let blockFrames = Double(framesPerSegment * 4)
        var powers: [Double] = []
        powers.reserveCapacity(segments.count - 3)
        var window = segments[0..<4].reduce(0, +)
        powers.append(window / blockFrames)
        for index in 4..<segments.count {
            window += segments[index] - segments[index - 4]
            powers.append(max(window, 0) / blockFrames)
        }
        func loudness(_ power: Double) -> Double { -0.691 + 10 * log10(power) }
        let absolute = powers.filter { $0 > 0 && loudness($0) > -70 }
        guard !absolute.isEmpty else { return nil }
        let relativeGate = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 10
        let gated = absolute.filter { loudness($0) > relativeGate }
        guard !gated.isEmpty else { return nil }
        return loudness(gated.reduce(0, +) / Double(gated.count))
    }

    /// The true peak in dBTP (decibels relative to full scale); -infinity for silence.
    public var truePeakDecibels: Double { 20 * log10(truePeak) }

    /// The linear gain that brings the audio to `target` LUFS with its true peak at most `peakCeiling` dBTP;
    /// 1 for silence.
    public func normalisingGain(target: Double, peakCeiling: Double) -> Double {
        guard let loudness = integratedLoudness else { return 1 }
        var decibels = target - loudness
        if truePeak > 0 { decibels = min(decibels, peakCeiling - truePeakDecibels) }
        return pow(10, decibels / 20)
    }
}

/// The K-weighting filter of BS.1770: a high shelf (the head) then a high pass (RLB), as two biquads
/// designed for any sample rate from the standard's analogue prototypes.
struct KWeighting: Sendable {
    private var shelf: Biquad
    private var highPass: Biquad

    init(sampleRate: Double) {
        var k = tan(Double.pi * 1681.974450955533 / sampleRate)
        var q = 0.7071752369554196
        let vh = pow(10, 3.999843853973347 / 20), vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelf = Biquad(
            b: ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0),
            a: (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
        k = tan(Double.pi * 38.13547087602444 / sampleRate)
        q = 0.5003270373238773
        a0 = 1 + k / q + k * k
        highPass = Biquad(b: (1, -2, 1), a: (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
    }

    /// Filters `count` samples `stride` apart and adds each output's square to `squares`.
    mutating func process(_ samples: UnsafePointer<Float>, stride: Int, count: Int, addingSquaresTo squares: UnsafeMutablePointer<Double>) {
        // The coefficients and states in locals: this loop runs for every sample rendered.
        let (b0, b1, b2) = shelf.b, (a1, a2) = shelf.a
        let (c0, c1, c2) = highPass.b, (d1, d2) = highPass.a
        var (s1, s2) = shelf.state, (h1, h2) = highPass.state
        for index in 0..<count {
            let x = Double(samples[index * stride])
            let y = b0 * x + s1
            s1 = b1 * x - a1 * y + s2
            s2 = b2 * x - a2 * y
            let z = c0 * y + h1
            h1 = c1 * y - d1 * z + h2
            h2 = c2 * y - d2 * z
            squares[index] += z * z
        }
        shelf.state = (s1, s2)
        highPass.state = (h1, h2)
    }
}

/// A second-order IIR filter's coefficients (a0 = 1) and state, run by `KWeighting`.
struct Biquad: Sendable {
    let b: (Double, Double, Double)
    let a: (Double, Double)
    /// The two delayed values of direct form II transposed.
    var state = (0.0, 0.0)

    init(b: (Double, Double, Double), a: (Double, Double)) {
        self.b = b
        self.a = a
    }
}

/// 4× oversampling by a windowed-sinc polyphase interpolator, for the peaks between samples.
struct TruePeakOversampler: Sendable {
    static let factor = 4
    static let tapsPerPhase = 16
    /// Per phase, the taps applied to the newest `tapsPerPhase` samples (newest first).
    static let phases: [[Double]] = {
        let length = factor * tapsPerPhase
        let centre = Double(length - 1) / 2
        let taps = (0..<length).map { index -> Double in
            let t = (Double(index) - centre) / Double(factor)
            let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(length - 1))
            return sinc * window
        }
        return (0..<factor).map { phase in stride(from: phase, to: length, by: factor).map { taps[$0] } }
    }()

    /// The last `tapsPerPhase` samples, oldest first.
    private var history = [Double](repeating: 0, count: tapsPerPhase)

    /// The largest absolute value among the samples (`count` of them, `stride` apart) and the points oversampling puts between them.
    mutating func peak(of samples: UnsafePointer<Float>, stride: Int, count: Int) -> Double {
        let taps = Self.tapsPerPhase
        // The history, then the chunk: every output is a dot product over a contiguous window.
        var window = history
        window.reserveCapacity(taps + count)
        for index in 0..<count { window.append(Double(samples[index * stride])) }
        var largest = 0.0, quiet = false
        window.withUnsafeBufferPointer { window in
            Self.flatPhases.withUnsafeBufferPointer { phases in
                // Plain while loops and comparisons: this runs four times per sample rendered, and stays quick unoptimised too.
                var end = taps
                while end < taps + count {
                    // No point between these samples can beat the peak so far when every window they take part in is quiet enough:
                    // an output is at most the window's largest sample times the phase's absolute tap sum. Checked every 16.
                    if (end - taps) % taps == 0 {
                        var loudest = 0.0
                        var index = end - taps
                        let last = min(end + taps, taps + count)
                        while index < last {
                            let size = window[index].magnitude
                            if size > loudest { loudest = size }
                            index += 1
                        }
                        quiet = loudest * Self.tapBound <= largest
                    }
                    if !quiet {
                        let sample = window[end - 1].magnitude
                        if sample > largest { largest = sample }
                        var phase = 0
                        while phase < Self.factor {
                            var sum = 0.0
                            let base = phase * taps
                            // Tap k of a phase meets the k-th newest sample.
                            var k = 0
                            while k < taps {
                                sum += phases[base + k] * window[end - 1 - k]
                                k += 1
                            }
                            if sum.magnitude > largest { largest = sum.magnitude }
                            phase += 1
                        }
                    }
                    end += 1
                }
            }
        }
        history = Array(window.suffix(taps))
        return largest
    }

    /// The largest sum of a phase's absolute taps: no output exceeds its window's largest sample times this.
    static let tapBound: Double = phases.map { $0.reduce(0) { $0 + abs($1) } }.max() ?? 1

    /// `phases` one after another.
    static let flatPhases: [Double] = phases.flatMap { $0 }
}
