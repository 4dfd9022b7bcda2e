"""Typed surface of mcpwire. All checks are done by the Rust core (crate ``mcpwire``)."""

from typing import Any, Callable, Dict, List, Literal, Mapping, Optional, Tuple, TypedDict, Union, final

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
    """A message failed core's rules, or a session call was refused by core (a misuse, a
    capability the server did not declare, a tampered cursor). ``str(err)`` is core's
    message."""

    kind: str
    """The ErrorKind name, verbatim (one of ``ERROR_KINDS``' names), e.g. ``"duplicate_key"``."""
    code: Optional[int]
    """The JSON-RPC error code for this kind, or ``None`` for tool errors / local faults."""
    offset: int
    """Byte offset into the input (UTF-8 bytes for ``str`` input) where the fault was found.
    For :func:`encode` it is an offset into the compact JSON of the given value; 0 for
    session calls refused without an input."""

class SchemaError(Error):
    """A JSON Schema that cannot be compiled. ``str(err)`` says what and where."""

    kind: str
    """Why: ``invalid_json``, ``invalid_keyword``, ``invalid_regex``, ``unresolvable_ref`` or
    ``too_deep``."""
    schema_path: str
    """JSON pointer into the schema (``""`` for the whole document)."""

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

# ---- protocol state (sans-IO) ------------------------------------------------------------------

Event = Dict[str, JSON]
"""What a session says an input meant: a dict with an ``event`` name and that event's keys
(core's names, e.g. ``nextCursor``, ``progressToken``), ``None`` where core has none.

Client events: ``ready`` {version, tools}, ``handshake_failed``, ``version_retry`` {id,
version} (the handshake is queued again at ``version`` for ``poll_transmit``), ``tools_page`` {id, result,
stop}, ``tool_result`` {id, class, result}, ``input_required`` {id, result}, ``error`` {id,
method, error}, ``progress`` {id, progress, total, message}, ``tool_list_changed``, ``late``
{reason}, ``other`` {message}; from :meth:`Client.poll_event`: ``timed_out`` {id, method}.

Server events: ``handshake``, ``list_tools`` {id, cursor}, ``call_tool`` {id, name, arguments,
progressToken, clientCapabilities, inputResponses, requestState}, ``cancelled`` {id, known},
``refused`` {id, kind, code}, ``other`` {message}.

Multi round-trip requests (2026-07-28): a tool that needs more answers with
:meth:`Server.respond_input_required` (``{"inputRequests": {key: {"method", "params"}},
"requestState": …}``); the client gets an ``input_required`` event {id, result}, fulfils each
input request and retries with :meth:`Client.retry_tool`; the tool then sees the retry's
``inputResponses`` and ``requestState`` in its ``call_tool`` event."""

@final
class Client:
    """A host's protocol state for one connection, without I/O and without a clock: ``now`` is
    the caller's time in milliseconds on any monotonic scale. Send the bytes that methods
    return and that :meth:`poll_transmit` gives; feed what arrives to :meth:`handle_input`.

    Refusals (an unknown version, arguments that are not an object, a token that is not a
    str/int, calling before the server declared ``tools``) raise :class:`DecodeError`."""

    def __new__(
        cls,
        version: str,
        client_info: Dict[str, JSON],
        capabilities: Optional[Dict[str, JSON]] = None,
        *,
        default_timeout: Optional[int] = None,
        max_timeout: Optional[int] = None,
        reset_timeout_on_progress: bool = False,
        max_pages: Optional[int] = None,
    ) -> Client: ...
    def start(self, now: int) -> Tuple[int, bytes]:
        """Starts the handshake (``initialize`` or ``server/discover``): (id, bytes)."""
    def assume_ready(self, tools: bool, list_changed: bool = False) -> None:
        """Skips the handshake: whether the server has tools is known."""
    def list_tools(self, now: int) -> Tuple[int, bytes]:
        """Starts listing the catalog (later pages are queued for :meth:`poll_transmit`)."""
    def call_tool(
        self,
        now: int,
        name: str,
        arguments: Optional[Dict[str, JSON]] = None,
        timeout: Optional[int] = None,
        progress: Union[bool, str, int, None] = None,
    ) -> Tuple[int, Union[str, int, None], bytes]:
        """Sends ``tools/call``: (id, progress token, bytes). ``progress``: ``None``/``False``
        for none, ``True`` for a fresh token, or the token itself (``0`` and ``""`` are
        tokens)."""
    def retry_tool(
        self,
        now: int,
        name: str,
        arguments: Optional[Dict[str, JSON]],
        input_responses: Dict[str, Dict[str, JSON]],
        request_state: Optional[str] = None,
        timeout: Optional[int] = None,
        progress: Union[bool, str, int, None] = None,
    ) -> Tuple[int, Union[str, int, None], bytes]:
        """Retries a call answered with an ``input_required`` event (2026-07-28): the same
        name and arguments, ``input_responses`` (the result for each input request, by key)
        and the ``requestState`` the server sent; a new id. Raises :class:`DecodeError`
        before 2026-07-28."""
    def cancel(self, id: int, reason: Optional[str] = None) -> Optional[bytes]:
        """``notifications/cancelled`` for a request in flight; ``None`` when it is not."""
    def respond(self, id: Union[int, str], result: Dict[str, JSON]) -> bytes:
        """The response to a request the server sent (an ``other`` event): ``result`` under
        its ``id``, written as given (its shape is the request method's)."""
    def handle_input(self, data: Input, now: int) -> Event:
        """What one incoming message meant. Raises :class:`DecodeError` for an invalid one."""
    def poll_transmit(self) -> Optional[bytes]:
        """The next queued message to send, or ``None``."""
    def poll_event(self) -> Optional[Event]:
        """The next timer event (``timed_out``), or ``None``."""
    def poll_timeout(self) -> Optional[int]:
        """When :meth:`handle_timeout` must next be called, or ``None``."""
    def handle_timeout(self, now: int) -> None:
        """Expires requests whose time limit passed (events and cancellations are queued)."""
    def in_flight(self) -> int: ...
    def catalog_stale(self) -> bool: ...
    def is_ready(self) -> bool: ...

@final
class Server:
    """A server's protocol state for one connection, without I/O. :meth:`handle_input` says
    what a message asks for; handshake answers and refusals are queued for
    :meth:`poll_transmit`. ``id`` arguments are the request ids from the events."""

    def __new__(
        cls,
        versions: List[str],
        server_info: Dict[str, JSON],
        capabilities: Dict[str, JSON],
    ) -> Server: ...
    def handle_input(self, data: Input, now: int) -> Event:
        """What one incoming message asks for (an invalid one is a ``refused`` event)."""
    def respond_tool(self, id: Union[str, int], result: Dict[str, JSON]) -> Optional[bytes]:
        """The response carrying ``result`` (a CallToolResult); ``None`` when the request was
        cancelled (the response is suppressed)."""
    def respond_list(self, id: Union[str, int], result: Dict[str, JSON]) -> bytes:
        """The response carrying one page (a ListToolsResult)."""
    def respond_input_required(self, id: Union[str, int], result: Dict[str, JSON]) -> Optional[bytes]:
        """The response asking for more input (2026-07-28): ``result`` is an
        InputRequiredResult (``inputRequests`` and/or ``requestState``; ``resultType`` is set).
        ``None`` when the request was cancelled. An input request for a capability the call
        did not declare raises :class:`DecodeError` of kind
        ``missing_required_client_capability``, and the call stays open."""
    def respond_failure(
        self, id: Union[str, int], kind: str, message: str, data: Optional[Dict[str, JSON]] = None
    ) -> Optional[bytes]:
        """The failure response for ``kind`` (an ``ERROR_KINDS`` name): a JSON-RPC error or an
        ``isError`` result, as core decides; ``None`` when the request was cancelled.
        ``data``'s members go into the error's ``data`` (e.g. ``requiredCapabilities``)."""
    def notify_progress(
        self,
        id: Union[str, int],
        progress: float,
        total: Optional[float] = None,
        message: Optional[str] = None,
    ) -> bytes:
        """``notifications/progress`` for request ``id`` (which must carry a token; progress
        must increase)."""
    def poll_transmit(self) -> Optional[bytes]: ...
    def stream_closed(self, id: Union[str, int]) -> bool:
        """The client closed request ``id``'s response stream (Streamable HTTP 2026-07-28):
        the request is cancelled, as by ``notifications/cancelled``. True when in flight."""
    def in_flight(self) -> int: ...

class Page(TypedDict):
    start: int
    end: int
    nextCursor: Optional[str]

def apply_elicitation_defaults(params: Dict[str, JSON], result: Dict[str, JSON]) -> Dict[str, JSON]:
    """``result`` (an ``ElicitResult``) with the ``default`` of every property of ``params``'
    ``requestedSchema`` (the ``elicitation/create`` params) that an accepted ``content`` omits
    (SEP-1034); declined, cancelled and URL-mode results as they came. ``DecodeError``
    (``invalid_value``) for shapes that are not objects."""

def page(
    key: bytes,
    length: int,
    page_size: int,
    cursor: Optional[str],
    catalog_version: int,
) -> Page:
    """Items ``[start, end)`` of a catalog of ``length`` items for ``cursor`` (``None`` for the
    first page), and the cursor of the next page (``None`` on the last). ``key`` is the
    server's 16-byte secret; change ``catalog_version`` whenever the catalog changes. A
    tampered, foreign or stale cursor raises :class:`DecodeError` ``invalid_cursor``
    (-32602)."""

# ---- JSON Schema ------------------------------------------------------------------------------

class ValidationErrorInfo(TypedDict):
    instance_path: str
    """JSON pointer to the offending value (``""`` is the whole instance)."""
    schema_path: str
    """JSON pointer to the failing keyword in the schema."""
    keyword: str
    message: str

SchemaInput = Union[bytes, bytearray, Dict[str, JSON], bool]
"""A schema as a decoded value (dict or bool) or as JSON text in ``bytes``/``bytearray``."""

JSONText = Union[str, bytes, bytearray]
"""JSON text, for the ``*_json`` forms."""

@final
class Schema:
    """A compiled JSON Schema (draft 2020-12, or draft-07 by ``$schema``): compile once,
    validate many instances. Raises :class:`SchemaError` when it cannot be compiled."""

    def __new__(
        cls,
        schema: SchemaInput,
        *,
        assert_formats: bool = False,
        max_errors: Optional[int] = None,
        resources: Optional[Dict[str, SchemaInput]] = None,
    ) -> Schema: ...
    def validate(self, instance: JSON) -> List[ValidationErrorInfo]:
        """Every way ``instance`` does not fit (up to ``max_errors``, default 100); empty
        when valid. A ``str`` is a string value; ``bytes``/``bytearray`` are JSON text."""
    def validate_json(self, instance: JSONText) -> List[ValidationErrorInfo]:
        """:meth:`validate` with ``instance`` given as JSON text (``str`` too)."""
    def is_valid(self, instance: JSON) -> bool: ...
    @property
    def draft(self) -> str:
        """The ``$schema`` URI of the root schema's draft."""

def validate(
    schema: SchemaInput,
    instance: JSON,
    *,
    assert_formats: bool = False,
    max_errors: Optional[int] = None,
    resources: Optional[Dict[str, SchemaInput]] = None,
) -> List[ValidationErrorInfo]:
    """Compiles ``schema`` and validates ``instance``: an empty list means valid.

    Both are Python values (a ``str`` instance is a string: ``validate({"type": "string"},
    "hello") == []``); JSON text is given as ``bytes``/``bytearray``, or to
    :func:`validate_json`. Raises :class:`SchemaError` for a schema
    that cannot be compiled (text that is not JSON is ``invalid_json``),
    :class:`DecodeError` for instance text that is not JSON, ``TypeError``/``ValueError`` for
    values JSON cannot hold. ``assert_formats`` checks ``format``; ``resources`` maps absolute
    URIs to schemas ``$ref`` may name (nothing is fetched)."""

def validate_json(
    schema: JSONText,
    instance: JSONText,
    *,
    assert_formats: bool = False,
    max_errors: Optional[int] = None,
    resources: Optional[Dict[str, SchemaInput]] = None,
) -> List[ValidationErrorInfo]:
    """:func:`validate` with ``schema`` and ``instance`` both given as JSON text (``str``,
    ``bytes`` or ``bytearray``). Raises ``TypeError`` for anything else."""

def check_arguments(
    input_schema: SchemaInput,
    tool: str,
    arguments: JSON = None,
    *,
    assert_formats: bool = False,
    max_errors: Optional[int] = None,
) -> Optional[Dict[str, JSON]]:
    """Server side, before running tool ``tool``: ``None`` when ``arguments`` (absent counts
    as ``{}``) fit ``input_schema``, else the ``CallToolResult`` with ``isError: True`` to send
    back, listing every fault. Raises like :func:`validate`."""

def seal_request_state(key: Union[bytes, bytearray], bound_to: str, state: JSON) -> str:
    """``state`` sealed with ``key`` (at least 32 bytes) for ``bound_to`` (e.g. the tool's
    name) as a 2026-07-28 ``requestState``: an HMAC-SHA256 tag the client cannot forge.
    Readable by the client (sealed, not encrypted); it does not expire."""

def open_request_state(key: Union[bytes, bytearray], bound_to: str, sealed: str) -> JSON:
    """The value :func:`seal_request_state` sealed with the same ``key`` and ``bound_to``.
    Raises :class:`DecodeError` (kind ``invalid_value``, code -32602) for a state that was
    changed, sealed for something else or with another key."""

def declared_input_requests(
    input_requests: Dict[str, JSON], client_capabilities: Optional[Dict[str, JSON]] = None
) -> Dict[str, JSON]:
    """The members of ``input_requests`` the client can fulfil: those whose capability
    (``elicitation``, ``sampling``, ``roots``) ``client_capabilities`` declares as an object.
    Raises :class:`DecodeError` for a member that is not an input request."""

class OutputCheck(TypedDict):
    outcome: Literal["skipped", "valid", "missing_structured_content", "output_schema_mismatch"]
    errors: List[ValidationErrorInfo]

def check_output(
    output_schema: SchemaInput,
    result: JSON,
    *,
    assert_formats: bool = False,
    max_errors: Optional[int] = None,
) -> OutputCheck:
    """Host side: checks ``structuredContent`` of ``result`` (a CallToolResult) against the
    tool's ``output_schema``; results with ``isError: True`` are ``skipped``. Raises like
    :func:`validate`."""

# ---- transports (stdio framing, SSE, Streamable HTTP) ----

class LineFrame(TypedDict):
    kind: Literal["line"]
    line: bytes
    """The line without its LF / CRLF (never blank)."""

class TooLong(TypedDict):
    kind: Literal["too_long"]
    len: int
    """A line (or event) over the limit, skipped without being buffered: report it as
    ``input_too_large``."""

@final
class LineFramer:
    """Splits stdio input into lines, one JSON-RPC message each, fed chunks of any size.
    LF and CRLF end lines; blank lines are skipped; a line over ``max_line`` bytes is
    reported once as ``too_long`` and skipped."""

    def __new__(cls, max_line: int = 64 * 1024 * 1024) -> LineFramer: ...
    def feed(self, data: Input) -> List[Union[LineFrame, TooLong]]:
        """Every frame that ends in ``data`` (a partial line waits for more)."""
    def finish(self) -> Optional[Union[LineFrame, TooLong]]:
        """End of input: the partial last line, if any."""

def write_line(message: Input) -> bytes:
    """``message`` and one ``\\n``. Raises ``DecodeError`` (``unexpected_byte``) when the
    message holds a raw CR or LF (stdio messages MUST NOT contain embedded newlines)."""

class SseEvent(TypedDict):
    kind: Literal["event"]
    event: str
    """The event type (``message`` when the stream gave none)."""
    data: str
    """The ``data`` lines joined with LF."""
    id: str
    """The last event id (kept across events, as WHATWG says); ``""`` when none."""
    retry: Optional[int]
    """This event's ``retry`` field in milliseconds, if it had one."""

@final
class SseDecoder:
    """Decodes a ``text/event-stream`` (WHATWG rules: CR / LF / CRLF line ends across
    chunks, a leading BOM, comments, ``id`` and ``retry``), fed chunks of any size."""

    def __new__(cls, max_event: int = 64 * 1024 * 1024) -> SseDecoder: ...
    def feed(self, data: Input) -> List[Union[SseEvent, TooLong]]: ...
    def finish(self) -> bool:
        """End of the stream; True when an unterminated last event was dropped."""
    @property
    def last_event_id(self) -> str:
        """The last event id seen: send it as ``Last-Event-ID`` to resume (2025-11-25)."""
    @property
    def retry(self) -> Optional[int]: ...

def encode_sse_event(data: str, event: str = "", id: str = "", retry: Optional[int] = None) -> bytes:
    """One SSE event (one ``data:`` line per line of ``data``). Raises ``DecodeError`` when
    ``event`` or ``id`` holds a line end (or ``id`` a NUL)."""

def encode_sse_comment(text: str = "") -> bytes:
    """One SSE comment line; ``encode_sse_comment()`` is the usual keep-alive ``:\\n``."""

def client_request_headers(
    message: Union[Dict[str, JSON], Input],
    version: str,
    tool: Optional[Dict[str, JSON]] = None,
    session_id: Optional[str] = None,
) -> List[Tuple[str, str]]:
    """The headers of the POST carrying ``message``: ``Content-Type``, ``Accept``,
    ``MCP-Protocol-Version`` and, on 2026-07-28, ``Mcp-Method``, ``Mcp-Name`` and the
    ``Mcp-Param-{Name}`` headers of ``tool`` (the called tool's definition), values that are
    not plain ASCII as ``=?base64?...?=``; ``Mcp-Session-Id`` when given (2025-11-25)."""

class RejectedTool(TypedDict):
    tool: str
    reason: str

class HttpCatalog(TypedDict):
    tools: List[Dict[str, JSON]]
    rejected: List[RejectedTool]

def http_tool_catalog(tools: List[Dict[str, JSON]]) -> HttpCatalog:
    """The tools a Streamable HTTP client keeps: those whose ``x-mcp-header`` annotations
    break the spec's constraints are left out, with the reason (log it as a warning)."""

def encode_header_value(value: str) -> str:
    """``value`` as is when it is a plain ASCII header value, else ``=?base64?...?=``."""

def decode_header_value(value: Input) -> str:
    """The text a header carries (``=?base64?...?=`` decoded). Raises ``DecodeError``
    (``header_mismatch``) for invalid characters or a bad Base64 payload."""

class HttpReply(TypedDict):
    kind: Literal["reply"]
    status: Optional[int]
    """Set when these bytes start the response (send it with ``headers``); ``None`` for more
    bytes of a response already started."""
    headers: List[Tuple[str, str]]
    body: bytes
    done: bool
    """The response ends after ``body``."""

class HttpStream(TypedDict):
    kind: Literal["stream"]
    exchange: int
    """Later replies for this exchange go on this connection; call ``stream_closed`` when
    the client leaves."""
    status: Optional[int]
    headers: List[Tuple[str, str]]
    body: bytes
    done: bool

class HttpCall(TypedDict):
    kind: Literal["call"]
    exchange: int
    """Answer with ``respond_tool`` / ``respond_input_required`` / ``respond_list`` /
    ``respond_failure``."""
    request: Event
    """The server session's event: ``call_tool`` (id, name, arguments, progressToken,
    clientCapabilities, inputResponses, requestState) or ``list_tools`` (id, cursor)."""

@final
class HttpEndpoint:
    """One MCP endpoint serving Streamable HTTP 2026-07-28 (stateless, header checks) and
    2025-11-25 (``Mcp-Session-Id`` sessions, GET streams, ``Last-Event-ID``), without I/O.

    ``handle`` every request; a ``reply`` is the whole answer; a ``call`` is answered with
    ``respond_*`` (after any ``notify_progress``: the first one turns the answer into an SSE
    stream); write every returned part in order (start the response when ``status`` is
    set, end it when ``done``). When a client disconnects before ``done``, call
    ``stream_closed`` (a cancellation on 2026-07-28)."""

    def __new__(
        cls,
        server_info: Dict[str, JSON],
        capabilities: Dict[str, JSON],
        *,
        versions: Optional[List[str]] = None,
        tools: Optional[List[Dict[str, JSON]]] = None,
        allowed_origins: List[str] = ...,
        session_idle_ms: Optional[int] = None,
        max_sessions: Optional[int] = None,
    ) -> HttpEndpoint: ...
    def handle(
        self,
        method: str,
        headers: Union[List[Tuple[Union[bytes, str], Union[bytes, str]]], Dict[str, str]],
        body: Input,
        now: int,
        random: Optional[bytes] = None,
    ) -> Union[HttpReply, HttpCall, HttpStream]:
        """``random``: at least 16 fresh random bytes (``os.urandom(16)``), needed when the
        request is an ``initialize`` (they become the session id)."""
    def notify_progress(
        self, exchange: int, progress: float, total: Optional[float] = None, message: Optional[str] = None
    ) -> HttpReply: ...
    def respond_tool(self, exchange: int, result: Dict[str, JSON]) -> HttpReply: ...
    def respond_input_required(self, exchange: int, result: Dict[str, JSON]) -> HttpReply:
        """Answers the call asking for more input (2026-07-28; see
        :meth:`Server.respond_input_required`)."""
    def respond_list(self, exchange: int, result: Dict[str, JSON]) -> HttpReply: ...
    def respond_failure(
        self, exchange: int, kind: str, message: str, data: Optional[Dict[str, JSON]] = None
    ) -> HttpReply: ...
    def close_connection(self, exchange: int, retry: int) -> HttpReply:
        """Ends the exchange's response without terminating its SSE stream (2025-11-25
        polling): the reply (``done``) ends with an event carrying ``retry`` (milliseconds
        before the client reconnects); the call goes on and answers on the stream the client
        resumes with GET and ``Last-Event-ID``. Raises :class:`DecodeError` on the 2026-07-28
        wire (closing a response there cancels it) and for an ended or unknown exchange."""
    def stream_closed(self, exchange: int) -> bool: ...
    def poll_cancelled(self) -> Optional[int]:
        """The next exchange a 2025 ``notifications/cancelled`` cancelled (stop its tool)."""
    def poll_timeout(self) -> Optional[int]: ...
    def handle_timeout(self, now: int) -> None: ...
    @property
    def session_count(self) -> int: ...
    @property
    def exchange_count(self) -> int: ...


class HttpRequest(TypedDict):
    """An HTTP request an ``HttpClient`` wrote: send it to the MCP endpoint as is."""

    exchange: int
    """The exchange its response belongs to."""
    method: str
    """``POST``, ``GET`` or ``DELETE``."""
    headers: List[Tuple[str, str]]
    body: bytes
    """The message, unchanged (empty for GET and DELETE)."""
    retry: Optional[int]
    """Milliseconds to wait before sending it (a resumed stream's SSE ``retry``)."""

class HttpReceived(TypedDict):
    """A message from the server: give it to ``Client.handle_input``."""

    exchange: int
    message: bytes

@final
class HttpClient:
    """The client side of Streamable HTTP 2026-07-28 (stateless) or 2025-11-25 (sessions),
    without I/O: ``request`` a message's bytes and send the returned request with any HTTP
    library; ``handle_response`` its status and headers; for ``"json"`` and ``"sse"``,
    ``handle_body`` each chunk and ``handle_end``; after each, ``poll_message`` until None and
    give each message to ``Client.handle_input``.

    Bad bytes raise ``DecodeError`` (``input_too_large`` with the offset in the body for a
    message over ``max_message``: the stream goes on; ``unexpected_end`` for an empty JSON
    body); misuse (an unknown exchange, a 2xx of another media type, a malformed
    ``Mcp-Session-Id``) raises ``DecodeError`` (``invalid_value``)."""

    def __new__(cls, version: str, *, max_message: Optional[int] = None) -> HttpClient: ...
    def request(self, message: Input, tool: Optional[Dict[str, JSON]] = None) -> HttpRequest:
        """The POST carrying ``message``; ``tool`` is the called tool's definition (its
        ``x-mcp-header`` annotations become ``Mcp-Param-*`` on 2026-07-28)."""
    def open_stream(self) -> HttpRequest:
        """The GET that opens the server's stream (2025-11-25 only)."""
    def resume(self, exchange: int) -> HttpRequest:
        """The GET with ``Last-Event-ID`` that resumes ``exchange`` after ``handle_end`` said
        ``"resumable"``; its response belongs to the same exchange."""
    def end_session(self) -> HttpRequest:
        """The DELETE that ends the session (2025-11-25)."""
    def handle_response(
        self,
        exchange: int,
        status: int,
        headers: Union[List[Tuple[Union[bytes, str], Union[bytes, str]]], Mapping[str, str]],
    ) -> Literal["empty", "json", "sse", "session_expired", "no_stream", "failed"]:
        """What the body is. Only ``"json"`` and ``"sse"`` have a body to feed; the others
        end the exchange. ``"session_expired"``: a 404 to a request with the session id
        (forgotten): start a new session with a new ``initialize``. ``"no_stream"``: a 405 to
        a GET. ``"failed"``: another status without a JSON body."""
    def handle_body(self, exchange: int, chunk: Input) -> None: ...
    def handle_end(self, exchange: int) -> Literal["complete", "resumable", "unanswered"]:
        """``"resumable"``: call ``resume``; ``"unanswered"``: the request gets no response."""
    def poll_message(self) -> Optional[HttpReceived]: ...
    def answered(self, exchange: int) -> bool:
        """True once the response to the exchange's request came while it is open: stop
        reading and ``close`` it (a resumed stream may be left open)."""
    def close(self, exchange: int) -> bool:
        """The host closed the response early (on 2026-07-28 that cancels the request)."""
    @property
    def session_id(self) -> Optional[str]: ...
    @property
    def protocol_version(self) -> str: ...
    @property
    def exchange_count(self) -> int: ...


# ---- Host kit ---------------------------------------------------------------------------------

Target = Literal["openai-chat", "openai-responses", "anthropic", "gemini", "gemini-json-schema"]
"""The model APIs a catalog is converted for (``gemini``: ``parameters``, the OpenAPI subset;
``gemini-json-schema``: ``parametersJsonSchema``)."""

class Hints(TypedDict):
    """A tool's annotations read with the spec's defaults: hints from the server, never
    permissions."""

    readOnlyHint: bool
    destructiveHint: bool
    idempotentHint: bool
    openWorldHint: bool

class ToolView(TypedDict):
    """What a policy's ``predicate`` is given for each tool."""

    server: str
    tool: str
    title: Optional[str]
    description: Optional[str]
    annotations: Optional[Dict[str, JSON]]
    inputSchema: Dict[str, JSON]

class Policy(TypedDict, total=False):
    """Which tools a model sees and which calls are asked about (every member optional).
    Globs (``*``, ``?``) match ``server/tool``; a glob without ``/`` matches any server."""

    allow: List[str]
    """When not empty, only matching tools are shown."""
    deny: List[str]
    """Matching tools are hidden (deny wins over allow)."""
    read_only: bool
    """Show only tools with ``readOnlyHint: true``."""
    max_tools: Optional[int]
    """Show at most this many tools (the first in catalog order)."""
    ask: Literal["non_read_only", "destructive", "always", "never"]
    """When a call needs the user's approval (default ``non_read_only``)."""
    ask_tools: List[str]
    """Globs whose calls are always asked about."""
    predicate: Optional[Callable[[ToolView], object]]
    """Called with each tool the rules above still show; a falsy answer hides it (and
    rejects its calls). An exception it raises propagates to the caller."""

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
    """JSON pointer into the tool as listed (``/inputSchema/...``)."""
    change: str
    reason: str

class ModelTools(TypedDict):
    tools: List[Dict[str, JSON]]
    """The target's tool list, ready for the request's ``tools`` (Gemini: one
    ``{functionDeclarations: [...]}``)."""
    names: Dict[str, ToolRef]
    """Every shown name back to its server and MCP name."""
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
    arguments: JSON
    """``run``/``ask``: the restored arguments, ready for :meth:`Client.call_tool`."""
    message: str
    """``send_back``: the message for the model; ``reject``: why."""
    errors: List[ArgumentError]
    hints: Optional[Hints]

class Decision(_DecisionFields, total=False):
    prompt: str
    """``ask`` only: what to show the user (tool, arguments as JSON, server, hints)."""

class LinkToRead(TypedDict):
    uri: str
    name: str
    mimeType: Optional[str]
    read: bool
    reason: str

@final
class Catalog:
    """The tools of one or more servers, from their ``tools/list`` pages (pure: no I/O).
    Inspect them, select what a model sees, convert them for a model API and decide the
    model's calls. Bad pages, policies and targets raise :class:`DecodeError`."""

    def __new__(cls) -> Catalog: ...
    def add(self, server: str, tools: Union[bytes, bytearray, Dict[str, JSON], List[Dict[str, JSON]]]) -> None:
        """Adds a page of ``server``'s tools: a ``tools/list`` result (or its JSON text), the
        response message holding it, or a list of tools. Call again for further pages."""
    def inspect(self) -> List[Finding]:
        """Findings for every tool (schema faults, names, what each provider refuses, hints)."""
    def select(self, policy: Optional[Policy] = None) -> Selection:
        """The tools the policy shows, and every hidden tool with its reason."""
    def to_model(self, target: Target, strict: bool = False, policy: Optional[Policy] = None) -> ModelTools:
        """The selected tools converted for ``target``. More tools than the target takes in
        one request raises :class:`DecodeError` naming the limit."""
    def decide(
        self,
        name: str,
        arguments: JSON,
        target: Optional[Target] = None,
        policy: Optional[Policy] = None,
        strict: bool = False,
    ) -> Decision:
        """Decides a model's call. ``name``: a name :meth:`to_model` showed for ``target``
        (with the same ``strict``), or with ``target=None`` an MCP name (``server/tool``
        where two servers share it). ``arguments``: a dict, or the JSON text the model sent."""
    def __len__(self) -> int: ...

def render_result(
    target: Target,
    result: Union[bytes, bytearray, Dict[str, JSON]],
    call_id: Optional[str] = None,
    name: Optional[str] = None,
    budget: Optional[int] = None,
    untrusted: Optional[Union[Tuple[str, str], List[str]]] = None,
) -> Dict[str, JSON]:
    """The target's tool-result JSON for ``result``: a ``tools/call`` response message, a
    ``CallToolResult``, ``{"timeout": ms}`` or ``{"cancelled": reason}`` (or their JSON text).
    Protocol errors, timeouts and cancellations come back rendered as error results.
    ``budget``: characters of the tool's text per result; ``untrusted``: ``(before, after)``
    put around every text the tool returned."""

def links_to_read(target: Target, result: Union[Input, Dict[str, JSON]]) -> List[LinkToRead]:
    """The ``resource_link``s of a result, each saying whether the host should read it."""

def check_tools(target: Target, tools: JSON, strict: bool = False) -> List[str]:
    """Every rule of ``target`` the tool list breaks (``"code at path: message"``); empty
    when the target takes it. ``tools``: the ``tools`` of :meth:`Catalog.to_model`."""
