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
# servers also refuse to share a port: grpc's default SO_REUSEPORT lets a second server bind
# a busy port silently and steal half its calls
SERVER_OPTIONS = (*CHANNEL_OPTIONS, ("grpc.so_reuseport", 0))


def method_path(name: str) -> str:
    return f"/{SERVICE_NAME}/{name}"


__all__ = [
    "CHANNEL_OPTIONS",
    "SERVER_OPTIONS",
    "MAX_MESSAGE_BYTES",
    "SERVICE_NAME",
    "method_path",
    "model_config_pb2",
    "service_pb2",
    "service_pb2_grpc",
]
