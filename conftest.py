"""What the test run leaves out where an optional extra is missing: the doctests of the modules
and pages that need it (their tests in ``tests/`` skip themselves, saying why)."""

import importlib.util

_NEEDS = {
    "pyspiel": ["src/tritable/interop/openspiel.py", "docs/interop.md"],
    "pettingzoo": ["src/tritable/interop/pettingzoo.py", "docs/interop.md"],
    "numpy": ["src/tritable/interop/encoding.py", "src/tritable/interop/openspiel.py", "docs/interop.md"],
}

collect_ignore_glob = sorted(
    {path for module, paths in _NEEDS.items() if importlib.util.find_spec(module) is None for path in paths}
)
