"""Picante's PyScript entry point: start the Python UI and tell the shell it is ready.

The shell (index.html + boot.js) shows the home screen on its own; once this runs,
``window.picante.openGame(id)`` renders a game into the game root.
"""

from ui.app import boot

boot()
