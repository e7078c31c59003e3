"""Exact solves through Python: FForum #40 and two quick ones of #40-#49 (all ten are in
bench/python_bench.py), alone and in a batch over threads; evaluate_many equals evaluate."""
import numpy as np
import pytest

import tempo
from ffo import ANSWERS, position

QUICK = [40, 42, 47]  # about a second together on one thread


@pytest.mark.parametrize("number", QUICK)
def test_ffo_scores_and_moves(number):
    engine = tempo.Engine(book=False, hash_mb=64)
    engine.set_position(position(number))
    result = engine.solve()
    score, moves = ANSWERS[number]
    assert result.score == score
    assert result.move in moves
    assert result.solved and not result.stopped
    assert engine.solve(wld=True).score == np.sign(score)


def arrays(numbers):
    engine = tempo.Engine(book=False, hash_mb=1)
    boards = []
    for number in numbers:
        engine.set_position(position(number))
        boards.append(engine.board_array())
    return np.stack(boards)


def test_solve_many_answers_as_the_single_solves():
    scores, moves = tempo.solve_many(arrays(QUICK), threads=2, hash_mb=32)
    assert list(scores) == [ANSWERS[n][0] for n in QUICK]
    assert all(tempo.square_name(int(m)) in ANSWERS[n][1] for m, n in zip(moves, QUICK))


def test_evaluate_many_equals_evaluate_one_by_one():
    engine = tempo.Engine(book=False, hash_mb=1)
    rng = np.random.default_rng(7)
    boards, expected = [], []
    for _ in range(200):
        engine.set_position("")
        for _ in range(int(rng.integers(0, 50))):
            moves = engine.legal_moves()
            if not moves:
                break
            engine.play(moves[int(rng.integers(len(moves)))])
        boards.append(engine.board_array().reshape(64))
        expected.append(engine.evaluate())
    assert np.array_equal(tempo.evaluate_many(np.array(boards), threads=2), np.array(expected))
    assert np.array_equal(tempo.evaluate_many(np.array(boards).reshape(-1, 8, 8), threads=1), np.array(expected))


def test_a_malformed_batch_is_a_value_error():
    with pytest.raises(ValueError, match="shape"):
        tempo.evaluate_many(np.zeros((3, 63), dtype=np.int8))
    bad = np.zeros((2, 64), dtype=np.int8)
    bad[1, 5] = 3
    with pytest.raises(ValueError, match="position 1 square 5"):
        tempo.solve_many(bad)
    with pytest.raises(ValueError, match="threads"):
        tempo.evaluate_many(np.zeros((1, 64), dtype=np.int8), threads=-1)
    # Nothing is cast quietly to another square: a float, or 257 (1 as an int8).
    with pytest.raises(ValueError, match="integer array"):
        tempo.evaluate_many(np.full((1, 64), 0.5))
    wraps = np.zeros((1, 64), dtype=np.int64)
    wraps[0, 9] = 257
    with pytest.raises(ValueError, match="position 0 square 9 holds 257"):
        tempo.evaluate_many(wraps)
