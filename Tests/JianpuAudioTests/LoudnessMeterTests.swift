import Foundation
import Testing

@testable import JianpuAudio

/// The BS.1770 / EBU R128 meter against signals whose loudness and peaks are known.
@Suite("loudness meter")
struct LoudnessMeterTests {
    /// `seconds` of a stereo sine, both channels alike.
    static func sine(hertz: Double, amplitude: Double, seconds: Double, rate: Double = 48_000, phase: Double = 0) -> [Float] {
        (0..<Int(seconds * rate)).flatMap { index -> [Float] in
            let value = Float(amplitude * sin(2 * Double.pi * hertz * Double(index) / rate + phase))
            return [value, value]
        }
    }

    static func measure(_ samples: [Float], rate: Double = 48_000, chunk: Int = 1_000) -> LoudnessMeter {
        var meter = LoudnessMeter(sampleRate: rate)
        samples.withUnsafeBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return }
            var frame = 0
            let frames = samples.count / 2
            while frame < frames {
                let count = min(chunk, frames - frame)
                meter.add(interleaved: base + frame * 2, frames: count)
                frame += count
            }
        }
        return meter
    }

    @Test("EBU Tech 3341 case 1: a 1 kHz stereo sine at -23 dBFS measures -23 LUFS (±0.1), at 48 and 44.1 kHz", arguments: [48_000.0, 44_100.0])
    func sineAtMinus23(rate: Double) throws {
        let meter = Self.measure(Self.sine(hertz: 1_000, amplitude: pow(10, -23.0 / 20), seconds: 5, rate: rate), rate: rate)
        let loudness = try #require(meter.integratedLoudness)
        #expect(abs(loudness - -23) < 0.1, "\(loudness) LUFS")
    }

    @Test("the gates: 10 s at -20 dBFS and 10 s at -40 dBFS measure as the loud part alone (the quiet part is under the relative gate)")
    func relativeGate() throws {
        let loud = Self.sine(hertz: 1_000, amplitude: pow(10, -20.0 / 20), seconds: 10)
        let quiet = Self.sine(hertz: 1_000, amplitude: pow(10, -40.0 / 20), seconds: 10)
        let loudness = try #require(Self.measure(loud + quiet).integratedLoudness)
        #expect(abs(loudness - -20) < 0.1, "\(loudness) LUFS")
        #expect(Self.measure([Float](repeating: 0, count: 96_000)).integratedLoudness == nil)
    }

    @Test("true peak finds the crest between samples: a sine at a quarter of the rate sampled 45° off its peaks")
    func truePeakBetweenSamples() {
        let samples = Self.sine(hertz: 12_000, amplitude: 0.5, seconds: 1, phase: Double.pi / 4)
        let samplePeak = samples.map(abs).max() ?? 0
        #expect(abs(Double(samplePeak) - 0.5 * sqrt(0.5)) < 1e-4)
        let meter = Self.measure(samples)
        #expect(abs(meter.truePeakDecibels - 20 * log10(0.5)) < 0.3, "\(meter.truePeakDecibels) dBTP")
    }

    @Test("the normalising gain meets the loudness target unless the true peak would pass the ceiling")
    func normalisingGain() {
        let meter = Self.measure(Self.sine(hertz: 1_000, amplitude: 0.1, seconds: 3))
        // -20 LUFS to -16: +4 dB, the peak (-20 dBTP) stays far under -1.
        #expect(abs(20 * log10(meter.normalisingGain(target: -16, peakCeiling: -1)) - 4) < 0.1)
        // To -5 LUFS would need +15 dB, but the peak allows only +19 - ... up to -1 dBTP: +19 dB; with a ceiling of -10 dBTP only +10.
        #expect(abs(20 * log10(meter.normalisingGain(target: -5, peakCeiling: -10)) - 10) < 0.1)
    }
}
