"""A game's build profile applied to the build's options.

What decides an option, weakest first: printkit's default, the project file (printkit.toml),
the profile the build names (`--profile playtest`), the command line. So `printkit build
--profile playtest --paper letter` prints the playtest copy on Letter whatever the profile's
paper. A profile also sets what only a profile sets: the watermark and the backgrounds.

What a profile and the version print is checked with the game (check_edition), so `validate`
and every build find its faults whichever profile is built.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.build_options import BuildOptions
from printkit.diagnostics import (
    PROFILE_UNKNOWN,
    PROFILE_WATERMARK,
    VERSION_GLYPHS,
    Diagnostics,
    did_you_mean,
)
from printkit.draw.text import Run, missing_glyphs
from printkit.load.package import LoadedPackage
from printkit.sandbox.expressions import TemplateProblem, render

MAX_WATERMARK_PRINTED = 100  # characters of the rendered line


def check_edition(loaded: LoadedPackage, diagnostics: Diagnostics) -> None:
    """The version prints (every footer), and every profile's watermark renders, whichever
    profile is built: `validate` and every `build` find the same."""
    version = loaded.package.game.version
    missing = missing_glyphs([Run(version, "regular")]) if version else set()
    if missing:
        diagnostics.add(
            VERSION_GLYPHS,
            f"the version '{version}' has characters the font cannot draw: "
            f"{' '.join(sorted(missing))}",
            loaded.spans.value(("game", "version")),
            hint="write the version in Latin, Greek or Cyrillic letters, digits and signs",
        )
    for name in loaded.package.profiles:
        watermark(loaded, name, diagnostics)


def watermark(loaded: LoadedPackage, name: str, diagnostics: Diagnostics) -> str | None:
    """The watermark profile `name` prints ("" for none); None, with a diagnostic, when its
    template fails or makes more than one line of MAX_WATERMARK_PRINTED characters."""
    source = loaded.package.profiles[name].watermark
    if source is None:
        return ""
    game = loaded.package.game
    stated = {
        "title": game.title,
        "version": game.version,
        "date": game.date.isoformat() if game.date else None,
    }
    where = loaded.spans.value(("profiles", name, "watermark"))
    try:  # a field the game does not state is undefined: an error, not an empty watermark
        text = render(source, {"game": {k: v for k, v in stated.items() if v is not None}})
    except TemplateProblem as problem:
        diagnostics.add(
            problem.code or PROFILE_WATERMARK,
            f"profile '{name}': the watermark cannot be made: {problem}",
            where,
            hint=problem.hint
            or "a watermark may use game.title, game.version and game.date "
            "(the last two only when the game states them under 'game:')",
        )
        return None
    text = " ".join(text.split())
    missing = missing_glyphs([Run(text, "bold")])
    if missing:
        diagnostics.add(
            PROFILE_WATERMARK,
            f"profile '{name}': the watermark has characters the font cannot draw: "
            f"{' '.join(sorted(missing))}",
            where,
            hint="write the watermark in Latin, Greek or Cyrillic letters, digits and signs",
        )
        return None
    if not text or len(text) > MAX_WATERMARK_PRINTED:
        diagnostics.add(
            PROFILE_WATERMARK,
            f"profile '{name}': the watermark makes {len(text)} characters; it takes 1 to "
            f"{MAX_WATERMARK_PRINTED}",
            where,
            hint="a watermark is one short line across the page, such as 'PLAYTEST 0.3'",
        )
        return None
    return text


def profiled(
    options: BuildOptions, loaded: LoadedPackage, diagnostics: Diagnostics
) -> BuildOptions:
    """The options a game is built with under the profile `options` names. A profile the game
    lacks, or whose watermark cannot be made, is an error (the build writes nothing): the game
    is drawn all the same, without that profile or its watermark, so that the build reports
    every finding of the game, as one without `--profile` does. Dropping the watermark's fault
    here (check_edition reports it too, kept once) hid every diagnostic and exited 0."""
    name = options.profile
    if name is None:
        return options
    profiles = loaded.package.profiles
    if name not in profiles:
        section = ("profiles",) if profiles else ("game",)
        diagnostics.add(
            PROFILE_UNKNOWN,
            f"game '{loaded.id}' has no build profile '{name}'",
            loaded.spans.key(section),
            hint=did_you_mean(
                name,
                profiles,
                "define it under 'profiles:' in the game's YAML (docs/versions.md)",
            ),
        )
        return options
    text = watermark(loaded, name, diagnostics)  # here too: no erratum excuses it
    profile = profiles[name]
    chosen = {
        option: value
        for option, value in (
            ("paper", profile.paper),
            ("press", profile.press),
            ("formats", tuple(profile.formats) if profile.formats else None),
            ("dpi", profile.dpi),
        )
        if value is not None and option not in options.given
    }
    backgrounds = profile.backgrounds or "full"
    return replace(options, **chosen, watermark=text or "", backgrounds=backgrounds)
