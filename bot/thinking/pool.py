"""The thinking processes: every search of a computer player, a Hint or a Review runs in one of
a few worker processes, never on the interpreter that serves the event loop, which only sends
a question and awaits its answer.

Fair and bounded:

- *one search in flight per lane*: a question names its lanes (its table, the person who
  asked), and a question whose lane is busy waits, so one table or one person never holds more
  than one process, whatever they click; the waiting questions go out first come, first
  served;
- *shared*: questions asked with the same ``share`` key while the first is unanswered get its
  answer (a Hint clicked fifty times on one position is one search);
- *bounded*: a question that has a quick answer (its ``fallback``; a ``Choose``: the
  heuristic's choice) and a clock budget gets a deadline of its budget plus ``GRACE_MS``.
  When it goes out, its budget shrinks with the queue behind it (the pool is saturated: each
  search gets a fair share of the time) and to what is left until its deadline; past the
  deadline, or with too little time left, it is answered by its fallback. So no computer's
  turn waits much more than its budget.
  A question without a clock (a fixed number of worlds and a seed, where the same answer
  everywhere matters) or without a fallback (an evaluation) waits for its search.

*Shared out* (issue 28): a strong player's search (a ``Choose`` that searches, an
``Evaluate``) that goes out while other processes are idle and no waiting question could use
them is split between them (``Question.split``): with a clock, each process values every
n-th world of the decision under the same budget and deadline, stopping by the search's rules
scaled to its share (of n parts: about where the search over all the parts' worlds would stop,
``StrongPlayer._stopped``), and the answer is the search's choice over all of them (the same
worlds sooner, or more in the same time); without a clock, the processes value blocks of ``BLOCK`` worlds in turn and
the merge stops where the search in one process would have stopped, so the answer is the same
as unsplit, sooner. The question's lanes stay busy until every part is back; an unclocked
search gives back its extra processes at the end of a block when another question waits.

A process that dies is replaced; its question is asked again once, else answered by its
fallback. A part of a split search whose process dies: without a clock it is asked again
once (else the fallback); with a clock the other parts' worlds answer (if none came back, the
question is asked again whole, as before). Past a split search's deadline, the parts back by
then answer, else the fallback. ``start()`` starts the processes and waits until each is
ready (its imports done); ``close()`` stops them and leaves none behind.

Processes start by ``forkserver`` where the platform has it (else ``spawn``): never ``fork``,
the bot has threads (aiosqlite's, the pictures'). The fork server imports
``bot.thinking.worker`` and the engine, and the main module as multiprocessing does (once,
not in every process): a script that opens the service keeps its work under ``if __name__ ==
"__main__":`` (``python -m bot`` is not imported again).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.players.questions import NoFallback, Question, Split
from engine.players.strong import Part, Tally

from .worker import ThinkingPriority, serve

log = logging.getLogger("bot.thinking")

GRACE_MS = 100.0
"""How much longer than its budget a question with a fallback may take before the fallback
answers it: the pipe both ways and the search's last step past its own deadline."""
MARGIN_MS = 40.0
"""Kept free of a shrunk budget at the end: the search overruns its budget by a step."""
MIN_SEARCH_MS = 10.0
"""Less time left than this: the fallback answers at once, no search is sent."""
TRIES = 2
"""A question whose process died is asked once more, then answered by its fallback."""
START_FAILURES = 3
"""Processes that die before they are ready, in a row, before ``start()`` gives up."""
STOP_WAIT_S = 2.0
"""How long ``close()`` waits for a process to stop before it kills it."""
BLOCK = 32
"""Worlds a process is given at a time of a split search without a clock (a quarter of the
coach's 128): small enough that the search stops soon after the point where one process
would have, and that a question arriving meanwhile gets a process soon (a world takes about
a millisecond); large enough that the round trips cost little: on a loaded machine a thinking
process waits to be woken for each block, and blocks of 8 made a split Hint 10-15 % slower
than blocks of 32 or 64 (``bench/README.md``)."""


def default_workers() -> int:
    """The cores this process may use, less one for the event loop; at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class ThinkingError(RuntimeError):
    """A question could not be answered (its process died twice, or its search failed) and
    has no fallback."""


class ThinkingClosed(ThinkingError):
    """The pool was closed while the question waited."""


@dataclass
class ThinkingStats:
    """Counts since the pool was made (for tests, benchmarks and logs)."""

    asked: int = 0
    """Questions asked, shared ones included."""
    shared: int = 0
    """Questions answered by a search another asker had already started."""
    searches: int = 0
    """Searches sent to a process."""
    shrunk: int = 0
    """Of those, sent with less than their budget (a busy pool, or a late start)."""
    answered: int = 0
    """Questions answered by their search."""
    fallbacks: int = 0
    """Questions answered by their fallback (late, no time left, or the search failed)."""
    retried: int = 0
    """Questions asked again because their process died."""
    lost: int = 0
    """Processes that died and were replaced."""
    split: int = 0
    """Searches shared out between processes (counted once in ``searches``)."""
    parts: int = 0
    """Parts of those sent to a process."""


@dataclass(eq=False)
class _Job:
    id: int
    question: Question
    blob: bytes
    """The question pickled when asked: the player's memory as it was then."""
    lanes: tuple[Hashable, ...]
    future: asyncio.Future[Any]
    deadline: float | None
    """``time.perf_counter()`` seconds after which the fallback answers; None: none."""
    share: Hashable | None = None
    tries: int = 0
    timer: asyncio.TimerHandle | None = None
    parts: _Parts | None = None
    """Set when the search was shared out between processes."""


@dataclass(eq=False)
class _Parts:
    """A search shared out between processes."""

    split: Split
    tally: Tally
    budget: float | None
    """Each part's budget (None: the question's own)."""
    todo: list[tuple[int, ...]] = field(default_factory=list)
    """Parts to ask (again) before any other."""
    count: int = 1
    """With a clock: the parts valued side by side (each stops by the rules scaled to its
    share, ``StrongPlayer._stopped``)."""
    next: int = 0
    """Without a clock: the first world not asked for yet."""
    running: int = 0
    """Parts in a process."""
    answered: int = 0
    """Parts come back with their worlds."""


@dataclass(eq=False)
class _Worker:
    process: Any
    conn: Any
    pid: int | None
    ready: bool = False
    gone: bool = False
    job: _Job | None = None
    indices: tuple[int, ...] | None = None
    """The worlds of ``job``'s search it values, when it values a part."""
    reaped: bool = False


@dataclass(eq=False)
class ThinkingPool:
    """``await pool.start()``; ``await pool.ask(question, lanes=..., share=...)``;
    ``await pool.close()``."""

    size: int = field(default_factory=default_workers)
    method: str | None = None
    """``forkserver`` or ``spawn`` (default: ``forkserver`` where available)."""
    grace_ms: float = GRACE_MS
    block: int = BLOCK
    """Worlds a process is given at a time of a split search without a clock."""
    priority: ThinkingPriority = "low"
    """How the processes share a busy machine (``bot.thinking.worker.ThinkingPriority``):
    niceness 19 (``low``), idle priority too (``idle``), or the bot's own (``normal``)."""
    name: str = "gaigel-thinking"
    """The processes' name (``ps``): the computers' ``gaigel-thinking``, the coach's
    ``gaigel-coach``."""
    stats: ThinkingStats = field(default_factory=ThinkingStats)

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError("a thinking pool needs at least one process")
        self._workers: list[_Worker] = []
        self._dying: list[_Worker] = []
        """Processes given up on (killed) whose end has not been seen yet."""
        self._queue: list[_Job] = []
        self._parted: list[_Job] = []
        """Jobs shared out between processes whose lanes are still busy."""
        self._busy: set[Hashable] = set()
        self._shared: dict[Hashable, asyncio.Future[Any]] = {}
        self._spawning: set[asyncio.Task[None]] = set()
        self._start_task: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        """Set when a process became ready or died (``start`` waits for it)."""
        self._closing = asyncio.Event()
        self._early_deaths = 0
        self._ids = itertools.count(1)
        self._closed = False

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Start the processes and wait until every one is ready (idempotent)."""
        if self._closed:
            raise ThinkingClosed("the thinking pool is closed")
        if self._start_task is None:
            self._start_task = asyncio.ensure_future(self._start())
        await asyncio.shield(self._start_task)

    async def _start(self) -> None:
        self._spawn_missing()
        while sum(w.ready for w in self._workers) < self.size:
            if self._early_deaths >= START_FAILURES:
                raise ThinkingError("the thinking processes die before they are ready")
            if self._closed:
                raise ThinkingClosed("the thinking pool is closed")
            self._changed.clear()
            await self._changed.wait()

    @property
    def pids(self) -> list[int]:
        """The process ids of the live, ready processes."""
        return [w.pid for w in self._workers if w.ready and not w.gone and w.pid is not None]

    @property
    def waiting(self) -> int:
        """Questions waiting for a process."""
        return len(self._queue)

    @property
    def busy(self) -> int:
        """Searches under way in a process."""
        return sum(w.job is not None for w in self._workers)

    async def close(self) -> None:
        """Stop every process (one that is searching, or does not stop in time, is killed)
        and answer every waiting question with ``ThinkingClosed``. Idempotent."""
        if self._closed:
            return
        self._closed = True
        self._closing.set()
        self._changed.set()
        if self._spawning:  # a process on its way is stopped as soon as it has started
            await asyncio.gather(*self._spawning, return_exceptions=True)
        if self._start_task is not None and not self._start_task.done():
            self._start_task.cancel()
        jobs = list(self._queue) + [w.job for w in self._workers if w.job is not None]
        busy = [w for w in self._workers if w.job is not None]
        self._queue.clear()
        self._parted.clear()
        for job in jobs:
            self._finish(job, error=ThinkingClosed("the thinking pool was closed"))
        workers, self._workers = list(self._workers), []
        dying, self._dying = list(self._dying), []
        loop = asyncio.get_running_loop()
        for w in workers + dying:
            self._unwatch(loop, w)
            if w in busy:  # a search holds no state worth waiting for
                with contextlib.suppress(OSError, ValueError):
                    w.process.kill()
            elif not w.gone:
                with contextlib.suppress(OSError, ValueError):
                    w.conn.send(None)
        processes = [w.process for w in workers + dying if not w.reaped]
        if processes:
            await _apart(_stop, processes)
        for w in workers:
            w.conn.close()

    # ------------------------------------------------------------------ asking

    async def ask(self, question: Question | Callable[[], Question], *,
                  lanes: Iterable[Hashable] = (), share: Hashable | None = None) -> Any:
        """The answer to ``question`` (or to the question ``question()`` makes, made only if no
        search is shared), from a process. ``lanes``: at most one search in flight per lane.
        ``share``: a key under which askers of the same question share one search."""
        self.stats.asked += 1
        if share is not None and (shared := self._shared.get(share)) is not None:
            self.stats.shared += 1
            return await asyncio.shield(shared)
        if self._closed:
            raise ThinkingClosed("the thinking pool is closed")
        if not self._workers and not self._spawning:
            self._spawn_missing()  # not started yet: start now
        if not isinstance(question, Question):
            question = question()
        loop = asyncio.get_running_loop()
        deadline = None
        if question.timed and question.has_fallback:
            deadline = time.perf_counter() + (question.budget + self.grace_ms) / 1000.0
        job = _Job(next(self._ids), question,
                   pickle.dumps(question, protocol=pickle.HIGHEST_PROTOCOL),
                   tuple(dict.fromkeys(lanes)), loop.create_future(), deadline, share)
        if deadline is not None:
            job.timer = loop.call_later(deadline - time.perf_counter(), self._late, job)
        if share is not None:
            self._shared[share] = job.future
        self._queue.append(job)
        self._pump()
        return await asyncio.shield(job.future)

    # ------------------------------------------------------------------ scheduling

    def _pump(self) -> None:
        """Send work to idle processes: first the part a split search needs to go on (asked
        again, or its only process's next block), then the first waiting question whose
        lanes are free, then more blocks of a split search without a clock."""
        for w in list(self._workers):
            if not self._queue and not self._parted:
                return
            if not self._idle(w):
                continue
            job = next((j for j in self._parted if self._urgent(j)), None)
            if job is not None:
                self._send_part(w, job)
                continue
            while (job := self._next()) is not None:
                if self._send(w, job):
                    break
            if w.job is None and (job := next((j for j in self._parted
                                               if self._more(j)), None)) is not None:
                self._send_part(w, job)

    @staticmethod
    def _idle(w: _Worker) -> bool:
        return w.ready and not w.gone and w.job is None

    def _next(self) -> _Job | None:
        for i, job in enumerate(self._queue):
            if not any(lane in self._busy for lane in job.lanes):
                del self._queue[i]
                return job
        return None

    def _send(self, w: _Worker, job: _Job) -> bool:
        """Send ``job`` to ``w`` with the budget it may use now (shared out with the idle
        processes no waiting question could use, if it is a search that splits); False if it
        was answered by its fallback instead (too late)."""
        budget: float | None = None
        if job.deadline is not None:
            full = job.question.budget
            fair = full * self.size / (self.size + len(self._queue))
            left = (job.deadline - time.perf_counter()) * 1000.0 - MARGIN_MS
            budget = min(fair, left)
            if budget < MIN_SEARCH_MS:
                self._finish(job, fallback=True)
                return False
            if budget < full:
                self.stats.shrunk += 1
            else:
                budget = None
        helpers = self._spare(w, job)
        if helpers and self._share_out(job, budget, [w, *helpers]):
            return True
        try:
            w.conn.send((job.id, budget, job.blob))
        except (OSError, ValueError):
            self._queue.insert(0, job)
            self._lost(w)
            return True
        w.job = job
        self._busy.update(job.lanes)
        self.stats.searches += 1
        return True

    def _late(self, job: _Job) -> None:
        """The deadline passed: the fallback answers (a search under way goes on to its end,
        its lanes busy until then, and its answer is dropped); a split search's parts that
        came back answer, if any did."""
        if job in self._queue:
            self._queue.remove(job)
        parts = job.parts
        if parts is not None and parts.answered and not job.future.done():
            self._finish(job, parts.split.answer(parts.tally))
        self._finish(job, fallback=True)

    # ------------------------------------------------------------------ split searches

    def _spare(self, w: _Worker, job: _Job) -> list[_Worker]:
        """The idle processes besides ``w`` that nothing waiting could use now."""
        idle = [x for x in self._workers if x is not w and self._idle(x)]
        if not idle:
            return []
        wanting = sum(1 for j in self._parted if self._urgent(j))
        taken = set(job.lanes)
        for j in self._queue:
            if j is not job and not any(lane in self._busy or lane in taken
                                        for lane in j.lanes):
                wanting += 1
                taken.update(j.lanes)
        return idle[:max(0, len(idle) - wanting)]

    def _share_out(self, job: _Job, budget: float | None, workers: list[_Worker]) -> bool:
        """Send ``job``'s search in parts to ``workers``; False if it does not split."""
        try:
            question = pickle.loads(job.blob)  # the player as it was when asked
            split = question.split()
        except Exception:
            log.exception("a question could not be split; it is asked whole")
            return False
        if split is None:
            return False
        parts = _Parts(split, split.tally(), budget)
        if not split.exact:  # every n-th world to each, under the same deadline
            count = min(len(workers), split.worlds)
            parts.todo = [tuple(range(j, split.worlds, count)) for j in range(count)]
            parts.count = count
        job.parts = parts
        self._busy.update(job.lanes)
        self._parted.append(job)
        self.stats.searches += 1
        self.stats.split += 1
        for x in workers:
            if parts.todo or self._more(job):
                if self._idle(x):
                    self._send_part(x, job)
        return True

    def _urgent(self, job: _Job) -> bool:
        """Whether a split search needs a process to go on: a part to ask, or (without a
        clock) no process valuing its worlds."""
        parts = job.parts
        assert parts is not None
        if job.future.done():
            return False
        return bool(parts.todo) or (parts.running == 0 and self._more(job))

    def _more(self, job: _Job) -> bool:
        """Whether a split search without a clock has worlds left to ask for."""
        parts = job.parts
        assert parts is not None
        return (parts.split.exact and not job.future.done()
                and parts.tally.needs(parts.next))

    def _send_part(self, w: _Worker, job: _Job) -> None:
        parts = job.parts
        assert parts is not None
        if parts.todo:
            indices = parts.todo.pop(0)
        else:
            stop = min(parts.next + self.block, parts.split.worlds)
            indices = tuple(range(parts.next, stop))
            parts.next = stop
        blob = pickle.dumps(parts.split.part(indices, parts.count),
                            protocol=pickle.HIGHEST_PROTOCOL)
        w.job, w.indices = job, indices
        parts.running += 1
        self.stats.parts += 1
        try:
            w.conn.send((job.id, parts.budget, blob))
        except (OSError, ValueError):
            self._lost(w)

    def _part_back(self, w: _Worker, job: _Job, indices: tuple[int, ...], ok: bool,
                   answer: Any) -> None:
        """A part came back (``ok``: its worlds) or its process died (``ok`` False, no
        answer): merge it, answer the question once the parts decide it, and keep the
        search going on ``w`` when it has no other process."""
        parts = job.parts
        assert parts is not None
        parts.running -= 1
        if ok and not job.future.done():
            assert isinstance(answer, Part)
            parts.tally.add(answer)
            parts.answered += 1
        if not job.future.done():
            if parts.split.exact:
                if parts.tally.done or not (parts.running or parts.todo or self._more(job)):
                    self._finish(job, parts.split.answer(parts.tally))
            elif not parts.running and not parts.todo:  # every part is back
                if parts.answered:
                    self._finish(job, parts.split.answer(parts.tally))
                else:  # every process died: asked again whole, as an unsplit question
                    self._unpart(job)
                    late = job.deadline is not None and time.perf_counter() >= job.deadline
                    if job.tries < TRIES and not late:
                        self.stats.retried += 1
                        self._queue.insert(0, job)
                    else:
                        self._finish(job, fallback=True)
                    return
        if job.future.done():
            parts.todo.clear()
        if not parts.running:
            if job.future.done() or not self._urgent(job):
                self._unpart(job)
            elif self._idle(w):
                self._send_part(w, job)  # the search's own process goes on

    def _unpart(self, job: _Job) -> None:
        """Free a split search's lanes: no part of it is in a process any more."""
        if job in self._parted:
            self._parted.remove(job)
            self._busy.difference_update(job.lanes)
        job.parts = None

    def _finish(self, job: _Job, answer: Any = None, *, fallback: bool = False,
                error: BaseException | None = None) -> None:
        """Answer ``job``'s askers: with ``answer``, its fallback, or ``error``."""
        if job.timer is not None:
            job.timer.cancel()
        if job.share is not None and self._shared.get(job.share) is job.future:
            del self._shared[job.share]
        if job.future.done():
            return
        if fallback:
            try:
                answer = job.question.fallback()
            except NoFallback:
                error = ThinkingError(f"no answer to {type(job.question).__name__}")
            except Exception as exc:
                log.exception("the fallback of a question failed")
                error = ThinkingError(str(exc))
            else:
                self.stats.fallbacks += 1
        if error is not None:
            job.future.set_exception(error)
            job.future.exception()  # retrieved: no one may be waiting any more
        else:
            if not fallback:
                self.stats.answered += 1
            job.future.set_result(answer)

    # ------------------------------------------------------------------ the processes

    def _spawn_missing(self) -> None:
        missing = self.size - sum(not w.gone for w in self._workers) - len(self._spawning)
        delay = min(5.0, 0.1 * (2 ** self._early_deaths - 1))
        for _ in range(max(0, missing)):
            task = asyncio.ensure_future(self._add_worker(delay))
            self._spawning.add(task)
            task.add_done_callback(self._spawning.discard)

    async def _add_worker(self, delay: float) -> None:
        """Start one process (after ``delay`` seconds: processes that died young wait a
        little longer each time) and watch its pipe and its end."""
        if delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), delay)
        if self._closed:
            return
        context = _context(self.method)
        parent, child = context.Pipe()
        process = context.Process(target=serve, args=(child, self.priority), name=self.name,
                                  daemon=True)
        try:
            await _apart(process.start)
        except Exception:
            parent.close()
            if not self._closed:
                log.exception("a thinking process did not start")
                self._died_young()
                task = asyncio.current_task()
                if task is not None:
                    self._spawning.discard(task)  # not counted as on its way any more
                self._spawn_missing()
            return
        finally:
            child.close()
        if self._closed:
            parent.close()
            await _apart(_stop, [process])
            return
        w = _Worker(process, parent, process.pid)
        self._workers.append(w)
        loop = asyncio.get_running_loop()
        loop.add_reader(parent.fileno(), self._on_message, w)
        loop.add_reader(process.sentinel, self._on_exit, w)

    def _on_message(self, w: _Worker) -> None:
        try:
            message = w.conn.recv()
        except (EOFError, OSError):
            self._lost(w)
            return
        if message[0] == "ready":
            w.ready = True
            self._early_deaths = 0
            self._changed.set()
            self._pump()
            return
        job_id, ok, answer = message
        job, w.job = w.job, None
        indices, w.indices = w.indices, None
        if job is None or job.id != job_id:  # never expected: one question at a time
            log.error("thinking process %s answered a question it was not asked", w.pid)
        elif indices is not None:
            if not ok:
                log.error("a search failed in process %s: %s", w.pid, answer)
                self._finish(job, fallback=True)
            self._part_back(w, job, indices, ok, answer)
        else:
            self._busy.difference_update(job.lanes)
            if ok:
                self._finish(job, answer)
            else:
                log.error("a search failed in process %s: %s", w.pid, answer)
                self._finish(job, fallback=True)
        self._pump()

    def _on_exit(self, w: _Worker) -> None:
        loop = asyncio.get_running_loop()
        loop.remove_reader(w.process.sentinel)
        w.process.join(0)
        w.reaped = True
        if w in self._dying:
            self._dying.remove(w)
        self._lost(w)
        try:
            w.process.close()
        except ValueError:  # not reaped after all: close() stops it
            self._dying.append(w)
            w.reaped = False

    def _lost(self, w: _Worker) -> None:
        """A process died (or its pipe broke): replace it; its question goes out again once,
        else its fallback answers."""
        if w.gone:
            return
        w.gone = True
        loop = asyncio.get_running_loop()
        loop.remove_reader(w.conn.fileno())
        if not w.reaped:
            with contextlib.suppress(OSError, ValueError):
                w.process.kill()
            self._dying.append(w)
        w.conn.close()
        if w in self._workers:
            self._workers.remove(w)
        if self._closed:
            return
        self.stats.lost += 1
        if not w.ready:
            self._died_young()
        log.warning("thinking process %s ended%s; starting another", w.pid,
                    f" (exit code {w.process.exitcode})" if w.reaped else "")
        job, w.job = w.job, None
        indices, w.indices = w.indices, None
        if job is not None and indices is not None:
            job.tries += 1
            parts = job.parts
            assert parts is not None
            if parts.split.exact and not job.future.done():
                if job.tries < TRIES:
                    self.stats.retried += 1
                    parts.todo.insert(0, indices)
                else:
                    self._finish(job, fallback=True)
            self._part_back(w, job, indices, False, None)
        elif job is not None:
            self._busy.difference_update(job.lanes)
            job.tries += 1
            late = job.deadline is not None and time.perf_counter() >= job.deadline
            if job.tries < TRIES and not late and not job.future.done():
                self.stats.retried += 1
                self._queue.insert(0, job)
            else:
                self._finish(job, fallback=True)
        self._changed.set()
        self._spawn_missing()
        self._pump()

    def _died_young(self) -> None:
        """A process died before it was ready. After ``START_FAILURES`` in a row with none
        ready, the waiting questions are answered without a search (their fallback, else
        ``ThinkingError``) rather than wait for processes that may never come; new processes
        are still tried, less and less often."""
        self._early_deaths += 1
        self._changed.set()
        if self._early_deaths >= START_FAILURES and not any(w.ready for w in self._workers):
            log.error("the thinking processes do not start (%d tries in a row)",
                      self._early_deaths)
            waiting, self._queue = self._queue, []
            for job in waiting:
                self._finish(job, fallback=True)
            for job in [j for j in self._parted if self._urgent(j)]:
                self._finish(job, fallback=True)
                assert job.parts is not None
                if not job.parts.running:
                    self._unpart(job)

    @staticmethod
    def _unwatch(loop: asyncio.AbstractEventLoop, w: _Worker) -> None:
        if not w.gone:
            loop.remove_reader(w.conn.fileno())
        if not w.reaped:
            loop.remove_reader(w.process.sentinel)


def _context(method: str | None) -> Any:
    if method is None:
        method = ("forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
                  else "spawn")
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        # The fork server imports these once and every process forks from it, ready. The
        # main module is among them (as by default), else each process would run it again.
        context.set_forkserver_preload(["__main__", "bot.thinking.worker"])
    return context


async def _apart(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` in a thread of its own, which starts with an empty context: starting and
    joining processes waits on multiprocessing's pipes, timed with ``time.monotonic``, which a
    harness such as simcord makes virtual (and still) in the bot's own context and executor."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Any] = loop.create_future()

    def answer(result: Any, error: BaseException | None) -> None:
        if done.done():
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)

    def run() -> None:
        try:
            result = fn(*args)
        except BaseException as exc:
            loop.call_soon_threadsafe(answer, None, exc)
        else:
            loop.call_soon_threadsafe(answer, result, None)

    threading.Thread(target=run, name="gaigel-thinking-start", daemon=True).start()
    return await done


def _stop(processes: list[Any]) -> None:
    """Wait for ``processes`` to end (they were told to stop); kill the late ones."""
    end = time.perf_counter() + STOP_WAIT_S
    for p in processes:
        p.join(max(0.0, end - time.perf_counter()))
    for p in processes:
        if p.is_alive():
            p.kill()
            p.join()
    for p in processes:
        p.close()
