"""Confidence intervals of the rates seeded playouts measure.

A rate from a few hundred playouts is an estimate: every figure printkit gives carries its 95%
interval. Wilson's score interval stays inside [0, 1] and keeps its coverage near 0 and 1, where
the textbook normal interval claims certainty from a handful of games (0 of 20 is not 0%).
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the standard normal quantile of 0.975


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the rate hits/n; (0, 1) when nothing was counted."""
    if n <= 0:
        return 0.0, 1.0
    rate = hits / n
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)
