#!/usr/bin/env python3
"""Walks a whole `jianpu learn` lesson in a tmux pane, reading each question from the screen and playing the
answer on the computer keyboard's piano keys. Checks the piano labels, the step pattern and the chord names on
screen, that a wrong note is marked at once, and that an inversion is named as a slash chord.

Usage: learn-walk.py SOCKET PANE EXPECTATIONS.json
EXPECTATIONS: {"letters": ..., "jianpu": ..., "steps": ..., "triads": ..., "sevenths": ..., "pattern": ...,
               "colour": true|false, "inversion": [keys, name]}. Prints the number of questions answered.
"""
import json
import re
import subprocess
import sys
import time

SOCKET, PANE, EXPECT = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
LOWER, UPPER = "zsxdcvgbhnjm", "q2w3er5t6y7ui"
SUFFIXES = {"": [0, 4, 7], "m": [0, 3, 7], "dim": [0, 3, 6], "aug": [0, 4, 8], "7": [0, 4, 7, 10], "maj7": [0, 4, 7, 11],
            "m7": [0, 3, 7, 10], "m7♭5": [0, 3, 6, 10], "dim7": [0, 3, 6, 9], "m(maj7)": [0, 3, 7, 11],
            "aug7": [0, 4, 8, 10], "maj7♯5": [0, 4, 8, 11]}


def screen(escapes=False):
    args = ["tmux", "-L", SOCKET, "capture-pane", "-p", "-t", PANE] + (["-e"] if escapes else [])
    return subprocess.run(args, capture_output=True, text=True).stdout


def fail(message):
    print(f"FAIL: {message}\n--- screen ---\n{screen()}", file=sys.stderr)
    sys.exit(1)


def wait_for(text, seconds=10):
    end = time.time() + seconds
    while time.time() < end:
        if text in screen():
            return
        time.sleep(0.05)
    fail(f"did not see: {text}")


def keys(*names):
    subprocess.run(["tmux", "-L", SOCKET, "send-keys", "-t", PANE] + list(names), check=True)


def pitch_class(name):
    letter = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}[name[0]]
    return (letter + name.count("♯") + name.count("#") - name.count("♭") - name[1:].count("b") + 2 * name.count("𝄪")) % 12


def split_symbol(symbol):
    match = re.match(r"^([A-G][♯♭#b𝄪𝄫]*)(.*)$", symbol)
    return match.group(1), match.group(2)


def key_for(midi):
    offset = midi - 60
    if not 0 <= offset <= 24:
        fail(f"note {midi} is not on the computer keyboard")
    return LOWER[offset] if offset < 12 else UPPER[offset - 12]


def row(lines, title):
    for line in lines:
        if line.startswith("  " + title):
            return line[11:].split()
    fail(f"no row '{title}'")


# The scale page: the piano's labels, the table, the steps.
wait_for("the scale (1/4)")
page = screen()
for name in ("letters", "jianpu", "steps", "intervals"):
    if EXPECT[name] not in page:
        fail(f"the scale page does not show the {name}: {EXPECT[name]!r}")
lines = page.splitlines()
notes, numbers = row(lines, "note"), row(lines, "jianpu")
tonic_pc = pitch_class(notes[0])
tonic = 60 + tonic_pc
# The table writes octave marks (1=C puts A minor's A4 at an undotted 6, its C5 at 1'); a prompt names the bare number.
number_to_note = dict(zip([number.rstrip("',") for number in numbers], notes))


def midi_of(name):
    return tonic + (pitch_class(name) - tonic_pc) % 12


ascending = [midi_of(n) for n in notes[:-1]] + [tonic + 12]

# The chords page: triads and sevenths, named and numbered.
keys("Enter")
wait_for("the chords (2/4)")
page = screen()
for name in ("triads", "sevenths", "pattern"):
    if EXPECT[name] not in page:
        fail(f"the chords page does not show the {name}: {EXPECT[name]!r}")
lines = page.splitlines()
numerals = {}
chord_rows = [line for line in lines if line.startswith("  triad") or line.startswith("  seventh")]
for numeral_line in chord_rows:
    index = lines.index(numeral_line)
    for numeral, symbol in zip(numeral_line[11:].split(), lines[index + 1][11:].split()):
        numerals[numeral] = symbol
# Whatever is played is named; an inversion as a slash chord.
inversion_keys, inversion_name = EXPECT["inversion"]
keys(*list(inversion_keys))
wait_for("you played: " + inversion_name)


def chord_notes(symbol):
    root, suffix = split_symbol(symbol)
    if suffix not in SUFFIXES:
        fail(f"unknown chord suffix in {symbol}")
    base = 60 + pitch_class(root)
    return [base + step for step in SUFFIXES[suffix]]


def answer(title, prompt):
    """The keys that answer a question, or text to type for a named one."""
    if title in ("play the scale up", "play the scale down"):
        step = int(re.match(r"note (\d+) of", prompt).group(1)) - 1
        order = ascending if title.endswith("up") else list(reversed(ascending))
        return [key_for(order[step])]
    if title == "play a degree":
        return [key_for(midi_of(number_to_note[prompt.removeprefix("play ")]))]
    if title == "play a note":
        return [key_for(midi_of(prompt.removeprefix("play ")))]
    if title == "play a chord":
        target = prompt.removeprefix("play ")
        return [key_for(n) for n in chord_notes(numerals.get(target, target))]
    if title == "play a chord's third or seventh":
        which, symbol = re.match(r"play the (third|seventh) of (.+)$", prompt).groups()
        tones = chord_notes(symbol)
        return [key_for(tones[1] if which == "third" else tones[3])]
    if title.startswith("hear a degree, play"):
        return [key_for(tonic + 12)]          # a guess: the tonic (right only by chance)
    if title.startswith("hear a chord, play"):
        return [key_for(n) for n in chord_notes(numerals["I"] if "I" in numerals else numerals["i"])]
    if title == "hear a degree, name it":
        return "type:" + numbers[0]
    if title == "hear a chord, name it":
        return "type:I"
    fail(f"unknown exercise: {title}")


keys("Enter")
wait_for("exercises (3/4)")
asked = 0
first = True
while True:
    page = screen()
    if "summary (4/4)" in page:
        break
    match = re.search(r"question (\d+)/(\d+)", page)
    if not match:
        fail("no question number")
    number, total = int(match.group(1)), int(match.group(2))
    line = next((l for l in page.splitlines() if re.match(r"^(play|hear) [^:]+: ", l)), None)
    if line is None:
        fail("no question on screen")
    title, prompt = line.split(": ", 1)
    if first:
        # A wrong note first: marked at once (the sign x; red unless NO_COLOR), and the answer shown.
        first = False
        wrong = key_for(ascending[0] + 1)
        keys(wrong)
        wait_for("wrong: ")
        if EXPECT["colour"]:
            if "\x1b[41" not in screen(escapes=True):
                fail("the wrong note is not red")
        piano = [l for l in screen().splitlines() if l.startswith("│")]
        if not any(" x " in l or "x " in l for l in piano):
            fail("the wrong key carries no sign")
        asked += 1
        wait_for(f"question {number + 1}/")
        continue
    reply = answer(title, prompt)
    if isinstance(reply, str):
        keys("-l", reply.removeprefix("type:"))
        keys("Enter")
    else:
        keys(*reply)
    asked += 1
    if number == total:
        wait_for("summary (4/4)")
        break
    wait_for(f"question {number + 1}/{total}")

page = screen()
if "score: " not in page or "practise next:" not in page:
    fail("no score or advice in the summary")
keys("Enter")
print(asked)
