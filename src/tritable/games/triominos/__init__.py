"""Triominos (Pressman Tri-Ominos, Goliath Triominos): triangular dominoes for 2-4 players.

Each of the 56 tiles is a triangle with a number 0-5 at each corner. Players lay tiles from their
rack so that every corner meets the same number on the tiles it touches, score the numbers laid
plus bonuses for bridges, filled slots and closed hexagons, and draw (with a penalty) when they
cannot lay. A round ends when someone empties their rack or no one can lay; rounds follow one
another until someone reaches the target score (400).

>>> import tritable
>>> from tritable.games.triominos.tiles import NAMES
>>> racks = ("5-5-5 0-1-2 1-1-4 0-3-4 2-2-3 1-3-5 0-0-4 2-4-4 3-3-5 "    # seat 0
...          "2-5-5 0-0-0 1-2-5 1-1-1 0-2-2 3-4-4 0-1-5 2-3-3 1-4-5").split()  # seat 1
>>> deal = " ".join(racks + [t for t in NAMES if t not in racks])  # then the pool, in draw order
>>> game = tritable.new_game("triominos", 2)
>>> state = game.new_state(setup={"deals": [deal]})
>>> state.current_player(), [game.action_to_string(a) for a in state.legal_actions()]
(0, ['5-5-5@0,0/r0'])
>>> state.apply_action(state.legal_actions()[0])  # the highest triple starts: 5+5+5+10
>>> state.scores()
[25, 0]
>>> state.apply_action(game.string_to_action("2-5-5@1,0/r2"))  # 5+5+2
>>> state.scores()
[25, 12]
>>> state.legal_actions()  # seat 0 cannot lay a tile: it must draw
[(-1,)]
>>> state.apply_action(game.string_to_action("draw"))
>>> state.scores()
[20, 12]
>>> print("\\n".join(state.render(0).splitlines()[2:9]))  # the layout: numbers on the grid, * the last
       0   2
     -1  1
-1       ·
       5───2
 0   ·/ \\*/·
     5───5
 1     ·

Rules decisions
---------------
The rules are the Italian rule text and ``docs/RULINGS.md``; where both are silent we follow the
publisher's rules (Pressman Tri-Ominos / Goliath Triominos) and say so.

* **Tiles.** The 56 tiles ``a-b-c`` with ``0 <= a <= b <= c <= 5``, numbers clockwise from the
  lowest (0-1-2 exists, 0-2-1 does not). Tile index ``i`` is the position in that order
  (0-0-0 = 0 ... 5-5-5 = 55).
* **Deal.** 9 tiles a rack with 2 players, 7 with 3 or 4; the rest is the face-down pool. Seats
  sit clockwise in seat order: "clockwise" means seat ``s`` then ``s + 1`` (mod players).
* **Start of every round.** The highest triple in any rack starts (5-5-5 > ... > 1-1-1 > 0-0-0):
  it is laid on triangle ``0,0`` (an up triangle, ``/r0``) and scores its sum + 10; 0-0-0 scores
  40. If the holder of the highest triple also holds 0-0-0 they *choose* (``5-5-5@0,0/r0`` or
  ``0-0-0@0,0/r0``); choosing 0-0-0 shows the other triple to everyone (view ``revealed`` and
  ``start.revealed``) until it is laid. With no triple in any rack the highest sum starts and
  scores just its sum; **equal sums** (say 3-5-5 and 4-4-5, both 13) go to the tile with the
  higher largest number, then the higher middle one (3-5-5 beats 4-4-5) -- the rule text is
  silent. Laying the start tile is the starter's action in **every** round, with one legal
  action when there is nothing to choose: so a pending start shows everyone only who starts (the
  seat with the best start tile, which all players learn as it is laid), never whether the
  starter also holds 0-0-0 -- the text reveals a tile only when 0-0-0 is chosen. Play goes on
  clockwise from the starter.
* **Laying a tile** (RULINGS). The tile shares at least one full edge with the layout, and every
  corner of it that touches a laid tile, along an edge or only at a point, carries the same number
  as that tile's corner there. A player who can lay a tile must lay one: drawing and passing are
  refused then.
* **Score of a tile**: its sum plus the best one of these bonuses (they do not add up):

  - *bridge* +40: exactly one edge lies against the layout (so the two slots beside the tile's
    other edges are empty) and the corner opposite that edge touches a laid tile at a point;
  - *filled slot* +40 (the text's third bonus): two or three of the tile's edges lie against the
    layout. A tile closed in on three sides "fills a slot so that two edges match" too;
  - *hexagon* +50: the tile completes the six triangles around one of its corners; *double
    hexagon* +60 (two of its corners), *triple hexagon* +70 (all three). Completing a hexagon always
    lays two edges, so a hexagon scores +50, never +50 and +40.

* **Unable to lay** (RULINGS, publisher): the player must draw (-5 each) while the pool has tiles,
  at most three a turn; passing instead is not offered (the publisher's "must draw"). A drawn
  tile that fits must be laid at once (the must-lay rule still holds), which ends the turn. After
  three draws with no tile laid: ``pass`` with -10 more (-25 in all). With the pool empty:
  ``pass`` with no penalty -- also when the pool runs out after one or two draws this turn (those
  draws cost their -5, there is no -10). Scores may go below zero.
* **End of a round.** A player who lays their last tile scores 25 + the sum of every other rack.
  The round is **blocked** when a turn begins with the pool empty and no seat can lay a tile:
  the lowest rack sum wins and scores the others' sums minus its own, without the 25 (its own sum
  is taken away once, not once an opponent: 3 and 4 against its 1 score 3 + 4 - 1 = 6). **Equal
  lowest sums** (the rule text is silent): every tied seat is a round winner and each scores the
  others' sums (the other tied seats' included) minus its own -- with two players tied, 0 each.
  Rack sums are counted in the open; the round log shows them.
* **End of the game.** After the round in which some score reached ``target`` (option, default
  400, at most 10,000; the round is always finished): the text's "Se un giocatore raggiunge 400 punti durante un
  round, continua a giocare fino alla fine del round". A seat that reached the target and fell
  below it again by drawing has still ended the game with this round; if no score is at the
  target when the round ends, the highest score wins. If several seats are at or over the target,
  the round's winner wins when among them (the one who went out, or the lowest rack of a blocked
  round); otherwise the highest score wins. Equal best scores share the win (several round
  winners of a blocked round at or over the target: the higher score among them). **Ranking**:
  the winners first, then the other seats by score (equal scores share a place); all seats tied
  is a draw.
* **Round cap** (our safety: the rule text has no such limit): option ``max_rounds`` (default
  20; random play to 400 needs 2-6 rounds). A setup holds 1..``max_rounds`` deals, one a round;
  after the round of the last deal the game ends even below the target, and the highest score
  wins as above.

The grid
--------
Triangles are ``x,y``: ``y`` is the row (growing downward), ``x`` the column. ``x + y`` even is an
up triangle (apex on top), odd a down triangle. Corners are lattice points ``px,py`` (``px + py``
odd); up ``x,y`` has corners apex ``x+1,y``, ``x+2,y+1``, ``x,y+1``; down ``x,y`` has apex
``x+1,y+1``, ``x,y``, ``x+2,y`` (each clockwise from the apex: corners 0, 1, 2)::

    points   -1,0 ---------- 1,0 ---------- 3,0
                \\           /  \\           /
                 \\  -1,0   /    \\   1,0   /
                  \\ down  /      \\ down  /
                   \\     /  0,0   \\     /
                    \\   /   up     \\   /
                     \\ /            \\ /
    points           0,1 ----------- 2,1

Up ``x,y`` borders ``x-1,y``, ``x+1,y`` and ``x,y+1``; down ``x,y`` borders ``x-1,y``, ``x+1,y``
and ``x,y-1``. Six triangles meet at each point: a hexagon. The layout's numbers sit on the
points, so the drawing (``render.py``: ``render.draw(view)``, which ``State.render`` prints and
the terminal colours) puts the points' numbers and the laid tiles' edges (``/ \\ ─``), ``*`` in
the tile laid last and ``·`` in each open slot, every x labelled over its triangles' centre and y
on the left; where the layout does not fit the screen, a window of it round the last tile.

The engine keeps the frontier (empty triangles sharing an edge with the layout) with each slot's
*corner pattern* (the number each corner must carry, or free) and finds the tiles and turns that
fit in a table keyed by that pattern; laying a tile updates only the slots around it.

Setup
-----
``{"deals": [deal, ...]}``: one deal a round, at most ``max_rounds``. A deal is the 56 tiles in
one text, separated by spaces: the first ``9`` (2 players; ``7`` otherwise) are seat 0's rack, the
next seat 1's, and so on; the rest is the pool, drawn from the front. For example (2 players, one
round, the pool shortened here)::

    {"deals": ["5-5-5 0-1-2 1-1-4 0-3-4 2-2-3 1-3-5 0-0-4 2-4-4 3-3-5 2-5-5 0-0-0 1-2-5 1-1-1 ..."]}

``random_setup`` deals ``max_rounds`` uniformly shuffled rounds.

Actions and notation
--------------------
=============================  ==============================  ===================
action                         tuple                           notation
=============================  ==============================  ===================
lay tile ``i`` on ``x,y``      ``(i, x, y, r)``                ``1-2-5@3,-2/r1``
draw from the pool             ``(-1,)``                       ``draw``
pass                           ``(-2,)``                       ``pass``
=============================  ==============================  ===================

A tile is written with its numbers clockwise from the lowest. ``/rN`` (``r0``-``r2``) puts the
tile's lowest number on corner ``N`` of the triangle and the others clockwise after it: on an up
triangle ``1-2-5/r0`` has 1 on top, 2 bottom right, 5 bottom left; ``/r1`` has 5 on top, 1 bottom
right, 2 bottom left. A triple is always ``/r0``. The start of a round is the lay of its start
tile on ``0,0/r0``. Notation is read case-insensitively and with any spaces.

Views
-----
``view(seat)`` holds the common part (``docs/protocol.md``): ``scores``, ``hand`` (the seat's
own rack, ``null`` for a spectator), ``hand_sizes`` (every rack's size), ``last_action`` and
``events``; and the public part of the game: ``target``, ``round`` (0-based) and ``rounds`` (the
most the game can last), ``target_reached`` (a score reached the target this round, so the game
ends with it), ``layout`` (placements in notation), ``last`` (``[x, y]`` of the tile laid last,
``null`` before the round's first lay), ``revealed`` (tiles each seat has shown and still holds),
``pool`` (its size), ``draws`` (this turn), ``choice`` (true while the round's start tile is to be
laid), ``start`` (this round's start once laid, else ``null``: ``seat``, ``tile``, ``points``,
and ``revealed``, the tile shown or ``null``), ``log`` (finished rounds: ``round``, ``start``,
``end`` ``"out"``/``"blocked"``, ``winners``, per seat the ``points`` won and the
``rack_sums``), ``last_round``, ``history`` (every action, as ``[seat, notation]``) and
``round_start`` (how many history entries come before this round's first action).

``last_round`` is the round the last action ended, ``null`` after any other action: the action
that ends a round also deals the next one (or ends the game), so the view after it shows the new
table, and ``last_round`` the finished one until the next action: its log entry (``round``,
``start``, ``end``, ``winners``, ``points``, ``rack_sums``) with the ``racks`` left (their tiles,
counted in the open), the final ``layout`` and its ``last`` tile.

``events`` says what the last action did, in order, each ``{"type", "seat", "text", ...}``:

=============  ==============================================================================
type           fields (besides ``seat`` and ``text``)
=============  ==============================================================================
``lay``        ``tile``, ``action`` (its notation), ``x``, ``y``, ``points`` (the tile's sum),
               ``start`` (the round's start tile)
``bonus``      ``kind`` (``start``: 10 for a triple, 40 for 0-0-0; ``bridge``, ``slot`` 40;
               ``hexagon`` 50, ``double_hexagon`` 60, ``triple_hexagon`` 70), ``points``
``reveal``     ``tile``: the higher triple shown by starting with 0-0-0
``draw``       ``tile`` (``null`` except in the drawer's own view), ``points`` (-5)
``pass``       ``points`` (-10 after three draws, else 0: the pool is empty)
``target``     ``score``: the seat reached the target; the game ends with this round
``round_end``  ``round``, ``end``, ``winners``, ``points``, ``rack_sums`` (``seat``: the one
               winner, ``null`` for a blocked round's tie)
``deal``       ``round``: the next round is dealt; ``seat`` lays its start tile
``game_over``  ``winners`` (empty for a draw; ``seat`` is ``null``)
=============  ==============================================================================

For example, a lay that completes a hexagon: ``[{"type": "lay", "seat": 1, "text": "P2 lays
1-2-5 on 3,-2: +8", ...}, {"type": "bonus", "seat": 1, "text": "P2 completes a hexagon: +50",
"kind": "hexagon", "points": 50}]``. Events and ``last_round`` tell what the last action did: they
are not part of the position (``key()``), but state JSON keeps them (``events`` with every drawn
tile named), so that a state read back shows the same views.

Other racks, the pool's order and the deals of later rounds are hidden; ``to_json`` holds them:
``racks``, ``pool`` (the tiles left, in draw order, where a view has their number), ``future``
(the later rounds' deals) and ``to_move`` (a seat, -4 at the end), with ``scores``,
``hand_sizes``, ``events`` and the game's public fields, the setup and the history. The outcome's
``details`` hold ``end`` (``"target"``, or ``"max_rounds"`` when the last deal's round ended
below the target), ``rounds_played`` and ``rounds`` (the log's entries).

``TriominosState.lay_points(action)`` gives what a legal lay would score (the tile's sum and its
bonus) without laying it, ``scored_lays()`` every legal lay with its points at once, and
``tally(seat)`` the numbers of a seat's view (scores, rack sizes, its rack's pips, the tiles and
pips it cannot see) without building it, ``hand(seat)`` a seat's tiles;
``Triominos.lays_seen(view)`` lists what this round's lays show of the racks. Agents read these
at every step of a search.

``sample_state`` deals the unseen tiles (other racks and the pool) again at random and shuffles
the later rounds anew (each later deal is shuffled only when play reaches it, from a seed drawn
with the sample: the same sample always deals the same rounds); where the view's last event is
another seat's draw, the sample's event names the tile it dealt as drawn. ``Triominos.sampler(view)``
reads and checks the view once (replaying the round so far) and then only deals, for many draws
from one view: the search draws its determinizations so.

The deal fits the rack sizes, keeps shown tiles with their owners (while the start tile is to be
laid, it gives the starter the best start tile of all racks: deals that do not are dealt again)
and agrees with what this round's public play shows:

* a seat that drew or passed could lay none of its tiles then, and after its last draw or pass
  it has only laid tiles, so no tile of its rack fits the open slots of that moment (except the
  tile the seat to move drew last this turn, which may fit and must then be laid);
* a seat that has not drawn this round holds only dealt tiles, none of which would have started
  the round before the start tile (a higher triple; with no triple at the start, any triple or
  a higher tile).

The deal is uniform over the deals that obey these when at most one rack is constrained, close
to uniform otherwise. Older draws, and what a seat chose to lay, are not read (an agent may
weigh the samples by the lays, ``Triominos.lays_seen(view)``).

Modules: game (the rules); tiles, basics; validation, views, events, sampling, queries; render.
"""

from tritable.games.triominos.game import Triominos, TriominosState

__all__ = ["Triominos", "TriominosState"]
