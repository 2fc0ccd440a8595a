"""The Typer classes of the ``tritable`` commands."""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup


class _FlagHelp:
    """Shows ``--help`` as the flag it is: Typer 0.29 prints ``<bool>`` beside it."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.metavar = ""
        return option


class Command(_FlagHelp, TyperCommand):
    """Every ``tritable`` command (pass as ``cls=``)."""


class Group(_FlagHelp, TyperGroup):
    """The ``tritable`` command group."""
