#!/usr/bin/env bash
# Drives `jianpu play` in a real terminal (tmux) with the paced WAV sink (--out):
# the score shows and moves, space pauses and resumes, Right jumps a bar, q quits with the
# terminal restored, and the WAV holds audio. Then `--quiet` and a run without a terminal
# play to the end on their own.
#
# Usage: Tests/tmux/play-test.sh            (from the package root)
#   JIANPU_BIN  the jianpu binary (default .build/release/jianpu)
#   SCORE       the score to play (default Scores/twinkle-twinkle.jp)
# Prints PASS/FAIL lines; exits non-zero when anything failed. Takes about 25 s.

set -u
cd "$(dirname "$0")/../.." || exit 2
BIN=$(realpath "${JIANPU_BIN:-.build/release/jianpu}")
SCORE=${SCORE:-Scores/twinkle-twinkle.jp}
WORK=$(mktemp -d /tmp/jianpu-play-test.XXXXXX)
SOCKET="jianpu-play-test-$$"
SESSION=play
FAILURES=0
T() { tmux -L "$SOCKET" "$@"; }

cleanup() {
    T kill-server >/dev/null 2>&1
    tmux -L "jianpu-play-test-$$" kill-server >/dev/null 2>&1
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILURES=$((FAILURES + 1)); }
check() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }

for tool in tmux sox; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed"; exit 2; }
done
[ -x "$BIN" ] || { echo "FAIL: no jianpu binary at $BIN (swift build -c release --product jianpu, or set JIANPU_BIN)"; exit 2; }

screen() { T capture-pane -p -t "$SESSION"; }
# "bar N/M   m:ss / m:ss": the bar number and the elapsed time.
bar() { screen | sed -n 's/.*bar \([0-9]*\)\/[0-9]*.*/\1/p' | head -1; }
clock() { screen | sed -n 's/.*bar [0-9]*\/[0-9]*   \([0-9]*:[0-9]*\) \/.*/\1/p' | head -1; }
# Whether the pane (or session $2) does not show text $1.
not_shown() { ! T capture-pane -p -t "${2:-$SESSION}" | grep -qF -- "$1"; }
not_in_file() { ! grep -q -- "$1" "$2"; }
# Waits up to $1 seconds for the pane to show text matching $2.
wait_for() {
    local deadline=$((SECONDS + $1))
    while [ $SECONDS -lt $deadline ]; do
        screen | grep -q -- "$2" && return 0
        sleep 0.2
    done
    return 1
}

WAV="$WORK/play.wav"
# The pane runs jianpu, then records its exit status and the terminal's settings.
T new-session -d -s "$SESSION" -x 100 -y 30 \
    "bash -c '\"$BIN\" play \"$SCORE\" --out \"$WAV\" 2>\"$WORK/stderr.txt\"; echo \$? >\"$WORK/status.txt\"; stty -a >\"$WORK/stty.txt\"; sleep 60'"

TITLE=$(sed -n 's/^title=//p' "$SCORE" | head -1)
check "the screen shows the title ($TITLE)" wait_for 10 "$TITLE"
check "the screen shows the key help" wait_for 2 "q quit"
check "the screen shows the bar counter" wait_for 2 "bar [0-9]*/[0-9]*"
# Highlighted notes: tmux reports them with the reverse-video attribute (SGR 7).
highlighted() { T capture-pane -e -p -t "$SESSION" | grep -qE $'\e\\[([0-9;]*;)?7[;m]'; }
check "a sounding note is highlighted (reverse video)" highlighted

T1=$(clock); sleep 1.5; T2=$(clock)
check "the time moves while playing ($T1 -> $T2)" test -n "$T1" -a -n "$T2" -a "$T1" != "$T2"
check "the state reads playing" wait_for 1 "playing"

T send-keys -t "$SESSION" ' '
check "space pauses: paused is shown" wait_for 2 "paused"
B1=$(bar); T1=$(clock); sleep 1.2; B2=$(bar); T2=$(clock)
check "paused: the bar and time stand still for 1.2 s (bar $B1 -> $B2, $T1 -> $T2)" test -n "$T1" -a "$B1" = "$B2" -a "$T1" = "$T2"

T send-keys -t "$SESSION" Right
sleep 0.6
B3=$(bar)
check "Right jumps a bar while paused (bar $B2 -> $B3)" test -n "$B3" -a "$B3" = "$((B2 + 1))"
T send-keys -t "$SESSION" Left
sleep 0.6
B4=$(bar)
check "Left jumps back a bar (bar $B3 -> $B4)" test -n "$B4" -a "$B4" = "$B2"
T send-keys -t "$SESSION" Right
sleep 0.4

T send-keys -t "$SESSION" ' '
check "space resumes: playing is shown" wait_for 2 "playing"
T1=$(clock); sleep 1.2; T2=$(clock)
check "the time moves again after resuming ($T1 -> $T2)" test -n "$T1" -a "$T1" != "$T2"

T send-keys -t "$SESSION" '+'
check "+ raises the tempo (110%)" wait_for 2 "(110%)"
T send-keys -t "$SESSION" '-'
sleep 0.4
check "- brings it back to the score's tempo" not_shown "%)"
B5=$(bar)

T send-keys -t "$SESSION" q
deadline=$((SECONDS + 10))
while [ ! -s "$WORK/stty.txt" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
check "q quits before the end of the music (at bar $B5)" test -s "$WORK/status.txt"
check "jianpu exits with status 0" test "$(cat "$WORK/status.txt" 2>/dev/null)" = 0
check "no errors on stderr" test ! -s "$WORK/stderr.txt"
[ -s "$WORK/stderr.txt" ] && sed 's/^/  stderr: /' "$WORK/stderr.txt"
# stty -a lists settings as words, "-echo" when off.
stty_has() { tr -s ' ;\t' '\n\n\n' <"$WORK/stty.txt" | grep -qx -- "$1"; }
check "the terminal is restored: icanon on" stty_has icanon
check "the terminal is restored: echo on" stty_has echo
check "the terminal is restored: isig on" stty_has isig
check "the terminal is restored: not -icanon / -echo" bash -c "! tr -s ' ;' '\n\n' <'$WORK/stty.txt' | grep -qx -- '-icanon\|-echo'"
check "the pane left the alternate screen" not_shown "q quit"

wav_has_audio() {
    local size max
    size=$(stat -c %s "$1" 2>/dev/null || echo 0)
    [ "$size" -gt 44 ] || { echo "  $1: $size bytes"; return 1; }
    max=$(sox "$1" -n stat 2>&1 | sed -n 's/^Maximum amplitude: *//p')
    echo "  $1: $size bytes, maximum amplitude $max"
    awk -v m="$max" 'BEGIN { exit !(m + 0 > 0) }'
}
check "the WAV exists and has audio" wav_has_audio "$WAV"
T kill-server >/dev/null 2>&1
# A server of its own for the next session (a new one on the same socket can race the old one's exit).
SOCKET="$SOCKET-quiet"

# --quiet on a terminal and no terminal at all: play to the end by themselves (bar 1 only, ~4 s).
QUIET="$WORK/quiet.wav"
T new-session -d -s quiet -x 100 -y 30 \
    "bash -c '\"$BIN\" play \"$SCORE\" --to 1 --quiet --out \"$QUIET\"; echo \$? >\"$WORK/quiet-status.txt\"; sleep 60'"
deadline=$((SECONDS + 15))
while [ ! -s "$WORK/quiet-status.txt" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
check "--quiet on a terminal plays to the end (status $(cat "$WORK/quiet-status.txt" 2>/dev/null))" test "$(cat "$WORK/quiet-status.txt" 2>/dev/null)" = 0
check "--quiet: nothing drawn" not_shown "q quit" quiet
check "--quiet: the WAV has audio" wav_has_audio "$QUIET"
T kill-server >/dev/null 2>&1

PIPED="$WORK/piped.wav"
timeout 20 "$BIN" play "$SCORE" --to 1 --out "$PIPED" </dev/null >"$WORK/piped-stdout.txt" 2>&1
status=$?
check "without a terminal it plays to the end (status $status)" test "$status" = 0
check "without a terminal: nothing drawn" not_in_file 'q quit' "$WORK/piped-stdout.txt"
check "without a terminal: the WAV has audio" wav_has_audio "$PIPED"

if [ "$FAILURES" -eq 0 ]; then
    echo "PASS: all play tests"
    exit 0
fi
echo "FAIL: $FAILURES check(s) failed"
exit 1
