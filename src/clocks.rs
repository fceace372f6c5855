//! Game clocks, for every game: a time control (a base time and an increment a
//! move, `5+3`: five minutes each and three seconds more after every move) and the
//! two sides' clocks under it. They are run by whoever keeps the time (the app's
//! frames) with the time that passed, never by reading a clock themselves, so a test
//! drives them with any time it likes. How long an AI may think under one is the
//! engines' shared policy, `crate::ai::clock::move_budget`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::rules::Player;

/// A base time for each side and an increment each move earns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// What each move adds to its side's clock.
    pub increment: Duration,
}

/// The time controls the menu offers: blitz to rapid, as online sites offer them.
pub const PRESETS: [&str; 5] = ["1+0", "3+2", "5+3", "10+5", "15+10"];

/// `5+3`: minutes, then seconds a move.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        let seconds = self.increment.as_secs_f64();
        write!(f, "{}+{}", number(minutes), number(seconds))
    }
}

/// `5`, `0.5`: a number without trailing zeros.
fn number(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Reads `5+3` (minutes + seconds a move; `0.5+0` is thirty seconds each). The
/// error is one line for people.
impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad =
            || format!("'{text}' is not a time control: minutes + seconds a move, such as 5+3");
        let (base, increment) = text.trim().split_once('+').ok_or_else(bad)?;
        let read = |part: &str, unit: f64, most: f64| -> Result<Duration, String> {
            let value: f64 = part.trim().parse().map_err(|_| bad())?;
            if !(0.0..=most).contains(&value) {
                return Err(bad());
            }
            Ok(Duration::from_millis((value * unit * 1000.0).round() as u64))
        };
        let control = Self {
            base: read(base, 60.0, 600.0)?,
            increment: read(increment, 1.0, 600.0)?,
        };
        if control.base.is_zero() {
            return Err(format!("'{text}': a clock needs some time to start with"));
        }
        Ok(control)
    }
}

/// Both sides' clocks under a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClocks {
    control: TimeControl,
    left: [Duration; 2],
}

impl GameClocks {
    /// Both clocks at the control's base time.
    #[must_use]
    pub fn new(control: TimeControl) -> Self {
        Self {
            control,
            left: [control.base; 2],
        }
    }

    /// Clocks showing `left` (a saved game's readings, first side first).
    #[must_use]
    pub fn with_left(control: TimeControl, left: [Duration; 2]) -> Self {
        Self { control, left }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `side`'s time left.
    #[must_use]
    pub fn left(&self, side: Player) -> Duration {
        self.left[side.index()]
    }

    /// Both sides' time left, first side first.
    #[must_use]
    pub fn readings(&self) -> [Duration; 2] {
        self.left
    }

    /// `elapsed` passed on `side`'s clock (it is its turn). Whether its flag fell:
    /// its time ran out (and stays at zero).
    pub fn run(&mut self, side: Player, elapsed: Duration) -> bool {
        let left = &mut self.left[side.index()];
        *left = left.saturating_sub(elapsed);
        left.is_zero()
    }

    /// `side` moved: its clock earns the increment.
    pub fn moved(&mut self, side: Player) {
        self.left[side.index()] += self.control.increment;
    }
}

/// A clock reading as people and files write it: `4:32.1` (minutes, seconds and
/// tenths; `1:02:03.0` past an hour).
#[must_use]
pub fn reading_text(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let (seconds, tenth) = (tenths / 10, tenths % 10);
    let (minutes, second) = (seconds / 60, seconds % 60);
    if minutes >= 60 {
        format!("{}:{:02}:{second:02}.{tenth}", minutes / 60, minutes % 60)
    } else {
        format!("{minutes}:{second:02}.{tenth}")
    }
}

/// Reads [`reading_text`]'s `4:32.1` (or `4:32`, `1:02:03.0`). The error is one
/// line for people.
pub fn parse_reading(text: &str) -> Result<Duration, String> {
    let bad = || format!("'{text}' is not a clock reading such as 4:32.1");
    let parts: Vec<&str> = text.trim().split(':').collect();
    let (hours, minutes, seconds) = match parts[..] {
        [m, s] => ("0", m, s),
        [h, m, s] => (h, m, s),
        _ => return Err(bad()),
    };
    let whole = |t: &str| t.parse::<u64>().map_err(|_| bad());
    let seconds: f64 = seconds.parse().map_err(|_| bad())?;
    if !(0.0..60.0).contains(&seconds) {
        return Err(bad());
    }
    let total = (whole(hours)? * 60 + whole(minutes)?) as f64 * 60.0 + seconds;
    Ok(Duration::from_millis((total * 1000.0).round() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn time_controls_read_and_print_and_refuse_nonsense() {
        for text in PRESETS.into_iter().chain(["0.5+0", "90+30", "2.5+1.5"]) {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.to_string(), text);
        }
        let five: TimeControl = "5+3".parse().unwrap();
        assert_eq!((five.base, five.increment), (secs(300.0), secs(3.0)));
        for bad in ["5", "5+", "+3", "five+3", "0+5", "-1+0", "5+3+1", "601+0"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clock_runs_on_its_turn_earns_its_increment_and_its_flag_falls_at_zero() {
        let mut clocks = GameClocks::new("1+2".parse().unwrap());
        assert!(!clocks.run(Player::First, secs(20.0)));
        clocks.moved(Player::First);
        assert_eq!(clocks.left(Player::First), secs(42.0));
        assert_eq!(clocks.left(Player::Second), secs(60.0));
        assert!(!clocks.run(Player::Second, secs(59.9)));
        assert!(clocks.run(Player::Second, secs(0.2)), "the flag fell");
        assert_eq!(clocks.left(Player::Second), Duration::ZERO);
        assert_eq!(clocks.readings(), [secs(42.0), Duration::ZERO]);
    }

    #[test]
    fn readings_print_and_read_back() {
        for (left, text) in [
            (secs(272.15), "4:32.1"),
            (secs(0.0), "0:00.0"),
            (secs(59.99), "0:59.9"),
            (secs(3723.0), "1:02:03.0"),
        ] {
            assert_eq!(reading_text(left), text);
            let back = parse_reading(text).unwrap();
            assert_eq!(reading_text(back), text);
        }
        assert_eq!(parse_reading("4:32").unwrap(), secs(272.0));
        for bad in ["4", "4:60", "a:10", "1:2:3:4", "4:-1"] {
            assert!(parse_reading(bad).is_err(), "{bad}");
        }
    }
}
