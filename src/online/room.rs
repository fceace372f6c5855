//! A room: one game between two seats, watched by any number of spectators, and the
//! rules of what each may do. Plain Rust, no network: the server locks a room, asks
//! it whether a frame is allowed, keeps the [`Event`] it gives in its store, then
//! applies the event and sends what the room says to send. A room loaded from the
//! store replays the same events, so a restart loses nothing that was accepted.
//!
//! The game is any game of [`crate::games::GAMES`]: the room names none, it plays
//! moves as text through [`GameRecord`], and draws the chance itself (the game's
//! seed settings stay on the server until the game ends; clients are told each
//! outcome, see [`crate::games::GameEntry::replay_told`]).

use std::collections::BTreeMap;
use std::time::Duration;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::protocol::{
    EndReason, ErrorCode, Presence, SeatChoice, SeatName, SeatView, ServerFrame, Snapshot, Status,
    Winner,
};
use crate::clocks::{GameClocks, TimeControl};
use crate::games::{self, GameEntry, GameRecord};
use crate::rules::settings::Kind;
use crate::rules::{Outcome, Player, Settings, Setup};

/// What was refused and why: an [`ServerFrame::Error`]'s code and message.
pub type Refusal = (ErrorCode, String);

/// A change of a room, as its store keeps it: replaying a room's events from its
/// [`Header`] gives the room back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A player took a seat.
    Seat {
        /// Which.
        seat: SeatName,
        /// Their name.
        name: String,
        /// The seat's token.
        token: String,
    },
    /// A move was made (in notation).
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: String,
        /// When, in a timed room: the server's clock, milliseconds since the Unix
        /// epoch (the clocks are replayed from it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// A seat's clock ran out: it lost on time.
    Flag {
        /// Whose.
        seat: SeatName,
    },
    /// Moves were taken back.
    TakeBack {
        /// How many.
        plies: u32,
    },
    /// A player resigned.
    Resign {
        /// Who.
        seat: SeatName,
    },
    /// A new game in the room, sides swapped, played with `settings`.
    Rematch {
        /// Every setting of the new game, in the order of the game's schema.
        settings: Vec<String>,
    },
    /// A player left the room.
    Leave {
        /// Who.
        seat: SeatName,
    },
}

/// What a room is made from, as its store keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The room's code.
    pub code: String,
    /// The game's name.
    pub game: String,
    /// The settings as chosen (a value may be `random`, drawn again for a rematch),
    /// in the order of the game's schema.
    pub chosen: Vec<String>,
    /// Every setting the first game is played with.
    pub settings: Vec<String>,
    /// The time control (`5+3`) of a timed room.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
}

/// A seat taken by a player.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Taken {
    name: String,
    token: String,
    presence: Presence,
}

/// Who a connection is in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A player in this seat.
    Player(SeatName),
    /// A spectator.
    Spectator,
}

impl Role {
    /// The seat, for a player.
    #[must_use]
    pub fn seat(self) -> Option<SeatName> {
        match self {
            Role::Player(seat) => Some(seat),
            Role::Spectator => None,
        }
    }
}

/// Who is sent what after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tell {
    /// The same frame to everyone in the room.
    All(ServerFrame),
    /// Everyone their own snapshot (after a rematch).
    Snapshots,
}

/// One room.
#[derive(Clone)]
pub struct Room {
    header: Header,
    entry: &'static dyn GameEntry,
    /// Every setting the game now is played with.
    settings: Vec<String>,
    game: GameRecord,
    /// The chance outcome of each position so far that drew one.
    told: Vec<String>,
    seats: [Option<Taken>; 2],
    seq: u64,
    takeback: Option<SeatName>,
    rematch: [bool; 2],
    ended: Option<(Winner, EndReason)>,
    /// A timed room's clocks, by seat (the rules' first side is the first seat).
    clocks: Option<GameClocks>,
    /// When the running clock started: the last move's time; `None` before the
    /// first move (the clocks start with it).
    since: Option<u64>,
    /// The server's time now, milliseconds since the Unix epoch ([`Room::set_now`]).
    now: u64,
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err((code, message.into()))
}

/// A seat token: 128 random bits as 32 hexadecimal digits.
#[must_use]
pub fn new_token(rng: &mut impl Rng) -> String {
    format!("{:032x}", rng.random::<u128>())
}

/// The alphabet of room codes (Crockford's base 32: no I, L, O or U).
const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a room code: 8 of 32 symbols, 40 random bits.
pub const CODE_LENGTH: usize = 8;

/// A new room code.
#[must_use]
pub fn new_code(rng: &mut impl Rng) -> String {
    (0..CODE_LENGTH)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

/// A code as a person may type it: any case, spaces and dashes dropped, O read as 0
/// and I or L as 1.
#[must_use]
pub fn normalise_code(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect()
}

impl Room {
    /// A new room for `game` with the `settings` given (the rest at their defaults):
    /// its header, or why not.
    pub fn header(
        code: String,
        game: &str,
        settings: &BTreeMap<String, String>,
        clock: Option<&str>,
        rng: &mut impl Rng,
    ) -> Result<Header, Refusal> {
        let clock = match clock {
            Some(text) => Some(
                text.parse::<TimeControl>()
                    .map_err(|why| (ErrorCode::BadSetting, format!("clock: {why}")))?
                    .to_string(),
            ),
            None => None,
        };
        let Some(entry) = games::find(game) else {
            return refuse(
                ErrorCode::UnknownGame,
                format!("no game '{game}' (the games: {})", games::names()),
            );
        };
        let mut setup = Setup::defaults(entry.settings());
        for (key, value) in settings {
            // The server draws the chance: a seed a client chose would tell it the dice.
            let seed = entry
                .settings()
                .iter()
                .any(|s| s.key.eq_ignore_ascii_case(key) && matches!(s.kind, Kind::Seed));
            if seed
                && !value
                    .trim()
                    .eq_ignore_ascii_case(crate::rules::settings::RANDOM)
            {
                return refuse(
                    ErrorCode::BadSetting,
                    format!("{key}: the server draws the chance online, nobody chooses it"),
                );
            }
            match setup.set(key, value) {
                Some(Ok(())) => {}
                Some(Err(why)) => return refuse(ErrorCode::BadSetting, why.to_string()),
                None => {
                    return refuse(
                        ErrorCode::BadSetting,
                        format!("{} has no setting '{key}'", entry.name()),
                    );
                }
            }
        }
        let chosen: Vec<String> = setup.pairs().map(|(_, v)| v.to_owned()).collect();
        let played = setup.resolve(rng);
        Ok(Header {
            code,
            game: entry.name().to_owned(),
            chosen,
            settings: played,
            clock,
        })
    }

    /// The room a header makes, before any event; `None` if the game or its
    /// settings are unknown to this version.
    #[must_use]
    pub fn new(header: Header) -> Option<Self> {
        let entry = games::find(&header.game)?;
        let game = new_game(entry, &header.settings)?;
        let clocks = match &header.clock {
            Some(text) => Some(GameClocks::new(text.parse().ok()?)),
            None => None,
        };
        let mut room = Self {
            entry,
            settings: header.settings.clone(),
            told: Vec::new(),
            game,
            header,
            seats: [None, None],
            seq: 0,
            takeback: None,
            rematch: [false; 2],
            ended: None,
            clocks,
            since: None,
            now: 0,
        };
        room.tell_chance();
        Some(room)
    }

    /// The server's time now, in milliseconds since the Unix epoch: what a move
    /// made now is stamped with and what [`Room::flag_due`] and snapshots read.
    pub fn set_now(&mut self, now: u64) {
        self.now = self.now.max(now);
    }

    /// The seat whose clock is running: the one to act, once the clocks started
    /// and while the game goes on.
    fn running(&self) -> Option<SeatName> {
        (self.clocks.is_some() && self.since.is_some() && self.ended.is_none())
            .then(|| self.seat_of_side(self.game.actor()))
    }

    /// Each seat's time left now, in milliseconds: the running clock less the time
    /// since the last move.
    #[must_use]
    pub fn clock_readings(&self) -> Option<[u64; 2]> {
        let clocks = self.clocks?;
        let mut left = clocks.readings().map(|d| d.as_millis() as u64);
        if let (Some(seat), Some(since)) = (self.running(), self.since) {
            let running = &mut left[seat.index()];
            *running = running.saturating_sub(self.now.saturating_sub(since));
        }
        Some(left)
    }

    /// The loss on time that is due now: the running clock's seat has none left.
    #[must_use]
    pub fn flag_due(&self) -> Option<Event> {
        let seat = self.running()?;
        (self.clock_readings()?[seat.index()] == 0).then_some(Event::Flag { seat })
    }

    /// The room's code.
    #[must_use]
    pub fn code(&self) -> &str {
        &self.header.code
    }

    /// What the room was made from.
    #[must_use]
    pub fn header_of(&self) -> &Header {
        &self.header
    }

    /// The game as it stands, seeds and all (the server's own).
    #[must_use]
    pub fn game(&self) -> &GameRecord {
        &self.game
    }

    /// The room's sequence number: every move, takeback, resignation and rematch
    /// adds one.
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The seat that holds `token`.
    #[must_use]
    pub fn seat_of(&self, token: &str) -> Option<SeatName> {
        SeatName::BOTH.into_iter().find(|seat| {
            self.seats[seat.index()]
                .as_ref()
                .is_some_and(|taken| taken.token == token)
        })
    }

    /// Sets how a seat's player is connected (not kept by the store: after a restart
    /// every player is reconnecting until they rejoin). The presence frame to send.
    pub fn set_presence(&mut self, seat: SeatName, presence: Presence) -> Option<ServerFrame> {
        let taken = self.seats[seat.index()].as_mut()?;
        if taken.presence == presence {
            return None;
        }
        taken.presence = presence;
        Some(self.presence_frame(seat))
    }

    fn presence_frame(&self, seat: SeatName) -> ServerFrame {
        let view = self.seat_view(seat);
        ServerFrame::Presence {
            seat,
            name: view.name,
            presence: view.presence,
        }
    }

    fn seat_view(&self, seat: SeatName) -> SeatView {
        match &self.seats[seat.index()] {
            Some(taken) => SeatView {
                seat,
                name: Some(taken.name.clone()),
                presence: taken.presence,
            },
            None => SeatView {
                seat,
                name: None,
                presence: Presence::Empty,
            },
        }
    }

    /// The room as `you` sees it.
    #[must_use]
    pub fn snapshot(&self, you: Option<SeatName>) -> Snapshot {
        let over = self.ended.is_some();
        let settings = self
            .entry
            .settings()
            .iter()
            .zip(&self.settings)
            .map(|(setting, value)| {
                let secret = matches!(setting.kind, Kind::Seed) && !over;
                (setting.key.to_owned(), (!secret).then(|| value.clone()))
            })
            .collect();
        Snapshot {
            room: self.header.code.clone(),
            game: self.header.game.clone(),
            settings,
            seats: SeatName::BOTH.map(|seat| self.seat_view(seat)),
            you,
            seq: self.seq,
            moves: self.game.moves(),
            chance: self.told.clone(),
            hash: self.game.state_hash(),
            status: self.status(),
            result: self.ended.map(|(winner, _)| winner),
            reason: self.ended.map(|(_, reason)| reason),
            takeback: self.takeback,
            clock: self.header.clock.clone(),
            clocks: self.clock_readings(),
        }
    }

    /// Where the game stands.
    #[must_use]
    pub fn status(&self) -> Status {
        if self.ended.is_some() {
            Status::Over
        } else if self.seats.iter().all(Option::is_some) {
            Status::Playing
        } else {
            Status::Waiting
        }
    }

    /// A player named `name` asks for a seat (`wanted`, or any free one): the event
    /// that seats them.
    pub fn join(
        &self,
        name: &str,
        wanted: Option<SeatName>,
        rng: &mut impl Rng,
    ) -> Result<Event, Refusal> {
        let free = |seat: SeatName| self.seats[seat.index()].is_none();
        let seat = match wanted {
            Some(seat) if free(seat) => seat,
            Some(seat) => {
                return refuse(ErrorCode::RoomFull, format!("the {seat:?} seat is taken"));
            }
            None => match SeatName::BOTH.into_iter().find(|&seat| free(seat)) {
                Some(seat) => seat,
                None => return refuse(ErrorCode::RoomFull, "both seats are taken: watch instead"),
            },
        };
        Ok(Event::Seat {
            seat,
            name: name.to_owned(),
            token: new_token(rng),
        })
    }

    /// The creator's seat as they chose it.
    #[must_use]
    pub fn creator_seat(choice: SeatChoice, rng: &mut impl Rng) -> SeatName {
        match choice {
            SeatChoice::First => SeatName::First,
            SeatChoice::Second => SeatName::Second,
            SeatChoice::Random => SeatName::BOTH[rng.random_range(0..2)],
        }
    }

    /// `role` makes `mv` expecting sequence number `seq`: the event, or why not.
    pub fn play(&self, role: Role, seq: u64, mv: &str) -> Result<Event, Refusal> {
        let seat = self.player(role)?;
        self.check_on(seq)?;
        if self.side_of(seat) != self.game.actor() {
            return refuse(ErrorCode::NotYourTurn, "it is the other side's turn");
        }
        // A move that comes after the flag fell is too late: the loss on time.
        if let Some(flag) = self.flag_due() {
            return Ok(flag);
        }
        let mut tried = self.game.clone();
        match tried.play(mv) {
            Ok(mv) => Ok(Event::Move {
                mv,
                at: self.clocks.is_some().then_some(self.now),
            }),
            Err(why) => refuse(ErrorCode::IllegalMove, why),
        }
    }

    /// `role` asks to take back their last move (with the opponent's reply after it,
    /// if any) at sequence number `seq`: the frame to send everyone.
    pub fn ask_takeback(&mut self, role: Role, seq: u64) -> Result<ServerFrame, Refusal> {
        let seat = self.player(role)?;
        self.check_on(seq)?;
        if self.takeback.is_some() {
            return refuse(ErrorCode::NoTakeback, "a takeback is already asked for");
        }
        if self.takeback_plies(seat).is_none() {
            return refuse(ErrorCode::NoTakeback, "no move of yours to take back");
        }
        self.takeback = Some(seat);
        Ok(ServerFrame::TakebackAsked { by: seat })
    }

    /// `role` answers the opponent's takeback request: the event if accepted, or the
    /// frame saying it was declined.
    pub fn answer_takeback(&mut self, role: Role, accept: bool) -> Result<Answer, Refusal> {
        let seat = self.player(role)?;
        let asker = match self.takeback {
            Some(asker) if asker != seat => asker,
            _ => {
                return refuse(
                    ErrorCode::NoTakeback,
                    "no takeback of the opponent's to answer",
                );
            }
        };
        if !accept {
            self.takeback = None;
            return Ok(Answer::Declined(ServerFrame::TakebackDeclined {
                by: asker,
            }));
        }
        let plies = self
            .takeback_plies(asker)
            .ok_or((ErrorCode::NoTakeback, "no move to take back".to_owned()))?;
        Ok(Answer::Accepted(Event::TakeBack { plies }))
    }

    /// `role` resigns: the event.
    pub fn resign(&self, role: Role) -> Result<Event, Refusal> {
        let seat = self.player(role)?;
        if self.ended.is_some() {
            return refuse(ErrorCode::GameOver, "the game is over");
        }
        if self.status() == Status::Waiting {
            return refuse(ErrorCode::NotStarted, "the other seat is still empty");
        }
        Ok(Event::Resign { seat })
    }

    /// `role` asks for a rematch: the event when both have asked, else the frame
    /// saying who asked.
    pub fn ask_rematch(&mut self, role: Role, rng: &mut impl Rng) -> Result<Answer, Refusal> {
        let seat = self.player(role)?;
        if self.ended.is_none() {
            return refuse(ErrorCode::NotOver, "the game is not over");
        }
        self.rematch[seat.index()] = true;
        if self.rematch.iter().all(|&asked| asked) {
            let mut setup = Setup::defaults(self.entry.settings());
            for (setting, value) in self.entry.settings().iter().zip(&self.header.chosen) {
                let _ = setup.set(setting.key, value);
            }
            Ok(Answer::Accepted(Event::Rematch {
                settings: setup.resolve(rng),
            }))
        } else {
            Ok(Answer::Declined(ServerFrame::RematchAsked { by: seat }))
        }
    }

    /// `role` leaves: the event.
    pub fn leave(&self, role: Role) -> Result<Event, Refusal> {
        let seat = self.player(role)?;
        Ok(Event::Leave { seat })
    }

    /// Applies an event (checked by the methods above, or read back from the store):
    /// what to send. An event that does not apply (a store written by another
    /// version) changes nothing and sends nothing.
    pub fn apply(&mut self, event: &Event) -> Vec<Tell> {
        match event {
            Event::Seat { seat, name, token } => {
                self.seats[seat.index()] = Some(Taken {
                    name: name.clone(),
                    token: token.clone(),
                    presence: Presence::Connected,
                });
                vec![Tell::All(self.presence_frame(*seat))]
            }
            Event::Move { mv, at } => {
                let by = self.seat_of_side(self.game.actor());
                if self.game.play(mv).is_err() {
                    return Vec::new();
                }
                let mover = self.side_of(by);
                if let Some(clocks) = &mut self.clocks {
                    if let (Some(since), Some(at)) = (self.since, *at) {
                        clocks.run(mover, Duration::from_millis(at.saturating_sub(since)));
                    }
                    clocks.moved(mover);
                    self.since = at.or(self.since);
                }
                self.seq += 1;
                let chance = self.tell_chance();
                let mut tell = Vec::new();
                if let Some(asker) = self.takeback.take() {
                    tell.push(Tell::All(ServerFrame::TakebackDeclined { by: asker }));
                }
                tell.push(Tell::All(ServerFrame::Moved {
                    seq: self.seq,
                    mv: mv.clone(),
                    by,
                    chance,
                    hash: self.game.state_hash(),
                    clocks: self
                        .clocks
                        .map(|clocks| clocks.readings().map(|d| d.as_millis() as u64)),
                }));
                if let Some(outcome) = self.game.outcome() {
                    let winner = match outcome {
                        Outcome::Win(side) => {
                            winner_of(self.seat_of_side(self.game.side_of_seat(side)))
                        }
                        Outcome::Draw => Winner::Draw,
                    };
                    tell.push(self.end(winner, EndReason::Rules));
                }
                tell
            }
            Event::TakeBack { plies } => {
                for _ in 0..*plies {
                    if self.game.undo().is_none() {
                        break;
                    }
                }
                self.told.truncate(self.game.plies() + 1);
                self.takeback = None;
                self.seq += 1;
                vec![Tell::All(ServerFrame::TakenBack {
                    seq: self.seq,
                    plies: *plies,
                    hash: self.game.state_hash(),
                })]
            }
            Event::Resign { seat } => {
                if self.ended.is_some() {
                    return Vec::new();
                }
                self.takeback = None;
                self.seq += 1;
                vec![self.end(winner_of(seat.other()), EndReason::Resign)]
            }
            Event::Flag { seat } => {
                if self.ended.is_some() {
                    return Vec::new();
                }
                let side = self.side_of(*seat);
                if let Some(clocks) = &mut self.clocks {
                    clocks.run(side, clocks.left(side));
                }
                self.takeback = None;
                self.seq += 1;
                vec![self.end(winner_of(seat.other()), EndReason::Time)]
            }
            Event::Rematch { settings } => {
                let Some(game) = new_game(self.entry, settings) else {
                    return Vec::new();
                };
                self.game = game;
                self.settings.clone_from(settings);
                self.told.clear();
                self.tell_chance();
                self.seats.swap(0, 1);
                self.ended = None;
                self.clocks = self.clocks.map(|clocks| GameClocks::new(clocks.control()));
                self.since = None;
                self.takeback = None;
                self.rematch = [false; 2];
                self.seq += 1;
                vec![Tell::Snapshots]
            }
            Event::Leave { seat } => {
                if let Some(taken) = self.seats[seat.index()].as_mut() {
                    taken.presence = Presence::Left;
                }
                vec![Tell::All(self.presence_frame(*seat))]
            }
        }
    }

    /// Ends the game: the frame that says so, with every setting now shown.
    fn end(&mut self, winner: Winner, reason: EndReason) -> Tell {
        self.ended = Some((winner, reason));
        let settings = self
            .entry
            .settings()
            .iter()
            .zip(&self.settings)
            .map(|(setting, value)| (setting.key.to_owned(), value.clone()))
            .collect();
        Tell::All(ServerFrame::Ended {
            seq: self.seq,
            result: winner,
            reason,
            settings,
        })
    }

    /// Notes the chance outcome of the position now, if it drew one (after the end
    /// too: the position text shows it, and the clients' hash with it).
    fn tell_chance(&mut self) -> Option<String> {
        let chance = self.game.chance();
        if let Some(outcome) = &chance {
            self.told.push(outcome.clone());
        }
        chance
    }

    /// The seat of a player who may act in the game now.
    fn player(&self, role: Role) -> Result<SeatName, Refusal> {
        match role {
            Role::Player(seat) => Ok(seat),
            Role::Spectator => refuse(ErrorCode::NotAPlayer, "spectators do not play"),
        }
    }

    /// Refuses unless the game is on at sequence number `seq`.
    fn check_on(&self, seq: u64) -> Result<(), Refusal> {
        match self.status() {
            Status::Over => return refuse(ErrorCode::GameOver, "the game is over"),
            Status::Waiting => {
                return refuse(ErrorCode::NotStarted, "the other seat is still empty");
            }
            Status::Playing => {}
        }
        if seq != self.seq {
            return refuse(
                ErrorCode::StaleSeq,
                format!("sequence number {seq} is not the room's {}", self.seq),
            );
        }
        Ok(())
    }

    /// How many moves a takeback of `seat`'s takes back: to `seat`'s last move, so
    /// that it is their turn again; `None` if they have made none.
    fn takeback_plies(&self, seat: SeatName) -> Option<u32> {
        let side = self.side_of(seat);
        let mut game = self.game.clone();
        let mut plies = 0;
        loop {
            game.undo()?;
            plies += 1;
            if game.actor() == side {
                return Some(plies);
            }
        }
    }

    /// The rules' name of `seat`: the side it sat down as (an opening rule may
    /// have it play the other, [`GameRecord::side_of_seat`]).
    fn side_of(&self, seat: SeatName) -> Player {
        Player::BOTH[seat.index()]
    }

    /// The seat the rules name `side` ([`GameRecord::actor`] names seats so).
    fn seat_of_side(&self, side: Player) -> SeatName {
        SeatName::BOTH[side.index()]
    }
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("header", &self.header)
            .field("game", &self.game)
            .field("seq", &self.seq)
            .finish_non_exhaustive()
    }
}

/// An answer that may or may not change the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The change, to keep and apply.
    Accepted(Event),
    /// Nothing changes; this frame says so to everyone.
    Declined(ServerFrame),
}

fn winner_of(seat: SeatName) -> Winner {
    match seat {
        SeatName::First => Winner::First,
        SeatName::Second => Winner::Second,
    }
}

/// A new game of `entry` played with `values` (one per setting).
fn new_game(entry: &dyn GameEntry, values: &[String]) -> Option<GameRecord> {
    entry
        .replay(&Settings::of(entry.settings(), values), &[])
        .ok()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    fn room(game: &str, settings: &[(&str, &str)]) -> Room {
        let settings = settings
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let mut rng = StdRng::seed_from_u64(1);
        let header = Room::header("ROOM0001".to_owned(), game, &settings, None, &mut rng).unwrap();
        let mut room = Room::new(header).unwrap();
        for name in ["Ada", "Bo"] {
            let event = room.join(name, None, &mut rng).unwrap();
            room.apply(&event);
        }
        room
    }

    fn play(room: &mut Room, seat: SeatName, mv: &str) -> Vec<Tell> {
        let event = room.play(Role::Player(seat), room.seq(), mv).unwrap();
        room.apply(&event)
    }

    #[test]
    fn moves_are_checked_and_told_with_their_chance() {
        let mut room = room("knucklebones", &[("starts", "p2")]);
        assert_eq!(room.status(), Status::Playing);
        let snapshot = room.snapshot(None);
        assert_eq!(snapshot.settings["seed"], None, "the dice stay secret");
        assert_eq!(snapshot.chance.len(), 1, "the first die is told");
        let first = Role::Player(SeatName::First);
        let second = Role::Player(SeatName::Second);
        assert_eq!(
            room.play(first, 0, "1").unwrap_err().0,
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            room.play(second, 5, "1").unwrap_err().0,
            ErrorCode::StaleSeq
        );
        assert_eq!(
            room.play(second, 0, "4").unwrap_err().0,
            ErrorCode::IllegalMove
        );
        assert_eq!(
            room.play(Role::Spectator, 0, "1").unwrap_err().0,
            ErrorCode::NotAPlayer
        );
        let tell = play(&mut room, SeatName::Second, "1");
        let [
            Tell::All(ServerFrame::Moved {
                seq, by, chance, ..
            }),
        ] = &tell[..]
        else {
            panic!("{tell:?}");
        };
        assert_eq!((*seq, *by), (1, SeatName::Second));
        assert!(chance.is_some(), "the next die");
        // A client told the dice has the same game.
        let snapshot = room.snapshot(Some(SeatName::First));
        let moves: Vec<&str> = snapshot.moves.iter().map(String::as_str).collect();
        let told: Vec<&str> = snapshot.chance.iter().map(String::as_str).collect();
        let settings = Settings::new(
            snapshot
                .settings
                .iter()
                .filter_map(|(k, v)| Some((k.as_str(), v.as_deref()?))),
        );
        let client = room.entry.replay_told(&settings, &moves, &told).unwrap();
        assert_eq!(client.state_hash(), room.game().state_hash());
        assert_eq!(client.state_hash(), snapshot.hash);
    }

    #[test]
    fn the_clocks_run_from_each_move_s_time_and_a_late_move_loses_on_time() {
        let mut rng = StdRng::seed_from_u64(5);
        let header = Room::header(
            "ROOM0003".to_owned(),
            "gomoku",
            &BTreeMap::new(),
            Some("1+2"),
            &mut rng,
        )
        .unwrap();
        assert!(
            Room::header(
                "X".to_owned(),
                "gomoku",
                &BTreeMap::new(),
                Some("5"),
                &mut rng
            )
            .is_err()
        );
        let mut room = Room::new(header.clone()).unwrap();
        let mut events = Vec::new();
        for name in ["Ada", "Bo"] {
            events.push(room.join(name, None, &mut rng).unwrap());
            room.apply(events.last().unwrap());
        }
        let mut play_at = |room: &mut Room, now: u64, seat: SeatName, mv: &str| {
            room.set_now(now);
            let event = room.play(Role::Player(seat), room.seq(), mv).unwrap();
            events.push(event.clone());
            room.apply(&event)
        };
        // Nobody's clock runs before the first move.
        room.set_now(900);
        assert_eq!(room.flag_due(), None);
        play_at(&mut room, 1_000, SeatName::First, "h8");
        let tell = play_at(&mut room, 11_000, SeatName::Second, "i9");
        let [Tell::All(ServerFrame::Moved { clocks, .. })] = &tell[..] else {
            panic!("{tell:?}");
        };
        // Ten seconds off the second's minute, two back; the first earned its two.
        assert_eq!(*clocks, Some([62_000, 52_000]));
        room.set_now(21_000);
        assert_eq!(room.snapshot(None).clocks, Some([52_000, 52_000]));
        room.set_now(11_000 + 61_999);
        assert_eq!(room.flag_due(), None);
        room.set_now(11_000 + 62_000);
        assert_eq!(
            room.flag_due(),
            Some(Event::Flag {
                seat: SeatName::First
            })
        );
        // A move that comes after the flag fell is the loss on time.
        let late = room
            .play(Role::Player(SeatName::First), room.seq(), "j10")
            .unwrap();
        assert_eq!(
            late,
            Event::Flag {
                seat: SeatName::First
            }
        );
        events.push(late.clone());
        let tell = room.apply(&late);
        assert!(matches!(
            &tell[..],
            [Tell::All(ServerFrame::Ended {
                result: Winner::Second,
                reason: EndReason::Time,
                ..
            })]
        ));
        // The store's events give the same room and clocks back.
        let mut again = Room::new(header).unwrap();
        for event in &events {
            again.apply(event);
        }
        again.set_now(200_000);
        room.set_now(200_000);
        assert_eq!(again.snapshot(None), room.snapshot(None));
        assert_eq!(room.snapshot(None).clocks, Some([0, 52_000]));
    }

    #[test]
    fn an_opening_rule_s_turns_and_swaps_follow_the_seats() {
        let mut room = room("gomoku", &[("opening", "swap2")]);
        let second = Role::Player(SeatName::Second);
        // The first seat puts all three opening stones, White's too.
        for mv in ["h8", "h9", "i9"] {
            assert_eq!(
                room.play(second, room.seq(), mv).unwrap_err().0,
                ErrorCode::NotYourTurn
            );
            play(&mut room, SeatName::First, mv);
        }
        // The second takes Black: the first seat plays White from now on.
        play(&mut room, SeatName::Second, "swap");
        let mut ended = None;
        for (seat, mv) in [
            (SeatName::First, "a1"),
            (SeatName::Second, "o15"),
            (SeatName::First, "b1"),
            (SeatName::Second, "o14"),
            (SeatName::First, "c1"),
            (SeatName::Second, "o13"),
            (SeatName::First, "d1"),
            (SeatName::Second, "o12"),
            (SeatName::First, "e1"),
        ] {
            for tell in play(&mut room, seat, mv) {
                if let Tell::All(ServerFrame::Ended { result, .. }) = tell {
                    ended = Some(result);
                }
            }
        }
        // White's five is the first seat's win.
        assert_eq!(ended, Some(Winner::First));
    }

    #[test]
    fn a_game_plays_to_its_end_and_shows_its_seed() {
        let mut room = room("knucklebones", &[]);
        let seed = room.settings[0].clone();
        let mut rng = StdRng::seed_from_u64(3);
        let mut ended = None;
        while ended.is_none() {
            let seat = SeatName::BOTH[room.game().side_to_move().index()];
            let legal = room.game().legal_moves();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            for tell in play(&mut room, seat, &mv) {
                if let Tell::All(ServerFrame::Ended { settings, .. }) = tell {
                    ended = Some(settings);
                }
            }
        }
        assert_eq!(ended.unwrap()["seed"], seed);
        assert_eq!(room.status(), Status::Over);
        assert_eq!(room.snapshot(None).settings["seed"], Some(seed));
        let last = room.game().moves().last().cloned().unwrap();
        assert_eq!(
            room.play(Role::Player(SeatName::First), room.seq(), &last)
                .unwrap_err()
                .0,
            ErrorCode::GameOver
        );
        // A rematch when both ask: sides swapped, a new game.
        let mut rng = StdRng::seed_from_u64(4);
        let ask = room
            .ask_rematch(Role::Player(SeatName::First), &mut rng)
            .unwrap();
        assert!(matches!(
            ask,
            Answer::Declined(ServerFrame::RematchAsked { .. })
        ));
        let Answer::Accepted(event) = room
            .ask_rematch(Role::Player(SeatName::Second), &mut rng)
            .unwrap()
        else {
            panic!("both asked");
        };
        assert_eq!(room.apply(&event), [Tell::Snapshots]);
        assert_eq!(room.status(), Status::Playing);
        assert_eq!(room.game().plies(), 0);
        assert_eq!(room.snapshot(None).seats[0].name.as_deref(), Some("Bo"));
    }

    #[test]
    fn a_takeback_goes_back_to_the_askers_turn() {
        let mut room = room("tictactoe", &[]);
        let (x, o) = (SeatName::First, SeatName::Second);
        assert_eq!(
            room.ask_takeback(Role::Player(x), 0).unwrap_err().0,
            ErrorCode::NoTakeback
        );
        play(&mut room, x, "b2");
        play(&mut room, o, "a1");
        let asked = room.ask_takeback(Role::Player(x), room.seq()).unwrap();
        assert_eq!(asked, ServerFrame::TakebackAsked { by: x });
        assert_eq!(
            room.answer_takeback(Role::Player(x), true).unwrap_err().0,
            ErrorCode::NoTakeback,
            "not one's own"
        );
        let Answer::Accepted(event) = room.answer_takeback(Role::Player(o), true).unwrap() else {
            panic!("accepted");
        };
        assert_eq!(event, Event::TakeBack { plies: 2 });
        room.apply(&event);
        assert_eq!((room.game().plies(), room.seq()), (0, 3));
        // Declined, nothing changes; a move answers a pending request too.
        play(&mut room, x, "b2");
        room.ask_takeback(Role::Player(x), room.seq()).unwrap();
        let Answer::Declined(frame) = room.answer_takeback(Role::Player(o), false).unwrap() else {
            panic!("declined");
        };
        assert_eq!(frame, ServerFrame::TakebackDeclined { by: x });
        assert_eq!(room.game().plies(), 1);
    }

    #[test]
    fn replaying_the_events_gives_the_room_back() {
        let mut rng = StdRng::seed_from_u64(8);
        let header = Room::header(
            "ROOM0002".to_owned(),
            "gomoku",
            &BTreeMap::from([("size".to_owned(), "10x10".to_owned())]),
            None,
            &mut rng,
        )
        .unwrap();
        let mut live = Room::new(header.clone()).unwrap();
        let mut events = Vec::new();
        for name in ["Ada", "Bo"] {
            events.push(live.join(name, None, &mut rng).unwrap());
            live.apply(events.last().unwrap());
        }
        for mv in ["e5", "f6", "e6"] {
            let seat = SeatName::BOTH[live.game().side_to_move().index()];
            events.push(live.play(Role::Player(seat), live.seq(), mv).unwrap());
            live.apply(events.last().unwrap());
        }
        let mut back = Room::new(header).unwrap();
        for event in &events {
            back.apply(event);
        }
        assert_eq!(back.snapshot(None), live.snapshot(None));
        let token = events
            .iter()
            .find_map(|e| match e {
                Event::Seat {
                    seat: SeatName::Second,
                    token,
                    ..
                } => Some(token.clone()),
                _ => None,
            })
            .unwrap();
        assert_eq!(back.seat_of(&token), Some(SeatName::Second));
        assert_eq!(token.len(), 32);
    }

    #[test]
    fn codes_and_settings_are_checked() {
        let mut rng = StdRng::seed_from_u64(2);
        let code = new_code(&mut rng);
        assert_eq!(code.len(), CODE_LENGTH);
        assert_eq!(
            normalise_code(&format!(" {}-{} ", &code[..4], &code[4..]).to_lowercase()),
            code
        );
        assert_eq!(normalise_code("ol-i0"), "0110");
        let bad = |game: &str, key: &str, value: &str| {
            let settings = BTreeMap::from([(key.to_owned(), value.to_owned())]);
            Room::header(
                "X".to_owned(),
                game,
                &settings,
                None,
                &mut StdRng::seed_from_u64(0),
            )
            .unwrap_err()
            .0
        };
        assert_eq!(bad("chess", "a", "b"), ErrorCode::UnknownGame);
        assert_eq!(bad("gomoku", "size", "9x9"), ErrorCode::BadSetting);
        assert_eq!(bad("tictactoe", "size", "10x10"), ErrorCode::BadSetting);
        assert_eq!(bad("knucklebones", "seed", "42"), ErrorCode::BadSetting);
    }
}
