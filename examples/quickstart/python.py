import mcpwire

# Decode (the value json.loads gives, after every check of the spec) and classify.
line = b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Bern"}}}'
assert mcpwire.decode(line)["params"]["name"] == "get_weather"
assert mcpwire.classify(line)["type"] == "CallToolRequest"

# Validate tool arguments against the tool's inputSchema.
schema = {"type": "object", "properties": {"city": {"type": "string", "minLength": 1}}, "required": ["city"]}
assert mcpwire.validate(schema, {"city": ""})[0]["instance_path"] == "/city"
assert mcpwire.check_arguments(schema, "get_weather", {})["isError"]  # the tool error to send back

# A client and a server back to back: bytes in, bytes out, your clock (milliseconds).
client = mcpwire.Client("2025-11-25", {"name": "host", "version": "1"})
server = mcpwire.Server(["2025-11-25"], {"name": "weather", "version": "1"}, {"tools": {}})
server.handle_input(client.start(0)[1], 0)  # initialize: the answer is queued
assert client.handle_input(server.poll_transmit(), 0)["event"] == "ready"
server.handle_input(client.poll_transmit(), 0)  # notifications/initialized

# A call with a progress token and a 5 s limit; the server reports progress, then answers.
call_id, token, wire = client.call_tool(0, "get_weather", {"city": "Bern"}, timeout=5_000, progress=True)
req = server.handle_input(wire, 0)  # {'event': 'call_tool', 'id': 1, 'name': 'get_weather', ...}
assert client.handle_input(server.notify_progress(req["id"], 1, 2, "fetching"), 10)["event"] == "progress"
answer = server.respond_tool(req["id"], {"content": [{"type": "text", "text": "18 °C"}]})
assert client.handle_input(answer, 20)["event"] == "tool_result"

# Unanswered, a call ends at its limit: an event, and a cancellation to send.
client.call_tool(20, "get_weather", {"city": "Oslo"}, timeout=1_000)
client.handle_timeout(client.poll_timeout())
assert client.poll_event()["event"] == "timed_out" and client.poll_transmit()
