"""The WCAG contrast arithmetic gives the published reference figures."""

import pytest

from tools.contrast import contrast, grey, luminance, over, parse


def test_black_on_white_is_21_and_order_does_not_matter() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#fff", "#000") == contrast("#000", "#fff")


def test_the_lightest_grey_that_passes_aa_text_on_white() -> None:
    """#767676 is the well-known lightest grey with 4.5:1 on white; #777777 falls short."""
    assert contrast("#767676", "#ffffff") >= 4.5 > contrast("#777777", "#ffffff")


def test_luminance_uses_the_srgb_curve_and_channel_weights() -> None:
    assert luminance("#ff0000") == pytest.approx(0.2126)
    assert luminance("#00ff00") == pytest.approx(0.7152)
    assert luminance("#808080") == pytest.approx(0.2158605, abs=1e-6)


def test_translucent_colours_are_blended_over_their_background() -> None:
    assert over("rgba(255, 255, 255, 0.5)", "#000000") == "#808080"
    assert over("#123456", "#ffffff") == "#123456"
    with pytest.raises(ValueError, match="opaque"):
        over("#000", "rgba(0, 0, 0, 0.5)")
    with pytest.raises(ValueError, match="over"):
        luminance("rgba(0, 0, 0, 0.5)")


def test_greyscale_keeps_luminance() -> None:
    for colour in ("#e8b400", "#d7263d", "#1f6fd1"):
        assert luminance(grey(colour)) == pytest.approx(luminance(colour), abs=0.005)


def test_unreadable_colours_are_refused() -> None:
    assert parse("#abc") == ((170.0, 187.0, 204.0), 1.0)
    with pytest.raises(ValueError, match="not a colour"):
        parse("tomato")
