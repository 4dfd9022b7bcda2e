// JSON Schema: validate, checkArguments, checkOutput, Schema.

import { test, assert, lib, utf8, mcpwireError, typeError, rangeError, WEATHER_INPUT } from './common.mjs'
import { connected, call } from './peers.mjs'

const UNITS = {
  type: 'object',
  properties: { units: { enum: ['metric', 'imperial'] } },
  required: ['units'],
}

const SCHEMA_CASES = [
  {
    name: 'enum',
    schema: UNITS,
    valid: [{ units: 'metric' }],
    invalid: [
      [{ units: 'kelvin' }, [{ instancePath: '/units', schemaPath: '/properties/units/enum', keyword: 'enum', message: '`/units` must be one of "metric", "imperial"; got "kelvin"' }]],
    ],
  },
  {
    name: 'required',
    schema: UNITS,
    valid: [{ units: 'imperial', other: 1 }],
    invalid: [[{}, [{ instancePath: '', schemaPath: '/required', keyword: 'required' }]]],
  },
  {
    name: 'additionalProperties false',
    schema: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false },
    valid: [{ city: 'Oslo' }, {}],
    invalid: [[{ city: 'Oslo', days: 3 }, [{ instancePath: '', schemaPath: '/additionalProperties', keyword: 'additionalProperties' }]]],
  },
  {
    name: '$defs and $ref',
    schema: { $defs: { Unit: { enum: ['c', 'f'] } }, type: 'object', properties: { unit: { $ref: '#/$defs/Unit' } } },
    valid: [{ unit: 'c' }],
    invalid: [[{ unit: 'k' }, [{ instancePath: '/unit', schemaPath: '/$defs/Unit/enum', keyword: 'enum' }]]],
  },
  {
    name: 'anyOf with null',
    schema: { type: 'object', properties: { note: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
    valid: [{ note: null }, { note: 'x' }, {}],
    invalid: [[{ note: 1 }, [{ instancePath: '/note', schemaPath: '/properties/note/anyOf', keyword: 'anyOf' }]]],
  },
  {
    name: 'pattern',
    schema: { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } } },
    valid: [{ code: 'OSL' }],
    invalid: [[{ code: 'osl' }, [{ instancePath: '/code', schemaPath: '/properties/code/pattern', keyword: 'pattern' }]]],
  },
  {
    name: 'several errors at once, nested paths',
    schema: {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'integer', minimum: 0 } } },
      required: ['items', 'id'],
    },
    valid: [{ items: [0, 1], id: 1 }],
    invalid: [
      [
        { items: [1, -2, 'x'] },
        [
          { instancePath: '', schemaPath: '/required', keyword: 'required' },
          { instancePath: '/items/1', schemaPath: '/properties/items/items/minimum', keyword: 'minimum' },
          { instancePath: '/items/2', schemaPath: '/properties/items/items/type', keyword: 'type' },
        ],
      ],
    ],
  },
]

/** The three forms of a JSON argument: a JS value, JSON text, UTF-8 bytes. */
// A value, and its JSON text as bytes (a string is a value: JSON text in a string goes to
// validateJson).
const forms = (v) => [v, utf8.encode(JSON.stringify(v))]
const texts = (v) => [JSON.stringify(v), utf8.encode(JSON.stringify(v))]

/** Errors without messages (sorted by path), and each message checked to be a sentence. */
function shape(errors) {
  assert.ok(Array.isArray(errors))
  for (const e of errors) {
    assert.deepEqual(Object.keys(e).sort(), ['instancePath', 'keyword', 'message', 'schemaPath'])
    assert.equal(typeof e.message, 'string')
    assert.ok(e.message.length > 0)
  }
  const key = (e) => `${e.instancePath}\u0000${e.schemaPath}`
  return errors.map(({ instancePath, schemaPath, keyword }) => ({ instancePath, schemaPath, keyword })).sort((a, b) => (key(a) < key(b) ? -1 : 1))
}

for (const c of SCHEMA_CASES) {
  test(`schema: ${c.name} (valid and invalid instances, values and JSON text)`, () => {
    const compiled = new lib.Schema(c.schema)
    for (const schema of forms(c.schema)) {
      for (const v of c.valid) {
        for (const instance of forms(v)) assert.deepEqual(lib.validate(schema, instance), [], JSON.stringify(v))
        assert.equal(compiled.isValid(v), true)
      }
      for (const [v, want] of c.invalid) {
        for (const instance of forms(v)) {
          const got = lib.validate(schema, instance)
          const expect = want.map(({ instancePath, schemaPath, keyword }) => ({ instancePath, schemaPath, keyword }))
          assert.deepEqual(shape(got), shape(expect.map((e) => ({ ...e, message: '-' }))), JSON.stringify(v))
          for (const w of want) if (w.message) assert.ok(got.some((e) => e.message === w.message), w.message)
          assert.deepEqual(compiled.validate(instance), got)
        }
        for (const text of texts(v)) {
          const got = lib.validate(schema, v)
          for (const schemaText of texts(c.schema)) assert.deepEqual(lib.validateJson(schemaText, text), got)
          assert.deepEqual(compiled.validateJson(text), got)
        }
        assert.equal(compiled.isValid(v), false)
      }
    }
  })
}

test('schema: a string argument is a string value; JSON text is bytes or validateJson', () => {
  assert.deepEqual(lib.validate({ type: 'string' }, 'hello'), [])
  assert.equal(lib.validate({ type: 'integer' }, '12')[0].keyword, 'type')
  assert.equal(new lib.Schema({ const: '{}' }).isValid('{}'), true)
  assert.equal(lib.checkArguments({ type: 'object' }, 't', '{}').isError, true)
  assert.deepEqual(lib.validate({ type: 'string' }, utf8.encode('"abc"')), [])
  assert.deepEqual(lib.validateJson('{"type":"integer"}', '12'), [])
  assert.throws(() => lib.validateJson('{"type":"string"}', 'abc'), mcpwireError('unexpected_byte', -32700, 0))
  assert.throws(() => lib.validateJson({ type: 'string' }, '1'), typeError)
  assert.throws(() => new lib.Schema({}).validateJson(1), typeError)
  assert.throws(() => lib.validateJson('{}', '{"a":1,"a":2}'), mcpwireError('duplicate_key', -32700))
  assert.throws(() => lib.validate({}, utf8.encode('[1,]')), (e) => e instanceof lib.McpwireError && e.offset === 3)
})

test('schema: a schema that cannot be compiled is McpwireError with the SchemaErrorKind name', () => {
  const cases = [
    [{ type: 'string', pattern: '(?<=a)b' }, 'invalid_regex', '/pattern'],
    [{ properties: { a: { pattern: '(a' } } }, 'invalid_regex', '/properties/a/pattern'],
    [{ minLength: -1 }, 'invalid_keyword', '/minLength'],
    [{ type: 5 }, 'invalid_keyword', '/type'],
    [{ $ref: '#/$defs/missing' }, 'unresolvable_ref', '/$ref'],
    [{ $ref: 'https://example.com/other.json' }, 'unresolvable_ref', '/$ref'],
    [{ $defs: { x: { $anchor: 'a' }, y: { $anchor: 'a' } } }, 'invalid_keyword', '/$defs/y'],
  ]
  for (const [schema, kind, schemaPath] of cases) {
    for (const form of forms(schema)) {
      const check = (e) => {
        assert.ok(e instanceof lib.McpwireError, `${e && e.name}: ${e && e.message}`)
        assert.deepEqual({ kind: e.kind, code: e.code, schemaPath: e.schemaPath }, { kind, code: null, schemaPath })
        assert.match(e.message, /^invalid schema at /)
        return true
      }
      assert.throws(() => lib.validate(form, {}), check, JSON.stringify(schema))
      assert.throws(() => new lib.Schema(form), check)
      assert.throws(() => lib.checkArguments(form, 't', {}), check)
      assert.throws(() => lib.checkOutput(form, { content: [] }), check)
    }
  }
  // schema text that is not JSON: invalid_json
  for (const text of ['{', utf8.encode('{"type":}')]) {
    assert.throws(() => (typeof text === 'string' ? lib.validateJson(text, '{}') : lib.validate(text, {})), (e) => {
      assert.ok(e instanceof lib.McpwireError)
      assert.deepEqual({ kind: e.kind, code: e.code, schemaPath: e.schemaPath }, { kind: 'invalid_json', code: null, schemaPath: '' })
      assert.match(e.message, /at byte/)
      return true
    })
  }
})

test('schema: options (resources, maxErrors, assertFormats) and the compiled Schema', () => {
  const other = { $id: 'https://example.com/unit.json', enum: ['c', 'f'] }
  const schema = { type: 'object', properties: { u: { $ref: 'https://example.com/unit.json' } } }
  for (const doc of forms(other)) {
    const resources = { 'https://example.com/unit.json': doc }
    assert.deepEqual(lib.validate(schema, { u: 'c' }, { resources }), [])
    assert.equal(lib.validate(schema, { u: 'k' }, { resources })[0].keyword, 'enum')
    assert.equal(new lib.Schema(schema, { resources }).isValid({ u: 'f' }), true)
  }
  const many = { type: 'array', items: { type: 'string' } }
  assert.equal(lib.validate(many, [1, 2, 3]).length, 3)
  assert.equal(lib.validate(many, [1, 2, 3], { maxErrors: 2 }).length, 2)
  const date = { type: 'string', format: 'date' }
  assert.deepEqual(lib.validate(date, 'not a date'), [])
  assert.equal(lib.validate(date, 'not a date', { assertFormats: true })[0].keyword, 'format')
  assert.deepEqual(lib.validate(date, '2026-07-28', { assertFormats: true, maxErrors: null }), [])
  assert.throws(() => lib.validate(many, [], { maxErrors: 0 }), rangeError)
  assert.throws(() => lib.validate(many, [], { assertFormats: 'yes' }), typeError)
  assert.throws(() => lib.validate(many, [], 5), typeError)
  assert.throws(() => lib.validate(many, [], { resources: 'x' }), typeError)

  assert.equal(new lib.Schema({}).draft, 'https://json-schema.org/draft/2020-12/schema')
  assert.equal(new lib.Schema({ $schema: 'http://json-schema.org/draft-07/schema#' }).draft, 'http://json-schema.org/draft-07/schema#')
  const compiled = new lib.Schema(UNITS)
  for (let i = 0; i < 3; i++) assert.equal(compiled.validate({ units: i }).length, 1)
})

test('schema: values JSON cannot hold are TypeErrors; too deep or cyclic is too_deep', () => {
  assert.throws(() => lib.validate({}, { a: undefined }), typeError)
  assert.throws(() => lib.validate({ const: NaN }, 1), typeError)
  assert.throws(() => lib.validate({}, new Date(0)), typeError)
  assert.throws(() => lib.validate({}, 1n), typeError)
  const cyclic = {}
  cyclic.self = cyclic
  assert.throws(() => lib.validate({}, cyclic), mcpwireError('too_deep', -32700))
  let deep = 1
  for (let i = 0; i < 200; i++) deep = [deep]
  assert.throws(() => lib.validate({}, deep), mcpwireError('too_deep', -32700))
  assert.throws(() => lib.validate({}, utf8.encode(JSON.stringify(deep))), mcpwireError('too_deep', -32700))
  // within the limit, deep values validate
  let ok = 1
  for (let i = 0; i < 100; i++) ok = [ok]
  assert.deepEqual(lib.validate({}, ok), [])
})

test('schema: checkArguments gives null or the isError CallToolResult', () => {
  for (const schema of forms(WEATHER_INPUT)) {
    for (const args of forms({ city: 'Oslo', units: 'metric' })) assert.equal(lib.checkArguments(schema, 'get_weather', args), null)
    const bad = lib.checkArguments(schema, 'get_weather', { units: 'kelvin', days: 3 })
    assert.equal(bad.isError, true)
    assert.equal(bad.content.length, 1)
    assert.equal(bad.content[0].type, 'text')
    const lines = bad.content[0].text.split('\n')
    assert.equal(lines[0], 'Invalid arguments for tool get_weather:')
    assert.equal(lines.length, 4, bad.content[0].text)
    assert.ok(lines.slice(1).every((l) => l.startsWith('- ')))
    assert.deepEqual(lib.checkArguments(schema, 'get_weather', utf8.encode(JSON.stringify({ units: 'kelvin', days: 3 }))), bad)
  }
  // omitted or null arguments are {}
  assert.match(lib.checkArguments(WEATHER_INPUT, 't').content[0].text, /city/)
  assert.deepEqual(lib.checkArguments(WEATHER_INPUT, 't', null), lib.checkArguments(WEATHER_INPUT, 't', {}))
  assert.equal(lib.checkArguments({ type: 'object' }, 't'), null)
  assert.throws(() => lib.checkArguments(WEATHER_INPUT, 5, {}), typeError)
  assert.throws(() => lib.checkArguments(WEATHER_INPUT, 't', utf8.encode('{')), mcpwireError('unexpected_end', -32700))
  // the result is a CallToolResult a server can send as it is
  const { client, server } = connected()
  const { ev } = call(client, server, 0, 'get_weather', { args: { units: 'kelvin' } })
  const result = lib.checkArguments(WEATHER_INPUT, ev.name, ev.arguments)
  const got = client.handleInput(server.respondTool(ev.id, result), 1)
  assert.equal(got.class, 'tool_error')
  assert.deepEqual(got.result, result)
})

test('schema: checkOutput gives {outcome, errors}', () => {
  const output = { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] }
  for (const schema of forms(output)) {
    for (const result of forms({ content: [], structuredContent: { celsius: -3.5 } })) {
      assert.deepEqual(lib.checkOutput(schema, result), { outcome: 'valid', errors: [] })
    }
    assert.deepEqual(lib.checkOutput(schema, { content: [], isError: true }), { outcome: 'skipped', errors: [] })
    assert.deepEqual(lib.checkOutput(schema, { content: [] }), { outcome: 'missing_structured_content', errors: [] })
    const bad = lib.checkOutput(schema, { content: [], structuredContent: { celsius: 'cold' } })
    assert.equal(bad.outcome, 'output_schema_mismatch')
    assert.deepEqual(shape(bad.errors), [{ instancePath: '/celsius', schemaPath: '/properties/celsius/type', keyword: 'type' }])
  }
})
