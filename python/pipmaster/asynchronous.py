"""pipmaster's async API: the same answers as the synchronous one (an install waits for toolplay's
installer either way), for libraries that ``await pm.async_ensure_packages(...)``."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

from .manager import PackageManager, Requirements


class AsyncPackageManager:
    def __init__(self, python_executable: Optional[str] = None, pip_command_base: Optional[List[str]] = None,
                 venv_path: Optional[str] = None, create_if_not_exist: bool = False) -> None:
        self._sync = PackageManager(python_executable, pip_command_base, venv_path, create_if_not_exist)

    async def install(self, package: str, **kwargs: Any) -> bool:
        return self._sync.install(package, **kwargs)

    async def install_if_missing(self, package: str, **kwargs: Any) -> bool:
        return self._sync.install_if_missing(package, **kwargs)

    async def ensure_packages(self, requirements: Requirements, index_url: Optional[str] = None,
                              extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False,
                              progress_callback: Optional[Callable[[Dict[str, Any]], Any]] = None) -> bool:
        return self._sync.ensure_packages(requirements, index_url=index_url, extra_args=extra_args, dry_run=dry_run, verbose=verbose)

    async def ensure_requirements(self, requirements_file: str, dry_run: bool = False, verbose: bool = False) -> bool:
        return self._sync.ensure_requirements(requirements_file, dry_run=dry_run, verbose=verbose)

    async def install_multiple(self, packages: List[str], **kwargs: Any) -> bool:
        return self._sync.install_multiple(packages, **kwargs)

    async def uninstall(self, package: str, **kwargs: Any) -> bool:
        return self._sync.uninstall(package, **kwargs)

    async def uninstall_multiple(self, packages: List[str], **kwargs: Any) -> bool:
        return self._sync.uninstall_multiple(packages, **kwargs)

    async def get_package_info(self, package_name: str) -> Optional[str]:
        return self._sync.get_package_info(package_name)

    async def check_vulnerabilities(self, *args: Any, **kwargs: Any) -> Tuple[bool, str]:
        return self._sync.check_vulnerabilities(*args, **kwargs)


_async = AsyncPackageManager()


async def async_install(package: str, **kwargs: Any) -> bool:
    return await _async.install(package, **kwargs)


async def async_install_if_missing(package: str, **kwargs: Any) -> bool:
    return await _async.install_if_missing(package, **kwargs)


async def async_install_multiple(packages: List[str], **kwargs: Any) -> bool:
    return await _async.install_multiple(packages, **kwargs)


async def async_ensure_packages(requirements: Requirements, index_url: Optional[str] = None,
                                extra_args: Optional[List[str]] = None, dry_run: bool = False, verbose: bool = False,
                                progress_callback: Optional[Callable[[Dict[str, Any]], Any]] = None) -> bool:
    return await _async.ensure_packages(requirements, index_url, extra_args, dry_run, verbose, progress_callback)


async def async_ensure_requirements(requirements_file: str, **kwargs: Any) -> bool:
    return await _async.ensure_requirements(requirements_file, **kwargs)


async def async_uninstall(package: str, **kwargs: Any) -> bool:
    return await _async.uninstall(package, **kwargs)


async def async_uninstall_multiple(packages: List[str], **kwargs: Any) -> bool:
    return await _async.uninstall_multiple(packages, **kwargs)


async def async_get_package_info(package_name: str) -> Optional[str]:
    return await _async.get_package_info(package_name)


async def async_check_vulnerabilities(*args: Any, **kwargs: Any) -> Tuple[bool, str]:
    return await _async.check_vulnerabilities(*args, **kwargs)
