#!/usr/bin/env python3
"""Checks a recorded WAV for chords sounding one after another (the chordpad tmux test's ears).

  check-pitches.py WAV --expect 50,54,57/57,61,64 --segment-seconds 1.5

Segments (MIDI notes split by ',', segments by '/') start `segment-seconds` apart from the
first sound. Each is analysed from 0.45 s after its start for 0.6 s (Hann window, Goertzel power
at each note's fundamental): every expected note must be within 30 dB of the loudest, and every
note of the segment before that is not in this one (nor a 2nd-8th harmonic of one) at least
25 dB below it, i.e. the previous chord stopped. Prints a PASS/FAIL line a segment; exit 1 on a FAIL.
"""
import argparse, math, sys, wave
import numpy as np

def read_mono(path):
    with wave.open(path, 'rb') as w:
        if w.getsampwidth() != 2:
            sys.exit(f"FAIL: {path} is not 16-bit PCM")
        frames = np.frombuffer(w.readframes(w.getnframes()), dtype='<i2').astype(np.float64) / 32768
        return frames.reshape(-1, w.getnchannels()).mean(axis=1), w.getframerate()

def frequency(note):
    return 440 * 2 ** ((note - 69) / 12)

def power(samples, rate, hertz, start, count):
    chunk = samples[max(0, start):max(0, start) + count]
    if len(chunk) < 2:
        return 0.0
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(len(chunk)) / (len(chunk) - 1))
    t = np.arange(len(chunk)) / rate
    # The windowed signal's correlation with the note's sine and cosine: Goertzel's power.
    value = np.sum(chunk * window * np.exp(-2j * np.pi * hertz * t))
    return abs(value) ** 2 / len(chunk) ** 2

def is_harmonic(note, base):
    return any(abs((note - base) - 12 * math.log2(h)) < 0.3 for h in range(2, 9))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('wav')
    parser.add_argument('--expect', required=True)
    parser.add_argument('--segment-seconds', type=float, default=1.5)
    args = parser.parse_args()
    segments = [[int(n) for n in part.split(',') if n] for part in args.expect.split('/')]
    samples, rate = read_mono(args.wav)
    loud = np.nonzero(np.abs(samples) > 0.01)[0]
    if len(loud) == 0:
        print("FAIL: the WAV is silent")
        return 1
    first, failed = int(loud[0]), False
    for index, expected in enumerate(segments):
        start = first + int((index * args.segment_seconds + 0.45) * rate)
        count = int(0.6 * rate)
        previous = segments[index - 1] if index > 0 else []
        stopped = [n for n in previous if n not in expected and not any(is_harmonic(n, e) for e in expected)]
        powers = [power(samples, rate, frequency(n), start, count) for n in expected]
        reference = max(max(powers, default=0), 1e-20)
        db = lambda value: 10 * math.log10(max(value, 1e-20) / reference)
        levels = [db(p) for p in powers]
        stopped_levels = [db(power(samples, rate, frequency(n), start, count)) for n in stopped]
        enough = start + count <= len(samples) and reference > 1e-9
        passed = enough and all(l >= -30 for l in levels) and all(l <= -25 for l in stopped_levels)
        failed |= not passed
        line = f"{'PASS' if passed else 'FAIL'}: segment {index + 1} notes {','.join(map(str, expected))} at [{','.join(str(round(l)) for l in levels)}] dB"
        if stopped:
            line += f"; stopped {','.join(map(str, stopped))} at [{','.join(str(round(l)) for l in stopped_levels)}] dB"
        if not enough:
            line += " (segment missing or silent)"
        print(line)
    return 1 if failed else 0

if __name__ == '__main__':
    sys.exit(main())
