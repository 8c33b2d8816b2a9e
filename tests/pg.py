"""A real PostgreSQL for the tests: Debian's ``postgresql`` package, initdb into a temporary
folder, listening on a Unix socket in that folder only, one fresh database per test, stopped
at the end of the session.

As root, the server runs as the ``postgres`` user (PostgreSQL refuses to run as root), so the
folder is created outside pytest's private tmp and given to that user.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bot.storage import open_storage

INSTALL_HINT = ("PostgreSQL is not installed, so the tests against PostgreSQL are skipped: "
                "install Debian's postgresql package (apt-get install postgresql)")


def find_bindir() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` with initdb and pg_ctl (or PG_BINDIR)."""
    candidates = [os.environ["PG_BINDIR"]] if os.environ.get("PG_BINDIR") else []
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                         key=lambda p: int(p.split("/")[-2]) if p.split("/")[-2].isdigit() else 0,
                         reverse=True)
    for c in candidates:
        if (Path(c) / "initdb").exists() and (Path(c) / "pg_ctl").exists():
            return Path(c)
    return None


class PostgresServer:
    """One throwaway PostgreSQL server; ``new_database()`` gives a URL of an empty database."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="gaigel-pg-"))
        self.data = self.folder / "data"
        self._names = itertools.count(1)
        self._user: str | None = None
        if os.geteuid() == 0:
            self._user = "postgres"
            entry = pwd.getpwnam(self._user)
            os.chmod(self.folder, 0o755)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)

    def _run(self, *argv: str) -> subprocess.CompletedProcess[str]:
        cmd = list(argv)
        if self._user is not None:
            cmd = ["runuser", "-u", self._user, "--", *cmd]
        return subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=self.folder)

    def start(self) -> None:
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "--auth=trust",
                  "-U", "postgres", "-E", "UTF8", "--no-sync")
        options = (f"-k {self.folder} -c listen_addresses='' -c fsync=off "
                   "-c max_connections=200 -c shared_buffers=32MB")
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", options,
                  "-l", str(self.folder / "log"), "-w", "start")

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def new_database(self) -> str:
        name = f"gaigel_test_{next(self._names)}"
        subprocess.run([str(self.bindir / "createdb"), "-h", str(self.folder), "-U", "postgres",
                        name], check=True, capture_output=True, text=True)
        return self.url(name)


async def fetch_all(url: str, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Rows of ``sql`` through another connection to the database ``url`` (either back end)."""
    storage = await open_storage(url)
    try:
        return await storage.run(lambda c: [tuple(r) for r in c.execute(sql, params)])
    finally:
        await storage.close()


async def change(url: str, sql: str, params: tuple[Any, ...] = ()) -> int:
    """Run one writing statement on ``url``; the rows it changed."""
    storage = await open_storage(url)
    try:
        return int(await storage.write(lambda c: c.execute(sql, params).rowcount))
    finally:
        await storage.close()
