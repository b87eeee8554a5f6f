/**
 * A STAND-IN for micropip, built by the tests as a wheel named `micropip`: the real micropip wheel
 * lives only on the Pyodide distribution, which these machines cannot reach. It keeps the contract
 * toolplay relies on — `await micropip.install(requirements, index_urls=[...])` fetching through
 * `pyodide.http.pyfetch` (so through toolplay's FetchGuard), reading a PEP 691 index, installing each
 * wheel with Pyodide's loader, installing a wheel in Python's file system given as an `emfs:` URL
 * (its Requires-Dist resolved against the index, installed with Pyodide's `_api.install` as micropip
 * does), and failing with micropip's own messages — and nothing more. Every
 * test that uses it says "stand-in" in its name; `npm run test:online` uses the real one.
 */
import { buildWheel, type BuiltWheel } from './wheels.ts';

const SOURCE = `"""Stand-in for micropip, written by toolplay's tests; not micropip."""
import hashlib
import io
import re
import site
import zipfile
from importlib import metadata

import pyodide_js
from pyodide.http import pyfetch

_index_urls = ["https://pypi.org/simple"]
FAQ = "https://pyodide.org/en/stable/usage/faq.html#why-can-t-micropip-find-a-pure-python-wheel-for-a-package"


def set_index_urls(urls):
    global _index_urls
    _index_urls = [urls] if isinstance(urls, str) else list(urls)


def _split(req):
    m = re.match(r"^\\s*([A-Za-z0-9][A-Za-z0-9._-]*)\\s*(.*)$", req)
    return m.group(1), m.group(2).split(";")[0].strip()


def _key(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _release(text):
    return tuple(int(p) for p in re.findall(r"\\d+", text))


def _matches(version, spec):
    # Enough of PEP 440 for the tests: comma-separated ==, !=, >=, <=, >, < on release numbers.
    for clause in filter(None, (c.strip() for c in spec.strip("()").split(","))):
        op, ver = re.match(r"(==|!=|>=|<=|>|<)\\s*(.+)", clause).groups()
        a, b = _release(version), _release(ver)
        if not {"==": a == b, "!=": a != b, ">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b}[op]:
            return False
    return True


def req_url(path):
    return "emfs:" + path


def _installed(name):
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


async def install(requirements, keep_going=False, deps=True, credentials=None, pre=False, index_urls=None, *,
                  constraints=None, reinstall=False, verbose=None):
    reqs = [requirements] if isinstance(requirements, str) else list(requirements)
    urls = [index_urls] if isinstance(index_urls, str) else (index_urls or _index_urls)
    chosen = {}
    in_lock = []

    async def resolve(req):
        if req.startswith("emfs:"):
            path = req[len("emfs:"):]
            with open(path, "rb") as f:
                data = f.read()
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
            fields = [line.split(":", 1) for line in meta.splitlines() if ":" in line]
            name = next(v.strip() for k, v in fields if k == "Name")
            chosen[_key(name)] = {"emfs": path, "data": data}
            if deps:
                for k, v in fields:
                    if k == "Requires-Dist":
                        await resolve(v.strip())
            return
        name, _spec = _split(req)
        _spec = _spec.split("[")[0]
        have = _installed(name)
        if have and not _matches(have, _spec):
            raise ValueError(f"Requested '{req}', but {name}=={have} is already installed. If you want to reinstall the package "
                             "with a different version, use micropip.install(..., reinstall=True) to force reinstall, "
                             "or micropip.uninstall(...) to uninstall the package first.")
        if have or _key(name) in chosen or name in in_lock:
            return
        lock = pyodide_js.lockfile.packages.to_py()
        if _key(name) in {_key(k) for k in lock}:
            in_lock.append(name)
            return
        data = None
        for base in urls:
            try:
                # micropip's own URL (package_index.py, 0.11.1): the index as given, then /name/.
                page = base.format(package_name=name) if "{package_name}" in base else f"{base}/{name}/"
                response = await pyfetch(page, headers={"Accept": "application/vnd.pypi.simple.v1+json"})
            except Exception:
                continue
            if response.ok:
                data = await response.json()
                break
        if data is None:
            raise ValueError(f"Can't fetch metadata for '{name}'. Please make sure you have entered a correct package name "
                             "and correctly specified index_urls (if you changed them).")
        pure = [f for f in data["files"] if f["filename"].endswith(("-py3-none-any.whl", "-py2.py3-none-any.whl"))
                and _matches(f["filename"].split("-")[1], _spec)]
        if not pure:
            raise ValueError(f"Can't find a pure Python 3 wheel for '{req}'.\\nSee: {FAQ}\\n"
                             "You can use \`await micropip.install(..., keep_going=True)\` to get a list of all packages with missing wheels.")
        wheel = pure[-1]
        chosen[_key(name)] = wheel
        if deps:
            meta = await (await pyfetch(wheel["url"] + ".metadata")).string()
            for line in meta.splitlines():
                if line.startswith("Requires-Dist:"):
                    await resolve(line.split(":", 1)[1].strip())

    for req in reqs:
        await resolve(req)
    if in_lock:
        await pyodide_js.loadPackage(in_lock)
    for wheel in chosen.values():
        if "emfs" in wheel:
            from pyodide.ffi import to_js
            meta = {"INSTALLER": "micropip", "PYODIDE_SOURCE": req_url(wheel["emfs"])}
            await pyodide_js._api.install(to_js(wheel["data"]), wheel["emfs"].rsplit("/", 1)[-1], site.getsitepackages()[0], meta)
            continue
        data = await (await pyfetch(wheel["url"])).bytes()
        actual = hashlib.sha256(data).hexdigest()
        if actual != wheel["hashes"]["sha256"]:
            raise RuntimeError(f"Invalid checksum: expected {wheel['hashes']['sha256']}, got {actual}")
        await pyodide_js.loadPackage(wheel["url"])
`;

/** The stand-in's wheel, versioned as the lock's micropip so the lock entry replaces it. */
export function micropipStandIn(): BuiltWheel {
  return buildWheel({ name: 'micropip', version: '0.11.1', files: { 'micropip/__init__.py': SOURCE } });
}
