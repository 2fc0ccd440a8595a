"""Tri*T*Area: trick-taking and building on four T-shaped areas (see :mod:`.game` for the rules)."""

from tritable.games.tri_t_area.game import TriTArea, TriTAreaState

__all__ = ["TriTArea", "TriTAreaState"]
