//! The byte channel the server talks over: a UART on a board, stdin/stdout on a desktop, a
//! pair of buffers in the tests.

use mcpwire::json::writer::Sink;

/// What a read from the channel gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// This many bytes were written to the start of the buffer.
    Bytes(usize),
    /// Nothing right now (a UART with an empty receive register).
    Idle,
    /// The peer closed its side (end of stdin): no more bytes will come.
    Closed,
}

/// A byte channel. Reads never block; writes take every byte (a device may block until its
/// transmitter drains).
pub trait ByteChannel {
    /// Reads what is available into `buf` without waiting.
    fn read(&mut self, buf: &mut [u8]) -> Read;
    /// Writes all of `bytes`.
    fn write(&mut self, bytes: &[u8]);
    /// Pushes written bytes out (a buffered stdout); by default nothing to do.
    fn flush(&mut self) {}
}

/// A channel as the core's [`Sink`], for [`mcpwire::transport::stdio::write_line`].
pub(crate) struct ChannelSink<'c, C: ?Sized>(pub(crate) &'c mut C);

impl<C: ByteChannel + ?Sized> Sink for ChannelSink<'_, C> {
    fn put(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }
}
