"""A game against Tempo in the terminal: type a move ("f5", "pass"), "undo" or "quit".

    python3 play_game.py [--side black|white] [--level easy|normal|hard|1..60] [--seconds S]
"""
import argparse
import sys

import tempo


def show(engine):
    rows = [engine.board()[r * 8:r * 8 + 8] for r in range(8)]
    print("  a b c d e f g h")
    for number, row in enumerate(rows, 1):
        print(number, " ".join(row))


def play_game(engine, human, read_move, level="normal", seconds=0.0, out=print):
    """Plays one game from the engine's position, `human` ("black" or "white") moving by
    read_move(engine) (a move, "undo", or None to quit), Tempo by its level. Returns black's final
    margin, or None when the human quits."""
    while not engine.game_over:
        if engine.side_to_move != human:
            choice = engine.choose_move(level, seconds)
            out(f"tempo plays {choice.move}" + (" (book)" if choice.book else f" ({choice.score:+d})"))
            engine.play(choice.move)
            continue
        move = read_move(engine)
        if move is None:
            return None
        try:
            if move == "undo":  # the human's last move and Tempo's answer
                engine.undo()
                engine.undo()
            else:
                engine.play(move)
        except ValueError as e:
            out(f"{e}; legal: {' '.join(engine.legal_moves())}")
    margin = engine.black_margin
    out("draw" if margin == 0 else f"{'black' if margin > 0 else 'white'} wins by {abs(margin)}")
    return margin


def read_from_terminal(engine):
    show(engine)
    try:
        line = input(f"{engine.side_to_move} to move> ").strip()
    except EOFError:
        return None
    return None if line == "quit" else line


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", choices=["black", "white"], default="black")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seconds", type=float, default=1.0, help="Tempo's time a move at most")
    args = parser.parse_args(argv)
    play_game(tempo.Engine(), args.side, read_from_terminal, args.level, args.seconds)


if __name__ == "__main__":
    main(sys.argv[1:])
