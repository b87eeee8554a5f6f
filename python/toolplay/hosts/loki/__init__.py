"""Loki (v0.3.0) and llm-functions for Python tools: declarations, `visible_tools`, calls through the tool wrapper."""
