"""What a Triton-protocol proxy copies from the incoming call onto the call it makes."""

from __future__ import annotations

from collections.abc import Sequence

import grpc.aio

# a shed or refused call tells the caller when to come back (milliseconds), router and edge alike
RETRY_AFTER_HEADER = "retry-after-ms"
# the edge node's semantic cache: a request with "bypass" skips it; a response says hit | miss | bypass
CACHE_HEADER = "x-edgeroute-cache"

# hop-by-hop and transport headers that a proxy must not copy onto its own outgoing call
_DROP_HEADERS = frozenset({"user-agent", "te", "content-type", "grpc-accept-encoding", "grpc-encoding", "grpc-timeout"})


def forwardable_metadata(
    metadata: Sequence[tuple[str, str | bytes]] | None, extra: Sequence[tuple[str, str]] = ()
) -> tuple[tuple[str, str | bytes], ...]:
    kept = tuple((k, v) for k, v in metadata or () if k not in _DROP_HEADERS and not k.startswith(":"))
    return kept + tuple(extra)


def remaining_timeout(context: grpc.aio.ServicerContext) -> float | None:
    """The caller's deadline, passed on to the next hop (None when the caller set none)."""
    remaining = context.time_remaining()
    return None if remaining is None or remaining > 1e8 else max(remaining, 0.001)
