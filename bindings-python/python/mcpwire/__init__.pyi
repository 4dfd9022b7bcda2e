"""Typed surface of mcpwire. All checks are done by the Rust core (crate ``mcpwire``)."""

from typing import Any, Dict, List, Optional, TypedDict, Union

__all__ = [
    "ERROR_KINDS",
    "DecodeError",
    "Error",
    "ErrorFacts",
    "ErrorKindInfo",
    "Facts",
    "Input",
    "JSON",
    "__version__",
    "canonicalize",
    "classify",
    "decode",
    "encode",
    "failure_response",
]

__version__: str

JSON = Any
"""A plain JSON value: dict (str keys), list, tuple (encode only), str, int, float, bool, None."""

class ErrorKindInfo(TypedDict):
    name: str
    code: Optional[int]

ERROR_KINDS: List[ErrorKindInfo]
"""Every error kind core knows, in table order: stable snake_case ``name`` and the JSON-RPC
``code`` a server answers with (``None`` for tool errors, reported as ``isError`` results,
and for local faults)."""

class Error(Exception):
    """Root of every exception mcpwire defines."""

class DecodeError(Error):
    """A message failed core's rules. ``str(err)`` is core's message."""

    kind: str
    """The ErrorKind name, verbatim (one of ``ERROR_KINDS``' names), e.g. ``"duplicate_key"``."""
    code: Optional[int]
    """The JSON-RPC error code for this kind, or ``None`` for tool errors / local faults."""
    offset: int
    """Byte offset into the input (UTF-8 bytes for ``str`` input) where the fault was found.
    For :func:`encode` it is an offset into the compact JSON of the given value."""

Input = Union[bytes, bytearray, str]

def decode(
    data: Input,
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
    max_members: Optional[int] = None,
) -> Dict[str, JSON]:
    """Validates one JSON-RPC message with every core rule and returns it as plain Python
    values, equal to ``json.loads(data)`` (numbers without '.', 'e', 'E' become ``int``,
    others ``float``).

    Raises :class:`DecodeError` when the message is invalid, ``TypeError`` for an input that
    is not bytes/bytearray/str, ``UnicodeEncodeError`` (a ``ValueError``) for a ``str`` with
    lone surrogates. Inputs over 64 KiB are checked with the GIL released.
    Limits default to core's ``Limits::DEFAULT`` (64 MiB, depth 128, 1,000,000 members)."""

def encode(
    message: Dict[str, JSON],
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
    max_members: Optional[int] = None,
) -> bytes:
    """Checks a message given as plain values and returns its canonical bytes (identical to
    the Rust encoder's).

    Raises ``TypeError`` for values JSON cannot hold (sets, bytes, objects, ...) and for dict
    keys that are not ``str``; ``ValueError`` for NaN/infinite floats, for ``str`` with lone
    surrogates (``UnicodeEncodeError``) and for reference cycles / nesting beyond 4096 levels;
    :class:`DecodeError` when the value is JSON but not a valid message (nesting past
    ``max_depth`` is reported by core as ``too_deep``)."""

def canonicalize(
    data: Input,
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
    max_members: Optional[int] = None,
) -> bytes:
    """Canonical bytes of one message given as bytes or text. Raises like :func:`decode`."""

class ErrorFacts(TypedDict):
    kind: str
    code: Optional[int]
    offset: int
    message: str

Facts = TypedDict(
    "Facts",
    {
        "ok": bool,
        "kind": Optional[str],
        "method": Optional[str],
        "id": Union[str, int, None],
        "type": Optional[str],
        "class": Optional[str],
        "code": Optional[int],
        "error": ErrorFacts,
    },
    total=False,
)
"""What :func:`classify` returns; ``error`` is present only when ``ok`` is false."""

def classify(
    data: Input,
    *,
    max_bytes: Optional[int] = None,
    max_depth: Optional[int] = None,
    max_members: Optional[int] = None,
) -> Facts:
    """The facts ``mcpwire check --json`` prints for one line, without ``line``: ``ok``,
    ``kind``, ``method``, ``id``, ``type``, ``class``, ``code`` and, when ``ok`` is false,
    ``error`` = ``{kind, code, offset, message}``. Never raises :class:`DecodeError` (an invalid
    message is a fact); ``TypeError`` for an input that is not bytes/bytearray/str."""

def failure_response(
    kind: str,
    message: str,
    id: Union[str, int, None] = None,
    version: str = "2026-07-28",
) -> Dict[str, JSON]:
    """The wire response a server sends for a failure of ``kind`` (an ``ERROR_KINDS`` name) on
    request ``id``: a JSON-RPC error response for protocol errors, a ``CallToolResult`` with
    ``isError: true`` for tool errors, as core decides for protocol ``version``.

    Raises ``ValueError`` for an unknown kind or version, or an id that is not a str or int."""
