"""Each package's __all__ names things that exist."""

from __future__ import annotations

import importlib

import pytest


@pytest.mark.parametrize("package", ["controlplane", "edgenode", "simulator", "proto"])
def test_all_names_resolve(package):
    module = importlib.import_module(package)
    for name in module.__all__:
        assert hasattr(module, name) or importlib.import_module(f"{package}.{name}"), name
