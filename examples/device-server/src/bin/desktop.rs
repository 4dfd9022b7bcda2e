//! The device server on a desktop: MCP over stdio (stdin/stdout), one thread.
//!
//! The same `no_std` server as the firmware; this file only supplies the byte channel and
//! the clock. The loop waits on stdin with `poll(2)` until a byte arrives or the next
//! calibration sample is due, so progress flows and cancellations are read while a
//! calibration runs. It exits when stdin closes. Unix only.

use device_server::{Buffers, ByteChannel, DeviceServer, Read, Step};
use std::fs::File;
use std::io::{self, Read as _, Write};
use std::os::fd::{AsFd, AsRawFd};
use std::process::ExitCode;
use std::time::Instant;

/// stdin (unbuffered: `poll` must see every byte not yet read) and stdout.
struct Stdio {
    stdin: File,
    stdout: io::StdoutLock<'static>,
}

impl Stdio {
    /// Waits until stdin has bytes (or is closed), at most `timeout_ms` (`None`: forever).
    fn wait(&self, timeout_ms: Option<u64>) {
        let timeout = timeout_ms.map_or(-1, |t| i32::try_from(t).unwrap_or(i32::MAX));
        let mut fd = libc::pollfd {
            fd: self.stdin.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the duration of the call. EINTR and errors just end
        // the wait: the next step's read tells what happened.
        unsafe { libc::poll(&mut fd, 1, timeout) };
    }
}

impl ByteChannel for Stdio {
    fn read(&mut self, buf: &mut [u8]) -> Read {
        let mut fd = libc::pollfd {
            fd: self.stdin.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: as in `wait`; a zero timeout only asks whether a read would block.
        if unsafe { libc::poll(&mut fd, 1, 0) } <= 0 {
            return Read::Idle;
        }
        match self.stdin.read(buf) {
            Ok(0) => Read::Closed,
            Ok(n) => Read::Bytes(n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Read::Idle,
            Err(_) => Read::Closed,
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        // A closed stdout (the client left) is noticed when stdin closes too.
        let _ = self.stdout.write_all(bytes);
    }

    fn flush(&mut self) {
        let _ = self.stdout.flush();
    }
}

fn main() -> ExitCode {
    let stdin = match io::stdin().as_fd().try_clone_to_owned() {
        Ok(fd) => File::from(fd),
        Err(e) => {
            eprintln!("device-server: stdin: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut channel = Stdio {
        stdin,
        stdout: io::stdout().lock(),
    };
    let mut buffers = Box::new(Buffers::new());
    let mut server = match DeviceServer::new(&mut buffers) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("device-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let now = || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    loop {
        let wait = server.poll_timeout().map(|at| at.saturating_sub(now()));
        channel.wait(wait);
        if server.step(&mut channel, now()) == Step::Closed {
            return ExitCode::SUCCESS;
        }
    }
}
