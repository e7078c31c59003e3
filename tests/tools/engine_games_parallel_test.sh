#!/usr/bin/env bash
# The engine-games job spread by GNU parallel (as on a cluster with --sshlogin, or a Slurm array):
# two shards as two jobs, one of them interrupted and rerun, must give exactly the games of the
# unsharded job. Usage: engine_games_parallel_test.sh path/to/tempo-train
set -euo pipefail
train="$1"
command -v parallel >/dev/null || { echo "GNU parallel is missing: run tools/install-deps.sh" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
job=(engine-games --games 8 --depth 3 --solve-empties 12 --random-percent 20 --random-above 30 --seed 7)

"$train" "${job[@]}" --out "$dir/whole.txt" 2>/dev/null
# A first pass stopped early (if it finishes in time, the rerun simply has nothing left to play).
timeout 0.2 parallel --will-cite -j2 "$train" "${job[@]}" --shard {}/2 --out "$dir/shard-{}.txt" ::: 0 1 \
    2>/dev/null || true
parallel --will-cite -j2 "$train" "${job[@]}" --shard {}/2 --out "$dir/shard-{}.txt" ::: 0 1 2>/dev/null

games() { grep -hv '^#' "$@" | sort -n; }
if ! diff <(games "$dir/whole.txt") <(games "$dir"/shard-*.txt) >/dev/null; then
    echo "FAILED: the shards' games differ from the unsharded job's" >&2
    exit 1
fi
echo "engine-games under GNU parallel: $(games "$dir"/shard-*.txt | wc -l) games from 2 shards under GNU parallel equal the unsharded job"
