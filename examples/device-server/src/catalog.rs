//! The tools the device offers: names, schemas and annotations, as `tools/list` shows them.
//!
//! The schemas are the contract the argument reads in [`crate::tools`] enforce by hand (the
//! tests check that the two agree). Annotations are hints for the host: `read_sensor` only
//! reads (`readOnlyHint`), `set_mode` powers the sensor up or down and clears its sample
//! filter (`destructiveHint`), `calibrate` replaces the calibration offset when it completes
//! (not destructive: a cancelled run leaves the old offset in place). None of them reaches
//! beyond the device (`openWorldHint: false`).

use mcpwire::json::{JsonStr, RawJson};
use mcpwire::mcp::{Extra, Tool, ToolAnnotations};
use mcpwire::DecodeError;

/// `read_sensor`: one reading of a channel.
pub const READ_SENSOR: &str = "read_sensor";
/// `set_mode`: the sensor's mode.
pub const SET_MODE: &str = "set_mode";
/// `calibrate`: a slow temperature calibration with progress.
pub const CALIBRATE: &str = "calibrate";

/// `calibrate`'s `samples`: fewest, most, and the default.
pub const SAMPLES: (i64, i64, i64) = (1, 50, 10);
/// `calibrate`'s `reference` in hundredths of a degree: lowest and highest.
pub const REFERENCE: (i32, i32) = (-4_000, 8_500);

const READ_SENSOR_INPUT: &str = r#"{"type":"object","properties":{"channel":{"type":"string","enum":["temperature","humidity","pressure"],"description":"What to read: temperature (°C), humidity (%RH) or pressure (hPa)."}},"required":["channel"],"additionalProperties":false}"#;
const READ_SENSOR_OUTPUT: &str = r#"{"type":"object","properties":{"channel":{"type":"string"},"value":{"type":"number"},"unit":{"type":"string"},"mode":{"type":"string"}},"required":["channel","value","unit","mode"]}"#;
const SET_MODE_INPUT: &str = r#"{"type":"object","properties":{"mode":{"type":"string","enum":["continuous","low_power","sleep"],"description":"continuous: full resolution; low_power: whole units; sleep: no readings."}},"required":["mode"],"additionalProperties":false}"#;
const SET_MODE_OUTPUT: &str = r#"{"type":"object","properties":{"mode":{"type":"string"},"previous":{"type":"string"}},"required":["mode","previous"]}"#;
const CALIBRATE_INPUT: &str = r#"{"type":"object","properties":{"reference":{"type":"number","minimum":-40,"maximum":85,"description":"The true temperature now, in °C, from a reference thermometer."},"samples":{"type":"integer","minimum":1,"maximum":50,"default":10,"description":"How many samples to average, 100 ms each."}},"required":["reference"],"additionalProperties":false}"#;
const CALIBRATE_OUTPUT: &str = r#"{"type":"object","properties":{"offset":{"type":"number"},"samples":{"type":"integer"}},"required":["offset","samples"]}"#;

fn tool(
    name: &'static str,
    title: &'static str,
    description: &'static str,
    input: &'static str,
    output: &'static str,
    annotations: ToolAnnotations<'static>,
) -> Result<Tool<'static>, DecodeError> {
    Ok(Tool {
        name: JsonStr::new(name),
        title: Some(JsonStr::new(title)),
        description: Some(JsonStr::new(description)),
        input_schema: RawJson::parse(input)?,
        output_schema: Some(RawJson::parse(output)?),
        annotations: Some(annotations),
        icons: None,
        execution: None,
        meta: None,
        extra: Extra::NONE,
    })
}

const fn hints(read_only: bool, destructive: bool, idempotent: bool) -> ToolAnnotations<'static> {
    ToolAnnotations {
        title: None,
        read_only_hint: Some(read_only),
        destructive_hint: Some(destructive),
        idempotent_hint: Some(idempotent),
        open_world_hint: Some(false),
        extra: Extra::NONE,
    }
}

/// The catalog, in the order `tools/list` gives it. Fails only if a schema above is not JSON.
pub fn tools() -> Result<[Tool<'static>; 3], DecodeError> {
    Ok([
        tool(
            READ_SENSOR,
            "Read sensor",
            "Reads the current value of one sensor channel.",
            READ_SENSOR_INPUT,
            READ_SENSOR_OUTPUT,
            hints(true, false, false),
        )?,
        tool(
            SET_MODE,
            "Set sensor mode",
            "Switches the sensor's mode. Any change clears the sample filter; sleep stops readings.",
            SET_MODE_INPUT,
            SET_MODE_OUTPUT,
            hints(false, true, true),
        )?,
        tool(
            CALIBRATE,
            "Calibrate temperature",
            "Averages temperature samples (100 ms each) and sets the offset that makes them read the reference. Reports progress; cancel to keep the old offset.",
            CALIBRATE_INPUT,
            CALIBRATE_OUTPUT,
            hints(false, false, false),
        )?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensor::{Channel, Mode};

    fn strings<'a>(v: Option<RawJson<'a>>) -> impl Iterator<Item = JsonStr<'a>> {
        v.into_iter()
            .flat_map(|v| v.items())
            .filter_map(|s| s.as_json_str())
    }

    fn schema_enum(schema: RawJson<'_>, prop: &str) -> heapless::Vec<heapless::String<16>, 4> {
        let e = schema
            .get("properties")
            .and_then(|p| p.get(prop))
            .and_then(|p| p.get("enum"));
        strings(e)
            .map(|s| heapless::String::try_from(s.as_str().unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn schemas_and_argument_reads_agree() {
        let [read, set, calibrate] = tools().unwrap();
        let names: heapless::Vec<heapless::String<16>, 4> = Channel::NAMES
            .iter()
            .map(|n| heapless::String::try_from(*n).unwrap())
            .collect();
        assert_eq!(schema_enum(read.input_schema, "channel"), names);
        let modes: heapless::Vec<heapless::String<16>, 4> = Mode::NAMES
            .iter()
            .map(|n| heapless::String::try_from(*n).unwrap())
            .collect();
        assert_eq!(schema_enum(set.input_schema, "mode"), modes);
        let props = calibrate.input_schema.get("properties").unwrap();
        let int = |p: &str, k: &str| {
            let v = props.get(p).and_then(|p| p.get(k)).unwrap();
            v.as_str().parse::<i64>().unwrap()
        };
        assert_eq!(int("samples", "minimum"), SAMPLES.0);
        assert_eq!(int("samples", "maximum"), SAMPLES.1);
        assert_eq!(int("samples", "default"), SAMPLES.2);
        assert_eq!(int("reference", "minimum") * 100, i64::from(REFERENCE.0));
        assert_eq!(int("reference", "maximum") * 100, i64::from(REFERENCE.1));
        for (t, required) in [(read, "channel"), (set, "mode"), (calibrate, "reference")] {
            let req: heapless::Vec<_, 2> = strings(t.input_schema.get("required")).collect();
            assert_eq!(req.as_slice(), [JsonStr::new(required)]);
        }
    }
}
