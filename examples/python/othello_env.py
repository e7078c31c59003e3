"""A reinforcement-learning environment for Othello with the gymnasium interface (reset, step)
and no dependency on gymnasium: the agent plays one colour against Tempo at a level.

    env = OthelloEnv(level="easy")
    observation, info = env.reset(seed=1)
    while True:
        action = random.choice(info["legal_actions"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

Observation: an int8 array (8, 8), 1 the agent's discs, -1 Tempo's, 0 empty. Action: a square
0..63 (a1 = 0, h8 = 63) or tempo.PASS (64) when the agent must pass. Reward: at the end +1 for a
win, -1 for a loss, 0 for a draw; 0 before. info: "legal_actions" (list) and "action_mask" (bool
array of 65). An illegal action raises ValueError.
"""
import random

import numpy as np

import tempo


class OthelloEnv:
    def __init__(self, level="easy", agent_side="black", max_steps=None, engine=None):
        self.level = level
        self.agent_side = agent_side  # "black", "white" or "random" (drawn at each reset)
        self.max_steps = max_steps    # truncation after that many agent moves (None: never)
        self.engine = engine or tempo.Engine(hash_mb=16)
        self.random = random.Random()
        self.side = None
        self.steps = 0

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.random.seed(seed)
        self.engine.set_position((options or {}).get("position", ""))
        self.engine.clear()
        self.side = self.agent_side if self.agent_side != "random" else self.random.choice(["black", "white"])
        self.steps = 0
        self._answer()
        return self._observation(), self._info()

    def step(self, action):
        self.engine.play(int(action))
        self.steps += 1
        self._answer()
        terminated = self.engine.game_over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), self._reward(), terminated, truncated, self._info()

    def _answer(self):
        """Tempo moves until the agent is to move or the game is over."""
        while not self.engine.game_over and self.engine.side_to_move != self.side:
            self.engine.play(self.engine.choose_move(self.level).move)

    def _reward(self):
        if not self.engine.game_over:
            return 0.0
        margin = self.engine.black_margin * (1 if self.side == "black" else -1)
        return float(np.sign(margin))

    def _observation(self):
        board = self.engine.board_array()  # from the side to move's view
        return board if self.engine.side_to_move == self.side else -board

    def _info(self):
        actions = [] if self.engine.game_over else [tempo.square_index(m) for m in self.engine.legal_moves()]
        mask = np.zeros(65, dtype=bool)
        mask[actions] = True
        return {"legal_actions": actions, "action_mask": mask}


if __name__ == "__main__":
    env = OthelloEnv()
    rewards = []
    for episode in range(3):
        observation, info = env.reset(seed=episode)
        terminated = truncated = False
        while not (terminated or truncated):
            observation, reward, terminated, truncated, info = env.step(env.random.choice(info["legal_actions"]))
        rewards.append(reward)
    print("random agent against Tempo (easy):", rewards)
