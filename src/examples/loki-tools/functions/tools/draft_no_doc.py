def run(text: str):
    # No docstring: Loki refuses to start if this file is listed in visible_tools
    # ("Missing or empty description on function: run"). llm-functions silently skips it.
    return text.upper()
