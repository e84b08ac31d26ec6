"""Triton's gRPC protocol for the whole project: tritonclient's generated modules, imported in one place.

edgeroute speaks `inference.GRPCInferenceService` unchanged, so it uses the modules tritonclient
generates from Triton's own .proto files rather than copying them. How edgeroute reads and relays these
messages (fields read from the bytes, tensors, streams, headers) is controlplane.wire.
"""

from __future__ import annotations

from tritonclient.grpc import model_config_pb2, service_pb2, service_pb2_grpc

SERVICE_NAME = "inference.GRPCInferenceService"
MAX_MESSAGE_BYTES = 2**31 - 1  # tritonclient's own limit; grpc's default 4 MiB is too small
CHANNEL_OPTIONS = (
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
)
# The router's channels to edge nodes ping every second, with or without calls, and give a connection up
# when a ping goes unanswered for 2 s: a node that froze, or a link that drops every packet, keeps its TCP
# connection open, and without the ping the calls in flight on it would wait out their deadlines instead of
# failing UNAVAILABLE (which the router retries on another node). A ping is 17 bytes. The ping timeout is set as
# well: with the keepalive options alone no call on a SIGSTOPped node failed within 13 s here (grpc 1.85).
KEEPALIVE_INTERVAL_MS = 1000
KEEPALIVE_TIMEOUT_MS = 2000
HOP_CHANNEL_OPTIONS = (
    *CHANNEL_OPTIONS,
    ("grpc.keepalive_time_ms", KEEPALIVE_INTERVAL_MS),
    ("grpc.keepalive_timeout_ms", KEEPALIVE_TIMEOUT_MS),
    ("grpc.http2.ping_timeout_ms", KEEPALIVE_TIMEOUT_MS),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.http2.max_pings_without_data", 0),
)
# servers also refuse to share a port: grpc's default SO_REUSEPORT lets a second server bind
# a busy port silently and steal half its calls; and they take those pings (grpc's default answers a ping
# more often than every 5 minutes with GOAWAY "too_many_pings")
SERVER_OPTIONS = (
    *CHANNEL_OPTIONS,
    ("grpc.so_reuseport", 0),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.http2.min_ping_interval_without_data_ms", KEEPALIVE_INTERVAL_MS // 2),
    ("grpc.http2.max_ping_strikes", 0),
)


def method_path(name: str) -> str:
    return f"/{SERVICE_NAME}/{name}"


__all__ = [
    "CHANNEL_OPTIONS",
    "HOP_CHANNEL_OPTIONS",
    "SERVER_OPTIONS",
    "MAX_MESSAGE_BYTES",
    "SERVICE_NAME",
    "method_path",
    "model_config_pb2",
    "service_pb2",
    "service_pb2_grpc",
]
