"""mcpwire: a strict codec for Model Context Protocol tool messages (Python binding).

Every rule lives in the Rust core; this package only converts values and maps errors.
See ``__init__.pyi`` for the typed signatures and which exception each function raises.
"""

from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union

from ._mcpwire import (
    ERROR_KINDS,
    Client,
    DecodeError,
    Error,
    HttpEndpoint,
    LineFramer,
    SseDecoder,
    client_request_headers,
    decode_header_value,
    encode_header_value,
    encode_sse_comment,
    encode_sse_event,
    http_tool_catalog,
    write_line,
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
SchemaInput = Union[bytes, bytearray, str, Dict[str, Any], bool]


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


# Transports: the shapes of frames, events and HTTP replies (see __init__.pyi).
class LineFrame(TypedDict):
    kind: Literal["line"]
    line: bytes


class TooLong(TypedDict):
    kind: Literal["too_long"]
    len: int


class SseEvent(TypedDict):
    kind: Literal["event"]
    event: str
    data: str
    id: str
    retry: Optional[int]


class RejectedTool(TypedDict):
    tool: str
    reason: str


class HttpCatalog(TypedDict):
    tools: List[Dict[str, Any]]
    rejected: List[RejectedTool]


class HttpReply(TypedDict):
    kind: Literal["reply"]
    status: Optional[int]
    headers: List[Tuple[str, str]]
    body: bytes
    done: bool


class HttpStream(TypedDict):
    kind: Literal["stream"]
    exchange: int
    status: Optional[int]
    headers: List[Tuple[str, str]]
    body: bytes
    done: bool


class HttpCall(TypedDict):
    kind: Literal["call"]
    exchange: int
    request: Dict[str, Any]


__all__ = [
    "ERROR_KINDS",
    "Client",
    "DecodeError",
    "Error",
    "HttpCall",
    "HttpCatalog",
    "HttpEndpoint",
    "HttpReply",
    "HttpStream",
    "LineFrame",
    "LineFramer",
    "RejectedTool",
    "SseEvent",
    "TooLong",
    "SseDecoder",
    "client_request_headers",
    "decode_header_value",
    "encode_header_value",
    "encode_sse_comment",
    "encode_sse_event",
    "http_tool_catalog",
    "write_line",
    "ErrorFacts",
    "ErrorKindInfo",
    "Event",
    "Facts",
    "Input",
    "JSON",
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
]
