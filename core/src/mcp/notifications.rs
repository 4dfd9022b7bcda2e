//! `notifications/progress` and `notifications/cancelled`.

use super::{
    missing, read_in_place, read_named, read_number, read_object, read_raw_object, Decode, Encode,
    Extra, ObjectWriterExt, ProgressToken,
};
use crate::error::Result;
use crate::json::reader::member_names;
use crate::json::writer::{ObjectWriter, Sink};
use crate::json::{JsonStr, Number, RawJson, Reader};
use crate::jsonrpc::RequestId;

/// Params of `notifications/progress`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProgressNotificationParams<'a> {
    /// The token from the request's `_meta.progressToken`.
    pub progress_token: ProgressToken<'a>,
    /// Progress so far; "MUST increase with each notification".
    pub progress: Number,
    /// Total, if known.
    pub total: Option<Number>,
    /// A human-readable message (2025-03-26+).
    pub message: Option<JsonStr<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

member_names!(PROGRESS_KEYS, progress_key {
    META = "_meta",
    TOKEN = "progressToken",
    PROGRESS = "progress",
    TOTAL = "total",
    MESSAGE = "message",
});

impl<'a> ProgressNotificationParams<'a> {
    /// Params with no members yet, for [`read_into`](Self::read_into).
    pub(crate) const EMPTY: Self = ProgressNotificationParams {
        progress_token: ProgressToken::Int(0),
        progress: Number::Int(0),
        total: None,
        message: None,
        meta: None,
        extra: Extra::NONE,
    };

    /// Reads the params into `self` (a [`Self::EMPTY`]), their fields written where they
    /// stay (as `CallToolRequestParams::read_into`: no copy on their way into the message).
    pub(crate) fn read_into(&mut self, r: &mut Reader<'a>) -> Result<()> {
        let (mut token, mut progress) = (false, false);
        let (start, extra) = read_named(r, "params", PROGRESS_KEYS, |r, k| {
            match k {
                progress_key::TOKEN => {
                    self.progress_token = ProgressToken::read(r)?;
                    token = true;
                }
                progress_key::PROGRESS => {
                    self.progress = read_number(r, "progress")?;
                    progress = true;
                }
                progress_key::TOTAL => self.total = Some(read_number(r, "total")?),
                progress_key::MESSAGE => self.message = Some(r.read_str("message")?),
                progress_key::META => self.meta = Some(read_raw_object(r, "_meta")?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        if !token {
            return Err(missing(start, "progressToken"));
        }
        if !progress {
            return Err(missing(start, "progress"));
        }
        self.extra = extra;
        Ok(())
    }
}

impl<'a> Decode<'a> for ProgressNotificationParams<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        read_in_place(Self::EMPTY, r, Self::read_into)
    }
}

impl Encode for ProgressNotificationParams<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.raw_field(sink, "_meta", &self.meta);
        o.key(sink, "progressToken");
        self.progress_token.write(sink);
        o.key(sink, "progress");
        self.progress.write(sink);
        o.enc_field(sink, "total", &self.total);
        o.str_field(sink, "message", &self.message);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}

/// Params of `notifications/cancelled`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CancelledNotificationParams<'a> {
    /// The request to cancel (optional only in 2025-11-25, for tasks).
    pub request_id: Option<RequestId<'a>>,
    /// Why.
    pub reason: Option<JsonStr<'a>>,
    /// `_meta`.
    pub meta: Option<RawJson<'a>>,
    /// Unknown members.
    pub extra: Extra<'a>,
}

const CANCELLED_KEYS: &[&str] = &["_meta", "requestId", "reason"];

impl<'a> Decode<'a> for CancelledNotificationParams<'a> {
    fn read(r: &mut Reader<'a>) -> Result<Self> {
        let (mut request_id, mut reason, mut meta) = (None, None, None);
        let (_, extra) = read_object(r, "params", CANCELLED_KEYS, |r, k| {
            match k {
                "requestId" => request_id = Some(RequestId::read(r, "requestId")?),
                "reason" => reason = Some(r.read_str("reason")?),
                "_meta" => meta = Some(read_raw_object(r, "_meta")?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        Ok(CancelledNotificationParams {
            request_id,
            reason,
            meta,
            extra,
        })
    }
}

impl Encode for CancelledNotificationParams<'_> {
    fn write<S: Sink + ?Sized>(&self, sink: &mut S) {
        let mut o = ObjectWriter::open(sink);
        o.raw_field(sink, "_meta", &self.meta);
        if let Some(id) = &self.request_id {
            o.key(sink, "requestId");
            id.write(sink);
        }
        o.str_field(sink, "reason", &self.reason);
        self.extra.write(&mut o, sink);
        o.close(sink);
    }
}
