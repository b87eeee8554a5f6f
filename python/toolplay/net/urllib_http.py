"""``urllib.request`` for tools, in a Python without sockets.

CPython's urllib opens a socket; Pyodide has none. toolplay gives ``HTTPHandler.http_open`` and
``HTTPSHandler.https_open`` one request each through JavaScript (src/net/http-bridge.ts, module
``toolplay_http``): awaited on a stack that can suspend, or through a synchronous XMLHttpRequest in
a browser worker without that. Every opener a tool builds uses them, so ``urlopen``, ``Request``
with data and headers, redirects (followed by the browser or Node), ``HTTPError`` for 4xx/5xx (the
opener's own error processor) and timeouts behave as urllib does. Installed once, by ``install()``.
"""

from __future__ import annotations

import email.message
import io
import socket
import urllib.error
import urllib.request
import urllib.response
from typing import Any

from ..core.awaiting import can_suspend


class _Headers(email.message.Message):
    """Response headers as ``http.client`` gives them (an ``email.message.Message``)."""


def _response_headers(pairs: Any) -> _Headers:
    headers = _Headers()
    for name, value in pairs:
        headers[str(name)] = str(value)
    return headers


class BridgedResponse(urllib.response.addinfourl):
    """The answer as urllib's callers read it: ``read()``, ``status``, ``reason``, ``headers``, ``geturl()``."""

    def __init__(self, body: bytes, headers: _Headers, url: str, status: int, reason: str) -> None:
        super().__init__(io.BytesIO(body), headers, url, status)
        self.reason = reason
        self.msg = reason


def _send(request: urllib.request.Request) -> BridgedResponse:
    import toolplay_http  # type: ignore[import-not-found]  # registered by src/packages/attach.ts
    from pyodide.ffi import to_js

    body = request.data
    if body is not None and not isinstance(body, (bytes, bytearray)):
        body = b"".join(body) if not isinstance(body, str) else body.encode("utf-8")
    timeout = getattr(request, "timeout", None)
    timeout_ms = None if timeout in (None, socket._GLOBAL_DEFAULT_TIMEOUT) else float(timeout) * 1000
    headers = list(request.header_items())
    if body is not None and not any(k.lower() == "content-type" for k, _ in headers):
        headers.append(("Content-Type", "application/x-www-form-urlencoded"))
    message = to_js({"method": request.get_method(), "url": request.full_url, "headers": [list(h) for h in headers],
                     "body": to_js(bytes(body)) if body is not None else None, "timeoutMs": timeout_ms},
                    dict_converter=__import__("js").Object.fromEntries)
    try:
        if can_suspend():
            from pyodide.ffi import run_sync

            answer = run_sync(toolplay_http.request(message))
        elif hasattr(toolplay_http, "requestSync"):
            answer = toolplay_http.requestSync(message)
        else:
            raise urllib.error.URLError("toolplay: urllib needs WebAssembly stack switching here (run the CLI with Node's JSPI flag)")
    except urllib.error.URLError:
        raise
    except Exception as exc:  # the browser or Node refused: the guard's message says why
        raise urllib.error.URLError(_message(exc)) from None
    return BridgedResponse(bytes(answer.body.to_py()), _response_headers(answer.headers.to_py()), str(answer.url),
                           int(answer.status), str(answer.statusText))


def _message(exc: Exception) -> str:
    text = str(exc)
    return text.split("Error: ", 1)[-1] if text.startswith(("TypeError: ", "Error: ", "NetworkError: ")) else text


def _http_open(self: Any, req: urllib.request.Request) -> BridgedResponse:
    return _send(req)


_installed: list[bool] = []


class _BridgedHTTPSHandler(urllib.request.AbstractHTTPHandler):
    """``HTTPSHandler`` for a Python built without ``ssl`` (Pyodide 0.29 and 0.27 load it as a package):
    urllib defines none there, so ``https://`` would be an "unknown url type" although the browser
    or Node makes the request, as it makes every other."""

    https_open = _http_open
    https_request = urllib.request.AbstractHTTPHandler.do_request_


def _with_https(build_opener: Any) -> Any:
    def build(*handlers: Any) -> urllib.request.OpenerDirector:
        opener = build_opener(*handlers)
        if not any(isinstance(h, _BridgedHTTPSHandler) or isinstance(h, type) and issubclass(h, _BridgedHTTPSHandler)
                   for h in handlers):
            opener.add_handler(_BridgedHTTPSHandler())
        return opener
    return build


def install() -> None:
    """Points urllib's HTTP and HTTPS handlers at the bridge (once per Python)."""
    if _installed:
        return
    urllib.request.HTTPHandler.http_open = _http_open  # type: ignore[method-assign]
    if hasattr(urllib.request, "HTTPSHandler"):
        urllib.request.HTTPSHandler.https_open = _http_open  # type: ignore[method-assign]
    else:
        urllib.request.HTTPSHandler = _BridgedHTTPSHandler  # type: ignore[attr-defined,misc]
        urllib.request.build_opener = _with_https(urllib.request.build_opener)
    _installed.append(True)
