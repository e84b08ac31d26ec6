"""The one exception tree of edgeroute. Every package raises these; foreign errors (grpc, etcd, numpy,
the OS) are converted at the seam with `raise X(...) from exc`.

EdgerouteError
├── ConfigError            regions.yaml, a pushed copy or a scenario is invalid; lists every problem
├── RegistryError          etcd could not be reached or returned something unusable
├── RequestError           a caller's request cannot be served as sent (carries a gRPC status name)
│   ├── WireError          the bytes are not a well-formed protobuf message          (also ValueError)
│   ├── TensorError        a tensor's name, type, shape or contents are wrong        (also ValueError)
│   ├── GenerationError    the language model cannot serve these parameters          (also ValueError)
│   ├── UnknownRegion      x-client-region names a region the config does not have   (also ValueError)
│   ├── AuthError          no key, an unknown key, or a tenant over its rate
│   └── RoutingRejected    the router cannot place the call (no node, shed, malformed)
├── ProcessFailed          an owned child process did not start or died             (also RuntimeError)
├── EmbeddingUnavailable   the cache's embedding table is missing                   (also RuntimeError)
└── RepoError              a TensorRT-LLM repository cannot be written as asked     (also ValueError)

Only gRPC servicers turn RequestError into a status (its `code`) with `context.abort`.
"""

from __future__ import annotations

# user input quoted in a message is cut to this many characters (a 1 MB model name must not travel back)
MAX_QUOTED_CHARS = 200


def quoted(value: object, limit: int = MAX_QUOTED_CHARS) -> str:
    """repr() of user input, cut to `limit` characters with a note of how much was left out."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


class EdgerouteError(Exception):
    """Base of every error edgeroute raises."""


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


class RequestError(EdgerouteError):
    """A request that cannot be served as sent. `code` is the name of the gRPC status to answer with."""

    code = "INVALID_ARGUMENT"


class WireError(RequestError, ValueError):
    """The bytes are not a well-formed protobuf message."""


class TensorError(RequestError, ValueError):
    pass


class GenerationError(RequestError, ValueError):
    """A request the model cannot serve; the message names the tensor and the limit."""


class UnknownRegion(RequestError, ValueError):
    """x-client-region names a region the config does not have."""


class AuthError(RequestError):
    """Refused at the door: `code` is a grpc.StatusCode name, `retry_after_ms` a hint when there is one."""

    def __init__(self, code: str, message: str, retry_after_ms: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.retry_after_ms = code, message, retry_after_ms


class RoutingRejected(RequestError):
    """The router cannot place the call. `code` is a grpc.StatusCode; `metadata` goes back to the caller."""

    def __init__(self, code: object, message: str, metadata: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.code, self.message, self.metadata = code, message, metadata  # type: ignore[assignment]


class ProcessFailed(EdgerouteError, RuntimeError):
    pass


class EmbeddingUnavailable(EdgerouteError, RuntimeError):
    pass


class RepoError(EdgerouteError, ValueError):
    pass
