"""Tile symbols are told apart by shape, not only colour."""

import pytest

from web.board.symbols import COLOURS, Disc, Poly, Ring, svg_symbol, symbol_shape


def _tips(colour: str) -> int:
    shape = symbol_shape(colour)[0]
    assert isinstance(shape, Poly)
    return len(shape.points) // 2


def test_star_symbols_have_their_point_counts() -> None:
    """Red has 12 points, blue 6, yellow (the sun) 24."""
    assert (_tips("red"), _tips("blue"), _tips("yellow")) == (12, 6, 24)


def test_round_and_hexagonal_symbols() -> None:
    """Green is a disc, purple a ring, orange a hexagon."""
    assert isinstance(symbol_shape("green")[0], Disc)
    assert isinstance(symbol_shape("purple")[0], Ring)
    orange = symbol_shape("orange")[0]
    assert isinstance(orange, Poly) and len(orange.points) == 6


def test_every_symbol_is_distinct() -> None:
    assert len({repr(symbol_shape(c)) for c in COLOURS}) == 6


def test_unknown_colour_is_refused_with_its_name() -> None:
    with pytest.raises(KeyError, match="pink"):
        symbol_shape("pink")


def test_svg_symbol_is_labelled() -> None:
    svg = svg_symbol("purple")
    assert 'aria-label="purple"' in svg and "<circle" in svg and "ring" in svg
