#!/usr/bin/env bash
# tempo.exe as a Windows user gets it, checked under Wine: the cross build's zip (README's Windows
# section: cmake/mingw-w64.cmake, target windows-zip) unpacked into a temporary folder, then
# from another folder: perft 9 (3005288), FFO #40 solved (+38, a2), a move in an NBoard session
# (`go`) and in a GTP session (`genmove`), and a 2-game `tempo.exe match` between two Windows
# engines (GTP against NBoard, found beside tempo.exe as Windows finds programs). Given the Linux
# build's `tempo` too, the two side by side: perft 11 and FFO #40-#44 (1 thread), the median of RUNS
# runs (default 3), alternating Linux and Wine.
# Usage: tests/windows/check_windows.sh ZIP [LINUX_TEMPO [RUNS]]
set -euo pipefail
zip=$(realpath -m "$1")
linux_tempo=${2:+$(realpath "$2")}
runs=${3:-3}
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
# A Wine prefix of our own (the first `wine` makes it: tens of seconds), no Wine debug chatter.
export WINEPREFIX="$work/wine" WINEDEBUG=-all
cleanup() {
    wineserver -k 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "windows: FAILED: $*" >&2
    exit 1
}
command -v wine >/dev/null || fail "wine is not installed (tools/install-deps.sh installs it)"

[ -f "$zip" ] || fail "no zip $1"
mkdir "$work/unpacked" "$work/elsewhere"
(cd "$work/unpacked" && cmake -E tar xf "$zip")
exe=$(echo "$work"/unpacked/*/tempo.exe)
[ -f "$exe" ] || fail "no tempo.exe in $zip"
cd "$work/elsewhere"  # the data beside tempo.exe is all it has

start=$SECONDS
mkdir "$WINEPREFIX"
# A server that stays up between the calls below: each then starts in a fraction of a second.
timeout 60 wineserver -p || echo "windows: no persistent wineserver; each call starts its own"
timeout 180 wineboot --init >/dev/null 2>&1 || fail "wineboot could not make a Wine prefix"
echo "wine prefix made in $((SECONDS - start)) s"

# `tempo.exe ARGS...` under Wine, at most LIMIT seconds: its stdout without Windows' '\r' (its
# stderr shown when it fails).
run_exe() {
    local limit=$1 status=0
    shift
    timeout "$limit" wine "$exe" "$@" >"$work/out" 2>"$work/err" || status=$?
    tr -d '\r' <"$work/out"
    [ "$status" -eq 0 ] || tr -d '\r' <"$work/err" >&2
    [ "$status" -ne 124 ] || fail "tempo.exe $* did not finish in $limit s"
    [ "$status" -eq 0 ] || fail "tempo.exe $* ended with status $status"
}

# A protocol session: `tempo.exe MODE` reads the lines of INPUT, and its input stays open until it
# answers a line matching PATTERN (a search ends at the end of its input), then gets `quit`.
session() {
    local mode=$1 input=$2 pattern=$3 status=0
    : >"$work/$mode.out"
    {
        printf '%s\n' "$input"
        for _ in $(seq 600); do
            grep -q "$pattern" "$work/$mode.out" && break
            sleep 0.1
        done
        echo quit
    } | timeout 90 wine "$exe" "$mode" >"$work/$mode.out" || status=$?
    tr -d '\r' <"$work/$mode.out"
    grep -q "$pattern" "$work/$mode.out" || fail "$mode session (status $status): no line matching '$pattern'"
}

run_exe 60 perft 9 | tee "$work/perft"
grep -q "^perft 9 (8x8): 3005288 leaves" "$work/perft" || fail "perft 9 is not 3005288"

head -n 1 "$source_dir/tests/data/fforum-40-59.obf" >ffo40.obf
run_exe 120 solve ffo40.obf | tee "$work/solve"
grep -qE '^1 +20 +\+38 +a2 .* ok$' "$work/solve" || fail "FFO #40 is not +38 a2"

session nboard "nboard 2
set depth 8
set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)
go" '^=== [A-H][1-8]'

session gtp "boardsize 8
clear_board
play b f5
genmove w" '^= [A-H][1-8]'

# Two Windows engines, found beside tempo.exe (the folder Windows looks in first).
run_exe 300 match --engine1 "tempo.exe gtp --level 2" --engine2 "tempo.exe nboard --level 2" --games 2 -j 2 \
    --move-time 0.1 --openings xot-small --seed 1 --ggf match.ggf --quiet | tee "$work/match"
grep -q "2 of 2 games" "$work/match" || fail "the match did not play its 2 games"
grep -q "Forfeits by engine 1: 0" "$work/match" && grep -q "Forfeits by engine 2: 0" "$work/match" ||
    fail "an engine forfeited"
echo "windows: tempo.exe under Wine: perft 9, FFO #40, NBoard go, GTP genmove and a 2-game match: ok"

[ -n "$linux_tempo" ] || exit 0
# The speed of the same work under Wine and on Linux, as each command reports its own time.
head -n 5 "$source_dir/tests/data/fforum-40-59.obf" >ffo40-44.obf
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
seconds() { sed -nE "s/$1/\\1/p" | head -n 1; }
perft_re='^perft 11 \(8x8\): .* leaves in ([0-9.]+) s.*'
solve_re='^solved 5 positions: .* in ([0-9.]+) s.*'
for _ in $(seq "$runs"); do
    "$linux_tempo" perft 11 2>/dev/null | seconds "$perft_re" >>perft.linux
    run_exe 120 perft 11 | seconds "$perft_re" >>perft.wine
    "$linux_tempo" solve ffo40-44.obf 2>/dev/null | seconds "$solve_re" >>solve.linux
    run_exe 300 solve ffo40-44.obf | seconds "$solve_re" >>solve.wine
done
echo "speed, median of $runs runs (seconds)   Linux     Wine   Wine/Linux"
for what in perft solve; do
    linux=$(median <$what.linux)
    wine=$(median <$what.wine)
    label=$([ $what = perft ] && echo "perft 11" || echo "FFO #40-#44, 1 thread")
    awk -v l="$linux" -v w="$wine" -v n="$label" 'BEGIN { printf "%-36s %7.3f %8.3f %8.2fx\n", n, l, w, w / l }'
    echo "  runs: Linux $(tr '\n' ' ' <$what.linux) Wine $(tr '\n' ' ' <$what.wine)"
done
