"""TriATri: a must-follow trick-taking game for gems, 2-4 players (game id ``triatri``).

The rules are the Board Game Arena help text and the TriATri section of ``docs/RULINGS.md``. Where both
are silent the decisions are listed below: some follow from the deck itself; the others are this
engine's reading of the help text, since Board Game Arena's help does not describe those cases
and its implementation could not be checked.

Cards and colours
-----------------
Fire, Water and Wood cards 2..6 (2 players), 2..7 (3 players), 2..8 (4 players), each number once
per colour, plus fake ("imitation") cards: 2, 1 and 3. Each round every seat is dealt six cards;
the rest of the deck is unused (5, 1 and 0 cards). The gems are 6 of each colour in the supply.
Colours are written as on the platform's gems: ``R`` red = Fire, ``B`` blue = Water, ``G`` green =
Wood. Water beats Fire, Wood beats Water, Fire beats Wood: a card played right after a card of the
colour it beats counts double, a 2 four times; the lead is never doubled.

Play
----
Seats play clockwise, which here means in increasing seat order (seat ``n - 1`` is followed by 0).
A round: everyone picks a start card at once (a simultaneous turn), the start cards are revealed
and out for the round, the start player leads the first of five tricks, each trick's winner leads
the next. The leader first chooses the trick's gem, from the supply or from their own gems, then
everyone, the leader included, plays a card of the gem's colour if they hold one (a fake may
always be played). A fake as the lead is a colourless 0; played later it swaps with the card that
wins the trick at that moment: its player's slot takes that card with its computed value, the
robbed slot holds the fake at 0, and the next card's doubling looks at the card now in the slot
just before it.

Decisions where the rulings are silent
--------------------------------------
* Start player. Each number exists once per colour, so two tied numbered start cards always
  differ in colour and the colour wheel always decides between them; "two tied with the same
  colour" cannot happen. Four tied cannot happen either (three colours per number; at most three
  fakes). Two tied fakes at the top need every other card to be a fake too: impossible with 3
  players (one fake) and with 4 (three fakes, so the fourth card is a number), so it only happens
  with 2 players, the ruled repick. Three tied at the top in a 4-player game are three numbers
  (not fakes), and the ruling gives the start to the fourth seat whatever it showed. Every
  reachable case is therefore ruled; the code treats any other tie as a repick.
* Repicks. The tied cards were shown to everyone, so they stay public (``repicks`` in views) and
  go back to the hands; everyone picks again from the same hands, so no new chance is needed.
  The rulings set no limit: two players who both show their fake every time pick again for
  ever, so a 2-player game has no bound on its length (a learning environment that needs one
  must cut it off itself; every other game here ends within a known number of actions).
* Ties at 0 (our reading). A numbered card is worth at least 2, so a trick's best value is 0 only when every
  card on the table is a fake (possible with 2 players: a fake lead answered by the other fake).
  Colourless fakes count as one colour, so the later one wins. A fake played when the winning card
  is a fake swaps a fake for a fake: nothing changes but its player now holds that slot.
* "Later-played" in ties (our reading) means the later play position of the slot now holding the card: a card
  taken by a fake counts as played in the fake's position. The taken card keeps the value it was
  computed with; values are never recomputed.
* Gems (our reading). The gem at stake stays where it was (supply or the leader's gems) until the trick is over, then
  moves to the winner. A leader who puts up an own gem and wins the trick keeps it: nothing moves.
  (So supply plus players' gems is always 18.)
* End checks (our reading). After each trick, in this order: the trick's winner holding at least two gems of each colour
  wins at once (only the trick's winner can newly reach that); else a supply colour at 0 ends the
  game (the trick was finished); else the next trick, round, or the end after three rounds. An
  instant win in the trick that also empties a supply colour is an instant win.
* Outcome. An instant winner scores 100 (as the platform shows) and the others their normal score;
  ranks go by score, then by more gems; still tied, the place is shared. The normal score uses the
  supply at the end. Hands left at the end stay hidden.

Setup
-----
``{"decks": [deck_round_1, deck_round_2, deck_round_3]}``: each deck is every card of the
player count's deck once, in the dealt order; seat ``s`` is dealt cards ``6s .. 6s+5`` and the rest
is unused. Tied start cards are taken back and picked again from the same hands, so a setup fixes
all the chance of a game. A 2-player game (17 cards a deck; the same deck for every round here):

>>> import tritable
>>> deck = "R5 G2 F B6 R2 G6  B3 R4 G5 B2 F R6  G3 B4 R3 G4 B5".split()
>>> game = tritable.new_game("triatri", players=2)
>>> state = game.new_state(setup={"decks": [deck, deck, deck]})
>>> state.view(0)["hand"], state.view(1)["hand"]
(['F', 'R2', 'R5', 'B6', 'G2', 'G6'], ['F', 'R4', 'R6', 'B2', 'B3', 'G5'])

G3 B4 R3 G4 B5 are unused in round 1. Both seats pick a start card at once, then seat 1 (the
higher card) leads a trick for a Water gem from the supply, and seat 0, who wins it, puts that gem
up again:

>>> state.apply_action(game.string_to_action("R5"), player=0)
>>> state.apply_action(game.string_to_action("R6"), player=1)
>>> for text in ["gem B", "B3", "B6", "gem own B", "R2"]:
...     state.apply_action(game.string_to_action(text))
>>> print(state.render(1))
TriATri, 2 players - round 1/3, trick 2/5
Supply: R 6  B 5  G 6
P1: gems R0 B1 G0  score   5  3 cards  start card R5  <- leader
P2 (you): gems R0 B0 G0  score   0  4 cards  start card R6
Last trick: gem B: P2 B3=3  P1 B6=6; P1 won
Gem at stake: Water (B) from P1's own gems
Trick: P1 R2=2
P2 to play
Your hand: F R4 B2 G5
>>> [game.action_to_string(a) for a in state.legal_actions()]  # follow Water, or the fake
['F', 'B2']

Actions and notation
--------------------
Actions are small ints. A card: the fake ``F`` is 0, a numbered card is ``10 * colour + number``
with Fire 0, Water 1, Wood 2 (``R5`` = 5, ``B2`` = 12, ``G7`` = 27); the same card actions choose a
start card (reveal phase) and play a card (trick). A gem choice: ``30 + colour`` from the supply
(``gem R`` = 30, ``gem G`` = 32), ``33 + colour`` from the leader's own gems (``gem own B`` = 34).
Parsing ignores case and extra blanks; formatting is canonical.

>>> game = tritable.new_game("triatri", players=4)
>>> game.action_to_string(game.string_to_action("  gem OWN b "))
'gem own B'
>>> [game.string_to_action(t) for t in ("F", "R5", "B2", "G7", "gem R")]
[0, 5, 12, 27, 30]
>>> state = game.new_state(seed=1)
>>> state.current_player() == tritable.engine.SIMULTANEOUS, state.players_to_move()
(True, (0, 1, 2, 3))

Views
-----
A seat's view holds: the ``phase`` (``reveal``, ``gem``, ``play``, ``over``), ``round`` (1-3) and
``tricks_done`` in the round, the seat's own ``hand`` (``None`` for a spectator) and everyone's
``hand_sizes``; in the reveal phase who has ``chosen`` (a flag per seat) and the seat's own
``choice``, never another seat's; the revealed ``start_cards`` and ``start_player`` once resolved,
and this round's tied ``repicks`` (each a card per seat); the ``leader``, the ``gem`` at stake (as
its notation: ``gem B``, ``gem own B``), the ``trick`` in progress (cards as ``played`` and the
``cards`` now in each slot as ``[card, value]``), this round's finished ``tricks`` and the
``last_trick`` (each with ``leader``, ``gem``, ``played``, ``cards`` and ``winner``); ``gems`` per
seat and the ``supply`` (counts of R, B, G), the ``scores`` each seat would have if the game ended
now (an instant winner's 100 once it has won), and at the end the ``end`` reason (``instant win``,
``supply exhausted`` or ``three rounds``; ``null`` before) and ``instant_winner`` (a seat or
``null``). The ``last_trick`` is also what ended a round: after the round's fifth trick the view
of the new round (or of the end) still shows it, with its cards, values, gem and winner.

``last_action`` is ``null`` before the first action, else ``{"seat", "action"}`` in notation,
the action ``null`` for everyone but its seat while it is a start card still sealed. ``events``
says what it did, in order, each ``{"type", "seat", "text", ...}``: ``choose`` (a sealed start
card; its ``card`` only for its seat), ``repick`` (tied start ``cards`` go back), ``reveal`` (the
start ``cards``) and ``start_player`` (who starts and by which rule), ``gem`` (the ``gem`` colour
put up, ``from`` the leader or ``null`` for the supply), ``play`` (a ``card`` and its counted
``value``), ``fake`` (the fake ``took`` a card with its ``value`` ``from`` a seat), ``trick`` (its
winner, the ``trick`` number, the ``gem`` moved and ``from`` whom: "P3 wins the trick and takes a
red gem from P1"), ``instant_win``, ``supply_exhausted``, ``round_end``, ``round_start`` and
``game_end`` (the ``end`` and the ``winners``). Both are derived from the position and the last
action, which the state JSON keeps as ``last_action`` (not part of :meth:`key`: two orders of the
same sealed choices are one position).

``to_json`` holds, besides ``game``, ``players``, ``options``, ``setup`` and
``history``, an object ``state``: these keys but ``hand``, ``hand_sizes``, ``chosen``,
``choice`` and ``events``, plus ``hands``, ``pending`` (per seat the start card chosen in the reveal phase, or
``null``) and ``decks``. The outcome's ``details`` hold ``end``, ``instant_winner``, ``gems``,
``supply`` and per seat the ``points`` as ``sets`` (three-colour sets), ``pairs`` (two-colour
pairs) and ``rest`` (the remaining gems' points).

Queries for agents: ``stake_value(seat)`` is what winning the trick is worth to a seat on the
end-of-game count (its score if it wins the gem minus its score if another seat does; during the
gem choice, for a named choice), ``winner_after(card)`` the seat winning the trick so far (after
the seat to move plays ``card``), ``supply`` the gems left in the supply and ``hand(seat)`` a
seat's cards (a full state knows them all; a view shows only its own).

``sample_state`` deals the cards a seat has not seen (the other hands and the unused cards) at
random, keeping what the view implies: hand sizes, cards shown in a tied reveal and not used
since, and the colours a seat is known to lack because it did not follow; later rounds' decks are
shuffled afresh. A sampled state knows no setup (``initial_setup`` is ``None``): it cannot be
written as a record. ``TriATri.sampler(view)`` reads the view once and then only deals: it draws
exactly what ``sample_state`` draws from the same generator, several times faster a draw.
"""

from tritable.games.triatri.cards import score, start_player, winning_slot
from tritable.games.triatri.game import TriATri, TriATriState

__all__ = ["TriATri", "TriATriState", "score", "start_player", "winning_slot"]
