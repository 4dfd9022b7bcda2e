"""mcpwire: a strict codec for Model Context Protocol tool messages (Python binding).

Every rule lives in the Rust core; this package only converts values and maps errors.
See ``__init__.pyi`` for the typed signatures and which exception each function raises.
"""

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

__all__ = [
    "ERROR_KINDS",
    "DecodeError",
    "Error",
    "__version__",
    "canonicalize",
    "classify",
    "decode",
    "encode",
    "failure_response",
]
