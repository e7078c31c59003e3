"""Labels the positions of an OBF file with their exact scores, solved on every core.

    python3 label_obf.py POSITIONS.obf [LABELLED.obf] [--threads N] [--hash-mb MB]

Each output line is the position, then its best move and exact score ("...O--X X; A2:+38;"), as
OBF writes solutions; the positions' own solutions in the input, if any, are dropped.
"""
import argparse
import sys

import numpy as np

import tempo


def read_positions(lines):
    """The board strings of OBF lines (text before the first ';'), skipping blank and % lines; a
    malformed line raises ValueError naming its line number."""
    engine = tempo.Engine(book=False, hash_mb=1)
    positions, boards = [], []
    for number, line in enumerate(lines, 1):
        text = line.split(";")[0].strip()
        if not text or text.startswith("%"):
            continue
        try:
            engine.set_position(text)
        except ValueError as e:
            raise ValueError(f"line {number}: {e}") from None
        positions.append(engine.board())
        boards.append(engine.board_array())
    return positions, boards


def label(lines, threads=0, hash_mb=64):
    """The OBF lines labelled: (position, best move, exact score) for each position of `lines`."""
    positions, boards = read_positions(lines)
    if not boards:
        return []
    scores, moves = tempo.solve_many(np.stack(boards), threads=threads, hash_mb=hash_mb)
    return [(p, tempo.square_name(int(m)), int(s)) for p, m, s in zip(positions, moves, scores)]


def obf_line(position, move, score):
    if move is None:  # the game is over: the score alone
        return f"{position}; {score:+d};"
    return f"{position}; {move.upper()}:{score:+d};"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output", nargs="?", help="default: standard output")
    parser.add_argument("--threads", type=int, default=0, help="0: every core")
    parser.add_argument("--hash-mb", type=int, default=64, help="hash table per thread")
    args = parser.parse_args(argv)
    with open(args.input) as f:
        labelled = label(f, args.threads, args.hash_mb)
    text = "".join(obf_line(*entry) + "\n" for entry in labelled)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (ValueError, OSError) as e:
        sys.exit(f"label_obf: {e}")
