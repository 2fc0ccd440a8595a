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
        assert set(card) - {"variants"} == FIELDS, card
        assert all(isinstance(v, str) and v != card["name"] for v in card.get("variants", [])), card


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


# -- other spellings, and a setup's own card table ---------------------------------------------------

import random  # noqa: E402

import tritable  # noqa: E402
from tritable.engine import IllegalActionError, NotationError, Record, SetupError, StateError  # noqa: E402


def test_a_variant_spelling_names_the_card() -> None:
    game = tritable.new_game("triple-triad")
    assert game.string_to_action("Tomberry@1") == game.string_to_action("Tonberry@1")
    assert game.action_to_string(game.string_to_action("tomberry @ 1")) == "Tonberry@1"
    assert game.string_to_action("take Wedge & Biggs") == game.string_to_action("take Biggs, Wedge")
    state = game.state_from_setup({"hands": [["Tomberry", "Fungar", *["Geezard"] * 3], ["Chocobo"] * 5], "first": 0})
    assert state.view(0)["hands"] == [["Tonberry", "Funguar", *["Geezard"] * 3], ["Chicobo"] * 5]
    with pytest.raises(NotationError, match="no card named 'Tomberri'"):
        game.string_to_action("Tomberri@1")


MOOGLES = [
    {"name": "Moogle", "top": 5, "right": 5, "bottom": 5, "left": 5, "element": None, "level": 1},
    {"name": "Mog King", "top": "A", "right": 2, "bottom": 2, "left": 9, "element": "holy", "level": 3},
    {"name": "Geezard", "top": 9, "right": 9, "bottom": 9, "left": 9, "element": None, "level": 1},
    {"name": "Cait Sith", "top": 2, "right": 6, "bottom": 3, "left": 2, "element": "wind", "level": 2},
    {"name": "Squall", "top": 10, "right": 4, "bottom": 6, "left": 9, "element": None, "level": 10},
]
OWN_HANDS = [["Moogle", "Mog King", "Geezard", "Cait Sith", "Squall"], ["moogle"] * 5]


def test_a_setup_plays_with_its_own_cards() -> None:
    game = tritable.new_game("triple-triad", options={"same": True, "plus": True, "combo": True})
    state = game.state_from_setup({"hands": OWN_HANDS, "first": 0, "cards": MOOGLES})
    view = state.view(1)
    assert view["cards"][1] == {**MOOGLES[1], "top": 10}
    assert view["hands"][1] == ["Moogle"] * 5
    legal = state.legal_actions()
    assert [game.action_to_string(a) for a in legal[:2]] == ["Moogle@1", "Moogle@2"]
    assert "Geezard@1" in [game.action_to_string(a) for a in legal]  # this table's Geezard: 9 9 9 9
    for text in ["Mog King@9", "Moogle@2", "Geezard@5"]:
        state.apply_action(game.string_to_action(text))
    assert state.view()["board"][1] == {"card": "Moogle", "owner": 0}  # 9 > 5: captured
    assert state.view()["events"][0]["text"] == "Geezard captures Moogle"
    with pytest.raises(IllegalActionError, match="names no card of this game's table"):
        state.apply_action(game.string_to_action("Funguar@1"))
    # The table survives clones, state JSON, records and the samplers.
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.view(0) == state.view(0) and state.clone().view(1) == state.view(1)
    record = tritable.Record.loads(Record.from_state(state).dumps())
    assert record.replay().view(0) == state.view(0)
    closed = tritable.new_game("triple-triad", options={"open": False})
    hidden = closed.state_from_setup({"hands": OWN_HANDS, "first": 1, "cards": MOOGLES})
    hidden.apply_action(hidden.legal_actions()[0])
    sample = closed.sample_state(hidden.view(1), random.Random(3))
    assert sample.view(1) == hidden.view(1)
    assert set(sample.hand(0)) <= {c["name"] for c in MOOGLES}
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert state.outcome().details["transfers"][0]["card"] in {c["name"] for c in MOOGLES}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"top": 11}, "card 'Moogle' of the setup's table: its top rating must be 1..10 \\(A\\), not 11"),
        ({"left": 0}, "its left rating must be 1..10"),
        ({"element": "lava"}, "card 'Moogle' of the setup's table: no element \"lava\""),
        ({"level": 11}, "card 'Moogle' of the setup's table: its level must be 1..10, not 11"),
        ({"name": "Mog King"}, "card 'Mog King' of the setup's table: the table names 'Mog King' twice"),
        ({"name": "a@b"}, "card 1 of the setup's table: a card's name holds no '@'"),
        ({"colour": "red"}, "card 'Moogle' of the setup's table: unknown field\\(s\\) colour"),
    ],
)
def test_a_bad_card_table_is_refused_naming_the_card(change: dict[str, Any], message: str) -> None:
    game = tritable.new_game("triple-triad")
    cards = [{**MOOGLES[0], **change}, *MOOGLES[1:]]
    with pytest.raises(SetupError, match=message):
        game.state_from_setup({"hands": OWN_HANDS, "first": 0, "cards": cards})


def test_two_spellings_of_one_card_are_one_name_twice() -> None:
    game = tritable.new_game("triple-triad")
    cards = [*MOOGLES, {**MOOGLES[0], "name": "Tomberry"}, {**MOOGLES[0], "name": "Tonberry"}]
    with pytest.raises(SetupError, match="names 'Tomberry' twice"):
        game.state_from_setup({"hands": OWN_HANDS, "first": 0, "cards": cards})
    with pytest.raises(SetupError, match="no card named 'Funguar' in the setup's table"):
        game.state_from_setup({"hands": [["Funguar"] * 5, OWN_HANDS[1]], "first": 0, "cards": MOOGLES})


def test_a_table_read_from_a_view_is_checked() -> None:
    game = tritable.new_game("triple-triad")
    view = game.state_from_setup({"hands": OWN_HANDS, "first": 0, "cards": MOOGLES}).view(0)
    view["cards"][0]["top"] = 99
    with pytest.raises(StateError, match=r"its top rating must be 1\.\.10"):
        game.sample_state(view, random.Random(0))


def test_random_setup_draws_from_its_own_table() -> None:
    from tritable.games.triple_triad import TripleTriad

    game = TripleTriad(options={"max_level": 2})
    setup = game.random_setup(random.Random(1), cards=MOOGLES)
    assert setup["cards"][0] == MOOGLES[0]
    assert {n for hand in setup["hands"] for n in hand} <= {"Moogle", "Geezard", "Cait Sith"}
    assert game.state_from_setup(setup).hand(0) == setup["hands"][0]


def test_the_solver_plays_a_setup_s_own_cards() -> None:
    from tritable.ai.solver import solve, solve_view

    game = tritable.new_game("triple-triad", options={"same": True})
    state = game.state_from_setup({"hands": OWN_HANDS, "first": 0, "cards": MOOGLES})
    for text in ["Mog King@1", "Moogle@5", "Cait Sith@9", "Moogle@3"]:
        state.apply_action(game.string_to_action(text))
    solution = solve(state)
    assert set(solution.best_moves) <= set(state.legal_actions()) and solution.best_moves
    assert solve_view(game, state.view(0), state.legal_actions()).value == solution.value
    # Geezard (9 9 9 9 here) takes both Moogles beside cell 2 or 6 whatever follows: the round is won.
    assert solution.value > 0
    while not state.is_terminal():
        state.apply_action(solve(state, all_best=False).best_moves[0])
    assert state.outcome().winners == (0,)


def test_tables_read_one_after_another_do_not_grow_the_card_tables() -> None:
    # A server reads a setup's table per table it hosts: the ids of a table no state plays with
    # any more go to the next one, so what the process keeps is what its live tables need.
    import copy
    import gc
    import pickle

    from tritable.games.triple_triad import data

    game = tritable.new_game("triple-triad", options={"same": True, "plus": True})
    original = game.state_from_setup({"hands": OWN_HANDS, "first": 0, "cards": MOOGLES})
    original.apply_action(game.string_to_action("Mog King@9"))
    # Copies hold the table's ids as the original did, after it is gone too.
    kept = [copy.deepcopy(original), pickle.loads(pickle.dumps(original))]
    del original

    def own_table(n: int) -> list[dict[str, Any]]:
        return [
            {
                "name": f"Card {n} {k}",
                "top": 1 + (n + k) % 10,
                "right": 1 + k % 10,
                "bottom": 7,
                "left": 2,
                "element": None,
                "level": 1,
            }
            for k in range(50)
        ]

    def a_game(n: int) -> None:
        cards = own_table(n)
        names = [c["name"] for c in cards]
        state = game.state_from_setup({"hands": [names[:5], names[5:10]], "first": 0, "cards": cards})
        state.apply_action(game.string_to_action(f"{names[0]}@5"))
        state.apply_action(game.string_to_action(f"{names[5]}@2"))  # its bottom 7 vs the top 1 + n % 10
        assert state.view()["board"][4]["owner"] == (1 if 1 + n % 10 < 7 else 0)

    gc.collect()
    a_game(0)
    gc.collect()
    held, named, length = data.custom_cards(), len(data._SPELLINGS), len(data.NAME_BY_BASE)
    for n in range(1, 200):
        a_game(n)
        with pytest.raises(SetupError, match=r"its level must be 1\.\.10"):
            game.state_from_setup(
                {"hands": OWN_HANDS, "first": 0, "cards": [own_table(-n)[0], {**own_table(-n)[1], "level": 0}]}
            )
    gc.collect()
    # 200 tables of 50 cards met, one at a time: the ids of about one table are kept.
    assert data.custom_cards() <= held and len(data.NAME_BY_BASE) <= length + 9 * 60
    assert len(data._interned) == data.custom_cards() and len(data._SPELLINGS) <= named
    with pytest.raises(NotationError, match="no card named 'Card 7 3'"):
        game.string_to_action("Card 7 3@1")  # no live table names it now
    # The tables still played kept their cards through it all.
    for state in kept:
        assert state.view()["cards"] == [{**c, "top": 10 if c["top"] == "A" else c["top"]} for c in MOOGLES]
        for text in ["Moogle@2", "Geezard@5"]:
            state.apply_action(game.string_to_action(text))
        assert state.view()["board"][1] == {"card": "Moogle", "owner": 0}  # Geezard 9 9 9 9 takes it
