"""`printkit fetch`: card data kept online, downloaded into the game's folder on request.

Builds and validate never touch the network; only this package does, and only when the
designer asks for it, so a build stays offline and gives the same bytes every time.
"""
