"""Picante's Python UI: pure render functions plus one thin browser layer (ui.dom)."""
