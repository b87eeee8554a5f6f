"""The tools panel's inspection as per-file groups of JSON text (groups.py), and the editor's rescan:
each reply a patch of the last one, by generation (generations.py), over the files that changed
since the last rescan (core/unchanged_files.py)."""
