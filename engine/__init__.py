"""Picante rules engine (placeholder; being written)."""
