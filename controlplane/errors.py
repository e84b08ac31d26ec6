"""Errors raised by the control plane.

EdgerouteError
├── ConfigError          regions.yaml (or a pushed copy) is invalid; lists every problem
└── RegistryError        etcd could not be reached or returned something unusable

Routing refusals are not exceptions of this tree: the router turns them into gRPC statuses at its
seam (controlplane.router.RoutingRejected).
"""

from __future__ import annotations


class EdgerouteError(Exception):
    """Base of every error the control plane raises."""


class ConfigError(EdgerouteError):
    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))

    def report(self) -> str:
        head = f"{self.source}: {len(self.problems)} problem(s)"
        return "\n".join([head, *(f"  {self.source}: {p}" for p in self.problems)])


class RegistryError(EdgerouteError):
    pass
