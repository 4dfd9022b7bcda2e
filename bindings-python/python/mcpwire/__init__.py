"""mcpwire: a strict codec for Model Context Protocol tool messages (Python binding).

Every rule lives in the Rust core; this package only converts values and maps errors.
See ``__init__.pyi`` for the typed signatures and which exception each function raises.
"""

from typing import Any, Optional, TypedDict, Union

from ._mcpwire import (
    ERROR_KINDS,
    DecodeError,
    Error,
    __version__,
    canonicalize,
    classify,
    decode,
    encode,
    failure_response,
)

# Names for type annotations (also usable at runtime).
JSON = Any
Input = Union[bytes, bytearray, str]


class ErrorKindInfo(TypedDict):
    name: str
    code: Optional[int]


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
