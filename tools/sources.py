"""What every part of the build shares: where the project's sources are, which files of a folder
count (`walk`: sorted, no caches or dotfiles, so that the same sources give the same dist/), how
an output file is written and hashed, and the one error a build stops with."""

from __future__ import annotations

import hashlib
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


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write(path: Path, data: bytes) -> None:
    """Write a file of the build's output, its folders made as needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
