"""`--set` of a value the rules' models refuse: said in a designer's words."""

from __future__ import annotations

import pytest
from support import GOOD

from printkit.diagnostics import Diagnostics
from printkit.load.package import load_package
from printkit.simulate.settings import SettingError, with_settings


def test_a_setting_the_models_refuse_is_said_in_a_designer_s_words() -> None:
    loaded = load_package("minimal_rules", GOOD / "minimal_rules", Diagnostics())
    assert loaded is not None
    with pytest.raises(SettingError) as refused:
        with_settings(loaded, {"rules.actions.draw.cost": -1})
    assert str(refused.value) == (
        "the rules refuse the settings at rules.actions.draw.cost: "
        "takes a number of at least 0, not -1"
    )
