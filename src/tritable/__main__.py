"""``python -m tritable``: the ``tritable`` command (``tritable.cli.main:main``)."""

from __future__ import annotations

from tritable.cli.main import main

if __name__ == "__main__":
    main()
