"""Searches off the GIL: a stop from another thread, Ctrl-C (KeyboardInterrupt), two engines at
once, and a call on a searching engine refused rather than raced. The searches that wait for a
stop are capped at 30 s, so that a broken stop fails the test rather than hangs it."""
import os
import signal
import threading
import time

import pytest

import tempo


@pytest.fixture
def ctrl_c():
    """Python's own SIGINT handler (raising KeyboardInterrupt), which a process started with SIGINT
    ignored (a background job of a script) would lack; the previous one afterwards."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_a_stop_from_another_thread_ends_a_search_promptly():
    engine = tempo.Engine(book=False, hash_mb=16)
    stopped_at = []

    def stop():
        stopped_at.append(time.monotonic())
        engine.stop()

    timer = threading.Timer(0.3, stop)
    timer.start()
    result = engine.search(endgame="off", seconds=30)  # to depth 60: the cap without the stop
    returned_at = time.monotonic()
    timer.join()
    assert result.stopped
    assert result.move in ["d3", "c4", "f5", "e6"]
    assert returned_at - stopped_at[0] < 2.0
    assert engine.search(depth=3).depth == 3  # still usable


def test_ctrl_c_stops_a_search_with_keyboard_interrupt(ctrl_c):
    engine = tempo.Engine(book=False, hash_mb=16)
    sent_at = []

    def interrupt():
        sent_at.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        engine.search(endgame="off", seconds=30)
    assert time.monotonic() - sent_at[0] < 2.0
    timer.join()
    assert engine.search(depth=3).depth == 3  # still usable


def test_ctrl_c_stops_a_batch_solve(ctrl_c):
    engine = tempo.Engine(book=False, hash_mb=1)
    engine.set_position("f5d6c3d3c4f4f6f3e6e7")  # 50 empties: no end without the interrupt
    boards = engine.board_array()[None].repeat(4, axis=0)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        tempo.solve_many(boards, threads=2, hash_mb=4)
    assert time.monotonic() - started < 3.0
    timer.join()


def test_another_call_during_a_search_is_an_error_not_a_race():
    engine = tempo.Engine(book=False, hash_mb=16)
    errors = []

    def meddle():
        time.sleep(0.2)
        try:
            engine.play("f5")
        except RuntimeError as e:
            errors.append(str(e))
        engine.stop()

    thread = threading.Thread(target=meddle)
    thread.start()
    engine.search(endgame="off", seconds=30)
    thread.join()
    assert errors and "searching" in errors[0]
    assert engine.legal_moves() == ["d3", "c4", "f5", "e6"]


def test_two_engines_search_at_once_from_two_threads():
    results = {}

    def search(name, variant):
        results[name] = tempo.Engine(variant=variant, book=False, hash_mb=16).search(depth=8, endgame="off")

    threads = [threading.Thread(target=search, args=(n, v)) for n, v in (("a", "8x8"), ("b", "6x6"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results["a"].depth == 8 and results["b"].depth == 8
    assert results["a"].move in ["d3", "c4", "f5", "e6"]
