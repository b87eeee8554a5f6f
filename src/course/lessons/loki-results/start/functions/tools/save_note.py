from pathlib import Path


def run(name: str, text: str):
    """Save a note in the workspace's notes folder.
    Args:
        name: The note's name, without .md
        text: What the note says
    """
    path = Path("notes") / f"{name}.md"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")
    print(f"saved {path}")
