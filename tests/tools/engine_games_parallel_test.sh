#!/usr/bin/env bash
# The engine-games job spread by GNU parallel (tools/jobs/engine-games-parallel.sh, as on a cluster
# with --sshloginfile, or a Slurm array): two shards as two jobs, one of them interrupted and rerun,
# merged by `tempo-train merge-games`, must give exactly the unsharded job's file; each shard's
# manifest names its runs; merging an incomplete job is an error naming what is missing.
# Usage: engine_games_parallel_test.sh path/to/tempo-train
set -euo pipefail
train=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
jobs_dir=$(cd "$(dirname "$0")/../../tools/jobs" && pwd)
command -v parallel >/dev/null || { echo "GNU parallel is missing: run tools/install-deps.sh" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
export TEMPO_TRAIN="$train" NAME=shard OUT_DIR="$dir/games"
export JOB="--games 8 --depth 3 --solve-empties 12 --random-percent 20 --random-above 30 --seed 7"

# shellcheck disable=SC2086
"$train" engine-games $JOB --out whole.txt 2>/dev/null
# A first pass stopped early (if it finishes in time, the rerun simply has nothing left to play).
timeout 0.2 "$jobs_dir/engine-games-parallel.sh" 2 --will-cite >/dev/null 2>&1 || true
"$jobs_dir/engine-games-parallel.sh" 2 --will-cite >/dev/null 2>&1

fail() { echo "FAILED: $*" >&2; exit 1; }
"$train" merge-games games/shard-0-of-2.txt games/shard-1-of-2.txt --out merged.txt 2>/dev/null
cmp -s whole.txt merged.txt || fail "the merged shards differ from the unsharded job's file"
for k in 0 1; do
    grep -qE '^[0-9T:-]+Z host=[^ ]+ build=[^ ]+ weights=standard-8x8.tew:xxh3=[0-9a-f]{16} job="[^"]*shard='"$k"'/2[^"]*" games=[0-9]+->[0-9]+$' \
        "games/shard-$k-of-2.txt.manifest" || fail "shard $k's manifest has no complete run line"
done
test "$(wc -l < merged.txt.manifest)" -ge 2 || fail "the merged manifest lacks the shards' lines"
if "$train" merge-games games/shard-0-of-2.txt --out lone.txt 2>error.txt; then fail "a lone shard merged"; fi
grep -q "1 of 2 shards and 4 of 8 games missing" error.txt || fail "unclear error: $(cat error.txt)"
echo "engine-games under GNU parallel: 8 games from 2 shards, merged, equal the unsharded job's file"
