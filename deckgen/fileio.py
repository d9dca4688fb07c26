"""Atomic file output: a file appears complete or not at all, never half-written."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside `target`; on success it is renamed onto `target`,
    on any error it is removed and `target` is left as it was."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    finally:
        temp.unlink(missing_ok=True)


def write_atomic(target: Path, data: str | bytes) -> Path:
    """Write text (UTF-8) or bytes to `target` atomically."""
    with atomic_path(target) as temp:
        if isinstance(data, str):
            temp.write_text(data, encoding="utf-8")
        else:
            temp.write_bytes(data)
    return target
