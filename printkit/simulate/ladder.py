"""The default skill ladder (after Ludii's skill trace): each agent plays the one before it.

A module of its own, light to import, because the command line offers it as `--ladder`'s
default before any of the simulation is loaded.
"""

LADDER = ("random", "greedy", "mcts:16", "mcts:64", "mcts:256")
