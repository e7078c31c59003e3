#!/usr/bin/env bash
# Runs every libFuzzer target of a TEMPO_FUZZ=ON build for SECONDS each, starting from the seeds in
# fuzz/corpus/<name>/. New inputs go to BUILD_DIR/fuzz-corpus/<name> (never into git), a crash input
# to BUILD_DIR/fuzz-crashes/. Prints executions per target; fails if any target found a crash.
#   tools/fuzz-all.sh BUILD_DIR [SECONDS]
set -uo pipefail
cd "$(dirname "$0")/.."
build="${1:?usage: tools/fuzz-all.sh BUILD_DIR [SECONDS]}"
seconds="${2:-20}"

status=0
printf '%-18s %10s %8s %6s  %s\n' target executions exec/s corpus result
for binary in "$build"/fuzz/fuzz_*; do
    [ -x "$binary" ] || continue
    target=$(basename "$binary")
    name=${target#fuzz_}
    corpus="$build/fuzz-corpus/$name"
    crashes="$build/fuzz-crashes/$name/"
    mkdir -p "$corpus" "$crashes"
    log="$build/fuzz-$name.log"
    # -max_len: real inputs (a GGF game, a few WTHOR records, a protocol session) fit in 4 KiB.
    # -rss_limit_mb: a parser that allocates without bound is a finding, not an out-of-memory kill.
    "$binary" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=1024 -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$crashes" "$corpus" "fuzz/corpus/$name" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    files=$(find "$corpus" -type f | wc -l)
    if [ $rc -eq 0 ]; then
        result=ok
    else
        result="FOUND A BUG (exit $rc): $(ls "$crashes" | head -3 | tr '\n' ' ')"
        status=1
        grep -E "ERROR|property failed|terminate|SUMMARY" "$log" | head -5
    fi
    printf '%-18s %10s %8s %6s  %s\n' "$target" "${runs:-?}" "${speed:-?}" "$files" "$result"
done
exit $status
