//! The tools the server listed, with their compiled schemas, for `arguments` and `output`.
//!
//! `inputSchema` "MUST be a valid JSON Schema object (not `null`)"; a schema that does not
//! compile is reported as `invalid_tool_schema` and its tool is not checked.

use super::{Ctx, Rule};
use crate::mcp::ListToolsResult;
use crate::schema::{SchemaOptions, ToolSchemas};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;

/// The catalog as listed.
#[derive(Debug)]
pub(crate) struct Catalog {
    tools: BTreeMap<String, Option<ToolSchemas>>,
    /// A listing ran to its last page since the last `list_changed`.
    complete: bool,
    max_tools: usize,
}

impl Catalog {
    pub(crate) fn new(max_tools: usize) -> Self {
        Catalog {
            tools: BTreeMap::new(),
            complete: false,
            max_tools,
        }
    }

    /// The schemas of a tool: `None` when not listed, `Some(None)` when its schemas did not
    /// compile.
    pub(crate) fn get(&self, name: &str) -> Option<Option<&ToolSchemas>> {
        self.tools.get(name).map(Option::as_ref)
    }

    /// True when a listing completed and nothing changed since.
    pub(crate) fn is_complete(&self) -> bool {
        self.complete
    }

    /// `notifications/tools/list_changed`: the listing is no longer complete.
    pub(crate) fn changed(&mut self) {
        self.complete = false;
    }

    /// A page of `tools/list`; `first` when it answers a request without a cursor (a new
    /// listing).
    pub(crate) fn on_page(&mut self, ctx: &mut Ctx, first: bool, page: &ListToolsResult<'_>) {
        if first {
            self.tools.clear();
        }
        self.complete = false;
        let opts = SchemaOptions::default();
        for tool in page.tools.iter() {
            if self.tools.len() >= self.max_tools {
                break;
            }
            if !super::key_fits(&tool.name) {
                continue;
            }
            let name = tool.name.to_cow().into_owned();
            let schemas = match ToolSchemas::from_tool(&tool, &opts) {
                Ok(s) => Some(s),
                Err(e) => {
                    ctx.report(
                        Rule::InvalidToolSchema,
                        format!("tool {name:?}: its schema is not usable: {e}"),
                    );
                    None
                }
            };
            self.tools.insert(name, schemas);
        }
        self.complete = page.next_cursor.is_none();
    }
}
