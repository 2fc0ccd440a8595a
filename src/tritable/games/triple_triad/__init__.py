"""Triple Triad (Final Fantasy VIII): rules in :mod:`.game`, text pictures in :mod:`.render`, the
card table in ``cards.json`` (read by :mod:`.data`)."""

from tritable.games.triple_triad.game import TAKE, TripleTriad, TripleTriadState

__all__ = ["TAKE", "TripleTriad", "TripleTriadState"]
