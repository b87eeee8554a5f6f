"""Protocol diagnostics for tool files (codes in docs/diagnostics.md); each host's rules come from its host module."""
