//! The corpus's vocabulary: services, verbs, nouns, words, and sentences made of them.

use crate::builder::Rng;

pub(crate) const SERVICES: &[(&str, &str)] = &[
    ("github", "GitHub"),
    ("jira", "Jira"),
    ("slack", "Slack"),
    ("gdrive", "Google Drive"),
    ("postgres", "PostgreSQL"),
    ("fs", "the local file system"),
    ("calendar", "Google Calendar"),
    ("stripe", "Stripe"),
    ("k8s", "Kubernetes"),
    ("notion", "Notion"),
];

pub(crate) const VERBS: &[&str] = &[
    "search",
    "list",
    "get",
    "create",
    "update",
    "delete",
    "archive",
    "export",
    "summarize",
    "sync",
];

pub(crate) const NOUNS: &[&str] = &[
    "issues",
    "pull_requests",
    "messages",
    "files",
    "rows",
    "events",
    "invoices",
    "pods",
    "pages",
    "comments",
    "users",
    "deployments",
];

pub(crate) const WORDS: &[&str] = &[
    "the",
    "results",
    "are",
    "returned",
    "in",
    "pages",
    "of",
    "at",
    "most",
    "items",
    "sorted",
    "by",
    "relevance",
    "use",
    "cursor",
    "to",
    "continue",
    "filter",
    "matching",
    "records",
    "only",
    "when",
    "caller",
    "has",
    "access",
    "rate",
    "limited",
    "per",
    "workspace",
    "token",
    "timestamps",
    "UTC",
    "ISO",
    "8601",
    "format",
    "fields",
    "optional",
    "default",
    "value",
    "owner",
    "repository",
    "project",
    "label",
    "status",
    "priority",
    "assignee",
    "deleted",
    "archived",
    "visible",
    "returns",
    "error",
    "if",
    "not",
    "found",
];

pub(crate) fn sentence(rng: &mut Rng, words: usize) -> String {
    let mut out = String::new();
    for i in 0..words {
        let w = rng.pick(WORDS);
        if i == 0 {
            let mut c = w.chars();
            if let Some(f) = c.next() {
                out.extend(f.to_uppercase());
                out.push_str(c.as_str());
            }
        } else {
            out.push(' ');
            out.push_str(w);
        }
    }
    out.push('.');
    out
}

pub(crate) fn paragraph(rng: &mut Rng, sentences: usize) -> String {
    (0..sentences)
        .map(|_| {
            let n = 8 + rng.below(10);
            sentence(rng, n)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn camel(parts: &[&str]) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        for (j, seg) in p.split('_').enumerate() {
            if i == 0 && j == 0 {
                out.push_str(seg);
            } else {
                let mut c = seg.chars();
                if let Some(f) = c.next() {
                    out.extend(f.to_uppercase());
                    out.push_str(c.as_str());
                }
            }
        }
    }
    out
}
