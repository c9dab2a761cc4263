"""The project's sources as the build reads them: where they are, which files of a folder count
(`walk`: sorted, no caches or dotfiles, so that the same sources give the same dist/), and the
one error a build stops with."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Never copied from web/ into dist/.
SKIP_NAMES = {"__pycache__", ".DS_Store", "Thumbs.db"}
SKIP_SUFFIXES = (".pyc", ".pyo", ".map", "~", ".swp")


class BuildError(RuntimeError):
    pass


def wanted(path: Path) -> bool:
    return not (
        path.name in SKIP_NAMES or path.name.startswith(".") or path.name.endswith(SKIP_SUFFIXES)
    )


def walk(top: Path) -> list[Path]:
    """Files under top, sorted, skipping caches and dotfiles (deterministic order)."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if wanted(Path(d)))
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if wanted(p):
                found.append(p)
    return found
