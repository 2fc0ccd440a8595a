"""Reading and checking Tri*T*Area's JSON: setups and state JSON. A state JSON is read by
replaying its setup and history, then compared with the state they give, field by field and in
types too, so that no position the rules do not reach can be read."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tritable.engine.errors import SetupError, StateError, TritableError
from tritable.engine.protocol import check_keys, same_json
from tritable.games.tri_t_area.tables import CARD_NAME, CARD_OF_NAME, ROUNDS, SEATS

if TYPE_CHECKING:
    from tritable.games.tri_t_area.game import TriTArea, TriTAreaState


def read_setup(setup: Mapping[str, Any]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The round-1 lead and each round's deck (card numbers) of a setup, or :class:`SetupError`."""
    check_keys(setup, ("lead", "decks"), "a Tri*T*Area setup")
    unknown = set(setup) - {"lead", "decks"}
    if unknown:
        raise SetupError(f"unknown Tri*T*Area setup keys: {', '.join(sorted(map(str, unknown)))}")
    lead = setup["lead"]
    if type(lead) is not int or not 0 <= lead < SEATS:
        raise SetupError(f"the setup's 'lead' must be a seat 0-{SEATS - 1}, not {lead!r}")
    decks = setup["decks"]
    if not isinstance(decks, list) or len(decks) != len(ROUNDS):
        raise SetupError(f"the setup's 'decks' must be a list of {len(ROUNDS)} decks, one a round")
    parsed = []
    for r, (deck, spec) in enumerate(zip(decks, ROUNDS, strict=True), 1):
        if not isinstance(deck, list):
            raise SetupError(f"round {r}'s deck must be a list of card names")
        try:  # a deck as random_setup deals it, read at once; else name by name, to say which is bad
            cards = list(map(CARD_OF_NAME.__getitem__, deck))
        except (KeyError, TypeError):
            cards = []
            for name in deck:
                card = CARD_OF_NAME.get(name.upper()) if isinstance(name, str) else None
                if card is None:
                    raise SetupError(f"round {r}'s deck holds {name!r}, which is not a card") from None
                cards.append(card)
        if len(set(cards)) != len(cards):
            raise SetupError(f"round {r}'s deck holds a card twice")
        if set(cards) != set(spec.cards):
            missing = sorted(set(spec.cards) - set(cards))
            extra = sorted(set(cards) - set(spec.cards))
            what = f"lacks {CARD_NAME[missing[0]]}" if missing else f"must not hold {CARD_NAME[extra[0]]}"
            raise SetupError(f"round {r}'s deck {what}")
        parsed.append(tuple(cards))
    return lead, tuple(parsed)


def read_state(game: TriTArea, data: Mapping[str, Any]) -> TriTAreaState:
    """The state a state JSON describes: its setup and history replayed, which must give exactly
    the JSON (:class:`StateError` if not)."""
    game._refuse_other_game(data)
    if not isinstance(data, Mapping) or not isinstance(data.get("setup"), Mapping):
        raise StateError("a Tri*T*Area state JSON object holds its 'setup'")
    history = data.get("history", [])
    if not isinstance(history, list):
        raise StateError("the state's 'history' must be a list")
    try:
        state = game.state_from_setup(data["setup"])
        for i, entry in enumerate(history):
            if not isinstance(entry, list) or len(entry) != 2:
                raise StateError(f"history entry {i} is not a [seat, action] pair: {entry!r}")
            seat, text = entry
            state.apply_action(game.string_to_action(text), seat)
    except (TritableError, TypeError, ValueError) as exc:
        raise StateError(f"the state's setup and history do not replay: {exc}") from None
    try:
        given = json.loads(json.dumps(dict(data)))
    except (TypeError, ValueError) as exc:
        raise StateError(f"the state JSON is not plain JSON: {exc}") from None
    state._refuse_unknown_fields(given)  # named, rather than a mismatch
    if not same_json(given, state.to_json()):  # true is not 1 here
        raise StateError("the state JSON does not match what its setup and history give")
    return state
