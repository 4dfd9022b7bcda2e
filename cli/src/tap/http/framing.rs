//! HTTP/1.1 message bodies as the proxy reads them from the upstream (RFC 9112 §6): a
//! `Content-Length`, `chunked` transfer coding (chunk sizes read by `httparse`), or until
//! the connection closes. The decoder yields the payload, so what the client gets and what
//! the checker sees are the same bytes whatever the framing.

/// How a body ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// Exactly this many bytes.
    Length(u64),
    /// `Transfer-Encoding: chunked`.
    Chunked,
    /// Until the connection closes.
    Close,
}

#[derive(Debug)]
enum State {
    Length(u64),
    ChunkSize,
    ChunkData(u64),
    ChunkEnd,
    Trailers,
    Close,
    Done,
}

/// A body decoder fed raw bytes.
#[derive(Debug)]
pub struct BodyDecoder {
    state: State,
    raw: Vec<u8>,
}

/// A malformed chunked body.
#[derive(Debug)]
pub struct BadChunk;

impl BodyDecoder {
    pub fn new(framing: Framing) -> Self {
        let state = match framing {
            Framing::Length(0) => State::Done,
            Framing::Length(n) => State::Length(n),
            Framing::Chunked => State::ChunkSize,
            Framing::Close => State::Close,
        };
        BodyDecoder {
            state,
            raw: Vec::new(),
        }
    }

    /// True when the body is complete.
    pub fn is_done(&self) -> bool {
        matches!(self.state, State::Done)
    }

    /// True when the body ends with the connection (then its end is not an error).
    pub fn ends_at_close(&self) -> bool {
        matches!(self.state, State::Close)
    }

    /// Feeds raw bytes; appends the payload they carry to `out`. Bytes after the body's end
    /// are ignored (the upstream connection is `Connection: close`).
    pub fn feed(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), BadChunk> {
        self.raw.extend_from_slice(input);
        let mut at = 0;
        loop {
            let rest = &self.raw[at..];
            match self.state {
                State::Done => break,
                State::Close => {
                    out.extend_from_slice(rest);
                    at = self.raw.len();
                    break;
                }
                State::Length(n) | State::ChunkData(n) => {
                    if rest.is_empty() {
                        break;
                    }
                    let take = (rest.len() as u64).min(n) as usize;
                    out.extend_from_slice(&rest[..take]);
                    at += take;
                    let left = n - take as u64;
                    self.state = match (&self.state, left) {
                        (State::Length(_), 0) => State::Done,
                        (State::Length(_), l) => State::Length(l),
                        (_, 0) => State::ChunkEnd,
                        (_, l) => State::ChunkData(l),
                    };
                }
                State::ChunkSize => match httparse::parse_chunk_size(rest) {
                    Ok(httparse::Status::Complete((used, 0))) => {
                        at += used;
                        self.state = State::Trailers;
                    }
                    Ok(httparse::Status::Complete((used, size))) => {
                        at += used;
                        self.state = State::ChunkData(size);
                    }
                    Ok(httparse::Status::Partial) => break,
                    Err(_) => return Err(BadChunk),
                },
                State::ChunkEnd => {
                    if rest.len() < 2 {
                        break;
                    }
                    if &rest[..2] != b"\r\n" {
                        return Err(BadChunk);
                    }
                    at += 2;
                    self.state = State::ChunkSize;
                }
                State::Trailers => {
                    // Trailer fields end at a blank line; they are not relayed (the
                    // proxy re-frames the body, and MCP defines no trailers).
                    if rest.starts_with(b"\r\n") {
                        at += 2;
                        self.state = State::Done;
                    } else if let Some(end) = rest.windows(4).position(|w| w == b"\r\n\r\n") {
                        at += end + 4;
                        self.state = State::Done;
                    } else {
                        break;
                    }
                }
            }
        }
        self.raw.drain(..at);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_split(framing: Framing, raw: &[u8]) -> (Vec<u8>, bool) {
        let mut out = Vec::new();
        let mut d = BodyDecoder::new(framing);
        for b in raw {
            d.feed(std::slice::from_ref(b), &mut out).unwrap();
        }
        let mut whole = Vec::new();
        let mut d2 = BodyDecoder::new(framing);
        d2.feed(raw, &mut whole).unwrap();
        assert_eq!(out, whole, "byte by byte and whole decode the same");
        (out, d.is_done())
    }

    #[test]
    fn chunked_length_and_close_bodies() {
        let raw = b"5;ext=1\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nX-T: 1\r\n\r\nextra";
        assert_eq!(
            decode_split(Framing::Chunked, raw),
            (b"hello world".to_vec(), true)
        );
        assert_eq!(
            decode_split(Framing::Length(3), b"abcdef"),
            (b"abc".to_vec(), true)
        );
        assert_eq!(
            decode_split(Framing::Close, b"abc"),
            (b"abc".to_vec(), false)
        );
        let mut d = BodyDecoder::new(Framing::Chunked);
        assert!(d.feed(b"zz\r\n", &mut Vec::new()).is_err());
        let mut d = BodyDecoder::new(Framing::Chunked);
        assert!(d.feed(b"1\r\naXY", &mut Vec::new()).is_err());
    }
}
