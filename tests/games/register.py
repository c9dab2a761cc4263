"""The test-only games, registered on both sides: one line each. The ``--test-games`` build's
page imports this module at start-up (``"register"`` in its boot list); the UI tests import it
too. The shipped app never does."""

from ui.games import register_ui

import engine
from games import rps

engine.register_game(rps.GAME)  # engine side
register_ui(rps.GAME.id, tutorial="games.rps_tutorial")  # web side: the generic UI
