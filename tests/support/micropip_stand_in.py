"""Stand-in for micropip, written by toolplay's tests; not micropip.

It keeps the rules of the real micropip (0.11) that toolplay's installer meets, each named where it
is kept (tests/packages/micropip-rules.test.ts holds one test per rule):

- ORDER: the Pyodide lock is searched first only when index_urls is micropip's default list
  (["https://pypi.org/simple"]); a custom index is searched first, the lock only when the index
  fails with a ValueError (no such project, no wheel that matches);
- SPECIFIERS: ==, !=, >=, <=, >, <, ~= and ==X.* as PEP 440 says;
- MARKERS: a requirement whose environment marker is false for Pyodide is skipped;
- HIGHEST: the highest version that matches and has a compatible wheel wins, whatever the page's order;
- PAGES: the index is asked for JSON (PEP 691) or anything else; the answer's content type picks the
  reader: PEP 691 JSON (a file URL used as given: relative ones are not resolved) or PEP 503 HTML
  (hrefs resolved against the page, the sha256 from the fragment); a non-2xx answer tries the next index;
- FILES: a wheel is installed with Pyodide's _api.install and micropip's own files beside its
  METADATA: INSTALLER "micropip", PYODIDE_SOURCE ("pypi" when the index gave a sha256, else the URL),
  PYODIDE_URL, PYODIDE_SHA256; lock packages go to pyodide.loadPackage by name;
- a wheel whose URL has no scheme fails with micropip's TypeError, a wrong sha256 with its RuntimeError.
"""

import hashlib
import io
import json
import re
import site
import zipfile
from html.parser import HTMLParser
from importlib import metadata
from urllib.parse import urljoin, urlparse

import pyodide_js
from pyodide.ffi import to_js
from pyodide.http import pyfetch

DEFAULT_INDEX_URLS = ["https://pypi.org/simple"]
_index_urls = list(DEFAULT_INDEX_URLS)
FAQ = "https://pyodide.org/en/stable/usage/faq.html#why-can-t-micropip-find-a-pure-python-wheel-for-a-package"
ENVIRONMENT = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "platform_machine": "wasm32",
}


def set_index_urls(urls):
    global _index_urls
    _index_urls = [urls] if isinstance(urls, str) else list(urls)


def req_url(path):
    return "emfs:" + path


def _key(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _version(text):
    parts = []
    for p in text.split("."):
        m = re.match(r"\d+", p)
        parts.append(int(m.group()) if m else 0)
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _clause(version, op, ver):
    if ver.endswith(".*"):
        prefix = ver[:-2].split(".")
        same = version.split(".")[: len(prefix)] == prefix
        return same if op == "==" else not same
    a, b = _version(version), _version(ver)
    if op == "~=":  # SPECIFIERS: ~=X.Y means >=X.Y, ==X.*
        head = ver.split(".")[:-1]
        return a >= b and version.split(".")[: len(head)] == head
    return {"==": a == b, "===": version == ver, "!=": a != b, ">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b}[op]


def _matches(version, spec):
    for clause in filter(None, (c.strip() for c in spec.strip("()").split(","))):
        op, ver = re.match(r"(===|==|!=|~=|>=|<=|>|<)\s*(.+)", clause).groups()
        if not _clause(version, op, ver.strip()):
            return False
    return True


def _marker(text, extra=""):
    """MARKERS: `name op "value"` clauses joined by and/or (no parentheses), for Pyodide's environment."""
    import sys

    env = dict(ENVIRONMENT, python_version="%d.%d" % sys.version_info[:2],
               python_full_version="%d.%d.%d" % sys.version_info[:3], extra=extra)

    def one(clause):
        m = re.match(r"""\s*(\w+|'[^']*'|"[^"]*")\s*(==|!=|>=|<=|>|<|~=|not in|in)\s*(\w+|'[^']*'|"[^"]*")\s*$""", clause)
        if not m:
            raise ValueError(f"Invalid marker: {text!r}")
        def value(v):
            return v[1:-1] if v[0] in "'\"" else env.get(v, v)

        left, op, right = value(m.group(1)), m.group(2), value(m.group(3))
        if op == "in":
            return left in right
        if op == "not in":
            return left not in right
        if re.fullmatch(r"[\d.]+", left) and re.fullmatch(r"[\d.*]+", right):
            return _clause(left, op, right)
        return {"==": left == right, "!=": left != right}.get(op, False)

    return any(all(one(c) for c in re.split(r"\s+and\s+", part)) for part in re.split(r"\s+or\s+", text))


def _split(req):
    m = re.match(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;]*?)\s*(?:;\s*(.*))?$", req)
    return m.group(1), (m.group(3) or "").strip(), (m.group(4) or "").strip()


def _installed(name):
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)


def _html_files(text, page):
    """PAGES: a PEP 503 page's links, resolved against the page, with the sha256 of their fragment."""
    parser = _Links()
    parser.feed(text)
    files = []
    for href in parser.links:
        url = urljoin(page, href)
        base, _, fragment = url.partition("#")
        sha = re.search(r"sha256=([0-9a-fA-F]{64})", fragment)
        files.append({"filename": base.rsplit("/", 1)[-1], "url": base, "hashes": {"sha256": sha.group(1).lower()} if sha else {}})
    return files


async def _project(name, urls):
    for base in urls:
        page = base.format(package_name=name) if "{package_name}" in base else f"{base}/{name}/"
        try:
            response = await pyfetch(page, headers={"accept": "application/vnd.pypi.simple.v1+json, */*;q=0.01"})
            response.raise_for_status()
            text = await response.string()
        except Exception:
            continue  # PAGES: no answer, or not 2xx: the next index
        kind = (response.headers.get("content-type") or "").split(";")[0].strip().lower()
        if kind == "application/vnd.pypi.simple.v1+json":
            return json.loads(text)["files"]
        if kind in ("text/html", "application/vnd.pypi.simple.v1+html"):
            return _html_files(text, page)
        raise ValueError(f"Error trying to decode url: {page}")
    raise ValueError(f"Can't fetch metadata for '{name}'. Please make sure you have entered a correct package name "
                     "and correctly specified index_urls (if you changed them).")


def _best(files, req, spec):
    """HIGHEST: the highest matching version with a wheel Pyodide can install."""
    by_version = {}
    for f in files:
        fn = f["filename"]
        if not fn.endswith(".whl"):
            continue
        parts = fn[:-4].split("-")
        if len(parts) < 5 or not (parts[-2] == "none" and parts[-1] == "any" and "py3" in parts[-3]):
            continue
        by_version.setdefault(parts[1], f)
    for version in sorted(by_version, key=_version, reverse=True):
        if _matches(version, spec):
            return by_version[version]
    raise ValueError(f"Can't find a pure Python 3 wheel for '{req}'.\nSee: {FAQ}\n"
                     "You can use `await micropip.install(..., keep_going=True)` to get a list of all packages with missing wheels.")


async def install(requirements, keep_going=False, deps=True, credentials=None, pre=False, index_urls=None, *,
                  constraints=None, reinstall=False, verbose=None):
    reqs = [requirements] if isinstance(requirements, str) else list(requirements)
    urls = ([index_urls] if isinstance(index_urls, str) else list(index_urls)) if index_urls is not None else _index_urls
    lock_first = urls == DEFAULT_INDEX_URLS  # ORDER
    lock = {_key(k): v for k, v in pyodide_js.lockfile.packages.to_py().items()}
    chosen = {}
    in_lock = []

    async def add_wheel(wheel):
        chosen[_key(wheel["name"])] = wheel
        if wheel["url"].split(":", 1)[0] not in ("http", "https", "emfs", "file") or not urlparse(wheel["url"]).scheme:
            raise TypeError(f"Cannot download from a non-remote location: {wheel['url']!r}")
        if wheel["url"].startswith("emfs:"):
            with open(wheel["url"][len("emfs:"):], "rb") as f:
                wheel["data"] = f.read()
        else:
            wheel["data"] = await (await pyfetch(wheel["url"])).bytes()
        with zipfile.ZipFile(io.BytesIO(wheel["data"])) as z:
            meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
        if deps:
            for line in meta.splitlines():
                if line.startswith("Requires-Dist:"):
                    await resolve(line.split(":", 1)[1].strip())

    def from_lock(name, spec):
        locked = lock.get(_key(name))
        if locked and _matches(locked["version"], spec):
            in_lock.append(locked["name"])
            return True
        return False

    async def from_index(name, spec, req):
        files = await _project(name, urls)
        best = _best(files, req, spec)
        await add_wheel({"name": name, "url": best["url"], "filename": best["filename"],
                         "sha256": (best.get("hashes") or {}).get("sha256")})

    async def resolve(req):
        if req.startswith("emfs:"):
            filename = req.rsplit("/", 1)[-1]
            await add_wheel({"name": filename.split("-")[0], "url": req, "filename": filename, "sha256": None})
            return
        name, spec, marker = _split(req)
        if marker and not _marker(marker):  # MARKERS
            return
        have = _installed(name)
        if have and not _matches(have, spec):
            raise ValueError(f"Requested '{req}', but {name}=={have} is already installed. If you want to reinstall the package "
                             "with a different version, use micropip.install(..., reinstall=True) to force reinstall, "
                             "or micropip.uninstall(...) to uninstall the package first.")
        if have or _key(name) in chosen or name in in_lock:
            return
        if lock_first:
            if not from_lock(name, spec):
                await from_index(name, spec, req)
            return
        try:
            await from_index(name, spec, req)
        except ValueError:
            if not from_lock(name, spec):
                raise

    for req in reqs:
        await resolve(req)
    for wheel in chosen.values():
        data = wheel["data"]
        actual = hashlib.sha256(data).hexdigest()
        if wheel["sha256"] is not None and actual != wheel["sha256"]:
            raise RuntimeError(f"Invalid checksum: expected {wheel['sha256']}, got {actual}")
        files = {  # FILES
            "PYODIDE_SOURCE": "pypi" if wheel["sha256"] is not None else wheel["url"],
            "PYODIDE_URL": wheel["url"],
            "PYODIDE_SHA256": actual,
            "INSTALLER": "micropip",
        }
        await pyodide_js._api.install(to_js(data), wheel["filename"], site.getsitepackages()[0], files)
    if in_lock:
        await pyodide_js.loadPackage(to_js(in_lock))
