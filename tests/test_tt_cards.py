"""Data checks for the Final Fantasy VIII Triple Triad card table (``games/triple_triad/cards.json``).

The table is read straight from the source tree so these tests do not depend on any package code.
How the values were chosen, and where public tables disagree, is recorded in ``CARDS.md`` next to the JSON.
"""

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

CARDS_PATH = Path(__file__).parents[1] / "src/tritable/games/triple_triad/cards.json"

ELEMENTS = {None, "fire", "ice", "thunder", "earth", "poison", "wind", "water", "holy"}
FIELDS = {"id", "number", "name", "level", "top", "right", "bottom", "left", "element"}
SIDES = ("top", "right", "bottom", "left")


@pytest.fixture(scope="module")
def cards() -> list[dict[str, Any]]:
    data = json.loads(CARDS_PATH.read_text(encoding="utf-8"))
    assert isinstance(data, list)
    return data


@pytest.fixture(scope="module")
def by_name(cards: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {card["name"]: card for card in cards}


def test_card_count(cards: list[dict[str, Any]]) -> None:
    assert len(cards) == 110


def test_fields(cards: list[dict[str, Any]]) -> None:
    for card in cards:
        assert set(card) == FIELDS, card


def test_ids_and_numbers_in_order(cards: list[dict[str, Any]]) -> None:
    assert [card["id"] for card in cards] == list(range(110))
    assert [card["number"] for card in cards] == list(range(1, 111))


def test_eleven_cards_per_level_in_order(cards: list[dict[str, Any]]) -> None:
    assert Counter(card["level"] for card in cards) == {level: 11 for level in range(1, 11)}
    # Levels are contiguous blocks: cards 1-11 are level 1, 12-22 level 2, ...
    assert [card["level"] for card in cards] == [i // 11 + 1 for i in range(110)]


def test_names_unique_and_clean(cards: list[dict[str, Any]]) -> None:
    names = [card["name"] for card in cards]
    assert len(set(names)) == 110
    for name in names:
        assert isinstance(name, str)
        assert name == name.strip()
        assert name


def test_ratings_in_range(cards: list[dict[str, Any]]) -> None:
    for card in cards:
        for side in SIDES:
            value = card[side]
            assert type(value) is int, card
            assert 1 <= value <= 10, card


def test_elements_allowed(cards: list[dict[str, Any]]) -> None:
    for card in cards:
        assert card["element"] in ELEMENTS, card


# Fixed by the project's rulings: (top, right, bottom, left, element).
FIXED = {
    "Geezard": (1, 4, 1, 5, None),
    "Funguar": (5, 1, 1, 3, None),
    "Bite Bug": (1, 3, 3, 5, None),
    "SAM08G": (5, 6, 2, 4, "fire"),
}

# Spot checks that every independent public source consulted agrees on (see CARDS.md).
AGREED = {
    "Red Bat": (6, 1, 1, 2, None),
    "Gayla": (2, 1, 4, 4, "thunder"),
    "Grat": (7, 1, 3, 1, None),
    "Glacial Eye": (6, 1, 4, 3, "ice"),
    "Tonberry King": (4, 6, 7, 4, None),
    "Biggs, Wedge": (6, 6, 2, 7, None),
    "Fujin, Raijin": (2, 8, 8, 4, None),
    "BGH251F2": (5, 7, 8, 5, None),
    "Chubby Chocobo": (4, 4, 8, 9, None),
    "MiniMog": (9, 3, 9, 2, None),
    "Ifrit": (9, 6, 2, 8, "fire"),
    "Shiva": (6, 7, 4, 9, "ice"),
    "Quezacotl": (2, 9, 9, 4, "thunder"),
    "Leviathan": (7, 10, 1, 7, "water"),
    "Pandemona": (10, 1, 7, 7, "wind"),
    "Doomtrain": (3, 1, 10, 10, "poison"),
    "Bahamut": (10, 8, 2, 6, None),
    "Ward": (10, 7, 2, 8, None),
    "Kiros": (6, 7, 6, 10, None),
    "Laguna": (5, 10, 3, 9, None),
    "Quistis": (9, 6, 10, 2, None),
    "Irvine": (2, 6, 9, 10, None),
    "Zell": (8, 5, 10, 6, None),
    "Seifer": (6, 9, 10, 4, None),
}

# Majority choices over a minority of disagreeing sources (each listed in CARDS.md).
MAJORITY = {
    "Thrustaevis": (5, 3, 2, 5, "wind"),
    "Adamantoise": (4, 5, 5, 6, "earth"),
    "X-ATM092": (4, 8, 7, 3, None),
    "Siren": (8, 9, 6, 2, None),
    "Alexander": (9, 10, 4, 2, "holy"),
    "Rinoa": (4, 10, 2, 10, None),
    "Edea": (10, 10, 3, 3, None),
    "Squall": (10, 4, 6, 9, None),
}


@pytest.mark.parametrize("name", [*FIXED, *AGREED, *MAJORITY])
def test_spot_checks(by_name: dict[str, dict[str, Any]], name: str) -> None:
    expected = {**FIXED, **AGREED, **MAJORITY}[name]
    card = by_name[name]
    assert (card["top"], card["right"], card["bottom"], card["left"], card["element"]) == expected


@pytest.mark.parametrize(
    ("number", "name", "level"),
    [
        (1, "Geezard", 1),
        (11, "Cockatrice", 1),
        (12, "Grat", 2),
        (29, "SAM08G", 3),
        (44, "Hexadragon", 4),
        (55, "Biggs, Wedge", 5),
        (56, "Fujin, Raijin", 6),
        (67, "Propagator", 7),
        (78, "Chubby Chocobo", 8),
        (89, "Carbuncle", 9),
        (100, "Ward", 10),
        (110, "Squall", 10),
    ],
)
def test_card_list_order(cards: list[dict[str, Any]], number: int, name: str, level: int) -> None:
    card = cards[number - 1]
    assert (card["number"], card["name"], card["level"]) == (number, name, level)


def test_first_level_names(cards: list[dict[str, Any]]) -> None:
    assert [card["name"] for card in cards[:11]] == [
        "Geezard",
        "Funguar",
        "Bite Bug",
        "Red Bat",
        "Blobra",
        "Gayla",
        "Gesper",
        "Fastitocalon-F",
        "Blood Soul",
        "Caterchipillar",
        "Cockatrice",
    ]


def test_character_cards_are_level_ten(by_name: dict[str, dict[str, Any]]) -> None:
    for name in (
        "Ward",
        "Kiros",
        "Laguna",
        "Selphie",
        "Quistis",
        "Irvine",
        "Zell",
        "Rinoa",
        "Edea",
        "Seifer",
        "Squall",
    ):
        assert by_name[name]["level"] == 10
