"""mcpwire: a strict codec for Model Context Protocol tool messages (Python binding).

Every rule lives in the Rust core; this package only converts values and maps errors.
See ``__init__.pyi`` for the typed signatures and which exception each function raises.
"""

from typing import Any, Callable, Dict, List, Literal, Optional, Tuple, TypedDict, Union

from ._mcpwire import (
    Catalog,
    Client,
    DecodeError,
    ERROR_KINDS,
    Error,
    HttpClient,
    HttpEndpoint,
    LineFramer,
    Schema,
    SchemaError,
    Server,
    SseDecoder,
    __version__,
    apply_elicitation_defaults,
    canonicalize,
    check_arguments,
    check_output,
    check_tools,
    classify,
    client_request_headers,
    decode,
    decode_header_value,
    declared_input_requests,
    encode,
    encode_header_value,
    encode_sse_comment,
    encode_sse_event,
    failure_response,
    http_tool_catalog,
    links_to_read,
    open_request_state,
    page,
    render_result,
    seal_request_state,
    validate,
    validate_json,
    write_line,
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


class HttpRequest(TypedDict):
    exchange: int
    method: str
    headers: List[Tuple[str, str]]
    body: bytes
    retry: Optional[int]


class HttpReceived(TypedDict):
    exchange: int
    message: bytes


# ---- Host kit (see __init__.pyi for what each member means) -----------------------------------

# (a Union of one-value Literals: what the stub's Literal means, as stubtest compares it)
Target = Union[
    Literal["openai-chat"],
    Literal["openai-responses"],
    Literal["anthropic"],
    Literal["gemini"],
    Literal["gemini-json-schema"],
]


class Hints(TypedDict):
    readOnlyHint: bool
    destructiveHint: bool
    idempotentHint: bool
    openWorldHint: bool


class ToolView(TypedDict):
    server: str
    tool: str
    title: Optional[str]
    description: Optional[str]
    annotations: Optional[Dict[str, Any]]
    inputSchema: Dict[str, Any]


class Policy(TypedDict, total=False):
    allow: List[str]
    deny: List[str]
    read_only: bool
    max_tools: Optional[int]
    ask: Literal["non_read_only", "destructive", "always", "never"]
    ask_tools: List[str]
    predicate: Optional[Callable[[ToolView], object]]


class Finding(TypedDict):
    server: str
    tool: str
    code: str
    severity: Literal["error", "warning", "info"]
    message: str


class ToolRef(TypedDict):
    server: str
    tool: str


class HiddenTool(TypedDict):
    server: str
    tool: str
    reason: str


class Selection(TypedDict):
    shown: List[ToolRef]
    hidden: List[HiddenTool]


class SchemaChange(TypedDict):
    server: str
    tool: str
    path: str
    change: str
    reason: str


class ModelTools(TypedDict):
    tools: List[Dict[str, Any]]
    names: Dict[str, ToolRef]
    changes: List[SchemaChange]


class ArgumentError(TypedDict):
    instancePath: str
    schemaPath: str
    keyword: str
    message: str


class _DecisionFields(TypedDict):
    decision: Literal["run", "ask", "send_back", "reject"]
    server: Optional[str]
    tool: Optional[str]
    arguments: Any
    message: str
    errors: List[ArgumentError]
    hints: Optional[Hints]


class Decision(_DecisionFields, total=False):
    prompt: str


class LinkToRead(TypedDict):
    uri: str
    name: str
    mimeType: Optional[str]
    read: bool
    reason: str


__all__ = [
    "ArgumentError",
    "Catalog",
    "Client",
    "Decision",
    "DecodeError",
    "ERROR_KINDS",
    "Error",
    "ErrorFacts",
    "ErrorKindInfo",
    "Event",
    "Facts",
    "Finding",
    "HiddenTool",
    "Hints",
    "HttpCall",
    "HttpCatalog",
    "HttpClient",
    "HttpEndpoint",
    "HttpReceived",
    "HttpReply",
    "HttpRequest",
    "HttpStream",
    "Input",
    "JSON",
    "JSONText",
    "LineFrame",
    "LineFramer",
    "LinkToRead",
    "ModelTools",
    "OutputCheck",
    "Page",
    "Policy",
    "RejectedTool",
    "Schema",
    "SchemaChange",
    "SchemaError",
    "SchemaInput",
    "Selection",
    "Server",
    "SseDecoder",
    "SseEvent",
    "Target",
    "TooLong",
    "ToolRef",
    "ToolView",
    "ValidationErrorInfo",
    "__version__",
    "apply_elicitation_defaults",
    "canonicalize",
    "check_arguments",
    "check_output",
    "check_tools",
    "classify",
    "client_request_headers",
    "decode",
    "decode_header_value",
    "encode",
    "encode_header_value",
    "encode_sse_comment",
    "encode_sse_event",
    "failure_response",
    "http_tool_catalog",
    "links_to_read",
    "page",
    "render_result",
    "validate",
    "validate_json",
    "write_line",
]
