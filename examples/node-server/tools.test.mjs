// The example's tools on mcpwire's Server, driven by mcpwire's Client without I/O: both
// handshakes, the catalog, every tool, progress, argument checks and a cancel mid-call.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '../../bindings-node/mcpwire.mjs';
import { Session, byName, definitions, now } from './tools.mjs';

class Link {
  constructor(version, capabilities = {}) {
    this.client = new Client({ version, clientInfo: { name: 'test-host', version: '1.0' }, capabilities });
    this.session = new Session();
    this.events = [];
  }
  deliver(data) {
    return this.session.handle(data, (out) => { this.events.push(this.client.handleInput(out, now())); });
  }
  async handshake() {
    await this.deliver(this.client.start(now()).bytes);
    assert.equal(this.events.pop().event, 'ready');
    const initialized = this.client.pollTransmit();
    if (initialized !== null) await this.deliver(initialized);
    assert.deepEqual(this.events, []);
    return this;
  }
  async call(name, args, progress) {
    await this.deliver(this.client.callTool(now(), name, args, null, progress).bytes);
    return this.events.pop();
  }
  async retry(name, responses, state) {
    await this.deliver(this.client.retryTool(now(), name, null, responses, state).bytes);
    return this.events.pop();
  }
}

for (const version of ['2025-11-25', '2026-07-28']) {
  describe(version, () => {
    const link = () => new Link(version).handshake();

    test('the catalog', async () => {
      const l = await link();
      await l.deliver(l.client.listTools(now()).bytes);
      const page = l.events.pop();
      assert.equal(page.stop, 'complete');
      assert.deepEqual(page.result.tools.map((t) => t.name), definitions.tools.map((d) => d.tool.name));
    });

    for (const name of Object.keys(byName).filter((n) => byName[n].result && !byName[n].progress)) {
      test(name, async () => {
        const got = await (await link()).call(name, byName[name].arguments);
        assert.equal(got.class, 'success');
        assert.deepEqual(got.result.content, byName[name].result.content);
      });
    }

    test('test_error_handling', async () => {
      const got = await (await link()).call('test_error_handling', {});
      assert.equal(got.result.isError, true);
      assert.equal(got.result.content[0].text, byName.test_error_handling.fail);
    });

    test('progress', async () => {
      const l = await link();
      assert.equal((await l.call('test_tool_with_progress', {}, true)).event, 'tool_result');
      const progress = l.events.filter((e) => e.event === 'progress').map((e) => [e.progress, e.total]);
      assert.deepEqual(progress, [[0, 100], [50, 100], [100, 100]]);
    });

    test('a 2020-12 schema is checked', async () => {
      const got = await (await link()).call('json_schema_2020_12_tool', { name: 'Ada', contactMethod: 'phone' });
      assert.equal(got.result.isError, true);
    });

    test('invalid arguments and an unknown tool', async () => {
      const l = await link();
      assert.equal((await l.call('echo', { text: 7 })).result.isError, true);
      assert.deepEqual((await l.call('echo', { text: 'hi' })).result.content, [{ type: 'text', text: 'hi' }]);
      assert.match(JSON.stringify(await l.call('no_such_tool')), /no_such_tool/);
    });

    test('a cancel mid-call', async () => {
      const l = await link();
      const { id, bytes } = l.client.callTool(now(), 'count', { to: 1000, intervalMs: 5 }, null, true);
      const call = l.deliver(bytes);
      while (!l.events.some((e) => e.event === 'progress')) await sleep(5);
      await l.deliver(l.client.cancel(id, 'enough'));
      await call;
      assert.ok(!l.events.some((e) => e.event === 'tool_result'));
      assert.equal(l.session.server.inFlight, 0);
      assert.equal(l.session.running.size, 0);
    });
  });
}

// test_streaming_elicitation and test_missing_capability: -32021 naming the capability when the
// call did not declare it; else an input_required result, and after the retry the responses.
test('input_required tools ask, then answer (2026-07-28)', async () => {
  const cases = {
    test_streaming_elicitation: [{ elicitation: {} }, { user_name: { action: 'accept', content: { name: 'Ada' } } }],
    test_missing_capability: [
      { sampling: {} },
      { capital_question: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm', stopReason: 'endTurn' } },
    ],
  };
  for (const [name, [capability, responses]] of Object.entries(cases)) {
    const refused = await (await new Link('2026-07-28').handshake()).call(name);
    assert.equal(refused.error.code, -32021);
    assert.deepEqual(refused.error.data.requiredCapabilities, capability);
    const l = await new Link('2026-07-28', capability).handshake();
    const asked = await l.call(name);
    assert.equal(asked.event, 'input_required');
    assert.deepEqual(asked.result.inputRequests, byName[name].inputRequests);
    assert.equal((await l.retry(name, { other: {} })).event, 'input_required', 'asked again');
    const done = await l.retry(name, responses);
    assert.equal(done.class, 'success');
    assert.deepEqual(JSON.parse(done.result.content[0].text), responses);
  }
});

test('input_required tools are tool errors before 2026-07-28', async () => {
  const got = await (await new Link('2025-11-25').handshake()).call('test_streaming_elicitation');
  assert.equal(got.result.isError, true);
  assert.ok(got.result.content[0].text.includes('2026-07-28'));
});

const all = { elicitation: {}, sampling: {}, roots: {} };
const accept = (content) => ({ action: 'accept', content });

// test_input_required_result_multi_round: two input_required results, each with its own
// sealed requestState; a retry without the asked answer is asked the same again; then every
// answer, after state-ok.
test('rounds carry a sealed requestState to the end (2026-07-28)', async () => {
  const name = 'test_input_required_result_multi_round';
  const l = await new Link('2026-07-28', all).handshake();
  const first = await l.call(name);
  assert.deepEqual(Object.keys(first.result.inputRequests), ['step1']);
  const state1 = first.result.requestState;
  const again = await l.retry(name, { other: accept({}) }, state1);
  assert.equal(again.result.requestState, state1);
  const second = await l.retry(name, { step1: accept({ name: 'Ada' }) }, state1);
  assert.deepEqual(Object.keys(second.result.inputRequests), ['step2']);
  assert.notEqual(second.result.requestState, state1);
  const done = await l.retry(name, { step2: accept({ color: 'blue' }) }, second.result.requestState);
  assert.equal(done.class, 'success');
  const text = done.result.content[0].text;
  assert.ok(text.startsWith('state-ok: '));
  assert.deepEqual(JSON.parse(text.slice('state-ok: '.length)), { step1: accept({ name: 'Ada' }), step2: accept({ color: 'blue' }) });
});

test('a changed requestState is invalid params (2026-07-28)', async () => {
  const name = 'test_input_required_result_tampered_state';
  const l = await new Link('2026-07-28', all).handshake();
  const state = (await l.call(name)).result.requestState;
  const other = (await l.call('test_input_required_result_request_state')).result.requestState;
  for (const bad of [`${state}-TAMPERED`, `x${state}`, 'nonsense', other]) {
    const got = await l.retry(name, { confirm: accept({ ok: true }) }, bad);
    assert.equal(got.error.code, -32602, bad);
  }
  assert.equal((await l.retry(name, { confirm: accept({ ok: true }) }, state)).event, 'tool_result');
});

test('askDeclared asks only what the call declared (2026-07-28)', async () => {
  const name = 'test_input_required_result_capabilities';
  for (const [declared, keys] of [[{ sampling: {} }, ['greeting']], [{ elicitation: {} }, ['user_name']],
    [{ elicitation: {}, sampling: {} }, ['greeting', 'user_name']]]) {
    const got = await (await new Link('2026-07-28', declared).handshake()).call(name);
    assert.deepEqual(Object.keys(got.result.inputRequests).sort(), keys);
  }
  const none = await (await new Link('2026-07-28', {}).handshake()).call(name);
  assert.match(none.result.content[0].text, /none of its input requests/);
  const refused = await (await new Link('2026-07-28', { elicitation: {} }).handshake()).call('test_input_required_result_multiple_inputs');
  assert.deepEqual(refused.error.data.requiredCapabilities, { sampling: {}, roots: {} });
});

test('test_reconnection just answers where no connection can close', async () => {
  for (const version of ['2025-11-25', '2026-07-28']) {
    const got = await (await new Link(version).handshake()).call('test_reconnection');
    assert.deepEqual(got.result.content, byName.test_reconnection.reconnect.result.content);
  }
});
