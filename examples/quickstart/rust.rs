use mcpwire::json::{Number, RawJson};
use mcpwire::mcp::{CallToolResult, Decode, ProtocolVersion::V2025_11_25};
use mcpwire::schema::{check_arguments, Schema};
use mcpwire::state::{CallOptions, Client, ClientConfig, ClientEvent, Incoming, Server};
use mcpwire::state::{ServerConfig, ServerIncoming, TokenChoice, Versions};
use mcpwire::{ErrorKind, McpMessage};

fn main() {
    // Decode: typed views that borrow from the input, after every check; errors have an offset.
    let line = br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Bern"}}}"#;
    let Ok(McpMessage::CallToolRequest(_, params)) = McpMessage::decode(line) else {
        panic!("not a tools/call request")
    };
    let err = McpMessage::decode(br#"{"jsonrpc":"2.0","id":1,"id":2}"#).unwrap_err();
    assert_eq!((err.kind, err.offset), (ErrorKind::DuplicateKey, 24));
    assert_eq!(err.kind.code(), Some(-32700)); // the JSON-RPC code a server answers with

    // Validate the arguments against the tool's inputSchema (Err: the isError result to send).
    let schema = Schema::compile_bytes(br#"{"type":"object","required":["city"]}"#).unwrap();
    assert!(check_arguments(&schema, &params).is_ok());

    // A client and a server back to back: bytes in, bytes out, your clock (milliseconds).
    let info = RawJson::parse(r#"{"name":"demo","version":"1"}"#).unwrap();
    let mut client: Client = Client::new(ClientConfig::new(V2025_11_25, info));
    let mut server: Server = Server::new(ServerConfig {
        versions: Versions::new(&[V2025_11_25]),
        server_info: info.into(),
        capabilities: RawJson::parse(r#"{"tools":{}}"#).unwrap().into(),
        limits: Default::default(),
    });
    let (mut up, mut down) = (Vec::new(), Vec::new());
    client.start(&mut up, 0).unwrap();
    server.handle_input(&up, 0); // initialize: the answer is queued
    server.poll_transmit(&mut down);
    assert!(matches!(client.handle_input(&down, 0), Ok(Incoming::Ready { .. })));
    up.clear();
    client.poll_transmit(&mut up); // notifications/initialized
    server.handle_input(&up, 0);

    // A call with a progress token and a 5 s limit; the server reports progress, then answers.
    let opts = CallOptions { timeout: Some(5_000), progress: TokenChoice::Auto };
    up.clear();
    client.call_tool(&mut up, 0, "get_weather", params.arguments, opts).unwrap();
    let ServerIncoming::CallTool { id, .. } = server.handle_input(&up, 0) else {
        panic!("not a tools/call request")
    };
    down.clear();
    let (done, total) = (Number::Int(1), Some(Number::Int(2)));
    server.notify_progress(&mut down, &id, done, total, Some("fetching")).unwrap();
    assert!(matches!(client.handle_input(&down, 10), Ok(Incoming::Progress { .. })));
    let result = RawJson::parse(r#"{"content":[{"type":"text","text":"18 °C"}]}"#).unwrap();
    let result = CallToolResult::decode_raw(&result).unwrap();
    down.clear();
    server.respond_tool(&mut down, &id, &result).unwrap();
    assert!(matches!(client.handle_input(&down, 20), Ok(Incoming::ToolResult { .. })));

    // Unanswered, a call ends at its limit: an event, and a cancellation to send.
    let opts = CallOptions { timeout: Some(1_000), progress: TokenChoice::None };
    client.call_tool(&mut up, 20, "get_weather", None, opts).unwrap();
    client.handle_timeout(client.poll_timeout().unwrap());
    assert!(matches!(client.poll_event(), Some(ClientEvent::TimedOut { .. })));
    assert!(client.poll_transmit(&mut up)); // notifications/cancelled
}
