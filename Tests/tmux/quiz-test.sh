#!/bin/sh
# Drives the interactive `jianpu quiz` in tmux: answers by interval name, by piano key, and checks the
# screen shows the keyboard and the characteristics. Usage: quiz-test.sh [path/to/jianpu]
set -eu
BIN=${1:-.build/release/jianpu}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
DIR=$(mktemp -d)
SOCKET=jianpu-quiz-test-$$
PANE="$SOCKET:0.0"
cleanup() { tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$DIR"; }
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; echo "--- screen ---" >&2; screen >&2; exit 1; }
screen() { tmux -L "$SOCKET" capture-pane -p -t "$PANE"; }
# wait_for TEXT: up to 10 s for TEXT to appear on the screen.
wait_for() {
    i=0
    while [ $i -lt 100 ]; do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1; i=$((i + 1))
    done
    fail "did not see: $1"
}
keys() { tmux -L "$SOCKET" send-keys -t "$PANE" "$@"; }
# fresh_server NAME COMMAND: ends the running tmux server and starts COMMAND in a server of its own
# (a new one on the old socket could meet the old one still going away).
fresh_server() {
    tmux -L "$SOCKET" kill-server 2>/dev/null || true
    SOCKET=$SOCKET-$1
    PANE="$SOCKET:0.0"
    tmux -L "$SOCKET" new-session -d -s "$SOCKET" -x 130 -y 32 "$2"
}
# wait_file FILE: up to 10 s for FILE to be written.
wait_file() {
    i=0
    while [ ! -s "$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
}

# With a SoundFont the sound goes to a WAV at real-time pace (the continuous output of an interactive quiz).
SOUND="--mute"
if [ -f "${JIANPU_SOUNDFONT:-/usr/share/sounds/sf2/default-GM.sf2}" ]; then SOUND="--out $DIR/quiz.wav"; fi
tmux -L "$SOCKET" new-session -d -s "$SOCKET" -x 130 -y 32 \
    "NO_COLOR=1 XDG_CONFIG_HOME=$DIR/cfg $BIN quiz $SOUND --seed 4 -n 3 --intervals M3 --kinds MU --db $DIR/quiz.sqlite; echo EXIT=\$?; sleep 60"

# Question 1: the keyboard with the red lower note; answer by name.
wait_for "question 1/3"
wait_for "lower note"
wait_for "(red ●)"
screen | grep -q "│" || fail "no keyboard drawn"
# Monochrome too: the red key carries the sign (NO_COLOR is set for this run).
screen | grep -v "(red ●)" | grep -q "●" || fail "the lower note has no sign"
esc=$(printf '\033')
if tmux -L "$SOCKET" capture-pane -p -e -t "$PANE" | grep -q "${esc}\[41"; then fail "NO_COLOR is set but the red key is coloured"; fi
screen | grep -q "type M3 + Enter" || fail "the prompt lists more than the drilled interval"
keys M 3 Enter
wait_for "right: M3 major third: narrow, weakly consonant, major"
wait_for "Enter or Space: next question"
screen | grep -q "x your note" && fail "a right answer marks no note of yours"
screen | grep -q "+ the right upper note" || fail "no sign legend after the answer"
# After an answer, keys replay; only Enter or Space goes on.
keys x
wait_for "(Enter or Space goes on)"
keys r
wait_for "(the question again)"
keys a
wait_for "(M3 as an arpeggio: lower, upper, together)"
screen | grep -q "question 1/3" || fail "a replay key moved on"
keys Space

# Question 2: switch to piano keys and press the upper note.
wait_for "question 2/3"
root=$(screen | sed -n 's/.*lower note \([A-G]\(♯\)*[0-9]\) (red.*/\1/p' | head -n 1)
[ -n "$root" ] || fail "no lower note on screen"
name=${root%[0-9]}
case $name in C) pc=0;; C♯) pc=1;; D) pc=2;; D♯) pc=3;; E) pc=4;; F) pc=5;; F♯) pc=6;; G) pc=7;; G♯) pc=8;; A) pc=9;; A♯) pc=10;; B) pc=11;; esac
offset=$((pc + 4))
row="zsxdcvgbhnjmq2w3er5t6y7ui"
key=$(printf '%s' "$row" | cut -c $((offset + 1)))
keys Tab
wait_for "press the upper note"
keys "$key"
wait_for "right: M3 major third"
keys Space

# Question 3: back to names, a wrong answer shows both intervals and the kind of error.
wait_for "question 3/3"
keys Tab
wait_for "answer: _"
keys m 3 Enter
wait_for "wrong: played M3 major third: narrow, weakly consonant, major"
wait_for "you said m3 minor third: narrow, weakly consonant, minor"
wait_for "error: one semitone"
# The keys' signs are explained (they mark the keys without colour too).
wait_for "● lower note · + the right upper note · x your note"
sleep 4   # the correction (yours, then the right one) plays whole before the replay keys
keys y
wait_for "(yours: m3)"
keys c
wait_for "(the right one: M3)"
keys Enter
wait_for "score: 2/3 (67%)"
# The recap: what to work on.
wait_for "confusions (played → answered): M3 → m3"
wait_for "error classes: inverted 0, wrong width 0, one semitone 1"
wait_for "slowest: M3"
wait_for "drill next: m3, M3  (jianpu quiz --intervals m3,M3)"
wait_for "EXIT=0"
if command -v sqlite3 >/dev/null 2>&1; then
    rows=$(sqlite3 "$DIR/quiz.sqlite" "select count(*) from recognize_intervals")
    [ "$rows" = 3 ] || fail "expected 3 logged answers, found $rows"
fi
if [ "$SOUND" != "--mute" ]; then
    size=$(wc -c < "$DIR/quiz.wav")
    # Real time: at least the miss's correction (3.75 s: yours, then the right one), 16-bit stereo at 44.1 kHz.
    [ "$size" -gt $((176400 * 3)) ] || fail "the WAV holds only $size bytes"
fi

# At 40 columns every line (the prompt, the piano footer, the feedback, the recap) wraps at word boundaries:
# joined back (-J), no line is longer than the pane, so the terminal never had to split a word.
PANE="$SOCKET-narrow:0.0"
tmux -L "$SOCKET" new-session -d -s "$SOCKET-narrow" -x 40 -y 40 \
    "XDG_CONFIG_HOME=$DIR/cfg $BIN quiz --mute --seed 4 -n 1 --intervals m3,M3,P4,P5 --db $DIR/narrow.sqlite; sleep 60"
narrow_check() {
    long=$(tmux -L "$SOCKET" capture-pane -p -J -t "$PANE" | python3 -c 'import sys; print(next((l for l in sys.stdin.read().splitlines() if len(l) > 40), ""))')
    [ -z "$long" ] || fail "a line is wider than 40 columns ($1): $long"
}
wait_for "type m3 M3 P4 P5 + Enter"
narrow_check "names"
keys Tab
wait_for "press the upper note"
wait_for "Tab: names"
narrow_check "piano keys"
keys Tab
keys m 3 Enter
wait_for "arpeggio"
narrow_check "feedback"
keys Enter
wait_for "drill next:"
narrow_check "recap"
# Ctrl-C from outside (SIGINT) ends the quiz with status 130 and the terminal back in canonical mode
# with echo; NO_COLOR draws the keyboard without colours.
fresh_server signal \
    "NO_COLOR=1 XDG_CONFIG_HOME=$DIR/cfg $BIN quiz --mute --seed 5 -n 3 --db $DIR/signal.sqlite; echo EXIT=\$?; stty -a >$DIR/stty.txt; sleep 60"
wait_for "question 1/3"
if tmux -L "$SOCKET" capture-pane -e -p -t "$PANE" | grep -q "$(printf '\033')\[4[0-9]"; then fail "NO_COLOR: the keyboard is drawn in colour"; fi
shell=$(tmux -L "$SOCKET" display -p -t "$PANE" '#{pane_pid}')
quiz=$(pgrep -P "$shell" | head -n 1)
[ -n "$quiz" ] || fail "no quiz process under the pane"
kill -INT "$quiz"
wait_for "EXIT=130"
wait_file "$DIR/stty.txt"
tr -s ' ;\t' '\n\n\n' <"$DIR/stty.txt" | grep -qx icanon || fail "SIGINT left the terminal raw: $(cat "$DIR/stty.txt")"
tr -s ' ;\t' '\n\n\n' <"$DIR/stty.txt" | grep -qx echo || fail "SIGINT left echo off: $(cat "$DIR/stty.txt")"
# Ctrl-C typed as a key (raw mode reads it as a byte, not a signal) ends the quiz the same way: status 130.
fresh_server key \
    "XDG_CONFIG_HOME=$DIR/cfg $BIN quiz --mute --seed 6 -n 3 --db $DIR/key.sqlite; echo EXIT=\$?; sleep 60"
wait_for "question 1/3"
keys C-c
wait_for "EXIT=130"
# --plain in a terminal that closes (its shell ignoring SIGHUP, as under some launchers): the quiz
# ends as SIGHUP would, status 129, not as answers that ran out (0).
fresh_server hangup \
    "trap '' HUP; $BIN quiz --plain --mute --seed 7 -n 3 --db $DIR/hangup.sqlite; echo \$? >$DIR/hangup.rc"
wait_for "Q1/3"
tmux -L "$SOCKET" kill-server 2>/dev/null || true
wait_file "$DIR/hangup.rc"
[ "$(cat "$DIR/hangup.rc" 2>/dev/null)" = 129 ] || fail "quiz --plain in a closed terminal ended with status $(cat "$DIR/hangup.rc" 2>/dev/null) (expected 129)"
# q while the samples of every interval play (half a minute of sound) quits at once: the sound is cut
# off, not waited for.
if [ "$SOUND" != "--mute" ]; then
    fresh_server samples \
        "$BIN quiz --out $DIR/samples.wav --compound --seed 8 -n 3 --db $DIR/samples.sqlite; echo EXIT=\$?; sleep 60"
    wait_for "question 1/3"
    keys l
    sleep 1
    start=$(date +%s%N)
    keys q
    wait_for "EXIT=0"
    elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
    [ "$elapsed" -lt 3000 ] || fail "q during the samples took $elapsed ms to quit"
fi
echo "PASS: tmux quiz test ($SOUND)"
