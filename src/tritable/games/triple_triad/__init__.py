"""Triple Triad, the card game of Final Fantasy VIII: two players, five cards each, a 3x3 board.

Each card has four ratings, one a side (1..9, A = 10). The players take turns placing a card from
their hand on an empty cell; a placed card captures an adjacent opponent card whose facing rating
is lower than its own. When the board is full, the score of a player is the cards of their colour
on the board plus the card left in their hand (so the two scores always sum to 10): the higher
score wins. Optional rules (Same, Same Wall, Plus, Combo, Elemental, Open, Sudden Death, Random)
and the trade rule (what the winner takes) are game options.

>>> import tritable
>>> game = tritable.new_game("triple-triad", options={"same": True})
>>> state = game.state_from_setup({
...     "hands": [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
...               ["SAM08G", "Bite Bug", "Gayla", "Gesper", "Grat"]],
...     "first": 1})
>>> for text in ["SAM08G@2", "Funguar@9", "Bite Bug@4", "Geezard@1"]:
...     state.apply_action(game.string_to_action(text))
>>> [game.action_to_string(a) for a in state.legal_actions()][:3]
['Gayla@3', 'Gayla@5', 'Gayla@6']
>>> state.scores()  # Geezard's Right 4 = SAM08G's Left 4 and Down 1 = Bite Bug's Up 1: Same
[7, 3]
>>> print(state.render(0).splitlines()[0])
round 1 · rules: Same, Open · trade: one

Rules decisions
---------------
The rule text (Final Kingdom MUSH) and ``docs/RULINGS.md`` decide; where both are silent we follow Final
Fantasy VIII (FF8), the original game, and say so here.

* **Board.** Cells 1-9, row-major from the top left (cell 1 is the top-left corner). A card's
  ratings are (top, right, bottom, left); a card on cell 1 attacks cell 2 with its right rating
  and cell 4 with its bottom rating. Seat 0 is the text's Blue, seat 1 its Red; who plays first
  in each round is chance, drawn in the setup.
* **Standard** (always): a placed card captures each adjacent *opponent* card whose facing rating
  is strictly lower than its own facing rating. Ties do nothing; own cards never change colour.
* **Same** (``same``): count the sides where the placed card's printed rating equals the adjacent
  card's opposing printed rating; cards of both colours count. Two or more matches flip every
  matched opponent card (so at least one opponent card must be among them for anything to happen).
* **Same Wall** (``same_wall``, needs ``same``): each side of the placed card that faces the board's
  edge with a printed A counts as one more Same match (the edge is a wall of A's). A wall is never
  an opponent card, so Same Wall needs one matched opponent card and one wall at least.
* **Plus** (``plus``): for each adjacent card, sum the placed card's printed rating and the
  adjacent card's opposing printed rating. Two or more adjacent cards with the same sum flip every
  opponent card among them. Walls never count for Plus.
* **Order within a placement.** Same, Same Wall and Plus are judged together on the board as it
  was before the placement, and their flips are made; then the placed card's Standard comparison
  (against the cards still of the opponent's colour); then Combo.
* **Combo** (``combo``; acts only with Same, Same Wall or Plus): each card flipped by Same, Same
  Wall or Plus captures its adjacent opponent cards by the Standard rule only (modified ratings
  under Elemental), breadth-first; every card so captured does the same in turn. Cards captured by
  the placed card's own Standard comparison do not cascade (they are captured before the cascade
  starts, so the cascade finds them already turned).
* **Elemental** (``elemental``): when the rule is on, the setup places elements by chance: each
  of the nine cells independently gets an element with probability ``ELEMENT_CHANCE`` = 1/8,
  the element uniform among the eight. (FF8 scatters about one element a board; its exact odds
  are not published.) A card on an elemental cell gets +1 on all four sides if its element matches,
  -1 otherwise (also a card without an element), clamped to 1..A. The modified ratings count for
  Standard and Combo; Same, Same Wall and Plus use the printed ratings. A new sudden-death round
  sets the board up afresh, elements included (drawn in the setup for every possible round).
* **Open** (``open``, default on): both hands are visible. Off: a seat sees its own hand; of the
  other hand it sees the size, and by name only the cards it has seen on the board at the end of
  an earlier sudden-death round (see Views). Once the match is decided every hand is shown (FF8
  shows the loser's cards on the trade screen).
* **Sudden Death** (``sudden_death``): a drawn round (5-5) starts a new round in which each hand is
  the cards that player owned at the end (the card left in hand first, then their cards on the
  board in cell order); at most 5 rounds, then the match is a draw. The text replays every tie
  ("the cards are returned to the hands and a new round starts"); ``docs/RULINGS.md`` makes that replay
  this option, so with it off (the default, as in FF8) a drawn round ends the match as a draw and
  nothing is traded except under Direct. **Who starts a new round**: chance, as in FF8, where
  every game, a sudden-death replay included, opens with the turn-order roulette; the setup draws
  the first player of each of the five possible rounds in advance.
* **Random** (``random``): hands are drawn at random from each player's collection. Collections
  live on the platform: pass them to :meth:`TripleTriad.random_setup` (``collections=``), which then
  draws each hand from its player's collection and records the collections in the setup
  (``state_from_setup`` checks each hand is taken from its collection). Without collections (the
  engine on its own, ``new_state(seed=...)``), every hand is drawn from the level pool whatever the
  rule says (``state_from_setup`` checks that, under Random, a hand without a collection holds only
  cards of the pool's levels). With ``random`` off, players may choose their hands
  (``random_setup(hands=...)`` or an explicit setup); with ``random`` on, ``random_setup`` refuses
  chosen hands.
* **Level pool** (options ``min_level``/``max_level``, default 1..5): hands not given are drawn
  card by card, uniformly and independently, from the cards of those levels (so a hand may hold
  two copies of a card, as FF8 hands may; the engine does not enforce FF8's one-copy rule of
  levels 8-10, which belongs to collections).
* **Trade** (``trade``, default One) happens only when a player wins; the cards traded are
  recorded in the outcome's ``details["transfers"]`` (``{"card", "from", "to"}``; the platform
  moves them between collections). "The loser's cards" are the five cards the loser **brought to
  the match** (its setup hand), whoever owns them at the end, as in FF8, where you always pick from
  the opponent's own deck.

  - ``none``: nothing changes hands.
  - ``one``: the winner picks one of the loser's five cards: a last action of the winner,
    ``take <card>``, before the game is terminal.
  - ``diff``: the winner picks ``winner_score - 5`` of the loser's cards (the text's
    "(Win - Loser) / 2"), one ``take`` action each.
  - ``all``: the winner takes all five of the loser's cards (no decision, no action).
  - ``direct``: each player keeps the cards they own at the end (board colour + hand), in a won
    match *and in a drawn one* (FF8's Direct has no winner's choice). Identical cards are
    interchangeable, so the transfers are the difference between the cards each player owns at the
    end and the cards they brought, counted by name.
  While the winner picks, the finished board stays as it is and ``current_player()`` is the
  winner; the game is terminal after the last pick.
* **Outcome**: the scores are the last round's; ``details`` holds ``reason`` (``"won"`` or
  ``"draw"``), ``rounds``, ``round_scores`` (every round, the drawn ones included), ``trade`` and
  ``transfers``.

Setup
-----
A JSON object. ``hands``: for each seat the five card names it brings (case-insensitive; the
other spellings seen in the card tables, listed in ``cards.json`` as ``variants``, name the card
too: ``Tomberry`` is Tonberry, ``Wedge & Biggs`` is Biggs, Wedge).
``first``: the seat that starts each possible round, a list (1 entry, or 5 with ``sudden_death``;
a bare seat number is accepted for a single round). ``elements`` (only with ``elemental``, then
required): for each possible round the element of cells 1-9 (``null`` for none), or a single list
of 9 for a single round. ``collections`` (optional): per seat the card names that player owns
(or ``null``); each hand must be taken from it. ``cards`` (optional): a card table of the
setup's own, played instead of FF8's (another edition's cards, a custom deck): a list of
``{"name", "top", "right", "bottom", "left", "element", "level"}`` (ratings 1..10, ``"A"`` read
as 10; ``element`` one of the eight or ``null``; ``level`` 1..10; optionally ``"variants"``, other
spellings of the name), and then every card named anywhere (hands, collections, state JSON,
views) is one of its cards. A name is at most 40 characters, with no ``@``. A rating outside
1..A, a name given twice (two spellings of one FF8 card count as one name), an unknown element or
level, or an unknown field is a ``SetupError`` naming the card. Hands not given
(``random_setup(rng, cards=...)``) and the hidden cards a sampler draws come from the table's
cards of the level pool's levels. Anything else is a ``SetupError`` naming it::

    {"hands": [["Geezard", "Funguar", "Bite Bug", "Red Bat", "Blobra"],
               ["Gayla", "Gesper", "Fastitocalon-F", "Blood Soul", "Caterchipillar"]],
     "first": [1],
     "elements": [[null, null, "fire", null, null, null, null, null, null]]}

    {"hands": [["Moogle", "Moogle", "Moogle", "Mog King", "Geezard"], ["moogle", ...]],
     "first": [0],
     "cards": [{"name": "Moogle", "top": 5, "right": 5, "bottom": 5, "left": 5,
                "element": null, "level": 1},
               {"name": "Mog King", "top": "A", "right": 2, "bottom": 2, "left": 9,
                "element": "holy", "level": 3},
               {"name": "Geezard", "top": 9, "right": 9, "bottom": 9, "left": 9,
                "element": null, "level": 1}]}

Actions and notation
--------------------
Actions are ints. Placing card ``id`` (0..109, its FF8 number minus one) on cell ``c`` (1..9) is
``id * 9 + (c - 1)``, written ``<name>@<cell>``: ``Geezard@1`` is 0, ``Bite Bug@5`` is 22. Two
identical cards in a hand are the same action. A trade pick of card ``id`` is ``TAKE + id``
(``TAKE`` = 1000), written ``take <name>``: ``take Geezard`` is 1000. Parsing ignores case and
extra spaces; formatting is canonical.

>>> game.string_to_action("bite bug @ 5"), game.action_to_string(22), game.action_to_string(1000)
(22, 'Bite Bug@5', 'take Geezard')

Actions name a card by its name, not by its ratings: a card of a setup's own table whose name is
an FF8 card's (or one of its spellings) is played by that card's number (a table's own Geezard
is ``Geezard@1``, 0, and written with the FF8 spelling), and any other card by a number that holds
its name: ``CUSTOM + 10 * n + slot`` with ``CUSTOM`` = 2000, ``n`` the name's UTF-8 bytes read as a
number, ``slot`` the cell less one, or 9 for a trade pick. So notation needs no table:
``action_to_string`` reads the name back, and ``string_to_action`` takes the name of any card of a
table that a setup read in this process has brought (exactly as the table spells it, or in any
case when only one spelling is known); a name no table brought is a ``NotationError``.

Views
-----
A view holds ``round`` (1-based), ``first`` (who started this round), ``board`` (per cell ``null``
or ``{"card", "owner"}``), ``elements`` (with ``elemental``: this round's, per cell), ``hands`` (per
seat the card names, or ``null`` when hidden from the viewer), ``known`` (per
seat: with hidden hands, the cards of its hand that are public because they were on the board
when an earlier drawn round ended; each entry ``null`` when hands are open or the match is
decided), ``brought`` (per seat the cards it brought to the match, as far as the viewer knows
them: of a hidden hand, the ones seen so far, sorted), ``rounds`` (the earlier, drawn
rounds: ``first``, ``board``, ``elements``, ``null`` without ``elemental``), ``cards`` (the
setup's own card table as the setup gives it, ratings as numbers: what a client draws its cards
from; ``null`` for FF8's, in ``cards.json``; a table is public, as FF8's is, so a table of little
more than the cards in play tells much of a closed hand) and, once the match is decided,
``trade`` (``rule``;
``winner``, ``null`` for a draw; ``picks_left``, ``taken``, ``transfers``). Spectators (seat
``None``) see no hand unless ``open``. Later rounds' first players and elements are never shown.
The common fields (docs/protocol.md) are there too: ``scores`` (cards owned), ``hand`` (the
viewer's own cards), ``hand_sizes``, ``last_action`` and ``events``.

``events`` tell what the last action did, the same for every viewer (a placement and what it
turns are public): after a placement, ``element`` (the card lies on an elemental cell: ``change``
+1 or -1), then ``capture`` events (``rule`` ``same``, ``same_wall``, ``plus``, then ``basic``:
the placed card's own comparisons; ``cells`` 1-9 and ``cards``), then ``combo`` events (``cell``
and ``card`` that captures, ``cells`` and ``cards`` it takes), then, when the board is full,
``round_end`` (``round``, ``scores``; ``seat`` the round's winner or ``null`` for a draw) and,
when All or Direct moved cards at the end, ``trade`` (``transfers``); a pick is a ``take``
event (``card``). Each has ``type``, ``seat`` and ``text``, e.g.
``{"type": "capture", "rule": "plus", "seat": 0, "cells": [2, 4], "cards": ["SAM08G", "Grat"],
"text": "Geezard captures SAM08G and Grat (Plus)"}`` and ``"Combo: SAM08G takes Bite Bug"``.
``drawn_round``: after the placement that drew a round which Sudden Death replays (the next round
is dealt within that action), its final board as ``{"round", "first", "board", "elements",
"scores"}``; ``null`` otherwise (a won or finally drawn round's board stays on ``board``).

:meth:`TripleTriad.sample_state` fills a hidden hand with the public cards and, for the others,
cards drawn uniformly and independently from the level pool (the setup's own draw), never
reading the real hand (under Random, each seat's collection in the sample's setup is the cards it
brought: the view shows no collection); the later rounds' first players and elements are drawn
afresh.
``to_json`` holds, besides the setup and history, ``round``, ``player`` (the seat to move, the
winner while it picks; -4 at the end), ``board`` (per cell ``null`` or ``[card, owner]``), the full
``hands``, ``known`` (per seat a list with hidden hands, decided or not; ``null`` when hands are
open), ``rounds`` (the final board of each earlier round, cells as in views), ``picks`` (the trade
picks left), ``taken``, ``captured`` (the cells 1-9 the last action captured: its events are told
from it and the last action, and checked against them) and ``last`` (``[seat, action]``: the last
action, kept only when the history lacks it, in a state drawn from a view; else ``null``). Events
are not part of the position: ``key()`` leaves them out.

Speed
-----
Random playouts are the benchmark, so the hot path is plain ints and lists: a card in a hand or on
the board is stored as ``id * 9``; legal actions are concatenated from per-card tuples indexed by
the bit set of empty cells; the placement is validated with two membership tests and applied in
place; ``new_state(seed)`` builds the state straight from the values it draws (the same draw as
``random_setup``), and ``state_from_setup`` validates every setup it is given.

Modules: game (the rules); data, notation, deal; validation, views, events, sampling; render.
"""

from tritable.games.triple_triad.game import TAKE, TripleTriad, TripleTriadState

__all__ = ["TAKE", "TripleTriad", "TripleTriadState"]
