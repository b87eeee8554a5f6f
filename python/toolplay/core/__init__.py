"""Leaf pieces every host uses: usage errors, JSON text, the per-file cache, telemetry.

Nothing here imports from the rest of the engine, so any module may import from here.
"""
