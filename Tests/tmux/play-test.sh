#!/usr/bin/env bash
# Drives `jianpu play` in a real terminal (tmux) with the paced WAV sink (--out):
# the score shows and moves, space pauses and resumes, Right jumps a bar, q quits with the
# terminal restored, and the WAV holds audio. Then `--quiet` and a run without a terminal
# play to the end on their own, and a screen of wide bars stays inside the memory promise.
#
# Usage: Tests/tmux/play-test.sh            (from the package root)
#   JIANPU_BIN  the jianpu binary (default .build/release/jianpu)
#   SCORE       the score to play (default Scores/twinkle-twinkle.jp)
# Prints PASS/FAIL lines; exits non-zero when anything failed. Takes about 35 s.

set -u
# Start clean whatever ran us: no blocked or ignored signals and no inherited descriptors past
# stderr. (Foundation's Process hands children a blocked signal mask and open sockets; a tmux
# server started with them cannot be stopped and keeps its launcher waiting.)
if [ -z "${JIANPU_PLAY_TEST_CLEAN:-}" ] && command -v perl >/dev/null; then
    export JIANPU_PLAY_TEST_CLEAN=1
    exec perl -e 'use POSIX; POSIX::sigprocmask(SIG_SETMASK, POSIX::SigSet->new);
        $SIG{$_} = "DEFAULT" for qw(HUP INT TERM PIPE QUIT CHLD TSTP TTIN TTOU);
        POSIX::close($_) for 3 .. 1023; exec @ARGV or die "exec: $!"' bash "$0" "$@"
fi
cd "$(dirname "$0")/../.." || exit 2
BIN=$(realpath "${JIANPU_BIN:-.build/release/jianpu}")
SCORE=${SCORE:-Scores/twinkle-twinkle.jp}
WORK=$(mktemp -d /tmp/jianpu-play-test.XXXXXX)
SOCKET="jianpu-play-test-$$"
SESSION=play
FAILURES=0
T() { tmux -L "$SOCKET" "$@"; }
# The panes' shells, ended on the way out whatever happens (tmux may leave them running when
# the test runs with SIGHUP ignored).
PANES=()
remember_pane() { PANES+=("$(T display-message -p -t "$1" '#{pane_pid}' 2>/dev/null)"); }

cleanup() {
    local pid
    for pid in "${PANES[@]}"; do
        [ -n "$pid" ] || continue
        pkill -TERM -P "$pid" 2>/dev/null
        kill -TERM "$pid" 2>/dev/null
    done
    T kill-server >/dev/null 2>&1
    local name
    for name in "" -quiet -ending -ctrlc -escape -sigterm -sighup -nocolor -marks -parts -volta -canon -performers -wide; do tmux -L "jianpu-play-test-$$$name" kill-server >/dev/null 2>&1; done
    rm -rf "$WORK"
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/jianpu-play-test-$$"*
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
# No match in the file for a pattern (not_in_file) or a text (not_in_file_text); a broken pattern fails, never passes.
not_in_file() { grep -q -- "$1" "$2"; [ $? -eq 1 ]; }
not_in_file_text() { grep -qF -- "$1" "$2"; [ $? -eq 1 ]; }
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
    "bash -c '\"$BIN\" play \"$SCORE\" --out \"$WAV\" 2>\"$WORK/stderr.txt\"; echo \$? >\"$WORK/status.txt\"; stty -a >\"$WORK/stty.txt\"'" \; set-option -g remain-on-exit on
remember_pane "$SESSION"

TITLE=$(sed -n 's/^title=//p' "$SCORE" | head -1)
check "the screen shows the title ($TITLE)" wait_for 10 "$TITLE"
check "the screen shows the key help" wait_for 2 "q quit"
check "the screen shows the bar counter" wait_for 2 "bar [0-9]*/[0-9]*"
# Highlighted notes: tmux reports them with the reverse-video attribute (SGR 7).
highlighted() { T capture-pane -e -p -t "$SESSION" | grep -qE $'\e\\[([0-9;]*;)?7[;m]'; }
check "a sounding note is highlighted (reverse video)" highlighted
# The music is drawn as jianpu (the engraving's text form), not as the source text.
for token in '\mp' '\p' 'q1,' 'KeepLength' 'chords='; do
    check "no source token $token on the screen" not_shown "$token"
done
check "duration underlines are drawn under the accompaniment's quavers" wait_for 1 "‾‾‾"

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
    "bash -c '\"$BIN\" play \"$SCORE\" --to 1 --quiet --out \"$QUIET\"; echo \$? >\"$WORK/quiet-status.txt\"'" \; set-option -g remain-on-exit on
remember_pane quiet
deadline=$((SECONDS + 15))
while [ ! -s "$WORK/quiet-status.txt" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
check "--quiet on a terminal plays to the end (status $(cat "$WORK/quiet-status.txt" 2>/dev/null))" test "$(cat "$WORK/quiet-status.txt" 2>/dev/null)" = 0
check "--quiet: nothing drawn" not_shown "q quit" quiet
check "--quiet: the WAV has audio" wav_has_audio "$QUIET"
T kill-server >/dev/null 2>&1

# Runs jianpu in a fresh tmux server ($1: a name), sends keys ($3…) after it has drawn, and waits up
# to $2 seconds for it to end; leaves its status in $WORK/$1-status.txt and stty -a in $WORK/$1-stty.txt.
run_in_pane() {
    local name=$1 limit=$2 args=$3; shift 3
    SOCKET="jianpu-play-test-$$-$name"
    T new-session -d -s "$name" -x 80 -y 24 \
        "bash -c '\"$BIN\" play \"$SCORE\" $args --out \"$WORK/$name.wav\" 2>/dev/null; echo \$? >\"$WORK/$name-status.txt\"; stty -a >\"$WORK/$name-stty.txt\"'" \; set-option -g remain-on-exit on
    SESSION=$name
    remember_pane "$name"
    wait_for 10 "q quit" || echo "  $name: the screen did not appear"
    if [ "${1:-}" = --signal ]; then
        # The pane's shell runs jianpu as its child.
        local jianpu
        jianpu=$(pgrep -P "${PANES[${#PANES[@]}-1]}" | head -1)
        [ -n "$jianpu" ] && kill -"$2" "$jianpu"
    elif [ $# -gt 0 ]; then
        T send-keys -t "$name" "$@"
    fi
    local deadline=$((SECONDS + limit))
    while [ ! -s "$WORK/$name-stty.txt" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    T kill-server >/dev/null 2>&1
}
restored() { tr -s ' ;\t' '\n\n\n' <"$WORK/$1-stty.txt" 2>/dev/null | grep -qx icanon && tr -s ' ;\t' '\n\n\n' <"$WORK/$1-stty.txt" | grep -qx echo; }

# The last bar (about 2.4 s and the tail): the screen returns by itself when the music ends.
run_in_pane ending 15 "--from 12"
check "the music ends: jianpu returns by itself (status $(cat "$WORK/ending-status.txt" 2>/dev/null))" test "$(cat "$WORK/ending-status.txt" 2>/dev/null)" = 0
check "the music ends: the terminal is restored" restored ending
check "the music ends: the WAV has audio" wav_has_audio "$WORK/ending.wav"

# Ctrl-C and Escape stop as q does; Ctrl-C is an interruption (status 130).
run_in_pane ctrlc 6 "" C-c
check "Ctrl-C stops with status 130 (status $(cat "$WORK/ctrlc-status.txt" 2>/dev/null))" test "$(cat "$WORK/ctrlc-status.txt" 2>/dev/null)" = 130
check "Ctrl-C: the terminal is restored" restored ctrlc
run_in_pane escape 6 "" Escape
check "Escape stops (status $(cat "$WORK/escape-status.txt" 2>/dev/null))" test "$(cat "$WORK/escape-status.txt" 2>/dev/null)" = 0
check "Escape: the terminal is restored" restored escape

# A signal from outside (kill, the terminal closing) stops the same way, the WAV finished; status 128 + signal.
run_in_pane sigterm 6 "" --signal TERM
check "SIGTERM stops with status 143 (status $(cat "$WORK/sigterm-status.txt" 2>/dev/null))" test "$(cat "$WORK/sigterm-status.txt" 2>/dev/null)" = 143
check "SIGTERM: the terminal is restored" restored sigterm
check "SIGTERM: the WAV is finished and has audio" wav_has_audio "$WORK/sigterm.wav"
run_in_pane sighup 6 "" --signal HUP
check "SIGHUP stops with status 129 (status $(cat "$WORK/sighup-status.txt" 2>/dev/null))" test "$(cat "$WORK/sighup-status.txt" 2>/dev/null)" = 129
check "SIGHUP: the terminal is restored" restored sighup

# Plays score $2 in a fresh tmux server named $1 (100x30, the pane kept after jianpu ends), with the
# environment settings $3, and waits for the screen.
open_pane() {
    SOCKET="jianpu-play-test-$$-$1"
    SESSION=$1
    T new-session -d -s "$SESSION" -x 100 -y 30 \
        "bash -c '$3 \"$BIN\" play \"$2\" --out \"$WORK/$1.wav\" 2>/dev/null; sleep 30'" \; set-option -g remain-on-exit on
    remember_pane "$SESSION"
    wait_for 10 "q quit" || echo "  $1: the screen did not appear"
}

# NO_COLOR: the sounding note is still shown (reverse video) but nothing is coloured.
open_pane nocolor "$SCORE" NO_COLOR=1
sleep 1
T capture-pane -e -p -t "$SESSION" >"$WORK/nocolor-screen.txt"
ESC=$(printf '\033')
check "NO_COLOR: no colours drawn" not_in_file "$ESC\[[0-9;]*\(3[0-7]\|4[0-7]\|9[0-7]\|38\|48\)[;m]" "$WORK/nocolor-screen.txt"
check "NO_COLOR: the sounding note is still highlighted (reverse video)" grep -q "$ESC\[\([0-9;]*;\)\?7[;m]" "$WORK/nocolor-screen.txt"
T kill-server >/dev/null 2>&1

# The signs of printed jianpu that fit a terminal: every verse under the notes (a row each), the
# tuplet number over its group, grace notes as small raised digits, slurs and ties as arcs; no source text.
MARKS="$WORK/marks.jp"
cat >"$MARKS" <<'SCORE'
title=Signs
4/4
4=60
1 ( 2 3 ) g[45] 5 | 3[ 1 2 3 ] 4 - ~ | 4 5 q6 q7 1' | 1' - - - |
L: one two three four five six sev- en eight nine ten e- lev- en
L: 一 二 三 四 五 六 七 八 九 十 十 一 二
SCORE
open_pane marks "$MARKS" ""
screen >"$WORK/marks-screen.txt"
sed 's/^/  marks: /' "$WORK/marks-screen.txt" | sed '/^  marks: *$/d'
# The column (in characters) of the Python pattern $2 in the first row of the screen that matches $1.
column_of() { grep -m1 -- "$1" "$WORK/marks-screen.txt" | python3 -c "import re, sys; l=sys.stdin.read(); m=re.search(sys.argv[1], l); print(m.start() if m else -1)" "$2"; }
# The slur over 2 and 3 is a melisma: "one" is sung on 1 and held, "two" comes on the 5.
check "marks: the first verse is a row under the notes" grep -q "one  *two three four" "$WORK/marks-screen.txt"
check "marks: the second verse is a row of its own" grep -q "一  *二  三" "$WORK/marks-screen.txt"
DIGITS="▶ 1   2"
check "marks: grace notes are small raised digits before their note" grep -q "⁴⁵5" "$WORK/marks-screen.txt"
check "marks: the tuplet number stands alone over its group" test "$(column_of '^ *3$' 3)" -gt "$(column_of "$DIGITS" '\| 1')" -a "$(column_of '^ *3$' 3)" -lt "$(column_of "$DIGITS" ' 4 +–')"
check "marks: the slur is an arc from over the 1 to over the 3" test "$(column_of '^ *╭' ╭)" = "$(column_of "$DIGITS" 1)" -a "$(column_of '^ *╭' ╮)" = "$(column_of "$DIGITS" '3 ')"
# The second arc row (the ties, under the slurs) joins the 4 before the dash and the 4 after the bar line.
TIE=$(grep '^ *╭' "$WORK/marks-screen.txt" | sed -n 2p)
tie_at() { python3 -c "import sys; print(sys.argv[1].find(sys.argv[2]))" "$TIE" "$1"; }
check "marks: the tie is an arc from over one 4 to over the next" test "$(tie_at ╭)" = "$(column_of "$DIGITS" '4 +–')" -a "$(tie_at ╮)" = "$(( $(column_of "$DIGITS" '\| 4') + 2 ))"
for token in 'g[' '3[' '(' ')' '~' 'L:' "1'"; do
    check "marks: no source token $token on the screen" not_in_file_text "$token" "$WORK/marks-screen.txt"
done
T kill-server >/dev/null 2>&1

# Two parts drawn line by line as on the page: the melody's row over the accompaniment's, notes played
# together in one column, bar lines under bar lines; the line's bar number dim (SGR 2), left of the music.
open_pane parts "Scores/twinkle-twinkle.jp" ""
T send-keys -t "$SESSION" ' '
wait_for 2 "paused" >/dev/null
screen >"$WORK/parts-wide.txt"
T capture-pane -e -p -t "$SESSION" >"$WORK/parts-escapes.txt"
sed 's/^/  parts: /' "$WORK/parts-wide.txt" | sed '/^  parts: *$/d'
# The two ▶ rows of file $1: every digit and bar line of the first has a digit or a bar line under it in the second;
# with $2, each row also fits $2 columns and ends with a bar line (whole bars laid out again, none cut).
aligned() { python3 - "$@" <<'PY'
import sys
rows = [l.rstrip('\n').rstrip() for l in open(sys.argv[1]) if l.startswith(' ▶ ')]
if len(rows) != 2: print(f"  {len(rows)} rows marked ▶"); sys.exit(1)
a, b = rows
digits = [i for i, c in enumerate(a) if c.isdigit()]
bars = [i for i, c in enumerate(a) if c in '|‖']
ok = len(digits) >= 4 and len(bars) >= 1
ok = ok and all(i < len(b) and b[i].isdigit() for i in digits) and all(i < len(b) and b[i] in '|‖' for i in bars)
if len(sys.argv) > 2:
    ok = ok and all(len(r) <= int(sys.argv[2]) and r[-1] in '|‖' for r in rows)
print(f"  {a}\n  {b}")
sys.exit(0 if ok else 1)
PY
}
bars_in_line() { grep -m1 '^ ▶ ' "$1" | tr -cd '|‖' | wc -m; }
check "parts: both parts' rows of the line played, notes played together in one column" aligned "$WORK/parts-wide.txt"
check "parts: the part names are listed once" grep -q "1 melody.*2 accompaniment" "$WORK/parts-wide.txt"
check "parts: the line's bar number is dim (SGR 2), left of the music" grep -qE $'^\e\\[2m +1 ' "$WORK/parts-escapes.txt"
check "parts: no bar number over a digit (the number rows hold only the number)" not_in_file $'^\e\\[2m +[0-9]+ +\e\\[0m *[0-9]' "$WORK/parts-escapes.txt"
WIDE_BARS=$(bars_in_line "$WORK/parts-wide.txt")
# A narrower window: the lines are laid out again to its width, the line played still shown and lit.
T resize-window -t "$SESSION" -x 50 -y 30
sleep 1
screen >"$WORK/parts-narrow.txt"
T capture-pane -e -p -t "$SESSION" >"$WORK/parts-narrow-escapes.txt"
sed 's/^/  narrow: /' "$WORK/parts-narrow.txt" | sed '/^  narrow: *$/d'
NARROW_BARS=$(bars_in_line "$WORK/parts-narrow.txt")
check "resize to 50 columns: fewer bars a line ($WIDE_BARS -> $NARROW_BARS)" test -n "$NARROW_BARS" -a "${NARROW_BARS:-0}" -lt "${WIDE_BARS:-0}" -a "${NARROW_BARS:-0}" -gt 0
check "resize to 50 columns: lines of whole bars that fit, parts still aligned" aligned "$WORK/parts-narrow.txt" 50
check "resize to 50 columns: the sounding note is still shown lit" grep -qE $'\e\\[([0-9;]*;)?7[;m]' "$WORK/parts-narrow-escapes.txt"
T resize-window -t "$SESSION" -x 100 -y 30
sleep 1
screen >"$WORK/parts-again.txt"
check "resize back to 100 columns: as many bars a line as before ($(bars_in_line "$WORK/parts-again.txt"))" test "$(bars_in_line "$WORK/parts-again.txt")" = "$WIDE_BARS"
T kill-server >/dev/null 2>&1

# Endings under volta brackets, the time through a repeat in the status line, two octave dots as `:`.
VOLTA="$WORK/volta.jp"
cat >"$VOLTA" <<'SCORE'
title=Endings
4/4
4=120
R{ 1 2 3 4 | } A{ 5 6 7 1' | 1'' - - - }
SCORE
open_pane volta "$VOLTA" ""
T send-keys -t "$SESSION" ' '
wait_for 2 "paused" >/dev/null
T send-keys -t "$SESSION" Right
sleep 0.5
T send-keys -t "$SESSION" Right
sleep 0.8
screen >"$WORK/volta-screen.txt"
sed 's/^/  volta: /' "$WORK/volta-screen.txt" | sed '/^  volta: *$/d'
check "volta: the first ending has its bracket and label 1." grep -q "┌1\.─*┐" "$WORK/volta-screen.txt"
check "volta: the second ending has its label 2." grep -q "┌2\." "$WORK/volta-screen.txt"
check "volta: the status shows the time through the repeat (bar 1, 2nd time) and the clock" grep -q "bar 1/3, 2nd time   [0-9]*:[0-9][0-9] / [0-9]*:[0-9][0-9]" "$WORK/volta-screen.txt"
check "volta: the 1'' has two dots above (:), the 1' one (·)" grep -qE '^ +·( +:)$' "$WORK/volta-screen.txt"
T kill-server >/dev/null 2>&1

# Every part on every line, as on the page: Frère Jacques' cello (`R18{ one bar }`) goes on in percent signs on
# each line, the clarinet's two bars' rest shows its count; the marks performers read as characters.
open_pane canon "Scores/frere-jacques.jp" ""
T send-keys -t "$SESSION" ' '
wait_for 2 "paused" >/dev/null
screen >"$WORK/canon-screen.txt"
sed 's/^/  canon: /' "$WORK/canon-screen.txt" | sed '/^  canon: *$/d'
check "canon: the line played has a row for each of the three parts" test "$(grep -c '^ ▶ ' "$WORK/canon-screen.txt")" = 3
check "canon: the cello's row goes on with a percent sign a bar on the lines after the first" \
    test "$(grep -cE '^ +%? *(\| +%)+' "$WORK/canon-screen.txt")" -ge 1
check "canon: the clarinet's two bars' rest is one sign with its count" grep -q "▬2▬" "$WORK/canon-screen.txt"
check "canon: the dynamics are under the parts (mf, mp, p)" test "$(grep -cE '^ +(mf|mp|p)$' "$WORK/canon-screen.txt")" = 3
T kill-server >/dev/null 2>&1
SIGNS="$WORK/signs.jp"
cat >"$SIGNS" <<'SCORE'
title=Performers
4/4
4=60
letterA 1 \mf \fermata 2 \accent 3 \staccato 4 \< | 5 6 7 1' \! \breathe | 1' \> 7 6 5 \! | 1 - - - \fermata |
SCORE
open_pane performers "$SIGNS" ""
T send-keys -t "$SESSION" ' '
wait_for 2 "paused" >/dev/null
screen >"$WORK/performers-screen.txt"
sed 's/^/  performers: /' "$WORK/performers-screen.txt" | sed '/^  performers: *$/d'
# The column (in characters) of the Python pattern $2 in the first row of the screen that matches $1.
signs_column() { grep -m1 -- "$1" "$WORK/performers-screen.txt" | python3 -c "import re, sys; l=sys.stdin.read(); m=re.search(sys.argv[1], l); print(m.start() if m else -1)" "$2"; }
SIGN_DIGITS="▶ 1 2 3 4"
check "performers: the fermata is over the first 1" test "$(signs_column '𝄐' '𝄐')" = "$(signs_column "$SIGN_DIGITS" '1')"
check "performers: the accent (>) over the 2, the staccato (▾) over the 3" \
    test "$(signs_column '𝄐' '>')" = "$(signs_column "$SIGN_DIGITS" '2')" -a "$(signs_column '𝄐' '▾')" = "$(signs_column "$SIGN_DIGITS" '3')"
check "performers: a breath mark (ˇ) after the bar's last note" grep -q "ˇ" "$WORK/performers-screen.txt"
check "performers: the rehearsal mark is boxed, [A]" grep -q "\[A\]" "$WORK/performers-screen.txt"
check "performers: mf under the 1, a crescendo opening from the 4 (<───), a diminuendo closing (───>)" \
    grep -qE '^ +mf +<─+ +─+>' "$WORK/performers-screen.txt"
for token in '\fermata' '\accent' 'letterA' '\<' '\!'; do
    check "performers: no source token $token on the screen" not_in_file_text "$token" "$WORK/performers-screen.txt"
done
T kill-server >/dev/null 2>&1

# The heaviest screens: wide bars (three parts of one bar of 80,000 notes each) and a 1 MB score of
# one line of crotchets (the most notes per byte). The screen holds the lines around the playing
# position, read from the bars' events there, so its peak memory stays inside the README's promise,
# ten times the score plus 160 MB (measured with GNU time, when it is installed).
# screen_memory NAME SCORE SHOWN: plays SCORE in a pane until SHOWN is drawn, then quits and checks the peak.
screen_memory() {
    local name="$1" score="$2" shown="$3"
    SOCKET="jianpu-play-test-$$-$name"
    SESSION=$name
    T new-session -d -s "$SESSION" -x 120 -y 40 \
        "bash -c '/usr/bin/time -f %M -o \"$WORK/$name-peak.txt\" \"$BIN\" play \"$score\" --out \"$WORK/$name.wav\" 2>/dev/null'" \; set-option -g remain-on-exit on
    remember_pane "$SESSION"
    check "$name: the screen comes up" wait_for 60 "q quit"
    check "$name: the melody's notes are drawn" wait_for 1 "$shown"
    T send-keys -t "$SESSION" q
    deadline=$((SECONDS + 10))
    while [ ! -s "$WORK/$name-peak.txt" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    PEAK=$(tail -1 "$WORK/$name-peak.txt" 2>/dev/null)
    PROMISE=$(( (10 * $(stat -c %s "$score") + (160 << 20)) / 1024 ))
    check "$name: peak memory ${PEAK:-?} kB is under the promise, $PROMISE kB" test "${PEAK:-999999999}" -lt "$PROMISE"
    T kill-server >/dev/null 2>&1
}
if [ -x /usr/bin/time ]; then
    python3 -c "
bar = 'KeepLength\n10000/1 d1 ' + '1 ' * 79999 + '|'
print('\nNextPart\n'.join([bar] * 3))" >"$WORK/wide.jp"
    screen_memory wide "$WORK/wide.jp" "▶ 1 1 1 1"
    python3 -c "print('1 ' * ((1 << 19) - 1))" >"$WORK/one-line.jp"
    screen_memory one-line "$WORK/one-line.jp" "1 1 1 1 | 1 1 1 1"
fi

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
