"""``python -m tritable``: the ``tritable`` command (``tritable.cli.main:main``)."""

from __future__ import annotations

import sys

from tritable.cli.main import main

if __name__ == "__main__":
    sys.argv[0] = "tritable"  # usage and error lines name the command, not __main__.py
    main()
