"""Adapters that make every tritable game usable from other frameworks.

* :mod:`tritable.interop.openspiel` registers each game with OpenSpiel (extra ``open-spiel``).
* :mod:`tritable.interop.pettingzoo` gives AEC and parallel PettingZoo environments (extra ``pettingzoo``).
* :mod:`tritable.interop.tables` numbers actions and turns the deal into chance steps (no extra).

``docs/interop.md`` shows both in use.
"""
