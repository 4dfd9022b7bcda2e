//! The stdio line framer: every split of a stream gives the same frames; limits; the writer.
//! Runs with and without an allocator (`--no-default-features`: the caller-owned buffer).

use mcpwire::transport::stdio::{write_line, Frame, LineFramer};
use mcpwire::transport::LineBuffer;
use mcpwire::ErrorKind;
use proptest::prelude::*;

/// What a frame is, owned, for comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Owned {
    Line(Vec<u8>),
    TooLong(usize),
}

fn own(frame: Frame<'_>) -> Owned {
    match frame {
        Frame::Line(l) => Owned::Line(l.to_vec()),
        Frame::TooLong { len } => Owned::TooLong(len),
    }
}

/// Feeds `stream` cut at `cuts` (sorted offsets) and collects every frame.
fn frames_of<B: LineBuffer>(
    framer: &mut LineFramer<B>,
    stream: &[u8],
    cuts: &[usize],
) -> Vec<Owned> {
    let mut out = Vec::new();
    let mut start = 0;
    for &end in cuts.iter().chain(core::iter::once(&stream.len())) {
        let mut chunk = &stream[start..end.max(start)];
        start = end.max(start);
        while !chunk.is_empty() {
            let (taken, frame) = framer.feed(chunk);
            assert!(taken > 0 && taken <= chunk.len());
            if let Some(f) = frame {
                out.push(own(f));
            }
            chunk = &chunk[taken..];
        }
    }
    if let Some(f) = framer.finish() {
        out.push(own(f));
    }
    out
}

/// The model: split at LF, strip one CR before it (and a CR ending the stream), drop blank
/// lines, lines over the limit become TooLong.
fn model(stream: &[u8], limit: usize) -> Vec<Owned> {
    let mut out = Vec::new();
    let mut parts: Vec<&[u8]> = stream.split(|&b| b == b'\n').collect();
    let last = parts.pop().unwrap_or(&[]);
    let mut push = |mut line: &[u8]| {
        if let Some(l) = line.strip_suffix(b"\r") {
            line = l;
        }
        if line.len() > limit {
            out.push(Owned::TooLong(line.len()));
        } else if !line.iter().all(|b| b" \t\r".contains(b)) {
            out.push(Owned::Line(line.to_vec()));
        }
    };
    for p in parts {
        push(p);
    }
    push(last);
    out
}

fn arb_stream() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b" ".to_vec()),
        Just(br#"{"jsonrpc":"2.0","id":1}"#.to_vec()),
        prop::collection::vec(any::<u8>(), 0..12),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

fn arb_cuts(len: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..=len, 0..8).prop_map(|mut v| {
        v.sort_unstable();
        v
    })
}

proptest! {
    #[test]
    fn every_split_gives_the_model_frames(
        (stream, cuts) in arb_stream().prop_flat_map(|s| { let n = s.len(); (Just(s), arb_cuts(n)) }),
        limit in 0usize..40,
    ) {
        let mut storage = [0u8; 40];
        let mut framer = LineFramer::new(&mut storage[..], limit);
        prop_assert_eq!(frames_of(&mut framer, &stream, &cuts), model(&stream, limit));
    }

    #[test]
    fn a_slice_smaller_than_max_line_caps_the_limit(stream in arb_stream(), size in 0usize..30) {
        let mut storage = vec![0u8; size];
        let mut framer = LineFramer::new(&mut storage[..], 1 << 20);
        prop_assert_eq!(framer.limit(), size);
        prop_assert_eq!(frames_of(&mut framer, &stream, &[]), model(&stream, size));
    }
}

#[test]
fn one_byte_at_a_time_equals_all_at_once() {
    let stream = b"{\"a\":1}\r\n\r\n  \n{\"b\":2}\n\ttail\r";
    let cuts: Vec<usize> = (1..stream.len()).collect();
    let mut storage = [0u8; 64];
    let mut framer = LineFramer::new(&mut storage[..], 64);
    let expected = vec![
        Owned::Line(b"{\"a\":1}".to_vec()),
        Owned::Line(b"{\"b\":2}".to_vec()),
        Owned::Line(b"\ttail".to_vec()),
    ];
    assert_eq!(frames_of(&mut framer, stream, &cuts), expected);
    assert_eq!(frames_of(&mut framer, stream, &[]), expected);
}

#[test]
fn a_long_line_is_reported_once_and_never_stored() {
    // The buffer holds 8 bytes; the 1000-byte line never needs more.
    let mut storage = [0u8; 8];
    let mut framer = LineFramer::new(&mut storage[..], 8);
    let mut long = vec![b'x'; 1000];
    long.extend_from_slice(b"\r\nshort\n");
    let frames = frames_of(&mut framer, &long, &[100, 500, 1001]);
    assert_eq!(
        frames,
        vec![Owned::TooLong(1000), Owned::Line(b"short".to_vec())]
    );
    let err = Frame::TooLong { len: 1000 }.error().unwrap();
    assert_eq!(err.kind, ErrorKind::InputTooLarge);
    assert_eq!(Frame::Line(b"x").error(), None);
}

#[test]
fn a_too_long_partial_last_line_is_reported_at_finish() {
    let mut storage = [0u8; 4];
    let mut framer = LineFramer::new(&mut storage[..], 4);
    assert_eq!(framer.feed(b"abcdef"), (6, None));
    assert_eq!(framer.finish(), Some(Frame::TooLong { len: 6 }));
    // The framer is reusable after finish.
    assert_eq!(framer.feed(b"ab\n"), (3, Some(Frame::Line(b"ab"))));
    assert_eq!(framer.finish(), None);
}

#[test]
fn a_line_exactly_at_the_limit_is_a_line() {
    let mut storage = [0u8; 4];
    let mut framer = LineFramer::new(&mut storage[..], 4);
    assert_eq!(framer.feed(b"abcd\r"), (5, None));
    assert_eq!(framer.feed(b"\n"), (1, Some(Frame::Line(b"abcd"))));
    assert_eq!(
        framer.feed(b"abcde\n"),
        (6, Some(Frame::TooLong { len: 5 }))
    );
}

#[test]
fn feed_stops_after_the_first_line_end() {
    let mut storage = [0u8; 16];
    let mut framer = LineFramer::new(&mut storage[..], 16);
    assert_eq!(framer.feed(b"a\nb\n"), (2, Some(Frame::Line(b"a"))));
    assert_eq!(framer.feed(b"b\n"), (2, Some(Frame::Line(b"b"))));
    assert_eq!(framer.feed(b"\n"), (1, None));
    assert_eq!(framer.feed(b""), (0, None));
}

#[test]
fn a_lone_cr_inside_a_line_is_content() {
    let mut storage = [0u8; 16];
    let mut framer = LineFramer::new(&mut storage[..], 16);
    assert_eq!(framer.feed(b"a\r"), (2, None));
    assert_eq!(framer.feed(b"b\n"), (2, Some(Frame::Line(b"a\rb"))));
}

#[test]
fn write_line_adds_one_lf_and_refuses_line_ends() {
    let mut out = [0u8; 32];
    let mut sink = mcpwire::json::writer::SliceSink::new(&mut out);
    write_line(br#"{"a":1}"#, &mut sink).unwrap();
    let n = sink.finish().unwrap();
    assert_eq!(&out[..n], b"{\"a\":1}\n");

    let mut sink = mcpwire::json::writer::SliceSink::new(&mut out);
    let err = write_line(b"{\"a\":\n1}", &mut sink).unwrap_err();
    assert_eq!((err.kind, err.offset), (ErrorKind::UnexpectedByte, 5));
    let err = write_line(b"{}\r", &mut sink).unwrap_err();
    assert_eq!(err.offset, 2);
    assert_eq!(sink.finish().unwrap(), 0);
}

#[cfg(feature = "alloc")]
#[test]
fn the_growable_buffer_grows_to_the_longest_accepted_line_only() {
    let mut framer = LineFramer::with_limit(10);
    let stream = b"0123456789\n0123456789abc\nxyz";
    assert_eq!(
        frames_of(&mut framer, stream, &[3, 12, 20]),
        vec![
            Owned::Line(b"0123456789".to_vec()),
            Owned::TooLong(13),
            Owned::Line(b"xyz".to_vec())
        ]
    );
}

#[cfg(feature = "alloc")]
proptest! {
    #[test]
    fn the_growable_buffer_agrees_with_the_slice(
        (stream, cuts) in arb_stream().prop_flat_map(|s| { let n = s.len(); (Just(s), arb_cuts(n)) }),
        limit in 0usize..40,
    ) {
        let mut framer = LineFramer::with_limit(limit);
        prop_assert_eq!(frames_of(&mut framer, &stream, &cuts), model(&stream, limit));
    }
}
