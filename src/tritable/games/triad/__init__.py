"""Triad (Klaus Nehren): an abstract dice game for two on a 6x6 board.

Each player has six dice showing 1, 2 or 3. A turn picks an own die, turns it to a *different*
value and moves it exactly that many squares in a straight line (orthogonal or diagonal), never
through or onto another die. Three dice side by side in a line, of both colours, showing all the
same value or all different values, form a **Triad**; the player whose move formed it removes one
of their own dice from it. The first player to remove three of their own dice wins.

>>> import tritable
>>> game = tritable.new_game("triad")
>>> state = game.state_from_setup({"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0})
>>> print(state.render())
    a   b   c   d   e   f
6   O3  O3  O3  O2  O2  O1   6
5   ·   ·   ·   ·   ·   ·    5
4   ·   ·   ·   ·   ·   ·    4
3   ·   ·   ·   ·   ·   ·    3
2   ·   ·   ·   ·   ·   ·    2
1   B1  B1  B2  B2  B3  B3   1
    a   b   c   d   e   f
 P1 Black  removed ○○○ 0/3    P2 Orange  removed ○○○ 0/3
move 1 of 200:  P1 Black  to move
>>> state.apply_action(game.string_to_action("c1=3>c4"))
>>> game.action_to_string(state.history[-1][1])
'c1=3>c4'
>>> state.current_player()
1

Rules decisions
---------------
The rules are Yucata's text and ``docs/RULINGS.md``; where both are silent we follow Yucata and say so.
Points marked *(ours)* are decisions that neither text makes.

* **Seats and colours** *(ours)*. Seat 0 plays Black, seat 1 plays Orange, always. Black moves first
  (option ``first_player="black"``, the printed rule); ``first_player="random"`` draws the first
  player in the setup, as Yucata does ("the starting player gets randomly assigned"). The text's
  "alternate the starting player" over a series of games is left to the players (or to a
  platform that plays series): a state is one game.
* **Board and setup.** Squares are named like chess: files ``a``-``f`` left to right as Black sees
  them, ranks ``1``-``6`` from Black's home row (rank 1) to Orange's (rank 6). Each player's six
  rolled dice stand on their home row in ascending order *from the owner's* left to right: Black's
  from a1 to f1, Orange's (who faces Black) from f6 to a6, so the two rows run opposite ways.
* **Moving.** The new value ``v`` differs from the shown one and the die moves exactly ``v``
  squares; every square passed and the square reached must be empty and on the board. A die with
  no such value cannot be picked.
* **Stalemate** (the rule's "Note 2"). Only when no die of the player has a move as above, the
  player either turns one die to another value without moving it, or moves one die exactly its
  shown value without turning it (the path must still be clear). A player always has a die on the
  board (the game ends at three removals, so at least four remain), and turning a die in place is
  always possible, so **a player to move always has a legal action**: passing never arises.
* **Which Triads count.** A Triad is three dice on adjacent squares of a line (a window of three
  squares of a row, column or diagonal), at least one of each colour, values all equal or all
  different; each window of three in a longer line is checked on its own. A Triad counts when it
  is *formed by this move*: it exists after the move and did not exist before it. This is the same
  as "the Triad contains the die that moved (or was turned)": a move changes only the square left
  (which becomes empty, so no Triad can contain it) and the square reached (empty before, so every
  Triad through it is new); and turning a die in place destroys every Triad it was part of (two
  dice of a Triad fix the third's value), so every Triad through it afterwards is new. The engine
  therefore checks only the windows through the moved die. A Triad standing at the start of the
  turn never counts (a move that lengthens its line counts only the new windows through the moved
  die); a move that leaves one Triad and forms another removes from the new one only.
* **Triads in the stalemate moves** *(ours)*. Turning in place or moving without turning is the
  turn's move; a Triad it forms counts like any other (RULINGS: "Triads newly formed by this move").
* **Removal.** When the move forms one or more Triads, the mover removes exactly one own die that is
  part of one of them (the moved die always is; another own die of a Triad may be chosen instead).
  Several Triads at once still give one removal. *(ours)* The removal is always a separate action
  of the mover, even when only one die can be removed, so every choice is an explicit action.
* **End.** Three own dice removed: that player wins at once. Option ``move_cap`` (RULINGS: 200
  plies, then a draw; at most 10,000). *(ours)* When the cap is checked: when a turn ends (after its removal, if
  any) and ``move_cap`` moves have been made, the game is a draw, whatever the removals; a third
  removal on that last turn still wins. A move is one turn's move; the removal is part of the turn
  and does not count as a move.

Setup
-----
The setup fixes the roll and the first player. ``black`` lists Black's dice from Black's left to
right (a1..f1), ``orange`` Orange's from Orange's left to right (f6..a6); both ascending, values
1-3. ``first`` is the seat that moves first (0 with ``first_player="black"``)::

    {"black": [1, 1, 2, 2, 3, 3], "orange": [1, 2, 2, 3, 3, 3], "first": 0}

Actions and notation
--------------------
Actions are ints; squares are numbered ``(rank - 1) * 6 + file`` (a1 = 0, f1 = 5, a6 = 30, f6 = 35).

========================  =================================  ===================  ===========
action                    int                                notation             example
========================  =================================  ===================  ===========
move (turn to v, move v)  ``from * 36 + to`` (v = distance)  ``<from>=<v>><to>``  ``b1=3>b4``
stalemate: turn only      ``1296 + from * 3 + v - 1``        ``<from>=<v>``       ``b1=2``
stalemate: move only      ``1404 + from * 36 + to``          ``<from>><to>``      ``b1>b3``
remove an own die         ``2700 + square``                  ``x<square>``        ``xc4``
========================  =================================  ===================  ===========

Notation is read case-insensitively with any spaces (``B1 = 3 > B4``, ``x c4``) and written as in
the table. A move's written value must equal its distance.

Views
-----
Triad has perfect information: every view holds the whole position. Besides the common fields
(``scores``: the dice each seat has removed, which are the outcome's scores at the end; ``hand``:
``[]``, nothing is held in hand, ``null`` for a spectator; ``hand_sizes``: ``[0, 0]``;
``last_action``; ``events``), a view has ``dice`` (square -> ``"B2"``/``"O3"``, colour letter and
value), ``to_move`` (the seat to move, or at the end the seat that moved last), ``moves`` (moves
made so far) and ``pending_removal`` (the squares the mover may remove from while a removal is
due, else empty). The state's JSON has the same fields, with the dice removed under ``removed``.
The outcome's ``details`` hold ``reason`` (``"three triads"``, or ``"move cap"`` for the draw at
``move_cap``) and ``moves``. Nothing is cleared at the end: the last view shows the final board.

``events`` say what the last action did, in order (every event has ``type``, ``seat``, the seat
it concerns, and ``text``, one English line):

* ``move`` (a die turned and moved), ``turn`` (the stalemate rule: turned in place) or ``slide``
  (the stalemate rule: moved unturned), with ``from``, ``to``, ``die`` (as it stands now) and
  ``was`` (as it stood before);
* ``triad``, one for each Triad the move formed: its ``squares`` in line order and its ``dice``;
* ``removal_due`` after them: the ``squares`` the mover must remove one own die from;
* ``removal``: the ``square`` and the ``die`` removed, and how many the seat has ``removed``;
* ``end``, after the action that ended the game: ``reason`` as in the outcome, ``seat`` the
  winner (``null`` for the draw at the move cap).

For ``c4=3>c1`` forming one Triad::

    [{"type": "move", "seat": 0, "text": "Black turns c4 from 2 to 3 and moves it to c1",
      "from": "c4", "to": "c1", "die": "B3", "was": "B2"},
     {"type": "triad", "seat": 0, "text": "Black forms a Triad on c1, d1, e1 (B3 O3 B3)",
      "squares": ["c1", "d1", "e1"], "dice": ["B3", "O3", "B3"]},
     {"type": "removal_due", "seat": 0, "text": "Black must remove one of its dice on c1 or e1",
      "squares": ["c1", "e1"]}]

The last action and its events are not part of the position (``key``): two states that differ
only in how they were reached are equal. The state's JSON holds them (so a state read back shows
the same views); reading JSON or a view checks them: the last action must lead to the position
from one where it was legal (``StateError`` if not), and the events must be what it did. JSON
without either (as written before views told them) takes them from its history.

``sample_state`` rebuilds the state from a view alone; it refuses (``StateError``) a
``pending_removal`` that no move could have left: it must be, after at least one move, the
mover's dice of the Triads through one of them (the die that moved). ``render(seat)`` draws
the view (``render.py``, the only drawing of the game: the terminal colours the same one), and
``render(1)`` turns the board round so that Orange's row is at the bottom.

The package: ``game.py`` holds the rules (the game and its state), ``board.py`` the board's
tables and the notation, ``validation.py`` reading and checking setups, state JSON and views,
``render.py`` the drawing.
"""

from tritable.games.triad.game import Triad, TriadState

__all__ = ["Triad", "TriadState"]
