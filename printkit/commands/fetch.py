"""`printkit fetch`: download the card data a game's decks name by URL into the game's folder.

The only command that touches the network. Builds and validate read the saved copies, so the
designer fetches when the online sheet has changed, looks at what changed (git diff), and
builds offline as before.
"""

from __future__ import annotations

import click

from printkit.commands.common import GAMES_CHOSEN, chosen_games, report, say
from printkit.commands.completion import complete_games
from printkit.diagnostics import Diagnostics

DEFAULT_TIMEOUT = 30.0  # seconds: a Google Sheets export of a few hundred rows takes one or two


@click.command(epilog=GAMES_CHOSEN)
@click.argument("games", nargs=-1, shell_complete=complete_games)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True, max=600),
    metavar="SECONDS",
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds to wait for each download (each wait for the server, and the whole file).",
)
@click.pass_context
def fetch(context: click.Context, games: tuple[str, ...], timeout: float) -> None:
    """Download the card data that decks name by URL into each game's folder."""
    from printkit.fetch.game import fetch_game  # not for --help or completion

    diagnostics = Diagnostics()
    found = 0
    for game_id, folder in chosen_games(context, games, diagnostics).items():
        named = fetch_game(folder, diagnostics, timeout, lambda line: say(context, line))
        if not named and games:
            say(context, f"{game_id}: no deck names its card data by URL (card_data: {{url: …}})")
        found += named
    if not found and not games:
        say(context, "no deck of any game names its card data by URL (card_data: {url: …})")
    context.exit(report(context, diagnostics))
