//! # A sensor device's MCP server, `no_std` and without an allocator
//!
//! The whole server lives here, in fixed memory ([`Buffers`]: one 2 KiB line in, one 3 KiB
//! line out) and the core's sans-IO [`mcpwire::state::Server`]; the two binaries only move
//! bytes and read a clock:
//!
//! - `device-server` (feature `desktop`, the default): stdin/stdout, one thread, the clock
//!   passed in, so any MCP client can spawn it over stdio.
//! - `device-firmware` (feature `firmware`, target `thumbv7em-none-eabihf`): `#![no_main]`,
//!   a polled UART, SysTick milliseconds, no `#[global_allocator]`.
//!
//! Tools: `read_sensor` (read-only), `set_mode` (destructive: it clears the sample filter)
//! and `calibrate` (slow: 100 ms per sample, progress after each, cancellable). Their
//! arguments are read with typed accessors ([`args`]) instead of the `alloc` JSON Schema
//! validator; a bad argument is a tool error (`isError: true`) naming it.
//!
//! `bash examples/device-server/build.sh` builds both binaries and prints their paths;
//! `bash examples/device-server/test.sh` runs the tests, the desktop build driven by the
//! official Python and TypeScript SDK clients.
#![no_std]

pub mod args;
pub mod catalog;
pub mod channel;
pub mod sensor;
pub mod session;
pub mod tools;

pub use channel::{ByteChannel, Read};
pub use session::{Buffers, DeviceServer, Step, MAX_LINE, MAX_OUT};
