// The page: connect, list, inspect, pick, fill, decide, call, show. The protocol is mcpwire's
// (the WASM package); this file only wires it to the DOM.
import * as mcp from '../../bindings-wasm/pkg/web/index.js'
import { Connection } from './connection.mjs'
import { el, renderResult } from './render.mjs'

const $ = (id) => document.getElementById(id)
const SERVER = 'server'
let conn = null
let catalog = null
let tool = null
let call = null // { id, done } of the call in flight
let calls = 0

addEventListener('securitypolicyviolation', (e) => {
  $('csp-violations').hidden = false
  $('csp-violations').textContent += `${e.violatedDirective} ${e.blockedURI}\n`
})
const status = (text) => ($('status').textContent = text)
const fail = (e) => {
  $('error').textContent = String(e?.message ?? e)
  status('failed')
}
const wire = new URLSearchParams(location.search).get('wire')
if (wire) $('wire').value = wire
status('not connected')

$('connect').onsubmit = (ev) => {
  ev.preventDefault()
  connect().catch(fail)
}

async function connect() {
  $('error').textContent = ''
  status('connecting')
  for (const id of ['catalog-section', 'call-section', 'result-section']) $(id).hidden = true
  conn?.close()
  conn = new Connection(mcp, $('url').value, $('wire').value)
  // The JSON Schema functions and the host kit are the web package's second module: fetched
  // during the handshake, so the page's first load stays small (builds of one module have no
  // ready()).
  const [pages] = await Promise.all([conn.open(), mcp.ready?.()])
  catalog = new mcp.Catalog()
  for (const page of pages) catalog.add(SERVER, page)
  const findings = catalog.inspect()
  const rows = pages.flatMap((p) => p.tools).map((t) =>
    el('tr', { 'data-tool': t.name },
      el('td', {}, el('button', { text: t.name, onclick: () => pick(t) })),
      el('td', { text: t.description ?? '' }),
      el('td', {}, inspected(findings.filter((f) => f.tool === t.name)))))
  $('catalog').tBodies[0].replaceChildren(...rows)
  $('tool-count').textContent = `${rows.length} tools, ${findings.length} findings`
  $('catalog-section').hidden = false
  const session = conn.http.sessionId
  status(`connected: ${conn.http.protocolVersion}${session ? `, session ${session.slice(0, 8)}…` : ' (stateless)'}`)
}

/** A tool's findings, folded under their count by severity. */
function inspected(findings) {
  const count = {}
  for (const f of findings) count[f.severity] = (count[f.severity] ?? 0) + 1
  const summary = Object.entries(count).map(([severity, n]) => `${n} ${severity}${n > 1 && severity !== 'info' ? 's' : ''}`).join(', ') || 'none'
  return el('details', {}, el('summary', { text: summary }), ...findings.map((f) =>
    el('span', { class: `finding ${f.severity}`, 'data-code': f.code, text: `${f.code}: ${f.message}` })))
}

/** Shows `t`'s arguments as a form: a field per property, typed from its schema. */
function pick(t) {
  if (call) return // (one call at a time: Stop it first)
  tool = t
  for (const tr of $('catalog').tBodies[0].rows) tr.classList.toggle('selected', tr.dataset.tool === t.name)
  $('tool-name').textContent = t.name
  const required = new Set(t.inputSchema.required ?? [])
  const fields = Object.entries(t.inputSchema.properties ?? {}).map(([name, s]) => field(name, s, required.has(name)))
  $('arguments').replaceChildren(...(fields.length ? fields : [el('p', { text: 'no arguments' })]))
  $('argument-errors').replaceChildren()
  $('approval').hidden = $('running').hidden = $('result-section').hidden = true
  delete $('call-section').dataset.decision
  $('call-section').hidden = false
}

function field(name, s, required) {
  const kind = s.enum ? 'enum' : ['string', 'integer', 'number', 'boolean'].includes(s.type) ? s.type : 'json'
  const choices = kind === 'boolean' ? [true, false] : kind === 'enum' ? s.enum : null
  const input = choices
    ? el('select', {}, el('option', { value: '' }), ...choices.map((v) => el('option', { value: JSON.stringify(v), text: String(v) })))
    : el('input', { type: kind === 'integer' || kind === 'number' ? 'number' : 'text', placeholder: kind === 'json' ? 'JSON' : '' })
  Object.assign(input, { name, oninput: check })
  input.dataset.kind = kind
  return el('label', { title: s.description ?? '' }, `${name}${required ? ' *' : ''}`, input)
}

/** The form's arguments; an empty field is left out. */
function readArguments() {
  const args = {}
  for (const input of $('arguments').elements) {
    if (input.value === '') continue
    const kind = input.dataset.kind
    args[input.name] = kind === 'string' ? input.value : kind === 'integer' || kind === 'number' ? Number(input.value) : JSON.parse(input.value)
  }
  return args
}

const showErrors = (lines) => $('argument-errors').replaceChildren(...lines.map((text) => el('li', { text })))

/** Checks the arguments against the tool's inputSchema as they are typed. */
function check() {
  try {
    showErrors(mcp.validate(tool.inputSchema, readArguments()).map((e) => `${e.instancePath || '(arguments)'}: ${e.message}`))
  } catch (e) {
    showErrors([e.message])
  }
}

$('call').onclick = () => {
  let args
  try {
    args = readArguments()
  } catch (e) {
    return showErrors([e.message])
  }
  const d = catalog.decide(tool.name, args)
  $('call-section').dataset.decision = d.decision
  // What the model would be sent back: the validator's errors, or why the call is refused.
  if (d.decision === 'send_back' || d.decision === 'reject') return showErrors(d.errors?.length ? d.errors.map((e) => e.message) : [d.message])
  showErrors([])
  if (d.decision === 'run') return run(d)
  $('prompt').textContent = d.prompt
  $('approval').hidden = false
  $('approve').onclick = () => run(d)
  $('refuse').onclick = () => show({ refused: true }, d)
}

function run(d) {
  $('approval').hidden = true
  $('result-section').hidden = true
  $('progress').removeAttribute('value')
  $('progress-text').textContent = 'called, no progress yet'
  $('progress-log').replaceChildren()
  $('running').hidden = false
  $('call').disabled = true
  const seconds = Number($('limit').value)
  call = conn.call(d.tool, d.arguments, seconds > 0 ? Math.round(seconds * 1000) : null, progress)
  call.done.then((outcome) => show(outcome, d), fail).finally(() => {
    $('running').hidden = true
    $('call').disabled = false
    call = null
  })
}

function progress(p) {
  if (p.total !== null) Object.assign($('progress'), { max: p.total, value: p.progress })
  const text = `${p.progress}${p.total !== null ? ` of ${p.total}` : ''}${p.message ? `: ${p.message}` : ''}`
  $('progress-text').textContent = text
  const log = $('progress-log')
  log.append(el('li', { text }))
  if (log.children.length > 20) log.firstElementChild.remove()
}

$('stop').onclick = () => call && conn.stop(call.id, 'stopped by the user')

const OUTCOME = {
  success: () => 'success',
  tool_error: () => 'tool error (isError)',
  error: (o) => `protocol error ${o.error.code}: ${o.error.message}`,
  timeout: (o) => `timed out after ${o.timeout} ms`,
  cancelled: (o) => `cancelled: ${o.cancelled}`,
  refused: () => 'refused by the user: not called',
  input_required: () => 'the server asks for input this page cannot give',
}

/** The outcome as the user sees it, and as the host kit renders it for the model. */
export function show(outcome, d) {
  $('approval').hidden = true
  const kind = outcome.refused ? 'refused' : 'timeout' in outcome ? 'timeout' : 'cancelled' in outcome ? 'cancelled'
    : outcome.event === 'tool_result' ? outcome.class : outcome.event
  $('outcome').textContent = OUTCOME[kind](outcome)
  $('outcome').className = `outcome-${kind}`
  $('result-section').dataset.outcome = kind
  $('blocks').replaceChildren(...(outcome.event === 'tool_result' ? renderResult(outcome.result) : []))
  const forModel = outcome.refused ? { cancelled: 'the user refused this call' }
    : outcome.event === 'error' ? { jsonrpc: '2.0', id: outcome.id, error: outcome.error }
      : outcome.event === 'input_required' ? { cancelled: OUTCOME.input_required() }
        : outcome.result ?? outcome
  const rendered = mcp.renderResult($('target').value, forModel, `call_${++calls}`, d.tool)
  $('model').textContent = JSON.stringify(rendered, null, 2)
  $('result-section').hidden = false
}
