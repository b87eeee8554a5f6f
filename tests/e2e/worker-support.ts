// Shared setup of the worker browser tests: a workspace seeded straight into IndexedDB (the app's
// own record layout, src/workspace/store.ts) before the app first loads, so the tests run tools
// written for them without going through the editor.
import type { Page } from 'playwright-core';

export const STRESS_TOOLS = `import builtins
import os
import time

_CONFIRM = None


def init_tools_library(config):
    global _CONFIRM
    _CONFIRM = config.get("confirm_handler")


def tool_guarded(command: str = "deploy") -> dict:
    """Asks the person before doing anything."""
    decision, reason = _CONFIRM(command, "Deploy now")
    if decision == "reject":
        return {"success": False, "error": f"rejected: {reason}"}
    with open("deployed.txt", "a") as f:
        f.write(command + "\\n")
    return {"success": True, "output": decision}


def tool_hello(name: str = "you") -> dict:
    """Answers at once."""
    return {"success": True, "output": f"hello {name}"}


def tool_spin() -> dict:
    """Busy forever."""
    with open("half.txt", "w") as f:
        f.write("written before the loop")
    print("in the loop", flush=True)
    while True:
        pass


def tool_stubborn() -> dict:
    """Swallows KeyboardInterrupt, so only terminating the worker stops it."""
    with open("half.txt", "w") as f:
        f.write("written before the loop")
    while True:
        try:
            print("in the loop", flush=True)  # inside the try: a Stop that lands here is swallowed too
            while True:
                pass
        except KeyboardInterrupt:
            pass


def tool_nap() -> dict:
    """Sleeps for half a minute."""
    print("in the loop", flush=True)
    time.sleep(30)
    return {"success": True, "output": "woke"}


def tool_flood(lines: int = 0) -> dict:
    """Prints short lines: that many, or until stopped."""
    print("in the loop", flush=True)
    i = 0
    while lines == 0 or i < lines:
        print(i)
        i += 1
    return {"success": True, "output": i}


def tool_break_print() -> dict:
    """Breaks print for every later call, as it would in a host's process."""
    builtins.print = None
    return {"success": True, "output": "print is gone"}


def tool_fake_json() -> dict:
    """Puts a fake json module in sys.modules, as it would stay in a host's process."""
    import sys
    sys.modules["json"] = object()
    return {"success": True, "output": "json is fake"}


def tool_vandal() -> dict:
    """Overwrites every file of the engine it can find."""
    import toolplay
    root = os.path.dirname(os.path.dirname(toolplay.__file__))
    count = 0
    for folder, _dirs, names in os.walk(root):
        for name in names:
            with open(os.path.join(folder, name), "w") as f:
                f.write("raise SystemExit('vandalised')")
            count += 1
    return {"success": True, "output": count}


def tool_crash() -> dict:
    """Calls a null C function pointer: a WebAssembly trap, Pyodide's fatal error."""
    with open("half.txt", "w") as f:
        f.write("written before the crash")
    import ctypes
    ctypes.CFUNCTYPE(None)(0)()
`;

/** Writes the workspace into the app's IndexedDB from a page of the same origin, before the app ever ran there. */
export async function seedWorkspace(page: Page, origin: string, files: Record<string, string>): Promise<void> {
  await page.goto(`${origin}coi-serviceworker.js`);
  await page.evaluate(async (files) => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const open = indexedDB.open('toolplay');
      open.onupgradeneeded = () => open.result.createObjectStore('records');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error ?? new Error('IndexedDB would not open'));
    });
    const tx = db.transaction('records', 'readwrite');
    const os = tx.objectStore('records');
    const enc = new TextEncoder();
    for (const [path, text] of Object.entries(files)) os.put(enc.encode(text), ['default', 1, path]);
    const settings = {
      profile: 'lcp',
      hostConfig: {},
      args: {},
      openPath: Object.keys(files)[0] ?? null,
      timeoutMs: 30_000,
    };
    os.put({ settings, folders: [], revision: 1 }, ['default', 0]);
    await new Promise(
      (ok, fail) => ((tx.oncomplete = ok), (tx.onerror = () => fail(tx.error ?? new Error('the transaction failed')))),
    );
    db.close();
  }, files);
}

export const isolated = (page: Page): Promise<boolean> => page.evaluate(() => crossOriginIsolated);
