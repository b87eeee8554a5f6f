"""One subpackage per host (lcp, hub, loki, standard), each answering the same questions in its ``host`` module.

``schema`` (the host's own output), ``definitions`` (for the vendor exports), ``inspect`` (one
ToolInfo per tool), and where the host has them ``call`` (run a tool as the host does) and
``status`` (the line the host prints for a call): host_protocol.py. registry.py says which module
answers for which profile.
"""
