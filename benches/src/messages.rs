//! CallToolResults (text blocks, an image, structuredContent), progress notifications and
//! error responses.

use crate::builder::{num, obj, response, s, src, Rng, J};
use crate::words::{paragraph, sentence};

/// One `CallToolResult` with 5 text blocks full of escapes and non-ASCII text (~5 KB).
pub fn text_blocks() -> Vec<u8> {
    // JSON source text: `\n`, `\"`, `\t`, `\\`, `\u00e9` escapes beside raw UTF-8.
    let blocks = [
        // Log excerpt.
        "2026-11-29T16:02:11Z INFO  starting build \\\"release\\\"\\n\
2026-11-29T16:02:12Z WARN  caf\\u00e9-service: deprecated flag --no-cache\\n\
2026-11-29T16:02:14Z ERROR  step 3/7 failed: exit status 2\\n\
\\tat Builder.run (builder.ts:118:17)\\n\\tat main (index.ts:12:3)\\n\
2026-11-29T16:02:15Z INFO  retrying with r\\u00e9sum\\u00e9 token \\u2014 attempt 2\\n\
2026-11-29T16:02:19Z INFO  build succeeded in 7.9s \\u2713\\n\
Artifacts: dist/app.js (412 KB), dist/app.css (38 KB), dist/index.html (2 KB)\\n\
Warnings: 3 \\u2022 Errors: 0\\n",
        // Code snippet (indentation kept: each line is one piece).
        concat!(
            "```python\\n",
            "def summarize(rows, *, key=\\\"total\\\"):\\n",
            "    \\\"\\\"\\\"Sum rows by key.\\\"\\\"\\\"\\n",
            "    out = {}\\n",
            "    for r in rows:\\n",
            "        out[r[\\\"name\\\"]] = out.get(r[\\\"name\\\"], 0) + r[key]\\n",
            "    return out\\n\\n",
            "print(summarize([{\\\"name\\\": \\\"caf\\u00e9\\\", \\\"total\\\": 3}]))\\n```\\n",
            "Output: {'caf\\u00e9': 3}\\n",
            "The path is C:\\\\Users\\\\r\\u00e9mi\\\\projects\\\\mcp.\\n",
        ),
        // Multilingual prose, raw UTF-8.
        "Résumé of the meeting — 会議の要約 — Zusammenfassung:\\n\
1. L’équipe a validé la migration vers la version 2026-07-28 du protocole.\\n\
2. 次のリリースでは、ツール一覧のキャッシュを有効にします。\\n\
3. Die Übersetzung der Fehlermeldungen ist zu 80 % fertig. Größere Änderungen folgen.\\n\
4. Решено: добавить поддержку structuredContent во все инструменты.\\n\
5. Emoji check: 🚀 launch, ✅ done, ⚠️ caution, 🔥 hot path.\\n\
Next meeting: mañana à 10h, café inclus ☕.\\n",
        // Markdown table with quotes.
        "| Tool | Calls | p50 | p99 | Notes |\\n|---|---:|---:|---:|---|\\n\
| github_search_issues | 1,204 | 84 ms | 410 ms | \\\"state:open\\\" most common |\\n\
| slack_list_messages | 988 | 61 ms | 290 ms | caf\\u00e9 channel busiest |\\n\
| postgres_get_rows | 2,311 | 12 ms | 95 ms | uses index \\\"idx_rows_updated\\\" |\\n\
| fs_export_files | 77 | 1.2 s | 4.8 s | large trees \\u2192 paginate |\\n\
| k8s_list_pods | 530 | 140 ms | 700 ms | namespace \\u201cprod\\u201d only |\\n\
\\nTotals: 5,110 calls \\u00b7 median 61 ms \\u00b7 error rate 0.4 %\\n",
        // JSON-in-text (common: a tool that returns a JSON dump as text).
        "{\\n  \\\"status\\\": \\\"ok\\\",\\n  \\\"user\\\": {\\\"name\\\": \\\"Zo\\u00eb Martin\\\", \\\"city\\\": \\\"Montr\\u00e9al\\\"},\\n\
  \\\"tags\\\": [\\\"na\\u00efve\\\", \\\"d\\u00e9j\\u00e0 vu\\\", \\\"co\\u00f6perate\\\"],\\n\
  \\\"note\\\": \\\"line one\\\\nline two\\\\ttabbed\\\",\\n  \\\"emoji\\\": \\\"\\ud83d\\ude00\\\"\\n}\\n",
    ];
    let mut rng = Rng::new(3);
    let content: Vec<J> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| {
            // Pad each block with a paragraph so the message is ~5 KB like the issue's.
            let text = format!("{b}\\n{}", paragraph(&mut rng, 6));
            let mut m = vec![("type", s("text")), ("text", src(&text))];
            if i == 0 {
                m.push((
                    "annotations",
                    obj(vec![
                        ("audience", J::Arr(vec![s("user"), s("assistant")])),
                        ("priority", num(8, 1)),
                    ]),
                ));
            }
            obj(m)
        })
        .collect();
    response(
        J::Int(7),
        obj(vec![
            ("content", J::Arr(content)),
            ("isError", J::Bool(false)),
        ]),
    )
}

// ---------------------------------------------------------------------------------------------
// CallToolResult with an image

pub(crate) const B64: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding.
pub fn base64(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(B64[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// One `CallToolResult` with a 1 MiB base64 PNG-like image and a caption.
pub fn image_result() -> Vec<u8> {
    let mut rng = Rng::new(4);
    // 786,432 bytes -> exactly 1 MiB of base64. A PNG signature and IHDR, then noise (as
    // compressed image data looks).
    let mut img = vec![0u8; 786_432];
    let header: &[u8] =
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x04\x00\x00\x00\x03\x00\x08\x06\x00\x00\x00";
    img[..header.len()].copy_from_slice(header);
    for chunk in img[header.len()..].chunks_mut(8) {
        let r = rng.next_u64().to_le_bytes();
        chunk.copy_from_slice(&r[..chunk.len()]);
    }
    response(
        J::Int(42),
        obj(vec![(
            "content",
            J::Arr(vec![
                obj(vec![
                    ("type", s("text")),
                    ("text", s("Rendered dashboard screenshot (1024x768, PNG).")),
                ]),
                obj(vec![
                    ("type", s("image")),
                    ("data", J::Str(base64(&img))),
                    ("mimeType", s("image/png")),
                ]),
            ]),
        )]),
    )
}

// ---------------------------------------------------------------------------------------------
// Progress

/// `n` progress notifications: string and integer tokens, integer and fractional progress,
/// messages (no escapes).
pub fn progress_notifications(n: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(5);
    let stages = [
        "Indexing",
        "Downloading",
        "Analyzing",
        "Uploading",
        "Compiling",
    ];
    (0..n)
        .map(|i| {
            let token = if i % 2 == 0 {
                s(&format!("pt-{:05}", i / 10))
            } else {
                J::Int(7000 + (i / 10) as i64)
            };
            let total = 100 + rng.below(900) as i64;
            let done = rng.below(total as usize) as i64;
            let progress = if i % 4 == 3 {
                num(done * 10 + 5, 1)
            } else {
                J::Int(done)
            };
            let mut params = vec![("progressToken", token), ("progress", progress)];
            if i % 8 != 7 {
                params.push(("total", J::Int(total)));
            }
            params.push((
                "message",
                s(&format!("{} {done} of {total} files", rng.pick(&stages))),
            ));
            obj(vec![
                ("jsonrpc", s("2.0")),
                ("method", s("notifications/progress")),
                ("params", obj(params)),
            ])
            .to_bytes()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// structuredContent

/// One `CallToolResult` with ~50 KB of nested `structuredContent`.
pub fn structured_result() -> Vec<u8> {
    let mut rng = Rng::new(6);
    let mut results = Vec::new();
    for i in 0..115 {
        let tags: Vec<J> = (0..1 + rng.below(4))
            .map(|_| s(rng.pick(&["bug", "p1", "frontend", "backend", "infra", "docs"])))
            .collect();
        let history: Vec<J> = (0..3)
            .map(|k| {
                obj(vec![
                    ("ts", J::Int(1_764_400_000 + (i * 3600 + k * 60) as i64)),
                    ("value", num(rng.below(10_000) as i64, 2)),
                    ("ok", J::Bool(rng.chance(9, 10))),
                ])
            })
            .collect();
        results.push(obj(vec![
            ("id", s(&format!("ISSUE-{}", 4000 + i))),
            ("title", s(&sentence(&mut rng, 6))),
            ("score", num(rng.below(1000) as i64, 3)),
            ("rank", J::Int(i as i64 + 1)),
            ("tags", J::Arr(tags)),
            (
                "author",
                obj(vec![
                    ("login", s(rng.pick(&["octocat", "hubot", "mona", "zoe-m"]))),
                    ("id", J::Int(10_000 + rng.below(90_000) as i64)),
                    ("bot", J::Bool(false)),
                ]),
            ),
            (
                "location",
                obj(vec![
                    ("lat", num(450_000 + rng.below(10_000) as i64, 4)),
                    ("lon", num(-730_000 - rng.below(10_000) as i64, 4)),
                ]),
            ),
            (
                "metrics",
                obj(vec![
                    ("views", J::Int(rng.below(100_000) as i64)),
                    ("comments", J::Int(rng.below(200) as i64)),
                    ("ratio", num(rng.below(100) as i64, 2)),
                ]),
            ),
            ("history", J::Arr(history)),
            (
                "closedAt",
                if i % 3 == 0 {
                    J::Null
                } else {
                    s("2026-11-28T09:30:00Z")
                },
            ),
        ]));
    }
    let structured = obj(vec![
        ("query", s("is:open label:bug")),
        ("total", J::Int(1873)),
        ("results", J::Arr(results)),
        (
            "facets",
            obj(vec![
                (
                    "labels",
                    obj(vec![
                        ("bug", J::Int(812)),
                        ("p1", J::Int(97)),
                        ("frontend", J::Int(340)),
                    ]),
                ),
                (
                    "states",
                    obj(vec![("open", J::Int(1873)), ("closed", J::Int(0))]),
                ),
            ]),
        ),
        ("nextCursor", s("c2VhcmNoOjI6MTE1")),
    ]);
    response(
        J::Str("call-0042".into()),
        obj(vec![
            (
                "content",
                J::Arr(vec![obj(vec![
                    ("type", s("text")),
                    (
                        "text",
                        s("Found 1873 open bugs; showing the top 115 by score."),
                    ),
                ])]),
            ),
            ("structuredContent", structured),
            ("isError", J::Bool(false)),
        ]),
    )
}

// ---------------------------------------------------------------------------------------------
// Error responses

/// `n` JSON-RPC error responses (strings need no unescaping).
pub fn error_responses(n: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(7);
    (0..n)
        .map(|i| {
            let (code, message) = rng.pick(&[
                (-32602, "Unknown tool: github_search_issuez"),
                (
                    -32602,
                    "Invalid arguments for tool fs_get_files: limit must be at most 100",
                ),
                (-32601, "Method not found"),
                (-32603, "Internal error while calling upstream API"),
                (-32002, "Resource not found"),
            ]);
            let mut e = vec![("code", J::Int(code)), ("message", s(message))];
            if i % 2 == 0 {
                e.push((
                    "data",
                    obj(vec![
                        ("tool", s("github_search_issuez")),
                        ("retryable", J::Bool(code == -32603)),
                    ]),
                ));
            }
            obj(vec![
                ("jsonrpc", s("2.0")),
                ("id", J::Int(5000 + i as i64)),
                ("error", obj(e)),
            ])
            .to_bytes()
        })
        .collect()
}
