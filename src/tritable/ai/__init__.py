"""AI opponents for every tritable game: agents, levels, hints and the arena.

Everything here is built on the engine protocol alone (``legal_actions``, ``apply_action``,
``clone``, ``returns``, ``view`` and ``game.sample_state``); the only game-specific code is the
evaluation functions and preferences of :mod:`tritable.ai.evaluation` and the rollout policies of
:mod:`tritable.ai.policies`.

Agents (:mod:`tritable.ai.agents`, :mod:`tritable.ai.mcts`) are built with a seed and answer
``agent.choose(state, seat) -> action``:

* :class:`RandomAgent`: uniformly random legal actions.
* :class:`GreedyAgent`: the best immediate gain by the game's evaluation (one turn deep).
* :class:`MCTSAgent`: UCT with chance and simultaneous turns and any number of players;
  on hidden-information games, UCT on several determinizations drawn from the view.
* :class:`ISMCTSAgent`: information-set MCTS (a new determinization each iteration).
* :class:`HalvingAgent`: flat Monte Carlo over the seat's actions, sequential halving, every
  action played out on the same determinizations and random numbers.

Agents for hidden-information games see the seat's view only: ``choose`` turns the state into
``state.view(seat)`` first and searches on states drawn by ``game.sample_state(view, rng)``
(through ``game.sampler(view)``, which draws the same states but may read the view once).
The same seed, position and budget always give the same move (with a time budget, as long as
the iteration budget is reached first; ``hard:seconds=none`` keeps the level's iterations and
drops its time cap).

Levels (``make_agent(game, level, seed)``): each level is an agent spec per game, kept in
``tritable.ai.LEVELS`` (the same table is in ``docs/ai.md``); ``hard`` stays under one
second a move on the reference machine:

* triple-triad: easy ``ismcts:iterations=40:c=0.5:samples=16``, normal
  ``ismcts:iterations=600:c=0.5:samples=32``, hard ``ismcts:iterations=12000:c=0.5:samples=64:seconds=0.8``
* triad: easy ``mcts:iterations=40:rollout_depth=6``, normal ``mcts:iterations=400:rollout_depth=6``,
  hard ``mcts:iterations=4000:rollout_depth=6:seconds=0.8``
* triominos: easy ``greedy``, normal ``ismcts:iterations=40:rollout_depth=0:samples=16``, hard
  ``halving:iterations=3000:rollout_depth=30:seconds=0.8``; with 4 players (the line
  ``triominos/4``) easy ``halving:iterations=10:rollout_depth=30`` and normal
  ``halving:iterations=300:rollout_depth=30``
* triatri: easy ``ismcts:iterations=10:samples=8``, normal ``ismcts:iterations=120:samples=32``,
  hard ``ismcts:iterations=20000:samples=512:seconds=0.8`` (playouts to the end by the TriATri policy, many
  determinizations)
* tri-t-area: easy ``greedy``, normal ``mcts:iterations=40:determinizations=4``, hard
  ``mcts:iterations=1000:seconds=0.8``
* any other game: with hidden information easy ``ismcts:iterations=40:samples=16``, normal
  ``ismcts:iterations=400:samples=32``, hard ``ismcts:iterations=3000:samples=64:seconds=0.8``; else easy
  ``mcts:iterations=40``, normal ``mcts:iterations=400``, hard ``mcts:iterations=4000:seconds=0.8``

``perfect`` plays exactly where a solver registers itself (:func:`register_perfect`).

>>> import tritable
>>> state = tritable.new_game("triad").new_state(seed=1)
>>> agent = make_agent("triad", "easy", seed=7)
>>> action = agent.choose(state, state.current_player())
>>> action in state.legal_actions()
True
"""

from tritable.ai.agents import LARGEST, ActionStat, Agent, AgentSpecError, GreedyAgent, Observation, RandomAgent
from tritable.ai.evaluation import EVALUATIONS, evaluation_for, register_evaluation
from tritable.ai.halving import HalvingAgent
from tritable.ai.levels import (
    LEVELS,
    Hint,
    hint,
    level_spec,
    levels,
    make_agent,
    parse_spec,
    register_agent,
    register_perfect,
)
from tritable.ai.mcts import ISMCTSAgent, MCTSAgent
from tritable.ai.policies import POLICIES, policy_for, register_policy

__all__ = [
    "EVALUATIONS",
    "LARGEST",
    "LEVELS",
    "POLICIES",
    "ActionStat",
    "Agent",
    "AgentSpecError",
    "GreedyAgent",
    "HalvingAgent",
    "Hint",
    "ISMCTSAgent",
    "MCTSAgent",
    "Observation",
    "RandomAgent",
    "evaluation_for",
    "hint",
    "level_spec",
    "levels",
    "make_agent",
    "parse_spec",
    "policy_for",
    "register_agent",
    "register_evaluation",
    "register_perfect",
    "register_policy",
]
