"""Build and development tools for Picante (not shipped): build.py (with page.py,
shell_games.py, runtime.py and sources.py), serve.py, icons.py."""
