"""mcpwire: a strict codec for Model Context Protocol tool messages (Python binding).

Every rule lives in the Rust core; this package only converts values and maps errors.
See ``__init__.pyi`` for the typed signatures and which exception each function raises.
"""

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union

from ._mcpwire import (
    ERROR_KINDS,
    Client,
    DecodeError,
    Error,
    Schema,
    SchemaError,
    Server,
    __version__,
    canonicalize,
    check_arguments,
    check_output,
    classify,
    decode,
    encode,
    failure_response,
    page,
    validate,
    validate_json,
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

Event = Dict[str, Any]
SchemaInput = Union[bytes, bytearray, Dict[str, Any], bool]
JSONText = Union[str, bytes, bytearray]


class Page(TypedDict):
    start: int
    end: int
    nextCursor: Optional[str]


class ValidationErrorInfo(TypedDict):
    instance_path: str
    schema_path: str
    keyword: str
    message: str


class OutputCheck(TypedDict):
    outcome: Literal["skipped", "valid", "missing_structured_content", "output_schema_mismatch"]
    errors: List[ValidationErrorInfo]


__all__ = [
    "ERROR_KINDS",
    "Client",
    "DecodeError",
    "Error",
    "ErrorFacts",
    "ErrorKindInfo",
    "Event",
    "Facts",
    "Input",
    "JSON",
    "JSONText",
    "OutputCheck",
    "Page",
    "Schema",
    "SchemaError",
    "SchemaInput",
    "Server",
    "ValidationErrorInfo",
    "__version__",
    "canonicalize",
    "check_arguments",
    "check_output",
    "classify",
    "decode",
    "encode",
    "failure_response",
    "page",
    "validate",
    "validate_json",
]
