//! The SSE decoder and writer: every split of a stream gives the same events, whatever the
//! line ends; limits; the writer's output reads back; event ids.
#![cfg(feature = "alloc")]

use mcpwire::transport::sse::{write_comment, write_event, Event, EventDecoder, EventId, SseItem};
use mcpwire::transport::LineBuffer;
use mcpwire::ErrorKind;
use proptest::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Owned {
    Event {
        event: Vec<u8>,
        data: Vec<u8>,
        id: Vec<u8>,
        retry: Option<u64>,
    },
    TooLong(usize),
}

fn own(item: SseItem<'_>) -> Owned {
    match item {
        SseItem::Event(e) => Owned::Event {
            event: e.event.to_vec(),
            data: e.data.to_vec(),
            id: e.id.to_vec(),
            retry: e.retry,
        },
        SseItem::TooLong { len } => Owned::TooLong(len),
    }
}

fn decode_all<B: LineBuffer>(
    d: &mut EventDecoder<B>,
    stream: &[u8],
    cuts: &[usize],
) -> (Vec<Owned>, bool) {
    let mut out = Vec::new();
    let mut start = 0;
    for &end in cuts.iter().chain(core::iter::once(&stream.len())) {
        let mut chunk = &stream[start..end.max(start)];
        start = end.max(start);
        while !chunk.is_empty() {
            let (taken, item) = d.feed(chunk);
            assert!(taken > 0 && taken <= chunk.len());
            if let Some(i) = item {
                out.push(own(i));
            }
            chunk = &chunk[taken..];
        }
    }
    (out, d.finish())
}

#[derive(Clone, Debug)]
enum Field {
    Data(String),
    Event(String),
    Id(String),
    Retry(u32),
    Comment(String),
    Unknown(String),
}

impl Field {
    fn line(&self) -> String {
        match self {
            Field::Data(v) => format!("data: {v}"),
            Field::Event(v) => format!("event: {v}"),
            Field::Id(v) => format!("id:{v}"),
            Field::Retry(n) => format!("retry: {n}"),
            Field::Comment(v) => format!(":{v}"),
            Field::Unknown(v) => v.clone(),
        }
    }
}

fn arb_field() -> impl Strategy<Value = Field> {
    let text = "[a-z0-9 :{}\"\u{e9}]{0,10}";
    prop_oneof![
        4 => text.prop_map(Field::Data),
        1 => "[a-z]{1,8}".prop_map(Field::Event),
        1 => "[a-z0-9-]{0,6}".prop_map(Field::Id),
        1 => any::<u32>().prop_map(Field::Retry),
        1 => text.prop_map(Field::Comment),
        1 => "x[a-z]{0,5}(: ?[a-z]{0,4})?".prop_map(Field::Unknown),
    ]
}

/// A stream of blocks (each ended by a blank line), with the line end of every line chosen
/// from CR, LF and CRLF, an optional BOM and an optional unterminated last block.
/// Blocks, an unterminated tail, a BOM or not, and the line ends.
type Stream = (Vec<Vec<Field>>, Vec<Field>, bool, Vec<u8>);

fn arb_stream() -> impl Strategy<Value = Stream> {
    (
        prop::collection::vec(prop::collection::vec(arb_field(), 0..5), 0..6),
        prop::collection::vec(arb_field(), 0..3),
        any::<bool>(),
        prop::collection::vec(0u8..3, 64),
    )
}

fn render(blocks: &[Vec<Field>], tail: &[Field], bom: bool, ends: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    if bom {
        out.extend_from_slice("\u{feff}".as_bytes());
    }
    let mut lines: Vec<String> = Vec::new();
    for b in blocks {
        lines.extend(b.iter().map(Field::line));
        lines.push(String::new());
    }
    lines.extend(tail.iter().map(Field::line));
    let mut last_cr = false;
    for (i, line) in lines.iter().enumerate() {
        out.extend_from_slice(line.as_bytes());
        // An LF right after a CR would join it: use CR again then.
        let end: &[u8] = match ends[i % ends.len()] {
            0 if last_cr && line.is_empty() => b"\r",
            0 => b"\n",
            1 => b"\r",
            _ => b"\r\n",
        };
        last_cr = end == b"\r";
        out.extend_from_slice(end);
    }
    out
}

/// The model of the decoder, straight from the WHATWG steps, with the limit.
fn model(blocks: &[Vec<Field>], limit: usize) -> Vec<Owned> {
    let mut out = Vec::new();
    let mut id = Vec::new();
    for b in blocks {
        let (mut data, mut event, mut retry, mut over, mut len, mut has_data) =
            (Vec::new(), Vec::new(), None, false, 0, false);
        for f in b {
            let line = f.line();
            len += line.len();
            if matches!(f, Field::Comment(_)) || over {
                continue;
            }
            if data.len() + line.len() > limit {
                over = true;
                continue;
            }
            match f {
                Field::Data(v) => {
                    data.extend_from_slice(v.as_bytes());
                    data.push(b'\n');
                    has_data = true;
                }
                Field::Event(v) => event = v.as_bytes().to_vec(),
                Field::Id(v) => id = v.as_bytes().to_vec(),
                Field::Retry(n) => retry = Some(u64::from(*n)),
                _ => {}
            }
        }
        if over {
            out.push(Owned::TooLong(len));
        } else if has_data {
            data.pop();
            out.push(Owned::Event {
                event,
                data,
                id: id.clone(),
                retry,
            });
        }
    }
    out
}

fn with_cuts() -> impl Strategy<Value = (Stream, Vec<usize>)> {
    arb_stream().prop_flat_map(|s| {
        let n = render(&s.0, &s.1, s.2, &s.3).len();
        let cuts = prop::collection::vec(0..=n, 0..10).prop_map(|mut v| {
            v.sort_unstable();
            v
        });
        (Just(s), cuts)
    })
}

proptest! {
    #[test]
    fn every_split_gives_the_model_events(
        ((blocks, tail, bom, ends), cuts) in with_cuts(),
        limit in 0usize..64,
    ) {
        let stream = render(&blocks, &tail, bom, &ends);
        let mut storage = [0u8; 64];
        let mut d = EventDecoder::new(&mut storage[..], limit);
        let (events, dropped) = decode_all(&mut d, &stream, &cuts);
        prop_assert_eq!(events, model(&blocks, limit));
        let tail_pending = tail.iter().any(|f| !matches!(f, Field::Comment(_)));
        prop_assert_eq!(dropped, tail_pending);
    }

    #[test]
    fn what_the_writer_writes_reads_back(
        events in prop::collection::vec(
            ("[a-z]{0,5}", "[a-z0-9 \n:]{0,20}", "[0-9-]{0,6}", proptest::option::of(0u64..1_000_000)),
            0..6,
        ),
        cut in 0usize..400,
    ) {
        let mut stream = Vec::new();
        write_comment(&mut stream, b"").unwrap();
        let mut expected = Vec::new();
        let mut id = Vec::new();
        for (event, data, new_id, retry) in &events {
            let e = Event { event: event.as_bytes(), data: data.as_bytes(), id: new_id.as_bytes(), retry: *retry };
            write_event(&mut stream, &e).unwrap();
            if !new_id.is_empty() {
                id = new_id.as_bytes().to_vec();
            }
            expected.push(Owned::Event { event: event.as_bytes().to_vec(), data: data.as_bytes().to_vec(), id: id.clone(), retry: *retry });
        }
        let mut d = EventDecoder::with_limit(1 << 16);
        let cut = cut.min(stream.len());
        let (got, dropped) = decode_all(&mut d, &stream, &[cut]);
        prop_assert_eq!(got, expected);
        prop_assert!(!dropped);
    }
}

fn decode_one_by_one(stream: &[u8], limit: usize) -> (Vec<Owned>, bool) {
    let cuts: Vec<usize> = (1..stream.len()).collect();
    let mut d = EventDecoder::with_limit(limit);
    decode_all(&mut d, stream, &cuts)
}

fn event(event: &str, data: &str, id: &str, retry: Option<u64>) -> Owned {
    Owned::Event {
        event: event.into(),
        data: data.into(),
        id: id.into(),
        retry,
    }
}

#[test]
fn the_whatwg_examples() {
    // From the HTML standard's event stream examples.
    let (e, _) = decode_one_by_one(b"data: YHOO\ndata: +2\ndata: 10\n\n", 1024);
    assert_eq!(e, vec![event("", "YHOO\n+2\n10", "", None)]);
    let (e, dropped) = decode_one_by_one(
        b": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n",
        1024,
    );
    assert_eq!(
        e,
        vec![
            event("", "first event", "1", None),
            event("", "second event", "", None)
        ]
    );
    assert!(dropped, "the third event has no blank line: dropped");
    let (e, _) = decode_one_by_one(b"data\n\ndata\ndata\n\ndata:", 1024);
    assert_eq!(e, vec![event("", "", "", None), event("", "\n", "", None)]);
    let (e, _) = decode_one_by_one(b"data:test\n\ndata: test\n\n", 1024);
    assert_eq!(
        e,
        vec![event("", "test", "", None), event("", "test", "", None)]
    );
}

#[test]
fn cr_at_a_chunk_end_then_lf_is_one_line_end() {
    let stream = b"data: a\r\n\r\ndata: b\r\r";
    for cut in 0..=stream.len() {
        let mut d = EventDecoder::with_limit(64);
        let (e, _) = decode_all(&mut d, stream, &[cut]);
        assert_eq!(
            e,
            vec![event("", "a", "", None), event("", "b", "", None)],
            "cut {cut}"
        );
    }
}

#[test]
fn a_bom_is_skipped_once_and_a_false_start_is_content() {
    let (e, _) = decode_one_by_one(b"\xEF\xBB\xBFdata: x\n\n", 64);
    assert_eq!(e, vec![event("", "x", "", None)]);
    // A second BOM is content: the line's field name is then not "data".
    let (e, _) = decode_one_by_one(b"\xEF\xBB\xBF\xEF\xBB\xBFdata: x\n\n", 64);
    assert_eq!(e, vec![]);
    // Bytes that start like a BOM but are not one are kept.
    let mut d = EventDecoder::with_limit(64);
    let (e, _) = decode_all(&mut d, b"\xEFdata: x\n\ndata: y\n\n", &[1]);
    assert_eq!(e, vec![event("", "y", "", None)]);
}

#[test]
fn ids_with_nul_are_ignored_and_retry_needs_digits() {
    let (e, _) = decode_one_by_one(b"id: a\0b\nretry: 12x\ndata: 1\n\nretry: 300\n\n", 64);
    assert_eq!(e, vec![event("", "1", "", None)]);
    let mut d = EventDecoder::with_limit(64);
    decode_all(&mut d, b"id: 5-2\nretry: 300\n\n", &[]);
    assert_eq!((d.last_event_id(), d.retry()), (&b"5-2"[..], Some(300)));
}

#[test]
fn an_event_over_the_limit_is_skipped_and_reported_once() {
    let mut storage = [0u8; 16];
    let mut d = EventDecoder::new(&mut storage[..], 16);
    let mut stream = b"data: ".to_vec();
    stream.extend(std::iter::repeat_n(b'x', 1000));
    stream.extend_from_slice(b"\ndata: more\n\ndata: ok\n\n");
    let (e, _) = decode_all(&mut d, &stream, &[7, 500]);
    assert_eq!(e, vec![Owned::TooLong(1016), event("", "ok", "", None)]);
    let err = SseItem::TooLong { len: 3 }.error().unwrap();
    assert_eq!(err.kind, ErrorKind::InputTooLarge);
    // Comments never count against the limit.
    let mut long_comment = b":".to_vec();
    long_comment.extend(std::iter::repeat_n(b'c', 100));
    long_comment.extend_from_slice(b"\ndata: ok\n\n");
    let (e, _) = decode_all(&mut d, &long_comment, &[]);
    assert_eq!(e, vec![event("", "ok", "", None)]);
    // An id longer than MAX_FIELD makes the event too long and keeps the old id.
    let mut long_id = b"id: 1\ndata: a\n\nid: ".to_vec();
    long_id.extend(std::iter::repeat_n(b'9', 200));
    long_id.extend_from_slice(b"\ndata: b\n\n");
    let mut d = EventDecoder::with_limit(1024);
    let (e, _) = decode_all(&mut d, &long_id, &[]);
    assert_eq!(e, vec![event("", "a", "1", None), Owned::TooLong(211)]);
    assert_eq!(d.last_event_id(), b"1");
}

#[test]
fn the_writer_refuses_line_ends_in_single_line_fields() {
    let mut out = Vec::new();
    let bad_id = Event {
        id: b"a\nb",
        data: b"x",
        ..Default::default()
    };
    assert_eq!(write_event(&mut out, &bad_id).unwrap_err().offset, 1);
    let nul_id = Event {
        id: b"ab\0",
        data: b"x",
        ..Default::default()
    };
    assert_eq!(write_event(&mut out, &nul_id).unwrap_err().offset, 2);
    let bad_type = Event {
        event: b"\rx",
        data: b"x",
        ..Default::default()
    };
    assert_eq!(
        write_event(&mut out, &bad_type).unwrap_err().kind,
        ErrorKind::UnexpectedByte
    );
    assert!(write_comment(&mut out, b"a\rb").is_err());
    assert!(out.is_empty());
    let e = Event {
        event: b"message",
        data: b"{}\r\n[]",
        id: b"1-1",
        retry: Some(5),
    };
    write_event(&mut out, &e).unwrap();
    assert_eq!(
        out,
        b"event: message\nid: 1-1\nretry: 5\ndata: {}\ndata: []\n\n"
    );
    assert_eq!(Event::default().kind(), b"message");
}

#[test]
fn event_ids_read_back_and_have_one_spelling() {
    for id in [
        EventId { stream: 0, seq: 1 },
        EventId {
            stream: u64::MAX,
            seq: u64::MAX,
        },
    ] {
        let mut buf = [0u8; 41];
        let text = id.write(&mut buf);
        assert_eq!(text, id.to_string());
        assert_eq!(EventId::parse(text.as_bytes()), Some(id));
    }
    for bad in [
        "",
        "1",
        "-1",
        "1-",
        "01-2",
        "1-02",
        "+1-2",
        "1-2-3",
        "a-1",
        "18446744073709551616-1",
    ] {
        assert_eq!(EventId::parse(bad.as_bytes()), None, "{bad}");
    }
}
