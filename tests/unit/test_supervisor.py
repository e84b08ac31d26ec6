"""The edge node's Triton supervisor (edgenode.node.Supervisor): when it restarts Triton and when it must not.

Fakes stand in for the edge front, the load reporter, the registration and the health service (the same methods
the supervisor calls); the backend is a ManagedTriton whose start and stop are counted instead of run."""

from __future__ import annotations

import asyncio
import threading

import pytest

from controlplane.kernel.errors import ProcessFailed, TritonStuck
from edgenode.node import Supervisor
from edgenode.triton import ManagedTriton


class _CountedTriton(ManagedTriton):
    def __init__(self) -> None:
        super().__init__(models=())
        self.starts = self.stops = 0
        self.hard_stops = 0

    def start(self, attempts: int = 3) -> None:
        self.starts += 1

    def stop(self, *, hard: bool = False) -> None:
        self.stops += 1
        self.hard_stops += hard


class _Front:
    triton_target = "127.0.0.1:1"

    def __init__(self) -> None:
        self.not_serving: str | None = None
        self.triton_trouble = asyncio.Event()
        self.connected: list[str] = []
        self.abandoned = 0
        self.abandoned_while_serving = False

    async def triton_ready(self, timeout_s: float = 2.0) -> bool:
        return True

    async def learn_models(self, models: frozenset[str]) -> None:
        return None

    async def connect(self, target: str) -> None:
        self.connected.append(target)

    async def abandon_triton(self) -> int:
        self.abandoned_while_serving |= self.not_serving is None
        self.abandoned += 1
        return 0


class _Reporter:
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def pause(self) -> None:
        self.calls.append("pause")

    async def start(self) -> None:
        self.calls.append("start")

    def scrape_from(self, url: str | None) -> None:
        self.calls.append("scrape_from")


class _Registration:
    def __init__(self) -> None:
        self.deregistered = 0

    async def deregister(self) -> None:
        self.deregistered += 1


class _Health:
    def __init__(self) -> None:
        self.serving: list[bool] = []

    async def set(self, serving: bool) -> None:
        self.serving.append(serving)


def _supervisor() -> tuple[Supervisor, _CountedTriton, _Front, _Reporter, _Registration, _Health]:
    backend, front, reporter, registration, health = _CountedTriton(), _Front(), _Reporter(), _Registration(), _Health()
    return (Supervisor(backend, front, reporter, registration, frozenset({"simple"}), health),  # type: ignore[arg-type]
            backend, front, reporter, registration, health)


def test_a_lost_triton_is_restarted_and_the_node_serves_again():
    supervisor, backend, front, reporter, registration, health = _supervisor()

    async def main() -> None:
        await supervisor.recover(asyncio.Event())
        await supervisor.close()

    asyncio.run(main())
    assert registration.deregistered == 1 and backend.starts == 1 and supervisor.restarts == 1
    assert front.not_serving is None and health.serving == [False, True] and reporter.calls[-1] == "start"
    # the calls in flight at the lost Triton are failed at once (retried elsewhere), once new calls are refused; the
    # Triton that stopped answering is stopped without a grace (a frozen one never acts on a polite stop)
    assert front.abandoned == 1 and not front.abandoned_while_serving
    assert backend.hard_stops == 1


def test_a_node_that_is_stopping_deregisters_but_does_not_restart_its_triton():
    # a SIGTERM to the node's process group stops its Triton too; a restart begun then held the node's way out
    supervisor, backend, front, reporter, registration, health = _supervisor()
    stop = asyncio.Event()
    stop.set()

    async def main() -> None:
        await supervisor.recover(stop)
        await supervisor.close()

    asyncio.run(main())
    assert registration.deregistered == 1 and health.serving == [False]
    assert backend.starts == 0 and backend.stops == 0 and front.connected == []


class _StuckTriton(_CountedTriton):
    """A restart whose start never ends by itself (PyTriton waiting for a server that a signal killed as it started)
    until kill() is called; a timer releases it anyway, so that a supervisor that never kills fails the test, not
    hangs it."""

    def __init__(self) -> None:
        super().__init__()
        self.released = threading.Event()
        self.kills = 0

    def start(self, attempts: int = 3) -> None:
        self.starts += 1
        self.released.wait()

    def kill(self) -> None:
        self.kills += 1
        self.released.set()


def test_a_restart_that_hangs_while_the_node_stops_is_killed_and_the_close_is_bounded():
    backend, front, reporter, registration, health = _StuckTriton(), _Front(), _Reporter(), _Registration(), _Health()
    supervisor = Supervisor(
        backend, front, reporter, registration, frozenset({"simple"}), health)  # type: ignore[arg-type]
    stop = asyncio.Event()
    timer = threading.Timer(3.0, backend.released.set)
    timer.start()

    async def main() -> None:
        recovering = asyncio.create_task(supervisor.recover(stop))
        while backend.starts == 0:
            await asyncio.sleep(0.01)
        stop.set()  # the node's SIGTERM, while its supervisor's thread starts a new Triton
        with pytest.raises(TritonStuck, match="restart was still under way"):
            await supervisor.close(wait_s=0.2)
        await asyncio.wait_for(recovering, 5)

    asyncio.run(main())
    timer.cancel()
    assert backend.kills == 1


def test_a_killed_triton_does_not_start_again():
    # kill() comes from the loop while a start may be between its attempts on the owner thread: no new attempt
    backend, attempts = ManagedTriton(models=()), []
    backend._start_once = lambda: attempts.append(1)  # type: ignore[method-assign]  # counted, not run
    backend.kill()
    with pytest.raises(ProcessFailed, match="killed while it was being started"):
        backend.start()
    assert attempts == [] and backend.workspace is None
