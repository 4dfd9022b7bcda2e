//! `--log FILE`: the exchange as `mcpwire check` reads it (core's `write_log_record`).

use crate::tap::clock::Clock;
use mcpwire::state::Millis;
use mcpwire::watch::{write_log_record, Direction};
use std::fs::File;
use std::io::{BufWriter, Write};

pub struct LogWriter {
    out: BufWriter<File>,
    clock: Clock,
    buf: Vec<u8>,
}

impl LogWriter {
    pub fn new(file: File, clock: Clock) -> Self {
        LogWriter {
            out: BufWriter::new(file),
            clock,
            buf: Vec::new(),
        }
    }

    /// One line (`Err(len)`: over the limit, not kept).
    pub fn line(
        &mut self,
        dir: Direction,
        number: u64,
        bytes: Result<&[u8], usize>,
        partial: bool,
        at: Millis,
    ) {
        self.buf.clear();
        write_log_record(
            &mut self.buf,
            &self.clock.iso(at),
            at,
            dir,
            number,
            bytes,
            partial,
        );
        self.buf.push(b'\n');
        let _ = self.out.write_all(&self.buf);
        let _ = self.out.flush();
    }
}
