"""``PackageManager``: pipmaster's methods, answered by toolplay's installer instead of pip.

pipmaster runs ``pip install`` in a subprocess; in the browser there is none, so each method that
installs hands its requirements to toolplay's installer (Pyodide's loader and micropip, through
toolplay.packages.runtime) and answers as pipmaster does: True when everything is (now) installed,
False when the install failed, never an exception for a failed install. The messages are
pipmaster's own lines, without their colours; a failure adds toolplay's reason.
"""

from __future__ import annotations

import sys
from importlib import metadata
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from toolplay.packages import runtime

from toolplay.packages.versions import check, installed_version, split

Requirements = Union[str, List[str], Dict[str, Any], None]


def _say(text: str) -> None:
    print(text)


def _install(targets: list[str], dry_run: bool) -> bool:
    if not targets:
        return True
    if dry_run:
        _say(f"ℹ️ Dry run: Would execute: pip install --upgrade {' '.join(targets)}")
        return True
    report = runtime.install(targets)
    for failure in report.get("failed", []):
        sys.stderr.write(f"❌ Failed to handle package: {failure['requirement']} ({failure['message']})\n")
    return not report.get("failed")


class PackageManager:
    """pipmaster's package manager for the running Python (the arguments name a Python or a venv that
    toolplay has not: they are accepted and mean this one)."""

    def __init__(self, python_executable: Optional[str] = None, pip_command_base: Optional[List[str]] = None,
                 venv_path: Optional[str] = None, create_if_not_exist: bool = False) -> None:
        self.target_python_executable = python_executable or sys.executable
        self.venv_path = venv_path

    # -- looking ---------------------------------------------------------------------------------
    def is_installed(self, package_name: str, version_specifier: Optional[str] = None) -> bool:
        version = installed_version(package_name)
        if version is None:
            return False
        if not version_specifier:
            return True
        ok = check(version, version_specifier)
        return True if ok is None else ok

    def get_installed_version(self, package_name: str) -> Optional[str]:
        return installed_version(package_name)

    def get_current_package_version(self, package_name: str) -> Optional[str]:
        return installed_version(package_name)

    def get_installed_versions_batch(self, names: List[str]) -> Dict[str, Optional[str]]:
        return {name: installed_version(name) for name in names}

    def is_version_compatible(self, package_name: str, version_specifier: str) -> bool:
        version = installed_version(package_name)
        if version is None:
            return False
        ok = check(version, version_specifier)
        return True if ok is None else ok

    def get_package_info(self, package_name: str) -> Optional[str]:
        """What ``pip show`` prints for the package, or None when it is not installed."""
        try:
            dist = metadata.distribution(package_name)
        except Exception:
            return None
        meta = dist.metadata
        requires = sorted({split(r.split(";")[0])[0] for r in (dist.requires or []) if "extra ==" not in r})
        lines = [f"Name: {meta['Name']}", f"Version: {dist.version}", f"Summary: {meta['Summary'] or ''}",
                 f"Home-page: {meta['Home-page'] or ''}", f"Author: {meta['Author'] or ''}",
                 f"Author-email: {meta['Author-email'] or ''}", f"License: {meta['License'] or ''}",
                 f"Location: {dist.locate_file('')}", f"Requires: {', '.join(requires)}", "Required-by: "]
        return "\n".join(lines)

    def check_vulnerabilities(self, package_name: Optional[str] = None, requirements_file: Optional[str] = None,
                              extra_args: Optional[List[str]] = None) -> Tuple[bool, str]:
        return True, "pip-audit not installed"

    # -- installing -------------------------------------------------------------------------------
    def install(self, package: str, index_url: Optional[str] = None, force_reinstall: bool = False, upgrade: bool = True,
                extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
        return _install([package], dry_run)

    def install_if_missing(self, package: str, version_specifier: Optional[str] = None, always_update: bool = False,
                           index_url: Optional[str] = None, extra_args: Optional[List[str]] = None, dry_run: bool = False,
                           verbose: bool = False, version: Optional[str] = None, enforce_version: bool = False,
                           **_ignored: Any) -> bool:
        name, spec = split(package)
        if version and not version_specifier:  # pipmaster before 1.1: version= alone meant >=, with enforce_version ==
            version_specifier = f"=={version}" if enforce_version else f">={version}"
        spec = version_specifier or spec
        if not always_update and self.is_installed(name, spec or None):
            return True
        return _install([name + spec], dry_run)

    def install_multiple(self, packages: List[str], index_url: Optional[str] = None, force_reinstall: bool = False,
                         upgrade: bool = True, extra_args: Optional[List[str]] = None, dry_run: bool = False,
                         verbose: bool = False) -> bool:
        return _install([p for p in packages if p.strip()], dry_run)

    def install_multiple_if_not_installed(self, packages: List[str], index_url: Optional[str] = None,
                                          extra_args: Optional[List[str]] = None, dry_run: bool = False,
                                          verbose: bool = False) -> bool:
        return _install([p for p in packages if not self.is_installed(p)], dry_run)

    def install_version(self, package: str, version: str, index_url: Optional[str] = None, force_reinstall: bool = False,
                        extra_args: Optional[List[str]] = None, dry_run: bool = False) -> bool:
        return _install([f"{package}=={version}"], dry_run)

    def install_or_update(self, package: str, index_url: Optional[str] = None, force_reinstall: bool = False,
                          extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
        return _install([package], dry_run)

    def install_or_update_multiple(self, packages: List[str], index_url: Optional[str] = None, force_reinstall: bool = False,
                                   extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
        return _install(list(packages), dry_run)

    def install_edit(self, path: str, index_url: Optional[str] = None, extra_args: Optional[List[str]] = None,
                     dry_run: bool = False) -> bool:
        sys.stderr.write(f"❌ Failed to handle package: -e {path} (an editable install needs pip, which the browser has not)\n")
        return False

    def install_requirements(self, requirements_file: str, index_url: Optional[str] = None,
                             extra_args: Optional[List[str]] = None, dry_run: bool = False) -> bool:
        return _install(_read_requirements(requirements_file), dry_run)

    def ensure_requirements(self, requirements_file: str, dry_run: bool = False, verbose: bool = False) -> bool:
        return self.ensure_packages(_read_requirements(requirements_file), dry_run=dry_run, verbose=verbose)

    def ensure_packages(self, requirements: Requirements, index_url: Optional[str] = None, always_update: bool = False,
                        extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False,
                        progress_callback: Optional[Callable[[Dict[str, Any]], None]] = None) -> bool:
        """Installs what is missing or does not meet its specifier; True when all is (now) installed."""
        wanted = _normalise(requirements)
        if wanted is None:
            print(f"Invalid requirements type: {type(requirements).__name__}", file=sys.stderr)
            return True
        report = progress_callback or (lambda _info: None)
        targets: list[str] = []
        for count, (name, spec) in enumerate(wanted.items(), start=1):
            report({"status": "checking", "package": name, "progress": count, "total": len(wanted),
                    "message": f"Checking {name}"})
            version = installed_version(name)
            if version is None:
                _say(f"🔍 Package '{name}' not found. Scheduled for installation.")
                targets.append(name + (spec or ""))
            elif always_update or spec == "latest":
                _say(f"🔄 Always-update requested for '{name}'...")
                targets.append(name)
            elif spec and check(version, spec) is False:
                _say(f"⚠️ Version mismatch for '{name}': Installed v{version} does not meet '{spec}'. Scheduled for update.")
                targets.append(name + spec)
            elif verbose:
                _say(f"✅ Package '{name}' is installed and meets specifier ('{spec or 'any'}').")
        if not targets:
            report({"status": "complete", "message": "All packages are installed", "success": True})
            return True
        report({"status": "processing", "packages": targets, "count": len(targets), "message": "Installing"})
        ok = _install(targets, dry_run)
        report({"status": "complete" if ok else "failed", "packages": targets, "success": ok,
                "message": "Installed" if ok else "Installation failed"})
        return ok

    # -- removing ---------------------------------------------------------------------------------
    def uninstall(self, package: str, extra_args: Optional[List[str]] = None, dry_run: bool = False,
                  verbose: bool = False) -> bool:
        return self.uninstall_multiple([package], dry_run=dry_run)

    def uninstall_multiple(self, packages: List[str], extra_args: Optional[List[str]] = None, dry_run: bool = False,
                           verbose: bool = False) -> bool:
        if not packages or dry_run:
            return True
        from toolplay.packages.dists import remove

        return all(remove(split(p)[0]) for p in packages)


def _normalise(requirements: Requirements) -> Optional[Dict[str, Optional[str]]]:
    """name → specifier ('' any, 'latest', '>=1.2') from a dict, a list of requirement texts or one text."""
    if isinstance(requirements, str):
        name, spec = split(requirements)
        return {name: spec}
    if isinstance(requirements, dict):
        out: Dict[str, Optional[str]] = {}
        for name, spec in requirements.items():
            if isinstance(spec, dict):  # {"vcs": url, "condition": spec}: pip would fetch the repository
                spec = spec.get("condition") or spec.get("version") or ""
            out[str(name)] = (spec or "").strip()
        return out
    if isinstance(requirements, (list, tuple)):
        return dict(split(item) for item in requirements if isinstance(item, str) and item.strip())
    return None


def _read_requirements(path: str) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        return [line.split("#", 1)[0].strip() for line in fh if line.split("#", 1)[0].strip() and not line.lstrip().startswith("-")]
