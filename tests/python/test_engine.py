"""tempo.Engine through Python: perft, moves, play and undo, the board, evaluation, search, the
book, and the errors (ValueError) that leave the engine as it was."""
import numpy as np
import pytest

import tempo

START = "---------------------------OX------XO--------------------------- X"


def test_perft_from_the_start_equals_the_published_counts():
    expected = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800]
    assert [tempo.perft(depth) for depth in range(12)] == expected
    assert tempo.perft(5, variant="6x6") == 1364


def test_perft_rejects_a_bad_variant_or_depth():
    with pytest.raises(ValueError, match="7x7"):
        tempo.perft(3, variant="7x7")
    with pytest.raises(ValueError, match="depth"):
        tempo.perft(21)


def test_moves_play_and_undo():
    engine = tempo.Engine(book=False, hash_mb=1)
    assert engine.board() == START
    assert engine.side_to_move == "black"
    assert engine.legal_moves() == ["d3", "c4", "f5", "e6"]
    engine.play("f5")
    engine.play(tempo.square_index("d6"))
    assert engine.board() == "---------------------------OX------OXX-----O-------------------- X"
    assert engine.side_to_move == "black"
    engine.undo()
    engine.undo()
    assert engine.board() == START
    with pytest.raises(ValueError, match="nothing|no move"):
        engine.undo()


def test_an_illegal_move_or_malformed_board_is_a_value_error_and_changes_nothing():
    engine = tempo.Engine(book=False, hash_mb=1)
    engine.set_position("f5d6")
    before = engine.board()
    with pytest.raises(ValueError, match="a1 is not legal"):
        engine.play("a1")
    with pytest.raises(ValueError):
        engine.play("z9")
    with pytest.raises(ValueError):
        engine.play(99)
    with pytest.raises(TypeError):
        engine.play(4.5)
    with pytest.raises(ValueError):
        engine.set_position("XXXX not a board")
    with pytest.raises(ValueError):
        engine.set_position("-" * 64 + " Q")
    with pytest.raises(ValueError):
        engine.set_position("f5f5")
    assert engine.board() == before
    engine.play("c3")  # still usable


def test_bad_options_are_value_errors_and_a_missing_file_an_os_error():
    with pytest.raises(ValueError, match="7x7"):
        tempo.Engine(variant="7x7")
    with pytest.raises(ValueError, match="threads"):
        tempo.Engine(threads=0)
    with pytest.raises(OSError):
        tempo.Engine(weights="/nonexistent/weights.tew")
    with pytest.raises(ValueError, match="endgame"):
        tempo.Engine(book=False, hash_mb=1).search(depth=2, endgame="sometimes")


def test_square_names_and_indices():
    assert [tempo.square_name(s) for s in (0, 7, 8, 63, tempo.PASS)] == ["a1", "h1", "a2", "h8", "pass"]
    assert tempo.square_name(-1) is None
    assert [tempo.square_index(n) for n in ("a1", "H8", "pass")] == [0, 63, tempo.PASS]
    with pytest.raises(ValueError):
        tempo.square_index("i9")


def test_board_array_is_from_the_side_to_moves_view():
    engine = tempo.Engine(book=False, hash_mb=1)
    engine.play("f5")  # white to move
    board = engine.board_array()
    assert board.shape == (8, 8) and board.dtype == np.int8
    assert board[4, 5] == -1 and board[3, 3] == 1  # f5 black, d4 white
    assert int(board.sum()) == 1 - 4  # one white disc, four black
    assert tempo.Engine(variant="6x6", book=False, hash_mb=1).board_array().shape == (6, 6)


def test_evaluation_is_symmetric_at_the_start_and_the_final_margin_at_the_end():
    engine = tempo.Engine(book=False, hash_mb=1)
    start = engine.evaluate()
    assert -2.0 < start < 2.0
    engine.set_position("X" * 63 + "- O")  # over: black has 63 discs
    assert engine.game_over
    assert engine.black_margin == 64
    assert engine.legal_moves() == []


def test_a_search_reports_progress_and_multi_pv_lines():
    engine = tempo.Engine(book=False, hash_mb=16)
    engine.set_position("f5d6c3d3c4")
    depths = []
    result = engine.search(depth=6, multi_pv=3, endgame="off", on_progress=lambda r: depths.append(r.depth))
    assert result.depth == 6
    assert result.move in engine.legal_moves()
    assert len(result.lines) == 3
    assert result.lines[0].move == result.move and result.lines[0].score == result.score
    assert result.lines[0].score >= result.lines[1].score >= result.lines[2].score
    assert result.pv[0] == result.move
    assert depths and depths[-1] == 6


def test_an_exception_in_the_progress_callback_stops_the_search_and_is_raised():
    engine = tempo.Engine(book=False, hash_mb=16)

    def fail(_):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        engine.search(endgame="off", seconds=30, on_progress=fail)
    assert engine.search(depth=2).depth == 2  # still usable


def test_the_book_knows_the_start_and_a_level_plays_from_it():
    engine = tempo.Engine(hash_mb=16)
    moves = engine.book_moves()
    assert {m.move for m in moves} == {"d3", "c4", "f5", "e6"}
    assert moves[0].score >= moves[-1].score
    choice = engine.choose_move("normal")
    assert choice.book and choice.move in engine.legal_moves()
    with pytest.raises(ValueError, match="level"):
        engine.choose_move("grandmaster")


def test_help_shows_the_docstrings():
    assert "Othello" in tempo.__doc__
    assert "KeyboardInterrupt" in tempo.Engine.search.__doc__
    assert "ValueError" in tempo.Engine.play.__doc__
