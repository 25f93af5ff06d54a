#!/usr/bin/env bash
# End-to-end tests of chordpad in tmux, writing the sound to WAV files at real-time pace.
#
#   1. I–V–vi–IV in D major, pressed with pauses: the WAV holds each chord's notes, the previous
#      chord stops at every change, and the screen names D, A, Bm, G.
#   1b. Column V's root, third, fifth and seventh (Shift+t) alone, then its seventh chord (Shift+5); the safe quit;
#       NO_COLOR (no colours on screen).
#   2. MIDI note-ons of C, E, G (60, 64, 67) written to a FIFO: the screen says C, the WAV holds them.
#
# Usage: Tests/tmux/chordpad-test.sh [path/to/chordpad]   (default .build/release/chordpad)
# Prints PASS/FAIL lines; exits 0 only when everything passed. Needs tmux and a SoundFont.
set -u
cd "$(dirname "$0")/../.."
BIN=${1:-.build/release/chordpad}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
WORK=$(mktemp -d /tmp/chordpad-test.XXXXXX)
SESSION="chordpad-test-$$"
FAILED=0

cleanup() {
    tmux kill-session -t "$SESSION" 2>/dev/null
    tmux kill-session -t "$SESSION-midi" 2>/dev/null
    [ -n "${HOLDER:-}" ] && kill "$HOLDER" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILED=1; }

if ! command -v tmux >/dev/null; then echo "FAIL: tmux is not installed"; exit 1; fi
if [ ! -x "$BIN" ]; then echo "FAIL: $BIN is missing (swift build -c release --product chordpad)"; exit 1; fi

# Waits until the pane shows $2 (a grep -E pattern) or $3 seconds pass.
wait_for() {
    local session=$1 pattern=$2 limit=$3 waited=0
    while [ "$waited" -lt $((limit * 10)) ]; do
        tmux capture-pane -p -t "$session" 2>/dev/null | grep -Eq "$pattern" && return 0
        sleep 0.1; waited=$((waited + 1))
    done
    return 1
}

# Waits for the session's program to end (it writes $WORK/$1.rc) with status $2 (default 0).
wait_exit() {
    local name=$1 expected=${2:-0} limit=${3:-100} waited=0
    while [ ! -s "$WORK/$name.rc" ] && [ "$waited" -lt "$limit" ]; do sleep 0.1; waited=$((waited + 1)); done
    [ -s "$WORK/$name.rc" ] && [ "$(cat "$WORK/$name.rc")" = "$expected" ]
}

# --- 1. I–V–vi–IV in D major ------------------------------------------------------------------
tmux new-session -d -s "$SESSION" -x 120 -y 40 \
    "env -u NO_COLOR '$BIN' --tuning DMajor --note-length 5 --chord-program 0 --out '$WORK/chords.wav' --record '$WORK/chords.mid' 2>'$WORK/chords.err'; echo \$? > '$WORK/chords.rc'"
if wait_for "$SESSION" 'note-length mode' 10; then pass "chordpad started in D major, note-length mode shown"; else fail "chordpad did not start: $(cat "$WORK/chords.err" 2>/dev/null)"; fi
sleep 0.5
ESC=$(printf '\033')
if tmux capture-pane -p -e -t "$SESSION" | grep -q "${ESC}\[31m"; then pass "C notes are drawn red"; else fail "no red C notes on screen"; fi
SCREENS=()
for key in 1 5 6 4; do
    tmux send-keys -t "$SESSION" "$key"
    sleep 0.7
    SCREENS+=("$(tmux capture-pane -p -t "$SESSION")")
    sleep 0.8
done
tmux send-keys -t "$SESSION" Escape; sleep 0.3; tmux send-keys -t "$SESSION" Escape
if wait_exit chords; then pass "chordpad quit with status 0"; else fail "chordpad did not quit cleanly: $(cat "$WORK/chords.err" 2>/dev/null)"; fi

index=0
for expected in "D   I" "A   V" "Bm   vi" "G   IV"; do
    if grep -q "Sounding: $expected " <<<"${SCREENS[$index]}"; then
        pass "screen names chord $((index + 1)): $expected"
    else
        fail "screen does not name chord $((index + 1)) as '$expected': $(grep Sounding <<<"${SCREENS[$index]}")"
    fi
    index=$((index + 1))
done

# D3 F#3 A3 D4 / A3 C#4 E4 A4 / B3 D4 F#4 B4 / G3 B3 D4 G4
if python3 Tests/tmux/check-pitches.py "$WORK/chords.wav" --expect "50,54,57,62/57,61,64,69/59,62,66,71/55,59,62,67" --segment-seconds 1.5; then
    pass "the WAV holds I-V-vi-IV, each previous chord stopped"
else
    fail "the WAV does not hold I-V-vi-IV as played"
fi
if [ -s "$WORK/chords.mid" ] && head -c 4 "$WORK/chords.mid" | grep -q MThd; then pass "--record wrote a MIDI file"; else fail "--record wrote no MIDI file"; fi
if grep -q "wrote $WORK/chords.mid: [0-9]* notes, [0-9]*:[0-9][0-9]$" "$WORK/chords.err"; then pass "--record says what it wrote (notes, length)"; else fail "--record did not say what it wrote: $(cat "$WORK/chords.err")"; fi

# --- 1b. Per-column tones, without the chord first; the layout on screen; a safe quit ----------------
tmux new-session -d -s "$SESSION" -x 120 -y 40 \
    "NO_COLOR=1 '$BIN' --tuning DMajor --no-kitty --note-length 1.2 --chord-program 0 --out '$WORK/columns.wav' 2>'$WORK/columns.err'; echo \$? > '$WORK/columns.rc'"
if wait_for "$SESSION" 'root +q D +w E' 10 && wait_for "$SESSION" 'fifth +z A +x B' 1 && wait_for "$SESSION" 'seventh +Q C♯ +W D' 1 \
    && wait_for "$SESSION" '7ths +! Dmaj7 +@ Em7' 1; then
    pass "the screen shows each column's keys: root, third, fifth, seventh under the chords, and the seventh chords"
else
    fail "no column layout on screen: $(tmux capture-pane -p -t "$SESSION" | head -12)"
fi
if tmux capture-pane -p -e -t "$SESSION" | grep -Eq "${ESC}\[(3[0-7]|38;)"; then fail "NO_COLOR is set but notes are coloured"; else pass "NO_COLOR: no colours on screen"; fi
sleep 0.5
# Column V (A major in D): t = root A3, g = third C#4, b = fifth E4, T (Shift+t) = seventh G4; the chord
# itself never pressed. Then % (Shift+5): the seventh chord A7.
for key in t g b T; do tmux send-keys -t "$SESSION" "$key"; sleep 1.5; done
tmux send-keys -t "$SESSION" %
if wait_for "$SESSION" 'Sounding: A7 +V7 ' 3; then pass "Shift+5 plays the seventh chord, named A7, V7"; else fail "Shift+5: $(tmux capture-pane -p -t "$SESSION" | grep Sounding)"; fi
sleep 1.5
tmux send-keys -t "$SESSION" Escape
if wait_for "$SESSION" 'Quit\? Press Esc again' 3 && [ ! -s "$WORK/columns.rc" ]; then
    pass "one Esc asks before quitting and chordpad plays on"
else
    fail "one Esc did not ask (or quit at once)"
fi
sleep 0.5
tmux send-keys -t "$SESSION" Tab
if wait_for "$SESSION" 'letter keys: the melody' 3; then pass "Tab switches the letter keys to the melody"; else fail "Tab did not switch to the melody"; fi
tmux send-keys -t "$SESSION" q
sleep 1
if wait_for "$SESSION" 'Quit\? Press Esc or q again' 3 && [ ! -s "$WORK/columns.rc" ]; then
    pass "a bare q beside the melody keys only asks"
else
    fail "a bare q quit the performance (or did not ask)"
fi
tmux send-keys -t "$SESSION" z
sleep 0.5
if ! tmux capture-pane -p -t "$SESSION" | grep -q 'Quit?' && [ ! -s "$WORK/columns.rc" ]; then pass "a melody key after q plays on"; else fail "q then z did not play on"; fi
tmux send-keys -t "$SESSION" Escape; sleep 0.3; tmux send-keys -t "$SESSION" Escape
if wait_exit columns; then pass "Esc twice quits with status 0"; else fail "Esc twice did not quit: $(cat "$WORK/columns.err" 2>/dev/null)"; fi
if python3 Tests/tmux/check-pitches.py "$WORK/columns.wav" --expect "57/61/64/67/57,61,64,67" --segment-seconds 1.5; then
    pass "the WAV holds column V's root, third, fifth and seventh one by one, then its seventh chord"
else
    fail "the WAV does not hold A3, C#4, E4, G4 one by one, then A7"
fi

# --- 2. MIDI input from a FIFO ----------------------------------------------------------------
mkfifo "$WORK/midi.fifo"
tmux new-session -d -s "$SESSION-midi" -x 120 -y 40 \
    "'$BIN' --tuning DMajor --no-kitty --midi-in '$WORK/midi.fifo' --out '$WORK/midi.wav' 2>'$WORK/midi.err'; echo \$? > '$WORK/midi.rc'"
if wait_for "$SESSION-midi" 'MIDI in:' 10; then pass "chordpad reads MIDI from a FIFO"; else fail "chordpad with --midi-in did not start: $(cat "$WORK/midi.err" 2>/dev/null)"; fi
sleep 0.5
# Note-ons of C4 E4 G4 (the second and third by running status).
printf '\x90\x3c\x64\x40\x64\x43\x64' > "$WORK/midi.fifo"
if wait_for "$SESSION-midi" 'Sounding: C ' 3; then pass "screen names the MIDI chord C"; else fail "screen does not name C: $(tmux capture-pane -p -t "$SESSION-midi" | grep -E 'Sounding|MIDI')"; fi
sleep 1.2
printf '\x80\x3c\x00\x80\x40\x00\x80\x43\x00' > "$WORK/midi.fifo"
sleep 0.3
tmux send-keys -t "$SESSION-midi" C-c
if wait_exit midi 130; then pass "Ctrl-C quits chordpad with status 130, as SIGINT does"; else fail "chordpad (MIDI) did not quit with 130 on Ctrl-C (status $(cat "$WORK/midi.rc" 2>/dev/null))"; fi
if python3 Tests/tmux/check-pitches.py "$WORK/midi.wav" --expect "60,64,67" --segment-seconds 1.0; then
    pass "the WAV holds C4 E4 G4 from MIDI input"
else
    fail "the WAV does not hold C4 E4 G4"
fi

# --- Live output through ALSA (a file plugin over a null device stands in for a sound card) ------
if [ -f /usr/share/alsa/alsa.conf ]; then
    { cat /usr/share/alsa/alsa.conf; printf '\npcm.!default {\n type file\n slave.pcm "null"\n file "%s"\n format "raw"\n}\n' "$WORK/alsa.raw"; } > "$WORK/alsa.conf"
    tmux new-session -d -s "$SESSION" -x 120 -y 40 \
        "ALSA_CONFIG_PATH='$WORK/alsa.conf' '$BIN' --tuning GMajor --no-kitty 2>'$WORK/live.err'; echo \$? > '$WORK/live.rc'"
    if wait_for "$SESSION" 'out: sound device' 10; then
        tmux send-keys -t "$SESSION" 1
        if wait_for "$SESSION" 'Sounding: G   I ' 3; then pass "live output: the G chord sounds and is named"; else fail "live output: G not named"; fi
        tmux send-keys -t "$SESSION" C-c
        if wait_exit live 130 && [ -s "$WORK/alsa.raw" ]; then pass "live output through ALSA ran and Ctrl-C quit it (status 130)"; else fail "live output did not run or quit: $(cat "$WORK/live.err" 2>/dev/null)"; fi
    else
        fail "live output did not start: $(cat "$WORK/live.err" 2>/dev/null)"
    fi
fi

# --- A signal ends it cleanly: terminal restored, synth silenced, WAV closed -----------------------
tmux new-session -d -s "$SESSION" -x 120 -y 40 \
    "'$BIN' --tuning DMajor --no-kitty --note-length 5 --chord-program 0 --out '$WORK/signal.wav' 2>'$WORK/signal.err'; echo \$? > '$WORK/signal.rc'; stty -a > '$WORK/signal.stty'"
if wait_for "$SESSION" 'note-length mode' 10; then
    tmux send-keys -t "$SESSION" 1
    sleep 1.5
    PANE=$(tmux display -p -t "$SESSION" '#{pane_pid}')
    CHILD=$(pgrep -P "$PANE" -x chordpad)
    [ -n "$CHILD" ] && kill -TERM "$CHILD"
    if wait_exit signal 143 && grep -q ' icanon' "$WORK/signal.stty" && grep -q ' echo' "$WORK/signal.stty"; then
        pass "SIGTERM: status 143, terminal back in canonical mode with echo"
    else
        fail "SIGTERM did not end chordpad cleanly: $(cat "$WORK/signal.err" 2>/dev/null)"
    fi
    if python3 Tests/tmux/check-pitches.py "$WORK/signal.wav" --expect "50,54,57,62" --segment-seconds 1.0 >/dev/null; then pass "SIGTERM: the WAV was closed and holds the chord"; else fail "SIGTERM: the WAV is unreadable"; fi
else
    fail "chordpad did not start for the signal test"
fi

# --- A MIDI flood: 100,000 note-ons, then the safe quit (Esc twice) answers at once ------------------------------------
python3 -c 'import sys; sys.stdout.buffer.write(b"\x90" + bytes(b for i in range(100000) for b in (36 + i % 48, 100)))' >"$WORK/flood.mid"
tmux new-session -d -s "$SESSION" -x 120 -y 40 \
    "'$BIN' --tuning DMajor --no-kitty --midi-in '$WORK/flood.mid' --out '$WORK/flood.wav' 2>'$WORK/flood.err'; echo \$? > '$WORK/flood.rc'"
if wait_for "$SESSION" 'note-length mode' 10; then
    tmux send-keys -t "$SESSION" Escape; sleep 0.3; tmux send-keys -t "$SESSION" Escape
    if wait_exit flood; then pass "MIDI flood: Esc twice still quits at once"; else fail "MIDI flood: Esc twice did not quit within 10 s: $(cat "$WORK/flood.err" 2>/dev/null)"; fi
else
    fail "chordpad did not start for the flood test: $(cat "$WORK/flood.err" 2>/dev/null)"
fi
tmux kill-session -t "$SESSION" 2>/dev/null

# --- Endless MIDI input (/dev/urandom): memory stays bounded; closing the terminal ends it -----------
# The pane's shell ignores SIGHUP, so the kernel's hangup signal never reaches chordpad (as when the
# suite's launcher blocks it): chordpad must notice the closed terminal by itself and end as for SIGHUP.
tmux new-session -d -s "$SESSION" -x 120 -y 40 \
    "trap '' HUP; '$BIN' --tuning DMajor --no-kitty --midi-in /dev/urandom --out '$WORK/random.wav' 2>'$WORK/random.err'; echo \$? > '$WORK/random.rc'"
if wait_for "$SESSION" 'MIDI in: /dev/urandom' 10; then
    PANE=$(tmux display -p -t "$SESSION" '#{pane_pid}')
    CHILD=$(pgrep -P "$PANE" -x chordpad)
    sleep 4
    RSS=$(ps -o rss= -p "$CHILD" 2>/dev/null | tr -d ' ')
    if [ -n "$RSS" ] && [ "$RSS" -lt 300000 ]; then pass "endless MIDI input: memory stays bounded (${RSS} kB)"; else fail "endless MIDI input: ${RSS:-?} kB after 4 s"; fi
    tmux kill-session -t "$SESSION" 2>/dev/null
    # 15 s: a loaded machine (the whole test suite at once) gives it little time.
    if wait_exit random 129 150; then
        pass "endless MIDI input: closing the terminal ends chordpad with status 129, as SIGHUP would"
    else
        fail "endless MIDI input: chordpad did not end when its terminal closed (status $(cat "$WORK/random.rc" 2>/dev/null); $(ps -o stat=,wchan= -p "$CHILD" 2>/dev/null))"
        kill -KILL "$CHILD" 2>/dev/null
    fi
else
    fail "chordpad did not start for the /dev/urandom test: $(cat "$WORK/random.err" 2>/dev/null)"
fi

# --- One-line errors ----------------------------------------------------------------------------
message=$("$BIN" --tuning DMinr 2>&1 </dev/null); status=$?
if [ "$status" = 64 ] && [ "$(wc -l <<<"$message")" = 1 ] && grep -q "unknown tuning 'DMinr' (did you mean DMinor?)" <<<"$message"; then
    pass "unknown tuning: one line suggesting the closest name, status 64 (a bad command line)"
else
    fail "unknown tuning gave status $status: $message"
fi
if [ ! -e /dev/snd ]; then
    message=$(ALSA_CONFIG_PATH= "$BIN" --tuning DMajor 2>&1 </dev/null); status=$?
    if [ "$status" = 3 ] && grep -q "no sound device.*--out x.wav" <<<"$message"; then pass "no sound device: exit 3, suggests --out x.wav"; else fail "no sound device gave status $status: $message"; fi
fi

# --- The ALSA sequencer where there is none -----------------------------------------------------
if [ ! -e /dev/snd/seq ]; then
    message=$("$BIN" --midi-in seq 2>&1)
    if grep -q "no ALSA sequencer on this machine (/dev/snd/seq missing)" <<<"$message"; then pass "--midi-in seq explains the missing sequencer"; else fail "--midi-in seq said: $message"; fi
fi

if [ "$FAILED" = 0 ]; then echo "PASS: all chordpad tmux tests"; else echo "FAIL: some chordpad tmux tests failed"; fi
exit "$FAILED"
