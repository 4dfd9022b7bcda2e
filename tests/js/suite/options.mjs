// The options objects and arguments every binding reads with the one set of readers in
// bindings-js (mcpwire_js::read and ::options): the same error class and text in each runtime.

import { test, assert, lib } from './common.mjs'

const INFO = { name: 'c', version: '1' }
const client = (o) => () => new lib.Client({ version: '2025-11-25', clientInfo: INFO, ...o })
const server = (o) => () => new lib.Server({ versions: ['2025-11-25'], serverInfo: INFO, capabilities: {}, ...o })
const endpoint = (o) => () => new lib.HttpEndpoint({ serverInfo: INFO, capabilities: { tools: {} }, ...o })
const MAX = '9007199254740991'

/** A validator for assert.throws: an error of class `C` with exactly this message. */
const thrown = (C, message) => (e) => {
  assert.ok(e instanceof C, `expected ${C.name}, got ${e && e.name}: ${e && e.message}`)
  assert.equal(e.message, message)
  return true
}

const CASES = [
  ['Client: not an object', () => new lib.Client([]), TypeError, 'options must be an object'],
  ['Client: a function', () => new lib.Client(() => {}), TypeError, 'options must be an object'],
  ['Client: version missing', () => new lib.Client({ clientInfo: INFO }), TypeError, 'options.version is required'],
  ['Client: version null', client({ version: null }), TypeError, 'options.version is required'],
  ['Client: version a number', client({ version: 7 }), TypeError, 'options.version must be a string'],
  ['Client: defaultTimeout negative', client({ defaultTimeout: -1 }), RangeError, `options.defaultTimeout must be a number of milliseconds from 0 to ${MAX}`],
  ['Client: maxTimeout a string', client({ maxTimeout: '5' }), TypeError, 'options.maxTimeout must be a number'],
  ['Client: resetTimeoutOnProgress', client({ resetTimeoutOnProgress: 1 }), TypeError, 'options.resetTimeoutOnProgress must be a boolean'],
  ['Client: maxPages a fraction', client({ maxPages: 1.5 }), RangeError, `options.maxPages must be an integer from 0 to ${MAX}`],
  ['Client: clientInfo holds undefined', client({ clientInfo: { name: undefined } }), TypeError, 'member "name" is undefined: not a JSON value'],
  ['Server: versions not an array', server({ versions: '2025-11-25' }), TypeError, 'options.versions must be an array of strings'],
  ['Server: a version not a string', server({ versions: ['2025-11-25', 3] }), TypeError, 'options.versions[1] must be a string'],
  ['Server: capabilities missing', server({ capabilities: undefined }), TypeError, 'options.capabilities is required'],
  ['HttpEndpoint: allowedOrigins', endpoint({ allowedOrigins: [1] }), TypeError, 'options.allowedOrigins[0] must be a string'],
  ['HttpEndpoint: maxSessions', endpoint({ maxSessions: -1 }), RangeError, `options.maxSessions must be an integer from 0 to ${MAX}`],
  ['HttpEndpoint: sessionIdleMs', endpoint({ sessionIdleMs: NaN }), RangeError, `options.sessionIdleMs must be a number of milliseconds from 0 to ${MAX}`],
  ['HttpClient: options', () => new lib.HttpClient('2026-07-28', 5), TypeError, 'options must be an object'],
  ['HttpClient: maxMessage', () => new lib.HttpClient('2026-07-28', { maxMessage: 0.5 }), RangeError, `options.maxMessage must be an integer from 0 to ${MAX}`],
  ['encodeSseEvent: fields', () => lib.encodeSseEvent('x', 'id'), TypeError, 'fields must be an object'],
  ['encodeSseEvent: fields.retry', () => lib.encodeSseEvent('x', { retry: '1' }), TypeError, 'fields.retry must be a number'],
  ['encodeSseEvent: fields.event', () => lib.encodeSseEvent('x', { event: 1 }), TypeError, 'fields.event must be a string'],
  ['decode: limits not an object', () => lib.decode('{}', 5), TypeError, 'limits must be an object'],
  ['decode: limits.maxDepth', () => lib.decode('{}', { maxDepth: '3' }), TypeError, 'limits.maxDepth must be a number'],
  ['decode: limits.maxBytes', () => lib.decode('{}', { maxBytes: -1 }), RangeError, `limits.maxBytes must be an integer from 0 to ${MAX}`],
  ['decode: limits.maxMembers', () => lib.decode('{}', { maxMembers: 2 ** 32 }), RangeError, 'limits.maxMembers must be an integer from 0 to 4294967295'],
  ['validate: options', () => lib.validate({}, 1, []), TypeError, 'options must be an object'],
  ['validate: assertFormats', () => lib.validate({}, 1, { assertFormats: 'yes' }), TypeError, 'options.assertFormats must be a boolean'],
  ['validate: maxErrors', () => lib.validate({}, 1, { maxErrors: 0 }), RangeError, `options.maxErrors must be an integer from 1 to ${MAX}`],
  ['validate: resources', () => lib.validate({}, 1, { resources: 'x' }), TypeError, 'options.resources must be an object'],
]

for (const [name, f, C, message] of CASES) {
  test(`options: ${name} is a ${C.name} "${message}"`, () => {
    assert.throws(f, thrown(C, message))
  })
}

test('options: undefined and null mean "not given"; given options take effect', () => {
  const c = new lib.Client({ version: '2025-11-25', clientInfo: INFO, capabilities: null, defaultTimeout: undefined, maxPages: null })
  assert.equal(c.isReady, false)
  assert.deepEqual(lib.decode('{"jsonrpc":"2.0","method":"m"}', null), { jsonrpc: '2.0', method: 'm' })
  assert.deepEqual(lib.decode('{"jsonrpc":"2.0","method":"m"}', { maxDepth: null, maxBytes: undefined }), { jsonrpc: '2.0', method: 'm' })
  assert.throws(() => lib.decode('{"jsonrpc":"2.0","method":"m"}', { maxBytes: 5 }), (e) => e instanceof lib.McpwireError)
  assert.equal(new TextDecoder().decode(lib.encodeSseEvent('x', null)), 'data: x\n\n')
  assert.equal(new TextDecoder().decode(lib.encodeSseEvent('x', { event: 'e', id: null, retry: 10 })), 'event: e\nretry: 10\ndata: x\n\n')
  assert.equal(lib.validate({ type: 'string', format: 'email' }, 'no', { assertFormats: true, maxErrors: null }).length, 1)
  assert.equal(lib.validate({ $ref: 'urn:s' }, 1, { resources: { 'urn:s': { type: 'string' } } }).length, 1)
})
