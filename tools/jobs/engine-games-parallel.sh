#!/usr/bin/env bash
# One engine-games job spread by GNU parallel over this machine's cores or over ssh hosts: one
# shard a job slot. Rerun the same command to resume (each shard's file is appended game by game and
# its manifest names the build, weights and options of every run); then `tempo-train merge-games` checks and merges them.
#
#   tools/jobs/engine-games-parallel.sh SHARDS [parallel options...]
#   tools/jobs/engine-games-parallel.sh 8                                # this machine, all cores
#   tools/jobs/engine-games-parallel.sh 64 --sshloginfile hosts.txt      # hosts.txt: "16/user@host"
#
# Over ssh every host needs the same build and data at the same path (a shared file system, or the
# repository cloned and built there; --workdir names the path), and the shards are written there:
# on a shared file system they land in one folder, else fetch them with --return or rsync.
# The job is set by the environment, as in engine-games.sbatch (TEMPO_TRAIN, JOB, NAME, OUT_DIR).
set -euo pipefail
shards=${1:?usage: engine-games-parallel.sh SHARDS [parallel options...]}
shift
TEMPO_TRAIN=${TEMPO_TRAIN:-build/tools/train/tempo-train}
JOB=${JOB:---games 1000000 --openings data/openings/openingslarge.txt --depth 8 --solve-empties 20 --random-percent 10 --random-above 40 --seed 36}
NAME=${NAME:-selfplay}
OUT_DIR=${OUT_DIR:-games}
mkdir -p "$OUT_DIR"
# --line-buffer: the shards' progress interleaves by line; --halt never: one failed shard does not
# stop the others. exec: a signal for this script reaches parallel itself, which then starts no
# new shard, so no second run can overlap shards that are still writing.
exec parallel --line-buffer --halt never --jobs "${JOBS:-100%}" "$@" \
    "$TEMPO_TRAIN" engine-games "$JOB" --shard {}/"$shards" --out "$OUT_DIR/$NAME-{}-of-$shards.txt" \
    ::: $(seq 0 $((shards - 1)))
