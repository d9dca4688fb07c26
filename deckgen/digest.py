"""SHA-256 for the keys of stored results and cached data, without loading OpenSSL.

hashlib's sha256 comes from OpenSSL, whose loading costs every command some milliseconds of
start-up; the interpreter carries its own SHA-256, as the random module uses its own SHA-512.
The digests are the same, so nothing stored under them changes.
"""

from __future__ import annotations

try:
    from _sha2 import sha256  # type: ignore[import-not-found]  # Python 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # type: ignore[import-not-found,no-redef]  # Python 3.11
    except ImportError:  # an interpreter built without its own
        from hashlib import sha256  # type: ignore[assignment]

__all__ = ["sha256"]
