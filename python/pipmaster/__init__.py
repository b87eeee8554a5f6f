"""pipmaster, as toolplay gives it to tool libraries: the same calls, answered by toolplay's installer.

Tool libraries call ``pipmaster`` (ParisNeo/pipmaster, whose API this follows at 1.1.13) to install
what they need, typically in ``init_tool_library()`` / ``init_tools_library()``:
``pm.ensure_packages({"wikipedia": ">=1.4.0"})``. The real pipmaster runs pip in a subprocess; this
module, written for toolplay, installs through Pyodide's loader and micropip instead (manager.py),
so such a library runs unchanged. Module-level functions use one shared ``PackageManager``, as
pipmaster's do. What needs pip itself (editable installs, other interpreters, uv, conda) answers
False or raises as pipmaster does where the tool is missing.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable, Dict, List, Optional, Tuple

from .manager import PackageManager, Requirements

__version__ = "1.1.13"

_manager = PackageManager()


def get_pip_manager(python_executable: Optional[str] = None, venv_path: Optional[str] = None,
                    create_if_not_exist: bool = False) -> PackageManager:
    """The shared manager, or a new one for another Python or venv (which means this Python here)."""
    if python_executable is None and venv_path is None:
        return _manager
    return PackageManager(python_executable=python_executable, venv_path=venv_path, create_if_not_exist=create_if_not_exist)


def get_pip_manager_with_venv(venv_path: str, create_if_not_exist: bool = False) -> PackageManager:
    return PackageManager(venv_path=venv_path, create_if_not_exist=create_if_not_exist)


def get_pip_manager_for_version(target_python_version: str, venv_path: str, create_if_not_exist: bool = True) -> PackageManager:
    return PackageManager(venv_path=venv_path)


def remove_venv(venv_path: str) -> bool:
    return False


def clear_portable_python_cache() -> None:
    return None


class UvPackageManager:
    def __init__(self, environment_path: Optional[str] = None) -> None:
        raise FileNotFoundError("uv is not installed: the browser has no uv, toolplay installs with micropip")


class CondaPackageManager:
    def __init__(self, environment_name_or_path: Optional[str] = None) -> None:
        raise NotImplementedError("Conda backend is not implemented yet.")


class PythonVersionManager:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("Portable Python versions are not available in the browser.")


def get_uv_manager(environment_path: Optional[str] = None) -> UvPackageManager:
    return UvPackageManager(environment_path)


def get_conda_manager(environment_name_or_path: Optional[str] = None) -> CondaPackageManager:
    return CondaPackageManager(environment_name_or_path)


def install(package: str, index_url: Optional[str] = None, force_reinstall: bool = False, upgrade: bool = True,
            extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
    return _manager.install(package, index_url, force_reinstall, upgrade, extra_args, dry_run, verbose)


def install_if_missing(package: str, version_specifier: Optional[str] = None, always_update: bool = False,
                       index_url: Optional[str] = None, extra_args: Optional[List[str]] = None, dry_run: bool = False,
                       verbose: bool = False, **legacy: Any) -> bool:
    return _manager.install_if_missing(package, version_specifier, always_update, index_url, extra_args, dry_run, verbose, **legacy)


def install_multiple(packages: List[str], index_url: Optional[str] = None, force_reinstall: bool = False, upgrade: bool = True,
                     extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
    return _manager.install_multiple(packages, index_url, force_reinstall, upgrade, extra_args, dry_run, verbose)


def install_multiple_if_not_installed(packages: List[str], index_url: Optional[str] = None,
                                      extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
    return _manager.install_multiple_if_not_installed(packages, index_url, extra_args, dry_run, verbose)


def install_version(package: str, version: str, index_url: Optional[str] = None, force_reinstall: bool = False,
                    extra_args: Optional[List[str]] = None, dry_run: bool = False) -> bool:
    return _manager.install_version(package, version, index_url, force_reinstall, extra_args, dry_run)


def install_or_update(package: str, index_url: Optional[str] = None, force_reinstall: bool = False,
                      extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
    return _manager.install_or_update(package, index_url, force_reinstall, extra_args, dry_run, verbose)


def install_or_update_multiple(packages: List[str], index_url: Optional[str] = None, force_reinstall: bool = False,
                               extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
    return _manager.install_or_update_multiple(packages, index_url, force_reinstall, extra_args, dry_run, verbose)


def install_edit(path: str, index_url: Optional[str] = None, extra_args: Optional[List[str]] = None, dry_run: bool = False) -> bool:
    return _manager.install_edit(path, index_url, extra_args, dry_run)


def install_requirements(requirements_file: str, index_url: Optional[str] = None, extra_args: Optional[List[str]] = None,
                         dry_run: bool = False) -> bool:
    return _manager.install_requirements(requirements_file, index_url, extra_args, dry_run)


def ensure_packages(requirements: Requirements, always_update: bool = False, index_url: Optional[str] = None,
                    extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False,
                    progress_callback: Optional[Callable[[Dict[str, Any]], None]] = None) -> bool:
    # The module-level function takes always_update before index_url; the method the other way round.
    return _manager.ensure_packages(requirements, index_url=index_url, always_update=always_update, extra_args=extra_args,
                                    dry_run=dry_run, verbose=verbose, progress_callback=progress_callback)


def ensure_requirements(requirements_file: str, always_update: bool = False, dry_run: bool = False, verbose: bool = False) -> bool:
    return _manager.ensure_requirements(requirements_file, dry_run=dry_run, verbose=verbose)


def uninstall(package: str, extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False) -> bool:
    return _manager.uninstall(package, extra_args, dry_run, verbose)


def uninstall_multiple(packages: List[str], extra_args: Optional[List[str]] = None, dry_run: bool = False,
                       verbose: bool = False) -> bool:
    return _manager.uninstall_multiple(packages, extra_args, dry_run, verbose)


def is_installed(package_name: str, version_specifier: Optional[str] = None) -> bool:
    return _manager.is_installed(package_name, version_specifier)


def get_installed_version(package_name: str) -> Optional[str]:
    return _manager.get_installed_version(package_name)


def get_current_package_version(package_name: str) -> Optional[str]:
    return _manager.get_current_package_version(package_name)


def is_version_compatible(package_name: str, version_specifier: str) -> bool:
    return _manager.is_version_compatible(package_name, version_specifier)


def get_package_info(package_name: str) -> Optional[str]:
    return _manager.get_package_info(package_name)


def check_vulnerabilities(package_name: Optional[str] = None, requirements_file: Optional[str] = None,
                          extra_args: Optional[List[str]] = None) -> Tuple[bool, str]:
    return _manager.check_vulnerabilities(package_name, requirements_file, extra_args)


def is_version_higher(package_name: str, required_version: str) -> bool:
    warnings.warn("is_version_higher is deprecated; use is_version_compatible(name, '>=x')", DeprecationWarning, stacklevel=2)
    return _manager.is_version_compatible(package_name, f">={required_version}")


def is_version_exact(package_name: str, required_version: str) -> bool:
    warnings.warn("is_version_exact is deprecated; use is_version_compatible(name, '==x')", DeprecationWarning, stacklevel=2)
    return _manager.is_version_compatible(package_name, f"=={required_version}")


from .asynchronous import (  # noqa: E402  (they wrap the functions above)
    AsyncPackageManager, async_check_vulnerabilities, async_ensure_packages, async_ensure_requirements, async_get_package_info,
    async_install, async_install_if_missing, async_install_multiple, async_uninstall, async_uninstall_multiple,
)

__all__ = [
    "__version__", "PackageManager", "PythonVersionManager", "UvPackageManager", "CondaPackageManager", "get_pip_manager",
    "get_uv_manager", "get_conda_manager", "get_pip_manager_for_version", "get_pip_manager_with_venv", "remove_venv",
    "clear_portable_python_cache", "ensure_packages", "ensure_requirements", "install", "install_if_missing",
    "install_multiple", "uninstall", "uninstall_multiple", "is_installed", "get_installed_version",
    "get_current_package_version", "is_version_compatible", "check_vulnerabilities", "get_package_info", "install_edit",
    "install_requirements", "install_version", "install_or_update", "install_or_update_multiple", "AsyncPackageManager",
    "async_ensure_packages", "async_ensure_requirements", "async_install", "async_install_if_missing",
    "async_install_multiple", "async_uninstall", "async_uninstall_multiple", "async_check_vulnerabilities",
    "async_get_package_info", "is_version_higher", "is_version_exact",
]
