"""Shields: The Dice Game (seed 001) as played by printkit: `game.engine: shields_dice`."""

from printkit.games.shields_dice.engine import ShieldsDiceEngine

ENGINE = ShieldsDiceEngine()
