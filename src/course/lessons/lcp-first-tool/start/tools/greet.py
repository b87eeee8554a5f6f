"""My first tool library for lollms' LCP binding."""


def greet(name: str) -> dict:
    return {"success": True, "output": f"Hello, {name}!"}
