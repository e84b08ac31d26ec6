"""edgeroute network simulator (to come): replays RTTs through controlplane.policy.choose."""

__all__: list[str] = []
