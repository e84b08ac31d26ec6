"""The Triton an edge node fronts: a managed PyTriton server on CPU, or an external one given its URL."""

from __future__ import annotations

import logging
import os
import shutil
import sysconfig
import threading
from collections.abc import Sequence
from pathlib import Path

from controlplane.kernel.errors import ProcessFailed
from controlplane.processes import free_ports, owned_temp_dir, remove_triton_leftovers, stop_processes_under
from edgenode.models import DEFAULT_MODELS, ModelSpec

LOG = logging.getLogger(__name__)
TRITON_EXIT_TIMEOUT_S = 5
UNIX_PATH_MAX = 107  # PyTriton's model sockets live in its workspace: <workspace>/<model>_0_<i>-server.sock


class TritonBackend:
    """What the front needs from a Triton: where to send calls and scrape metrics, and its lifecycle."""

    grpc_target: str
    metrics_url: str | None
    http_target: str | None = None  # Triton's own KServe v2 HTTP port, when known

    def start(self) -> None:
        raise NotImplementedError

    def stop(self, *, hard: bool = False) -> None:
        """Stop it; `hard`: it stopped answering, so do not wait for it to stop by itself."""
        raise NotImplementedError


def _python_backend_env() -> None:
    # The Python-backend stub must load this interpreter's libpython, not Debian's older one,
    # or models fail with "'_thread.RLock' object has no attribute '_recursion_count'".
    libdir = sysconfig.get_config_var("LIBDIR") or ""
    current = os.environ.get("LD_LIBRARY_PATH", "")
    if libdir and not current.startswith(libdir):
        os.environ["LD_LIBRARY_PATH"] = f"{libdir}:{current}" if current else libdir


class ManagedTriton(TritonBackend):
    """A real Triton Inference Server (PyTriton's tritonserver) owned by this process.

    start() must run on a thread that lives as long as Triton: PyTriton gives tritonserver
    PDEATHSIG=SIGTERM, which the kernel fires when the *thread* that forked it exits.
    """

    def __init__(self, models: Sequence[ModelSpec] = DEFAULT_MODELS, host: str = "127.0.0.1") -> None:
        self.models = tuple(models)
        self._host = host
        self._choose_ports()
        self._triton = None
        self.workspace: str | None = None  # PyTriton's workspace: ours, removed on stop (and swept if we are killed)
        self._killed = threading.Event()  # kill() was called: a start under way on another thread must not retry

    def start(self, attempts: int = 3) -> None:
        """Start Triton; if it fails (typically a port taken between choosing it and binding it, when
        several nodes start at once), try again on fresh ports."""
        for attempt in range(1, attempts + 1):
            if self._killed.is_set():
                raise ProcessFailed("Triton was killed while it was being started")
            try:
                self._start_once()
                return
            except Exception as exc:
                if attempt == attempts:
                    raise
                LOG.warning("Triton did not start (%s); retrying on new ports (%d/%d)", exc, attempt, attempts)
                self._choose_ports()

    def _choose_ports(self) -> None:
        """Triton's three listeners, chosen together (controlplane.processes.free_ports: never one port twice)."""
        self._grpc_port, self._http_port, self._metrics_port = free_ports(3)
        self.grpc_target = f"{self._host}:{self._grpc_port}"
        self.http_target = f"{self._host}:{self._http_port}"
        self.metrics_url = f"http://{self._host}:{self._metrics_port}/metrics"

    def _start_once(self) -> None:
        _python_backend_env()
        from pytriton.triton import Triton, TritonConfig, TritonSecurityConfig

        # not PyTriton's default (~/.cache/pytriton/workspace_*, left behind whenever its owner is killed): a
        # folder named after this process, removed by stop() and by the next edgeroute start if we are SIGKILLed
        remove_triton_leftovers()  # model copies and Python backend folders, left by a Triton killed or timed out
        folder = owned_temp_dir("triton")
        longest = max(len(f"/w/{spec.name}_0_99-server.sock") for spec in self.models)
        if len(str(folder)) + longest > UNIX_PATH_MAX:  # a long $TMPDIR: the model sockets would not fit
            folder.rmdir()
            folder = owned_temp_dir("triton", "/tmp")
        self.workspace = str(folder)
        triton = Triton(
            workspace=folder / "w",
            config=TritonConfig(
                grpc_address=self._host, grpc_port=self._grpc_port,
                http_address=self._host, http_port=self._http_port,
                metrics_address=self._host, metrics_port=self._metrics_port,
                exit_timeout_secs=TRITON_EXIT_TIMEOUT_S, log_verbose=0,
            ),
            # the edge front is the only client; statistics must be reachable through it
            security_config=TritonSecurityConfig(restricted_endpoints=[]),
        )
        try:
            for spec in self.models:
                triton.bind(
                    model_name=spec.name, infer_func=spec.infer,
                    inputs=list(spec.inputs), outputs=list(spec.outputs), config=spec.config,
                )
            triton.run()
        except BaseException:
            triton.stop()
            self._remove_workspace()
            raise
        self._triton = triton
        LOG.info("Triton serving %s on %s", ", ".join(s.name for s in self.models), self.grpc_target)

    def stop(self, *, hard: bool = False) -> None:
        """PyTriton's stop: SIGINT, then up to 30 s for Triton to exit. `hard` (a Triton that stopped answering: a
        frozen process never acts on the SIGINT) SIGKILLs its processes first, so the stop waits only for the kernel
        to end them."""
        if self._triton is not None:
            triton, self._triton = self._triton, None
            try:
                if hard and self.workspace is not None:
                    stop_processes_under(Path(self.workspace).resolve())
                triton.stop()
            finally:
                self._remove_workspace()

    def kill(self) -> None:
        """Stop this Triton without PyTriton, from any thread: for a start that hangs on its own thread. PyTriton
        holds its lock while it waits (up to 120 s, then 60 s for the models, then our retries) for a server that a
        signal to the node's process group killed as it started; stop() would wait for that lock."""
        self._killed.set()
        self._remove_workspace()

    def _remove_workspace(self) -> None:
        if self.workspace is not None:
            # the Python backend's stubs run from the workspace in their own process group: gone before the folder
            stop_processes_under(Path(self.workspace).resolve())
            remove_triton_leftovers(str((Path(self.workspace) / "w").resolve()))
            shutil.rmtree(self.workspace, ignore_errors=True)
            self.workspace = None


class ExternalTriton(TritonBackend):
    """A Triton someone else runs (a TensorRT-LLM deployment on a GPU host)."""

    def __init__(self, url: str, metrics_url: str | None = None) -> None:
        target = url.split("://", 1)[-1].rstrip("/")
        if ":" not in target:
            target += ":8001"
        self.grpc_target = target
        host = target.rsplit(":", 1)[0]
        self.metrics_url = metrics_url or f"http://{host}:8002/metrics"

    def start(self) -> None:
        return None

    def stop(self, *, hard: bool = False) -> None:
        return None
