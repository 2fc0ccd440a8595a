"""The interfaces' action tables, deals and view encodings (tritable.interop.tables, .encoding)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tritable
from tritable.engine.errors import IllegalActionError
from tritable.engine.protocol import SIMULTANEOUS, State
from tritable.interop.tables import TRIOMINOS_REACH, action_table, dealer, triominos_cells

CONFIGS = [
    ("triple-triad", 2, {}),
    ("triple-triad", 2, {"open": False, "elemental": True, "sudden_death": True, "min_level": 6, "max_level": 10}),
    ("triad", 2, {}),
    ("triad", 2, {"first_player": "random"}),
    ("triatri", 2, {}),
    ("triatri", 3, {}),
    ("triatri", 4, {}),
    ("tri-t-area", 4, {}),
    ("triominos", 2, {"target": 1}),
    ("triominos", 4, {"target": 50}),
]


def random_game(game: tritable.Game, seed: int) -> list[State]:
    """Every position of a random game, dealt by the interop dealer."""
    rng = random.Random(seed)
    deal = dealer(game)
    drawn: list[int] = []
    for _ in range(deal.steps):
        odds = deal.outcomes(drawn)
        drawn.append(rng.choices([o for o, _ in odds], [p for _, p in odds])[0])
    state = game.new_state(setup=deal.setup(drawn))
    states = [state.clone()]
    while not state.is_terminal():
        seat = state.players_to_move()[0]
        state.apply_action(
            rng.choice(state.legal_actions(seat)), seat if state.current_player() == SIMULTANEOUS else None
        )
        states.append(state.clone())
    return states


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_every_legal_action_has_an_id_and_back(game_id: str, players: int, options: dict[str, object]) -> None:
    game = tritable.new_game(game_id, players, options)
    table = action_table(game)
    for seed in range(3):
        for state in random_game(game, seed):
            for seat in state.players_to_move():
                ids = [table.to_id(a) for a in state.legal_actions(seat)]
                assert all(0 <= i < table.size for i in ids)
                assert len(set(ids)) == len(ids)
                assert [table.from_id(i) for i in ids] == state.legal_actions(seat)


@pytest.mark.parametrize(
    ("game_id", "highest"),
    [("triple-triad", 1000 + 109), ("triad", 2700 + 35), ("triatri", 35), ("tri-t-area", 500 + 99)],
)
def test_int_action_ids_are_the_actions(game_id: str, highest: int) -> None:
    """Every action with notation (the docstrings' ranges, checked by reading them back) has its
    own value for its id, and the table ends right after the highest."""
    game = tritable.new_game(game_id, 4 if game_id == "tri-t-area" else 2)
    table = action_table(game)
    assert table.identity and table.size == highest + 1
    actions = []
    for a in range(table.size + 1000):
        try:
            text = game.action_to_string(a)
        except tritable.NotationError:
            continue
        assert game.string_to_action(text) == a
        actions.append(a)
    assert max(actions) == highest
    assert [table.to_id(a) for a in actions] == actions == [table.from_id(a) for a in actions]
    assert table.ids(list(reversed(actions))) == actions


def test_triominos_table_reaches_every_triangle_a_tile_can_reach() -> None:
    cells = triominos_cells()
    assert len(cells) == len(set(cells)) == 4621
    assert max(abs(x) for x, _ in cells) == TRIOMINOS_REACH
    table = action_table(tritable.new_game("triominos"))
    assert table.size == 2 + 4621 * 56 * 3
    assert table.from_id(0) == (-1,) and table.from_id(1) == (-2,)
    game = tritable.new_game("triominos")
    for i in (2, 5000, table.size - 3 * 2 - 1):  # the last ids are 5-5-5 turned, which is no action
        action = table.from_id(i)
        assert table.to_id(action) == i
        assert game.string_to_action(game.action_to_string(action)) == action


def test_bad_ids_and_actions_are_refused() -> None:
    table = action_table(tritable.new_game("triad"))
    for bad in (-1, table.size, 10**9):
        with pytest.raises(IllegalActionError, match="no action"):
            table.from_id(bad)
    with pytest.raises(IllegalActionError, match="whole number"):
        table.from_id("3")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="no action of this game"):
        table.to_id("a1")
    with pytest.raises(IllegalActionError):
        action_table(tritable.new_game("triominos")).to_id((99, 0, 0, 0))


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_the_deal_is_a_sequence_of_chance_steps_the_game_accepts(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = tritable.new_game(game_id, players, options)
    deal = dealer(game)
    rng = random.Random(1)
    for _ in range(5):
        drawn: list[int] = []
        for step in range(deal.steps):
            odds = deal.outcomes(drawn)
            assert sum(p for _, p in odds) == pytest.approx(1.0)
            assert all(0 <= o < deal.max_outcomes and p > 0 for o, p in odds)
            assert len({o for o, _ in odds}) == len(odds)
            outcome = rng.choice(odds)[0]
            assert deal.describe(step, outcome)
            drawn.append(outcome)
        game.new_state(setup=deal.setup(drawn))  # a SetupError here would be a wrong deal


def test_triple_triad_cards_come_from_the_level_pool() -> None:
    # Under the Random rule the game itself checks that a hand holds only cards of the pool's levels.
    for low, high in ((1, 1), (3, 7), (10, 10)):
        game = tritable.new_game("triple-triad", options={"random": True, "min_level": low, "max_level": high})
        deal = dealer(game)
        assert len(deal.outcomes([])) == 11 * (high - low + 1)
        rng = random.Random(low)
        for _ in range(20):
            drawn = [rng.choice(deal.outcomes([]))[0] for _ in range(10)] + [0]
            game.new_state(setup=deal.setup(drawn))


def test_deck_deals_are_uniform_shuffles() -> None:
    game = tritable.new_game("triatri", 3)
    deal = dealer(game)
    deck = Counter(game.random_setup(random.Random(0))["decks"][0])
    # the odds of the first card are its share of the deck; after a fake, one fake fewer
    first = dict(deal.outcomes([]))
    for i, kind in enumerate(deal.kinds):  # type: ignore[attr-defined]
        assert first.get(i, 0) == pytest.approx(deck[kind] / sum(deck.values()))
    fake = deal.kinds.index("F")  # type: ignore[attr-defined]
    after = dict(deal.outcomes([fake]))
    assert after.get(fake, 0) == pytest.approx((deck["F"] - 1) / (sum(deck.values()) - 1))
    # every deck of the setup is the whole deck
    rng = random.Random(3)
    drawn: list[int] = []
    for _ in range(deal.steps):
        drawn.append(rng.choice(deal.outcomes(drawn))[0])
    assert all(Counter(d) == deck for d in deal.setup(drawn)["decks"])


def test_triominos_seed_steps_deal_as_new_state_does() -> None:
    game = tritable.new_game("triominos", 3)
    deal = dealer(game)
    drawn = [7, 0, 0, 0, 0, 0, 0, 1]
    seed = 7 + (1 << 56)
    assert game.new_state(setup=deal.setup(drawn)) == game.new_state(seed=seed)


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_encodings_have_a_fixed_size_and_read_only_the_view(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    np = pytest.importorskip("numpy", reason="the view encodings need numpy (extras open-spiel, pettingzoo)")
    from tritable.interop.encoding import encoder

    game = tritable.new_game(game_id, players, options)
    enc = encoder(game)
    assert sum(int(np.prod(shape)) for _, shape in enc.pieces) == enc.size
    tensor = np.zeros(enc.size, np.float32)
    parts = enc.split(tensor)
    rng = random.Random(0)
    for state in random_game(game, 4)[::3]:
        for seat in [*range(players), None]:
            tensor.fill(0)
            enc.encode(state.view(seat), parts)
            assert np.isfinite(tensor).all()
            if seat is None or game.perfect_information:
                continue
            # a state drawn from the seat's view (other hidden cards) encodes the same
            other = game.sample_state(state.view(seat), rng)
            again = np.zeros(enc.size, np.float32)
            enc.encode(other.view(seat), enc.split(again))
            assert (again == tensor).all()


# Every game at every player count, and the option sets above.
EVERY_COUNT = [
    *CONFIGS,
    ("triominos", 3, {"target": 1}),
    ("triominos", 2, {}),
    ("triominos", 3, {"target": 100}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), EVERY_COUNT)
def test_the_fast_tensor_equals_the_encoding_of_the_view(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    """``Encoder.tensor`` (from ``values``, what PettingZoo observes) writes exactly what
    ``encode`` writes into a zeroed tensor, for every seat and the spectator of every position."""
    np = pytest.importorskip("numpy", reason="the view encodings need numpy (extras open-spiel, pettingzoo)")
    from tritable.interop.encoding import encoder

    game = tritable.new_game(game_id, players, options)
    enc = encoder(game)
    reference = np.zeros(enc.size, np.float32)
    parts = enc.split(reference)
    for seed in range(3):
        for state in random_game(game, seed):
            for seat in [*range(players), None]:
                view = state.view(seat)
                reference.fill(0)
                enc.encode(view, parts)
                values = enc.values(view)
                assert all(0 <= i < enc.size for i in values)
                fast = enc.tensor(view)
                assert fast.dtype == np.float32 and fast.shape == (enc.size,)
                assert np.array_equal(fast, reference), (seed, len(state.history), seat)
