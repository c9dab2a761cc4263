"""``python -m engine ...``: see engine/cli.py."""

from .cli import main

raise SystemExit(main())
