"""Tri*T*Area: trick-taking that builds a city of four T-shaped areas (four seats).

The rules are the player aid (a one-page summary) and the Tri*T*Area section of ``docs/RULINGS.md``, a
reconstruction: the published board was not found. Every number of it lives in ``data.json``
beside this package (board, printed scores, majority values, hand sizes, blocks, 5-card values and
cost, tallest-building points, sale price, penalties), loaded at import, so it can be corrected
without touching the code.

The game
--------
Four suits are the four areas: **I**\\ ntelligent, **M**\\ odern, **E**\\ cology, **H**\\ appiness;
36 cards, ranks 1-9. The 4x4 board, columns ``a``-``d`` left to right, rows ``1``-``4`` top to
bottom::

        a b c d
     1  I I I M        each area is a T of four squares; its stem square (b2, c2, b3, c3,
     2  E I M M        the four centre squares) prints 2 immediate points.
     3  E E H M        area majority values 1st/2nd: I 8/4, M 6/3, E 6/3, H 4/2
     4  E H H H

Three rounds: hands 8/9/9, blocks 7/8/9 a seat, round 1 without the four 5s, 8 tricks a round.
Any card may be played. A 5 may be played as 5, or as 0 or 10 for 2 points (part of the play).
After four cards, the rightholders (RH1, RH2) come from the aid's table: all one suit, or one
suit with more cards than every other: lowest and highest of that suit; two suits with two cards
each: lowest and highest of the suit with the greater difference (tie: the suit led); four
suits: RH1 is the leader, no RH2. RH1 places one block, then RH2 one or two blocks on one square,
on the area of the suit of the card they played (stacking on anything), or defaults and loses the
card's rank. A block placed next to a building holding one of the placer's blocks earns an
optional extra block on a square next to the one just built on (any area). The first block on a
printed square scores it. RH1 leads the next trick. At round end: area majorities, the tallest
building, the Declarations of Intent; the highest score leads the next round. Round 2's
Declaration is the card left in hand; round 3 opens with a simultaneous reveal of one card as the
Declaration, then the Advance Block Sale (+3 a block). After round 3 each unplaced block costs 2.

Rules decisions (where the aid and docs/RULINGS.md are silent)
--------------------------------------------------------
- Seats are numbered clockwise; play passes clockwise (seat ``s + 1`` follows seat ``s``). The
  seat "to the right of" the lead is ``lead - 1``; the Advance Block Sale goes ``lead - 1``,
  ``lead - 2``, ``lead - 3``, then the lead.
- Rounds 2 and 3 are led by the highest total score; a tie goes to the lowest seat (the aid's own
  tie-break for buildings, "lowest player color wins").
- A 5 played as 0 or 10 counts as 0 or 10 for the trick, including the "difference in rank" of
  the two-two case (the aid says "rank" there too, but the value a 5 is played at decides which
  card is lowest and highest, and the spread is measured between those two cards; a change that
  could move the low and high card but not the spread would half-work); its 2 points are paid
  when it is played (scores may go below zero). The default penalty is the card's printed rank,
  so 5 for any 5: it is a cost of the card itself, not of the trick, and the aid says "value"
  only for the 0/10 change. A 5 that stays in hand as a Declaration is worth 5.
- Two cards of one suit never tie (each suit has one 5, and 0 and 10 lie outside 1-9). So that a
  corrected ``data.json`` cannot break the game, equal values are ordered by play order, the
  earlier card counting as the lower.
- When all four suits differ, RH1 is the leader, who places in the area of their own card and
  keeps the lead.
- A rightholder may always default. One with no block left can only default, and pays the
  penalty: the right was theirs and they placed nothing. RH2 with one block left places one.
- "Own block" for Additional Construction: a building holding any block of the placer, not only
  its top block. All of a seat's blocks on the board come from earlier tricks, since a seat acts
  once per trick. The extra block goes on any square orthogonally next to the square just built
  on, empty or built on (any area, stacking allowed: the aid's "on top of a square" is read as
  "on a square", as docs/RULINGS.md words it), may score a printed square, needs a block left, and never
  earns a further extra block. RH2's two blocks on one empty printed square score it once.
- Area majority: seats with at least one top block in the area are ranked by the number of top
  blocks, then by the total height of the buildings they top. Seats still tied share the sum of
  the place values of the places they cover, rounded up: two tied for 1st share 1st + 2nd, two
  tied for 2nd share 2nd + 3rd (3rd is worth 0). Tied seats all hold the best place they cover
  and the next seat the place after all of them (two tied for 1st, then 3rd; two tied for 2nd,
  then 4th). Seats with no top block are not ranked.
- A Declaration "has majority" when its seat is ranked 1st in the area (shared 1st included).
  The round-3 penalty hits a seat ranked 3rd or lower, or not ranked at all.
- Round 3: the revealed card stays face up in its owner's hand and cannot be played: it is "the
  card remaining in your hand" at round end, as round 2's leftover is.
- The Advance Block Sale has no limit: a seat may sell any number of its blocks, from none to all
  of them (the aid says only "sell blocks you think you will not use"). A seat that sold them all
  can then only default, and pays the penalty, on every right it wins.
- The end penalty counts the blocks of the final round left in front of a seat: blocks sold are
  gone, earlier rounds' blocks came back.
- Tallest building: the buildings of the greatest height (1 or more blocks) each go to the seat
  with most blocks in it (tie: lowest seat); one such building pays 10, two pay 6 each, three or
  more pay 4 each; one seat may collect several.
- The game's winner is the highest score; equal scores share the place.

Setup
-----
The round-1 lead seat and the deck order of each round (card names); round ``r`` deals seat
``s`` the cards ``deck[s * hand : (s + 1) * hand]`` and leaves the rest of the deck unused.
Round 1's deck holds the 32 cards without 5s, rounds 2 and 3 all 36::

    {"lead": 2,
     "decks": [["I1", "M7", ... 32 cards], ["H5", ... 36 cards], ["E9", ... 36 cards]]}

>>> import random
>>> from tritable.games.tri_t_area import TriTArea
>>> game = TriTArea()
>>> setup = game.random_setup(random.Random(5))
>>> setup["lead"], [len(deck) for deck in setup["decks"]], setup["decks"][0][:8]
(2, [32, 36, 36], ['I6', 'H8', 'E2', 'E4', 'M7', 'M6', 'I3', 'H4'])
>>> state = game.new_state(setup=setup)
>>> state.current_player(), state.view(2)["hand"]
(2, ['I2', 'I4', 'I7', 'I9', 'M4', 'M8', 'M9', 'H6'])

Actions and notation
--------------------
Actions are ints (``card = suit * 9 + rank - 1`` with suits I, M, E, H = 0-3; ``square = row *
4 + column``, a1 = 0 to d4 = 15); the notation is context-free and round-trips exactly (parsing
ignores case and spaces, within a word too: ``M5 = 10``):

- play a card: ``card * 3``, ``I7``; a 5 played as 0 or as 10: ``card * 3 + 1`` or ``+ 2``,
  ``M5=0``, ``M5=10`` (``M5`` plays it as 5);
- place ``n`` blocks on a square: ``200 + 20 * (n - 1) + square``, ``b3``, ``b3x2`` (RH2 only);
  default: ``290``, ``default``;
- additional construction: ``300 + square``, ``+c2``; decline it: ``390``, ``no extra``;
- round-3 Declaration: ``400 + card``, ``declare H4``;
- Advance Block Sale: ``500 + blocks``, ``sell 2``.

>>> game.action_to_string(game.string_to_action("m5=10")), game.string_to_action("I7")
('M5=10', 18)
>>> [game.action_to_string(a) for a in (229, 290, 306, 390, 435, 502)]
['b3x2', 'default', '+c2', 'no extra', 'declare H9', 'sell 2']

Views
-----
Every view has the common part (``docs/protocol.md``): ``scores`` (money: points so far),
``hand`` (its own cards, in card order; ``null`` for a spectator), ``hand_sizes``,
``last_action`` (``{"seat", "action"}``; a round-3 Declaration still sealed shows ``"action":
null`` to the other seats) and ``events``. Then ``round`` (1-3), ``phase`` (``declare``,
``sell``, ``play``, ``place``, ``extra`` or ``over``), ``first_lead`` (the setup's lead),
``lead`` (this round's), ``leader`` (this trick's), ``trick_number`` (1-based; one past the last
trick once the game is over), the ``board`` (per square, a1 to d4, its stack of seats, bottom
first), ``blocks`` left, blocks ``sold`` this round, the current ``trick`` and every card
``played`` in each round so far (``[seat, notation]`` pairs), the ``rightholders`` (``[RH1,
RH2]``, RH2 ``null`` when not awarded; ``null`` between placements), ``placing`` (0 while RH1
places, 1 while RH2 does, else ``null``), ``extra_from`` (the square an additional construction
must be next to, else ``null``), the round-3 Declarations ``declared`` (per seat a card or
``null``; a choice of another seat shows only as ``true`` until all four have chosen), the round
``results``, ``last_trick`` and the public action ``history`` (``[seat, notation]`` pairs; the
same hidden choices left out; the round-3 Declarations, made together, in seat order rather than
the order they came in, so that positions differing only in that order show the same history).
``State.to_json`` holds these keys too (not ``hand``, ``last_action`` nor ``events``, which
are derived from the history), every hand (``hands``), the setup and the history as played.

``last_trick`` is the latest trick whose rightholders are done (``null`` before the first): once
the last placement clears the table, and through the next trick, even across the end of a round
(the round's last trick stays until a trick of the next round is done)::

    {"round": 1, "trick": 3, "cards": [[0, "I3"], [1, "M7"], [2, "E1"], [3, "H9"]],
     "rightholders": [0, null], "built": [[0, "b2"], [0, "+c2"]]}

``events`` says what the last action did, in order, in the game's words; each has ``type``,
``seat`` (or ``null``) and ``text``, and its own fields:

- ``play`` (``card``, ``value``; ``points`` -2 for a 5 played as 0 or 10): "P2 plays M5 as 10: -2";
- ``rightholders`` once a trick is full (``rightholders``, ``suit``: ``null`` for four suits,
  ``reason``: ``one suit``, ``most cards``, ``wider spread``, ``suit led`` or ``four suits``):
  "RH1 P3 (H2, lowest Happiness), RH2 P1 (H9, highest Happiness); Happiness spreads wider";
- ``build`` and ``extra`` (``square``, ``blocks``, ``height``, ``points`` for a printed square
  first built on): "P3 builds 2 blocks on b3 (Intelligent, 2 high): +2"; ``extra_right`` when
  the build earns an additional construction; ``no_extra``; ``default`` (``card``, ``points``):
  "P3 defaults: -7 (H7)";
- ``lead`` (``trick``; ``round`` at a new round): "P3 leads trick 4";
- ``declare`` (``card``: ``null`` to the other seats while sealed): "P2 has chosen a
  Declaration"; ``reveal`` (``declared``) when the last seat has chosen; ``sale`` (``blocks``,
  ``points``): "P2 sells 3 blocks: +9";
- at a round's end: ``area`` (per area with a building: ``area``, ``points``, ``places``):
  "Intelligent: P2 1st +8, P3 2nd +4"; ``tallest`` (``height``, ``points``); ``declaration``
  (``card``, ``points``); ``end_penalty`` (``blocks``, ``points``); ``round_end`` (``round``,
  ``scores``); then ``lead`` for the next round or ``game_end`` (``winners``).

The round just scored stays in the view as the last of ``results`` (with the city as scored) and
its last trick as ``last_trick``. ``key()`` and equality leave ``last_action``, ``events`` and
``last_trick`` out: two equal positions may have come by different last actions.

A round result (and the outcome's ``details["rounds"]``, the three of them) holds ``round``,
``areas`` and ``places`` (per area letter, each seat's majority points and place: 1 first, 0 not
ranked), ``tallest``, ``declaration`` and ``end_penalty`` (points per seat), ``declared`` (per seat
the Declaration card, ``null`` in a round without one), ``sold`` (blocks sold), ``scores`` (the
totals after the round) and ``board`` (the city as it was scored).

Modules: game (the rules); scoring, tables; validation, views, events, sampling; render.
"""

from tritable.games.tri_t_area.game import TriTArea, TriTAreaState

__all__ = ["TriTArea", "TriTAreaState"]
