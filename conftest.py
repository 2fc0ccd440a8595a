"""What the test run leaves out where an optional extra is missing: the doctests of the modules
and pages that need it (their tests in ``tests/`` skip themselves, saying why)."""

import importlib.util

_NEEDS = {
    "pyspiel": ["src/tritable/interop/openspiel.py", "docs/interop.md"],
    "pettingzoo": ["src/tritable/interop/pettingzoo.py", "docs/interop.md"],
    "numpy": ["src/tritable/interop/encoding.py", "src/tritable/interop/openspiel.py", "docs/interop.md"],
}



def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):  # ValueError: a module blocked in sys.modules
        return True


collect_ignore_glob = sorted({path for module, paths in _NEEDS.items() if _missing(module) for path in paths})
