"""Errors raised by the control plane.

EdgerouteError
├── ConfigError          regions.yaml (or a pushed copy) is invalid; lists every problem
├── RegistryError        etcd could not be reached or returned something unusable
└── RoutingError         no node can take the call
    ├── NoLiveNode       no live node serves the model (UNAVAILABLE)
    └── Shed             every hub within budget is full and the policy sheds (RESOURCE_EXHAUSTED)
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


class RoutingError(EdgerouteError):
    pass


class NoLiveNode(RoutingError):
    pass


class Shed(RoutingError):
    def __init__(self, message: str, retry_after_ms: int) -> None:
        self.retry_after_ms = retry_after_ms
        super().__init__(message)
