//! The stdio framer and the SSE decoder without an allocator: caller-owned buffers only.
//! Run with `cargo test -p mcpwire --no-default-features --test transport_no_alloc`.
#![cfg(not(feature = "alloc"))]

use mcpwire::json::writer::SliceSink;
use mcpwire::transport::sse::{write_event, Event, EventDecoder, SseItem};
use mcpwire::transport::stdio::{write_line, Frame, LineFramer};

#[test]
fn the_framer_works_in_a_fixed_buffer() {
    let mut storage = [0u8; 16];
    let mut framer = LineFramer::new(&mut storage[..], 16);
    let mut out = [0u8; 32];
    let mut sink = SliceSink::new(&mut out);
    write_line(b"{\"id\":1}", &mut sink).unwrap();
    let n = sink.finish().unwrap();
    assert_eq!(
        framer.feed(&out[..n]),
        (n, Some(Frame::Line(b"{\"id\":1}")))
    );
    assert_eq!(framer.feed(&[b'x'; 40]), (40, None));
    assert_eq!(framer.finish(), Some(Frame::TooLong { len: 40 }));
}

#[test]
fn the_sse_decoder_works_in_a_fixed_buffer() {
    let mut out = [0u8; 64];
    let mut sink = SliceSink::new(&mut out);
    let event = Event {
        data: b"{}\n[]",
        id: b"2-5",
        ..Default::default()
    };
    write_event(&mut sink, &event).unwrap();
    let n = sink.finish().unwrap();
    let mut storage = [0u8; 32];
    let mut decoder = EventDecoder::new(&mut storage[..], 32);
    let mut input = &out[..n];
    let mut seen = 0;
    while !input.is_empty() {
        let (taken, item) = decoder.feed(&input[..1.min(input.len())]);
        if let Some(SseItem::Event(e)) = item {
            assert_eq!((e.data, e.id), (&b"{}\n[]"[..], &b"2-5"[..]));
            seen += 1;
        }
        input = &input[taken..];
    }
    assert_eq!(seen, 1);
    assert!(!decoder.finish());
}
