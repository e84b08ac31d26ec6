"""edgeroute edge node: owns a Triton, fronts it with a Triton-protocol gRPC server, reports load to etcd."""

__all__ = ["front", "models", "node", "reporter", "triton"]
