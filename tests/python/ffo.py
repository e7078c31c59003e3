"""The FForum endgame positions #40-#49 (tests/data/fforum-40-59.obf) with their published exact
scores and best moves (a position with two best moves lists both)."""
from pathlib import Path

OBF = Path(__file__).resolve().parents[1] / "data" / "fforum-40-59.obf"

# number: (score, best moves), from the side to move's view.
ANSWERS = {
    40: (38, {"a2"}),
    41: (0, {"h4"}),
    42: (6, {"g2"}),
    43: (-12, {"g3", "c7"}),
    44: (-14, {"d2", "b8"}),
    45: (6, {"b2"}),
    46: (-8, {"b3"}),
    47: (4, {"g2"}),
    48: (28, {"f6"}),
    49: (16, {"e1"}),
}


def position(number):
    """The board string of FForum #number (40..59)."""
    line = OBF.read_text().splitlines()[number - 40]
    return line.split(";")[0].strip()
