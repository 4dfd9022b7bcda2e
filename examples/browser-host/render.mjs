// A CallToolResult as the user sees it: each content block by its kind, structuredContent as a
// table. Text goes in through textContent only; images and audio from blob: URLs of their bytes.

/** `tag` with `props` (class, text, …) and children. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') node.textContent = v
    else if (k === 'class') node.className = v
    else if (k.startsWith('data-')) node.setAttribute(k, v)
    else node[k] = v
  }
  node.append(...children)
  return node
}

function blobUrl(base64, mimeType) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  return URL.createObjectURL(new Blob([bytes], { type: mimeType }))
}

const RENDER = {
  text: (b) => el('pre', { text: b.text }),
  image: (b) => el('img', { src: blobUrl(b.data, b.mimeType), alt: `image (${b.mimeType})` }),
  audio: (b) => el('audio', { src: blobUrl(b.data, b.mimeType), controls: true }),
  resource_link: (b) =>
    el('p', {}, el('a', { href: b.uri, text: b.title ?? b.name, rel: 'noopener noreferrer' }),
      ` ${b.uri}${b.mimeType ? ` (${b.mimeType})` : ''}${b.description ? `: ${b.description}` : ''}`),
  resource: ({ resource: r }) =>
    el('figure', {}, el('figcaption', { text: `${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}` }),
      'text' in r ? el('pre', { text: r.text })
        : el('a', { href: blobUrl(r.blob, r.mimeType ?? 'application/octet-stream'), download: '', text: 'download' })),
}

/** The blocks of `result.content`, then `result.structuredContent` as a table. */
export function renderResult(result) {
  const out = (result.content ?? []).map((b) =>
    el('div', { class: 'block', 'data-kind': b.type }, (RENDER[b.type] ?? ((x) => el('pre', { text: JSON.stringify(x) })))(b)))
  if (result.structuredContent !== undefined) {
    out.push(el('div', { class: 'block', 'data-kind': 'structuredContent' }, table(result.structuredContent)))
  }
  return out
}

const cell = (v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))

/** An object as rows of key and value; an array of objects as rows under their keys. */
export function table(value) {
  const rows = Array.isArray(value) ? value : [value]
  const keys = [...new Set(rows.flatMap((r) => (r !== null && typeof r === 'object' && !Array.isArray(r) ? Object.keys(r) : [''])))]
  if (!Array.isArray(value)) {
    return el('table', {}, ...keys.map((k) => el('tr', {}, el('th', { text: k }), el('td', { text: cell(value[k]) }))))
  }
  return el('table', {}, el('tr', {}, ...keys.map((k) => el('th', { text: k }))),
    ...rows.map((r) => el('tr', {}, ...keys.map((k) => el('td', { text: k === '' ? cell(r) : r[k] === undefined ? '' : cell(r[k]) })))))
}
