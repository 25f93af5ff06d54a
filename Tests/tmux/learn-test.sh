#!/bin/sh
# Drives the interactive `jianpu learn` in tmux: a whole lesson in D major (in colour) and in A harmonic minor
# (NO_COLOR), checking the piano's labels, the step pattern and the chord names on screen, a wrong note marked
# at once, an inversion named as a slash chord, and the log holding every answer. Usage: learn-test.sh [path/to/jianpu]
set -eu
BIN=${1:-.build/release/jianpu}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=$(mktemp -d)
SOCKET=jianpu-learn-test-$$
cleanup() { tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$DIR"; }
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
# With a SoundFont the sound goes to a WAV at real-time pace; without one, none.
SOUND="--mute"
if [ -f "${JIANPU_SOUNDFONT:-/usr/share/sounds/sf2/default-GM.sf2}" ]; then SOUND="--out $DIR/learn.wav"; fi

# lesson NAME ENVIRONMENT ARGUMENTS EXPECTATIONS: runs one lesson in a tmux server of its own and walks it.
lesson() {
    name=$1
    printf '%s' "$4" >"$DIR/$name.json"
    tmux -L "$SOCKET-$name" new-session -d -s "$name" -x 110 -y 40 \
        "$2 XDG_CONFIG_HOME=$DIR/cfg $BIN learn $3 $SOUND --seed 11 --db $DIR/$name.sqlite; echo EXIT=\$?; sleep 60"
    asked=$(python3 "$HERE/learn-walk.py" "$SOCKET-$name" "$name:0.0" "$DIR/$name.json") || {
        tmux -L "$SOCKET-$name" kill-server 2>/dev/null || true; fail "the $name lesson"; }
    i=0
    while ! tmux -L "$SOCKET-$name" capture-pane -p -t "$name:0.0" | grep -q "EXIT=0"; do
        i=$((i + 1)); [ $i -lt 100 ] || fail "the $name lesson did not end with status 0"; sleep 0.1
    done
    # The summary stays printed after the screen is gone.
    tmux -L "$SOCKET-$name" capture-pane -p -t "$name:0.0" | grep -q "^score: " || fail "no score printed after the $name lesson"
    tmux -L "$SOCKET-$name" kill-server 2>/dev/null || true
    rows=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from learn_answers').fetchone()[0])" "$DIR/$name.sqlite")
    [ "$rows" = "$asked" ] || fail "the $name lesson asked $asked questions but logged $rows answers"
    wrong=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select count(*) from learn_answers where exercise = 'scale-up' and not correct\").fetchone()[0])" "$DIR/$name.sqlite")
    [ "$wrong" -ge 1 ] || fail "the $name lesson's wrong note is not logged as a miss"
    echo "$name: $asked answers logged"
}

lesson dmajor "env -u NO_COLOR TERM=xterm-256color" "D" '{
  "letters": "   C♯ D   E    F♯ G   A   B    C♯ D   E    F♯ G   A   B",
  "jianpu":  "    7 1   2     3 4   5   6     7 1   2     3 4   5   6",
  "steps": "step        W    W    H    W    W    W    H",
  "intervals": "interval P1   M2   M3   P4   P5   M6   M7   P8",
  "triads": "D       Em      F♯m     G       A       Bm      C♯dim",
  "sevenths": "Dmaj7   Em7     F♯m7    Gmaj7   A7      Bm7     C♯m7♭5",
  "pattern": "triads of D major: major minor minor major major minor diminished",
  "colour": true,
  "inversion": ["mwt", "G/B (IV6)"]
}'

lesson aminor "NO_COLOR=1" "A --scale harmonic-minor" '{
  "letters": "  C   D   E   F    G♯ A   B   C   D   E   F    G♯ A   B",
  "jianpu":  "  1   2   3   4    ♯5 6   7   1   2   3   4    ♯5 6   7",
  "steps": "step        W    H    W    W    H    1½   H",
  "intervals": "interval P1   M2   m3   P4   P5   m6   M7   P8",
  "triads": "Am        Bdim      Caug      Dm        E         F         G♯dim",
  "sevenths": "Am(maj7)  Bm7♭5     Cmaj7♯5   Dm7       E7        Fmaj7     G♯dim7",
  "pattern": "triads of A harmonic minor: minor diminished augmented minor major major diminished",
  "colour": false,
  "inversion": ["vnw", "Dm/F (iv6)"]
}'
# At 40 columns every line fits (joined back with -J, none is longer than the pane): the piano from the tonic
# up, the narrower scale table, the chords a few degrees a row, the wrapped help.
tmux -L "$SOCKET-narrow" new-session -d -s narrow -x 40 -y 50 \
    "NO_COLOR=1 $BIN learn A --scale harmonic-minor --mute --seed 1 --db $DIR/narrow.sqlite; sleep 60"
narrow_check() {
    i=0
    while ! tmux -L "$SOCKET-narrow" capture-pane -p -t narrow:0.0 | grep -qF "$1"; do
        i=$((i + 1)); [ $i -lt 100 ] || fail "narrow: did not see $1"; sleep 0.1
    done
    long=$(tmux -L "$SOCKET-narrow" capture-pane -p -J -t narrow:0.0 | python3 -c 'import sys; print(next((l for l in sys.stdin.read().splitlines() if len(l) > 40), ""))')
    [ -z "$long" ] || fail "a line is wider than 40 columns ($1): $long"
}
narrow_check "interval P1"
tmux -L "$SOCKET-narrow" send-keys -t narrow:0.0 Enter
narrow_check "G♯dim7"
tmux -L "$SOCKET-narrow" kill-server 2>/dev/null || true
echo "PASS: tmux learn test ($SOUND)"
