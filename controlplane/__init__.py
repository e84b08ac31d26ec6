"""edgeroute control plane: config model, geo-IP, registry view, routing policy, router, CLI."""

from controlplane.config import RegionsConfig, load_config, parse_config
from controlplane.errors import ConfigError, EdgerouteError, NoLiveNode, RegistryError, RoutingError, Shed
from controlplane.policy import NodeState, RequestFacts, RouteDecision, Snapshot, choose

__all__ = [
    "ConfigError",
    "EdgerouteError",
    "NoLiveNode",
    "NodeState",
    "RegionsConfig",
    "RegistryError",
    "RequestFacts",
    "RouteDecision",
    "RoutingError",
    "Shed",
    "Snapshot",
    "choose",
    "load_config",
    "parse_config",
]
