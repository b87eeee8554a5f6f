"""toolplay's protocol engine: what LCP, the lollms hub (LTP), Loki and llm-functions make of Python tools.

Stdlib only, Python 3.11+ syntax, so the same package runs in Pyodide (browser worker, Node CLI,
tests) and in CPython. Entry point for JavaScript callers: ``toolplay.api.dispatch``.
"""
