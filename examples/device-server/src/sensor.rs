//! The device behind the tools: a simulated temperature, humidity and pressure sensor with a
//! mode and a temperature calibration offset.
//!
//! Values are fixed-point hundredths (`2150` is 21.50): a microcontroller keeps them in
//! integers and prints them without float formatting. Readings are a fixed base plus a small
//! triangle wave of the time passed in, so they move but are reproducible.

use core::fmt;

/// How long the sensor takes for one calibration sample, in milliseconds.
pub const SAMPLE_INTERVAL_MS: u64 = 100;

/// What the sensor measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Air temperature, °C.
    Temperature,
    /// Relative humidity, %RH.
    Humidity,
    /// Air pressure, hPa.
    Pressure,
}

impl Channel {
    /// The channel names, as the `read_sensor` tool takes them.
    pub const NAMES: &'static [&'static str] = &["temperature", "humidity", "pressure"];

    /// The channel named `name` (one of [`Channel::NAMES`]).
    pub fn from_name(name: &str) -> Option<Channel> {
        match name {
            "temperature" => Some(Channel::Temperature),
            "humidity" => Some(Channel::Humidity),
            "pressure" => Some(Channel::Pressure),
            _ => None,
        }
    }

    /// The channel's name.
    pub const fn name(self) -> &'static str {
        match self {
            Channel::Temperature => "temperature",
            Channel::Humidity => "humidity",
            Channel::Pressure => "pressure",
        }
    }

    /// The unit of its values.
    pub const fn unit(self) -> &'static str {
        match self {
            Channel::Temperature => "°C",
            Channel::Humidity => "%RH",
            Channel::Pressure => "hPa",
        }
    }

    /// The uncalibrated value the simulation centres on, in hundredths.
    const fn base(self) -> i32 {
        match self {
            Channel::Temperature => 2_150,
            Channel::Humidity => 4_500,
            Channel::Pressure => 101_325,
        }
    }
}

/// How the sensor runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Full resolution (0.01).
    Continuous,
    /// Coarse readings (whole units), less power.
    LowPower,
    /// Powered down: no readings until the mode changes.
    Sleep,
}

impl Mode {
    /// The mode names, as the `set_mode` tool takes them.
    pub const NAMES: &'static [&'static str] = &["continuous", "low_power", "sleep"];

    /// The mode named `name` (one of [`Mode::NAMES`]).
    pub fn from_name(name: &str) -> Option<Mode> {
        match name {
            "continuous" => Some(Mode::Continuous),
            "low_power" => Some(Mode::LowPower),
            "sleep" => Some(Mode::Sleep),
            _ => None,
        }
    }

    /// The mode's name.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Continuous => "continuous",
            Mode::LowPower => "low_power",
            Mode::Sleep => "sleep",
        }
    }
}

/// A value in hundredths, printed as a decimal (`-105` is `-1.05`): valid JSON number text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Centi(pub i32);

impl fmt::Display for Centi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// Why the sensor cannot do what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SensorError {
    /// The sensor is in sleep mode.
    Asleep,
}

impl fmt::Display for SensorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SensorError::Asleep => f.write_str(
                "the sensor is in sleep mode: call set_mode with \"continuous\" or \"low_power\" first",
            ),
        }
    }
}

/// The sensor's state.
#[derive(Clone, Copy, Debug)]
pub struct Sensor {
    mode: Mode,
    /// Added to raw temperature readings (hundredths of a degree).
    temperature_offset: i32,
}

impl Default for Sensor {
    fn default() -> Self {
        Sensor::new()
    }
}

impl Sensor {
    /// A sensor in continuous mode, uncalibrated.
    pub const fn new() -> Self {
        Sensor {
            mode: Mode::Continuous,
            temperature_offset: 0,
        }
    }

    /// The current mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The temperature calibration offset, in hundredths of a degree.
    pub fn temperature_offset(&self) -> Centi {
        Centi(self.temperature_offset)
    }

    /// Sets the mode; returns the previous one.
    pub fn set_mode(&mut self, mode: Mode) -> Mode {
        core::mem::replace(&mut self.mode, mode)
    }

    /// One calibrated reading at time `now`, at the mode's resolution.
    pub fn read(&self, channel: Channel, now: u64) -> Result<Centi, SensorError> {
        let value = match channel {
            Channel::Temperature => self.raw(channel, now) + self.temperature_offset,
            _ => self.raw(channel, now),
        };
        match self.mode {
            Mode::Sleep => Err(SensorError::Asleep),
            Mode::Continuous => Ok(Centi(value)),
            Mode::LowPower => Ok(Centi(round_to_whole(value))),
        }
    }

    /// One uncalibrated full-resolution reading at time `now` (what calibration samples).
    pub fn raw(&self, channel: Channel, now: u64) -> i32 {
        // A triangle wave of period 4 s and amplitude 0.10.
        let phase = ((now / 100) % 40) as i32;
        let wave = if phase < 20 { phase } else { 40 - phase } - 10;
        channel.base() + wave
    }

    /// Makes temperature readings read `reference` where the raw samples averaged `mean`.
    pub fn calibrate(&mut self, reference: Centi, mean: Centi) {
        self.temperature_offset = reference.0.saturating_sub(mean.0);
    }
}

fn round_to_whole(v: i32) -> i32 {
    let half = if v < 0 { -50 } else { 50 };
    (v + half) / 100 * 100
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centi_prints_as_a_decimal() {
        let mut s = heapless::String::<16>::new();
        for (v, want) in [(2150, "21.50"), (-105, "-1.05"), (7, "0.07"), (-7, "-0.07")] {
            s.clear();
            fmt::write(&mut s, format_args!("{}", Centi(v))).unwrap();
            assert_eq!(s.as_str(), want);
        }
    }

    #[test]
    fn calibration_moves_temperature_only_and_sleep_refuses() {
        let mut s = Sensor::new();
        let raw = s.raw(Channel::Temperature, 0);
        s.calibrate(Centi(2000), Centi(raw));
        assert_eq!(s.read(Channel::Temperature, 0), Ok(Centi(2000)));
        assert_eq!(
            s.read(Channel::Humidity, 0),
            Ok(Centi(s.raw(Channel::Humidity, 0)))
        );
        s.set_mode(Mode::LowPower);
        assert_eq!(s.read(Channel::Pressure, 0).map(|c| c.0 % 100), Ok(0));
        assert_eq!(s.set_mode(Mode::Sleep), Mode::LowPower);
        assert_eq!(s.read(Channel::Temperature, 0), Err(SensorError::Asleep));
    }
}
