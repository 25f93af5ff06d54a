#!/usr/bin/env python3
"""Reads an exported MusicXML (or .mxl) file with music21 and the MIDI file `jianpu export` wrote
for the same score with mido, and says whether they hold the same notes part by part: pitch,
onset and length in quarter notes on the MIDI file's tick grid (within a tick: a fifth of a quarter falls
between ticks), repeats performed (music21's expandRepeats), ties joined.

    musicxml-compare.py SCORE.musicxml SCORE.mid [MORE.musicxml MORE.mid ...] [--graces-by-pitch]

Prints `agree` and exits 0, or prints the first difference per part and exits 1. With several
pairs (music21 is loaded once), each pair's answer is a line starting with its number, from 1. In a
part with grace notes (which MusicXML writes without time and MIDI plays in time stolen from a
neighbour), or in every part with --graces-by-pitch, grace notes are compared by pitch and order
only, and the other notes by pitch and onset only.
"""
import sys
from fractions import Fraction


def q(value):
    return Fraction(value).limit_denominator(1 << 20)


def musicxml_parts(path):
    import music21
    score = music21.converter.parse(path, forceSource=True)
    score = score.expandRepeats()
    parts = []
    for part in score.parts:
        notes, graces = [], []
        flat = part.flatten().stripTies()
        for element in flat.notes:
            if isinstance(element, music21.harmony.ChordSymbol):
                continue
            if element.duration.isGrace:
                graces.extend(p.midi for p in element.pitches)
                continue
            for pitch in element.pitches:
                notes.append((q(element.offset), pitch.midi, q(element.quarterLength)))
        parts.append((sorted(notes), graces))
    return parts


def on_ticks(notes, ticks_per_beat):
    """Notes as the MIDI writer places them: onset and end each rounded to the nearest tick."""
    result = []
    for onset, pitch, length in notes:
        start = round(onset * ticks_per_beat)
        result.append((start, pitch, round((onset + length) * ticks_per_beat) - start))
    return sorted(result)


def same(a, b):
    """Equal within one tick (exact lengths such as a fifth of a quarter fall between ticks)."""
    return len(a) == len(b) and all(x[1] == y[1] and abs(x[0] - y[0]) <= 1 and abs(x[2] - y[2]) <= 1 for x, y in zip(a, b))


def midi_parts(path):
    import mido
    midi = mido.MidiFile(path)
    parts = []
    for track in midi.tracks:
        tick, sounding, notes = 0, {}, []
        for message in track:
            tick += message.time
            if message.type == 'note_on' and message.velocity > 0:
                sounding.setdefault(message.note, []).append(tick)
            elif message.type in ('note_off', 'note_on'):
                starts = sounding.get(message.note)
                if starts:
                    start = starts.pop(0)
                    notes.append((start, message.note, tick - start))
        if any(m.type == 'note_on' for m in track) or (parts and notes):
            parts.append(sorted(notes))
    return parts, midi.ticks_per_beat


def compare(xml_path, midi_path, graces_by_pitch):
    """The problems found with one pair (none when they agree)."""
    (mid, ticks) = midi_parts(midi_path)
    xml = [(on_ticks(notes, ticks), graces) for notes, graces in musicxml_parts(xml_path)]
    xml_nonempty = [p for p in xml if p[0] or p[1]]
    problems = []
    if len(xml_nonempty) != len(mid):
        problems.append(f'{len(xml_nonempty)} parts with notes in the MusicXML, {len(mid)} MIDI tracks with notes')
    for index, ((notes, graces), played) in enumerate(zip(xml_nonempty, mid)):
        if graces_by_pitch or graces:
            main_notes = [(o, p) for o, p, _ in notes]
            # MIDI grace notes: the ones no MusicXML note starts with.
            starts = set(main_notes)
            played_main = [(o, p) for o, p, _ in played if (o, p) in starts]
            played_graces = [p for o, p, _ in played if (o, p) not in starts]
            if sorted(main_notes) != sorted(played_main):
                problems.append(f'part {index + 1}: notes differ')
            if played_graces != graces and sorted(played_graces) != sorted(graces):
                problems.append(f'part {index + 1}: grace notes {graces} in the MusicXML, {played_graces} played')
            continue
        if not same(notes, played):
            for a, b in zip(notes + [None] * len(played), played + [None] * len(notes)):
                if a != b:
                    show = lambda n: 'nothing' if n is None else f'onset {Fraction(n[0], ticks)} pitch {n[1]} length {Fraction(n[2], ticks)}'
                    problems.append(f'part {index + 1}: MusicXML has {show(a)}, MIDI has {show(b)} '
                                    f'({len(notes)} notes against {len(played)})')
                    break
    return problems


def main(argv):
    args = [a for a in argv if not a.startswith('--')]
    graces_by_pitch = '--graces-by-pitch' in argv
    pairs = list(zip(args[0::2], args[1::2]))
    failed = False
    for number, (xml_path, midi_path) in enumerate(pairs, start=1):
        try:
            problems = compare(xml_path, midi_path, graces_by_pitch)
        except Exception as error:  # a file music21 cannot read is a difference, not the end of the run
            problems = [f'unreadable: {error}']
        failed = failed or bool(problems)
        prefix = f'{number}: ' if len(pairs) > 1 else ''
        print(prefix + ('; '.join(problems) if problems else 'agree'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
