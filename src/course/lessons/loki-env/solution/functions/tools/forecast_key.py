import os


def run():
    """Return the weather service key this installation uses (a demo of functions/.env)."""
    key = os.environ.get("WEATHER_API_KEY")
    if not key:
        raise SystemExit("WEATHER_API_KEY is not set: add WEATHER_API_KEY=... to functions/.env")
    return key
