#!/usr/bin/env bash
# Drives the practice keys of `jianpu play` in a real terminal (tmux), with the paced WAV sink:
# 1-9 choose a part, m mutes it, s solos it, [ and ] set the loop to the bars playing (the bar
# counter then stays in the loop and comes back to its start), c clears the loop (the music goes on).
#
# Usage: Tests/tmux/practice-keys-test.sh     (from the package root)
#   JIANPU_BIN  the jianpu binary (default .build/release/jianpu)
# Prints PASS/FAIL lines; exits non-zero when anything failed. Takes about 20 s.

set -u
# Start clean whatever ran us (see play-test.sh: a tmux server started with blocked signals cannot be stopped).
if [ -z "${JIANPU_PRACTICE_TEST_CLEAN:-}" ] && command -v perl >/dev/null; then
    export JIANPU_PRACTICE_TEST_CLEAN=1
    exec perl -e 'use POSIX; POSIX::sigprocmask(SIG_SETMASK, POSIX::SigSet->new);
        $SIG{$_} = "DEFAULT" for qw(HUP INT TERM PIPE QUIT CHLD TSTP TTIN TTOU);
        POSIX::close($_) for 3 .. 1023; exec @ARGV or die "exec: $!"' bash "$0" "$@"
fi
cd "$(dirname "$0")/../.." || exit 2
BIN=$(realpath "${JIANPU_BIN:-.build/release/jianpu}")
WORK=$(mktemp -d /tmp/jianpu-practice-test.XXXXXX)
SOCKET="jianpu-practice-test-$$"
SESSION=practice
FAILURES=0
T() { tmux -L "$SOCKET" "$@"; }
PANE_PID=
cleanup() {
    if [ -n "$PANE_PID" ]; then pkill -TERM -P "$PANE_PID" 2>/dev/null; kill -TERM "$PANE_PID" 2>/dev/null; fi
    T kill-server >/dev/null 2>&1
    rm -rf "$WORK"
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCKET"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILURES=$((FAILURES + 1)); }
check() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
command -v tmux >/dev/null || { echo "FAIL: tmux is not installed"; exit 2; }
[ -x "$BIN" ] || { echo "FAIL: no jianpu binary at $BIN"; exit 2; }

screen() { T capture-pane -p -t "$SESSION"; }
bar() { screen | sed -n 's/.*bar \([0-9]*\)\/[0-9]*.*/\1/p' | head -1; }
wait_for() {
    local deadline=$((SECONDS + $1))
    while [ $SECONDS -lt $deadline ]; do
        screen | grep -q -- "$2" && return 0
        sleep 0.1
    done
    return 1
}
wait_for_bar() {
    local deadline=$((SECONDS + $1))
    while [ $SECONDS -lt $deadline ]; do
        [ "$(bar)" = "$2" ] && return 0
        sleep 0.05
    done
    return 1
}
gone() { ! screen | grep -q -- "$1"; }

# Eight bars of a second each (4/4 at ♩=240), two parts.
SCORE="$WORK/practice.jp"
cat >"$SCORE" <<'SCORE'
title=Practice
1=C
4/4
4=240
1 2 3 4 | 5 6 7 1' | 1 2 3 4 | 5 6 7 1' | 1 2 3 4 | 5 6 7 1' | 1 2 3 4 | 5 6 7 1' |
NextPart
instrument=Cello
1, - - - | 5,, - - - | 1, - - - | 5,, - - - | 1, - - - | 5,, - - - | 1, - - - | 5,, - - - |
SCORE

T new-session -d -s "$SESSION" -x 120 -y 30 \
    "bash -c '\"$BIN\" play \"$SCORE\" --out \"$WORK/play.wav\" 2>\"$WORK/stderr.txt\"; echo \$? >\"$WORK/status.txt\"'" \; set-option -g remain-on-exit on
PANE_PID=$(T display-message -p -t "$SESSION" '#{pane_pid}' 2>/dev/null)

check "the screen shows the practice keys in its help" wait_for 10 "\[ \] loop"
check "the melody is the part chosen at first" wait_for 2 "part 1 melody"
T send-keys -t "$SESSION" 2
check "2 chooses part 2 (Cello)" wait_for 2 "part 2 Cello"
T send-keys -t "$SESSION" m
check "m mutes it" wait_for 2 "part 2 Cello: muted"
T send-keys -t "$SESSION" m
sleep 0.3
check "m again unmutes it" gone "muted"
T send-keys -t "$SESSION" s
check "s solos it" wait_for 2 "part 2 Cello: solo"
T send-keys -t "$SESSION" s
sleep 0.3
check "s again ends the solo" gone ": solo"

check "the music reaches bar 2" wait_for_bar 10 2
T send-keys -t "$SESSION" '['
check "[ starts a loop at the bar playing" wait_for 2 "loop from 2"
check "the music reaches bar 3" wait_for_bar 5 3
T send-keys -t "$SESSION" ']'
check "] ends the loop at the bar playing" wait_for 2 "loop 2-3"
# Four seconds is two passes of the loop: the counter stays in bars 2-3 and comes back to 2.
SEEN=""
for _ in $(seq 1 40); do SEEN="$SEEN $(bar)"; sleep 0.1; done
outside=$(echo "$SEEN" | tr ' ' '\n' | grep -v '^$' | grep -vx '[23]' | head -1)
check "while looping the bar stays in 2-3 (saw:$SEEN)" test -z "$outside"
back=$(echo "$SEEN" | tr ' ' '\n' | grep -v '^$' | awk 'prev == 3 && $1 == 2 { found = 1 } { prev = $1 } END { print found + 0 }')
check "the loop comes back from bar 3 to bar 2" test "$back" = 1
T send-keys -t "$SESSION" c
sleep 0.3
check "c clears the loop" gone "loop 2-3"
check "after the loop the music goes on to bar 5" wait_for_bar 6 5

T send-keys -t "$SESSION" q
deadline=$((SECONDS + 10))
while [ ! -s "$WORK/status.txt" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
check "q quits with status 0" test "$(cat "$WORK/status.txt" 2>/dev/null)" = 0
check "no errors on stderr" test ! -s "$WORK/stderr.txt"
check "the take holds audio" test -s "$WORK/play.wav"

if [ "$FAILURES" -eq 0 ]; then echo "PASS: all practice key tests"; exit 0; fi
echo "FAILED: $FAILURES"
exit 1
