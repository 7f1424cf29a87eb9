"""Shields Up (seed 002) played from its played rules: see engine.py and state.py."""

from printkit.games.shields_up.engine import ShieldsUpEngine

ENGINE = ShieldsUpEngine()
