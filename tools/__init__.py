"""Build and development tools for Picante (not shipped): build.py, serve.py, icons.py."""
