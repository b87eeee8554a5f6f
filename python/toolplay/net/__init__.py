"""The network from tool code: the standard library's urllib over the page's fetch (urllib_http.py)."""
