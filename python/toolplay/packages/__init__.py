"""Packages: what tool files ask for (needs.py), what is missing before a call (missing.py), the
installed distributions (dists.py) and the bridge pipmaster installs through (runtime.py)."""
