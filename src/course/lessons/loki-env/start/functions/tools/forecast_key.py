import os


def run():
    """Return the weather service key this installation uses (a demo of functions/.env)."""
    return os.environ.get("WEATHER_KEY", "")
