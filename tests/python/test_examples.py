"""The Python examples (examples/python/) run as a user runs them: labelling an OBF file, a game
against Tempo, the reinforcement-learning environment."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tempo

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "python"
FFO_1_19 = Path(__file__).resolve().parents[1] / "data" / "fforum-1-19.obf"
sys.path.insert(0, str(EXAMPLES))

import label_obf  # noqa: E402
import othello_env  # noqa: E402
import play_game  # noqa: E402


def test_label_obf_writes_the_exact_scores_of_the_file(tmp_path):
    source = tmp_path / "ffo.obf"
    lines = FFO_1_19.read_text().splitlines()[:6]
    source.write_text("\n".join(lines) + "\n")
    output = tmp_path / "labelled.obf"
    subprocess.run([sys.executable, str(EXAMPLES / "label_obf.py"), str(source), str(output), "--hash-mb", "16"],
                   check=True, timeout=120)
    labelled = output.read_text().splitlines()
    assert len(labelled) == 6
    for original, line in zip(lines, labelled):
        board, label = [part.strip() for part in line.split(";")[:2]]
        assert board == original.split(";")[0].strip()
        move, score = label.split(":")
        # the file lists every move's score, best first: the label's move scores as well as the best
        best = int(original.split(";")[1].split(":")[1])
        assert int(score) == best
        assert f"{move}:{best:+d}" in original


def test_label_obf_names_a_malformed_line():
    with pytest.raises(ValueError, match="line 2"):
        label_obf.label(["-" * 27 + "OX------XO" + "-" * 27 + " X\n", "not a position\n"])


def test_a_game_against_tempo_ends_with_a_result():
    engine = tempo.Engine(hash_mb=16)
    said, undone = [], []

    def first_legal(e):  # the first legal move, and once an undo
        if len(said) >= 3 and not undone:
            undone.append(e.board())
            return "undo"
        return e.legal_moves()[0]

    margin = play_game.play_game(engine, "white", first_legal, level="2", out=said.append)
    assert engine.game_over and margin == engine.black_margin
    assert said[-1] == ("draw" if margin == 0 else f"{'black' if margin > 0 else 'white'} wins by {abs(margin)}")


def test_the_game_script_answers_an_illegal_move_and_quits():
    run = subprocess.run([sys.executable, str(EXAMPLES / "play_game.py"), "--level", "1"], input="a1\nquit\n",
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "a1 is not legal" in run.stdout and "legal: d3 c4 f5 e6" in run.stdout


def test_the_environment_plays_whole_episodes():
    env = othello_env.OthelloEnv(level="1", agent_side="random")
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        assert observation.shape == (8, 8) and observation.dtype == np.int8
        assert info["action_mask"].sum() == len(info["legal_actions"]) > 0
        terminated = truncated = False
        steps = 0
        while not (terminated or truncated):
            observation, reward, terminated, truncated, info = env.step(env.random.choice(info["legal_actions"]))
            steps += 1
        assert terminated and not truncated and steps <= 60
        margin = env.engine.black_margin * (1 if env.side == "black" else -1)
        assert reward == np.sign(margin) == np.sign(observation.sum())


def test_the_environment_truncates_and_refuses_an_illegal_action():
    env = othello_env.OthelloEnv(level="1", agent_side="black", max_steps=2)
    observation, info = env.reset()
    assert info["legal_actions"] == [19, 26, 37, 44]  # d3 c4 f5 e6
    assert int(observation.sum()) == 0
    with pytest.raises(ValueError):
        env.step(0)
    _, reward, terminated, truncated, info = env.step(37)
    assert (reward, terminated, truncated) == (0.0, False, False)
    _, reward, terminated, truncated, _ = env.step(info["legal_actions"][0])
    assert (reward, terminated, truncated) == (0.0, False, True)
