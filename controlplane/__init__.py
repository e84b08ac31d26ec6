"""edgeroute control plane: config model, geo-IP, registry view, routing policy, router, CLI."""

from controlplane.config import RegionsConfig, load_config, parse_config
from controlplane.errors import ConfigError, EdgerouteError, RegistryError
from controlplane.policy import NodeState, RequestFacts, RouteDecision, Snapshot, choose

__all__ = [
    "ConfigError",
    "EdgerouteError",
    "NodeState",
    "RegionsConfig",
    "RegistryError",
    "RequestFacts",
    "RouteDecision",
    "Snapshot",
    "choose",
    "load_config",
    "parse_config",
]
