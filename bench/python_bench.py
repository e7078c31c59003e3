"""The Python module's speed beside the C it wraps, each pair alternated on the same machine:

  1. evaluate_many over 1,000,000 positions against the same loop in C through libtempo
     (tempo_library_batch_bench), 1 and 2 threads;
  2. FFO #40-#49 solved through tempo.Engine.solve (the C API) against `tempo solve`, 1 thread,
     256 MB (tempo solve's default table), with each side's nodes; every answer (score, move) of
     the one equals the other's;
  3. two Python threads searching at once (two engines, 2 s each): process CPU time over wall time,
     beside two `tempo analyze` processes doing the same (what the shared machine lets two use).

    PYTHONPATH=build/python python3 bench/python_bench.py [--build build] [--rounds 5]

Prints each round and the medians; results go to bench/results/ by hand.
"""
import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

import tempo

ROOT = Path(__file__).resolve().parents[1]
FFO = ROOT / "tests" / "data" / "fforum-40-59.obf"


def random_positions(count, seed):
    """`count` positions from random games (0-59 random moves from the start), side to move's view."""
    engine = tempo.Engine(book=False, hash_mb=1)
    rng = np.random.default_rng(seed)
    boards = []
    while len(boards) < count:
        engine.set_position("")
        for _ in range(int(rng.integers(0, 60))):
            moves = engine.legal_moves()
            if not moves:
                break
            engine.play(moves[int(rng.integers(len(moves)))])
        boards.append(engine.board_array().reshape(64))
    return np.array(boards, dtype=np.int8)


def batch_evaluation(build, rounds):
    # 10,000 distinct positions, repeated to a million: the evaluation costs the same each time.
    boards = np.tile(random_positions(10_000, seed=1), (100, 1))
    with tempfile.NamedTemporaryFile(suffix=".bin") as file:
        boards.tofile(file.name)
        for threads in (1, 2):
            c_times, py_times = [], []
            for _ in range(rounds):
                out = subprocess.run([str(build / "bench" / "tempo_library_batch_bench"), file.name, str(threads)],
                                     check=True, capture_output=True, text=True).stdout
                c_times.append(float(out.split(" in ")[1].split(" s")[0]))
                c_sum = float(out.rsplit(" ", 1)[1])
                start = time.perf_counter()
                scores = tempo.evaluate_many(boards, threads=threads)
                py_times.append(time.perf_counter() - start)
                assert abs(scores.sum() - c_sum) < 1e-3 * max(1.0, abs(c_sum)), (scores.sum(), c_sum)
                print(f"  evaluate 1M, {threads} thread(s): C {c_times[-1]:.3f} s, Python {py_times[-1]:.3f} s")
            c, py = statistics.median(c_times), statistics.median(py_times)
            print(f"evaluate_many, 1,000,000 positions, {threads} thread(s): Python {py:.3f} s, C {c:.3f} s, "
                  f"ratio {py / c:.3f}")


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ffo_solves(build, rounds):
    positions = [line.split(";")[0].strip() for line in FFO.read_text().splitlines()[:10]]
    with tempfile.NamedTemporaryFile("w", suffix=".obf") as file:
        file.write("".join(line + "\n" for line in FFO.read_text().splitlines()[:10]))
        file.flush()
        cli_times, py_times = [], []  # CPU time: the machine is shared
        for _ in range(rounds):
            start = children_cpu()
            out = subprocess.run([str(build / "tools" / "tempo"), "solve", file.name, "--threads", "1", "--hash", "256"],
                                 check=True, capture_output=True, text=True).stdout
            cli_times.append(children_cpu() - start)
            cli_nodes = out.strip().splitlines()[-1]
            # per position: "1    20       +38  a2 ...": number, empties, score, move
            cli_answers = [(int(f[2]), f[3]) for f in (line.split() for line in out.splitlines()) if f[0].isdigit()]
            start = time.process_time()  # as the command's, with the engine's making
            engine = tempo.Engine(book=False, threads=1, hash_mb=256)
            results = []
            for p in positions:
                engine.set_position(p)
                results.append(engine.solve())
            py_times.append(time.process_time() - start)
            nodes = sum(r.nodes for r in results)
            # the same scores; a position with two best moves may be answered by either
            assert [s for s, _ in cli_answers] == [r.score for r in results], (cli_answers, results)
            best = [line.split(";")[1:] for line in FFO.read_text().splitlines()[:10]]
            for r, moves in zip(results, best):
                assert any(m.strip().lower() == f"{r.move}:{r.score:+d}" for m in moves), (r, moves)
            print(f"  FFO #40-#49: tempo solve {cli_times[-1]:.2f} s ({cli_nodes}); Python {py_times[-1]:.2f} s, "
                  f"{nodes} nodes")
        cli, py = statistics.median(cli_times), statistics.median(py_times)
        print(f"FFO #40-#49, 1 thread, CPU time: Python {py:.2f} s, tempo solve {cli:.2f} s, ratio {py / cli:.3f}")


def two_threads(build, rounds):
    ratios, cli_ratios = [], []
    positions = ("f5d6c3d3c4f4f6f3e6e7", "f5f6e6f4e3c5")
    for _ in range(rounds):
        engines = [tempo.Engine(book=False, hash_mb=64) for _ in positions]
        for engine, transcript in zip(engines, positions):
            engine.set_position(transcript)
        threads = [threading.Thread(target=e.search, kwargs={"seconds": 2.0, "endgame": "off"}) for e in engines]
        wall, cpu = time.perf_counter(), time.process_time()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        ratios.append(cpu / wall)
        # the same two searches as two `tempo analyze` processes: what the machine lets two searches use
        wall, cpu = time.perf_counter(), children_cpu()
        processes = [subprocess.Popen([str(build / "tools" / "tempo"), "analyze", t, "--time", "2", "--endgame", "off"],
                                      stdout=subprocess.DEVNULL) for t in positions]
        for p in processes:
            p.wait()
        wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
        cli_ratios.append(cpu / wall)
        print(f"  two 2-second searches at once: Python threads {ratios[-1]:.2f} CPU/wall, processes {cli_ratios[-1]:.2f}")
    print(f"two Python threads searching: CPU time / wall time {statistics.median(ratios):.2f} "
          f"(two tempo processes: {statistics.median(cli_ratios):.2f})")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", choices=["evaluate", "ffo", "threads"])
    args = parser.parse_args(argv)
    build = Path(args.build)
    if args.only in (None, "evaluate"):
        batch_evaluation(build, args.rounds)
    if args.only in (None, "ffo"):
        ffo_solves(build, args.rounds)
    if args.only in (None, "threads"):
        two_threads(build, args.rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
