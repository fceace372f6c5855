//! Gomoku (five in a row) on boards from 10x10 to 20x20.
//!
//! Black ([`Player::First`]) moves first. Under [`Rule::FreeStyle`] five or more stones
//! in a row win; under [`Rule::Standard`] exactly five win and an overline does not;
//! under [`Rule::Renju`] Black wins only with exactly five and may not play its
//! forbidden points ([`renju`]), White wins with five or more.
//! A full board without a win is a draw.
//!
//! Points are shown to people as a column letter (`a` is the left column) and a row
//! number (`1` is the bottom row): `h8` is the centre of a 15x15 board.

use super::settings::{Choice, Kind, Setting};
use super::{Edit, Game, Outcome, Player, SettingError, Settings, setup_fields, side_of_key};

mod board;
pub mod opening;
pub mod psq;
pub mod renju;

pub use board::{BoardSize, GomokuError, Point, Rule};
pub use opening::{Move, Opening, OpeningState, Step};
pub use renju::Foul;

/// The smallest board side length.
pub const MIN_SIDE: u8 = 10;
/// The largest board side length.
pub const MAX_SIDE: u8 = 20;
/// How many stones in a row win.
pub const WIN_LENGTH: usize = 5;

/// Gomoku's settings: the board's size, the rule and the opening rule.
pub const SETTINGS: [Setting; 3] = [
    Setting {
        key: "size",
        kind: Kind::Size {
            min: MIN_SIDE,
            max: MAX_SIDE,
        },
        default: "15x15",
        omitted_when_default: false,
        help: "Board size, width x height",
        label: "gomoku-size",
    },
    Setting {
        key: "rule",
        kind: Kind::Choice {
            choices: &[
                Choice {
                    value: "freestyle",
                    aliases: &["free-style"],
                    help: "five or more in a row wins",
                    label: "gomoku-rule-freestyle",
                },
                Choice {
                    value: "standard",
                    aliases: &["exact", "exact-five"],
                    help: "exactly five",
                    label: "gomoku-rule-standard",
                },
                Choice {
                    value: "renju",
                    aliases: &[],
                    help: "Black: exactly five, no double three, double four or overline",
                    label: "gomoku-rule-renju",
                },
            ],
            random: false,
        },
        default: "freestyle",
        omitted_when_default: false,
        help: "Rule",
        label: "gomoku-rule",
    },
    Setting {
        key: "opening",
        kind: Kind::Choice {
            choices: &[
                Choice {
                    value: "free",
                    aliases: &[],
                    help: "Black plays first, anywhere",
                    label: "gomoku-opening-free",
                },
                Choice {
                    value: "swap2",
                    aliases: &[],
                    help: "three stones, then the other player swaps, plays White or puts two more",
                    label: "gomoku-opening-swap2",
                },
                Choice {
                    value: "taraguchi10",
                    aliases: &["taraguchi-10"],
                    help: "RIF's renju opening: stones in growing central squares, swaps, ten offered fifths",
                    label: "gomoku-opening-taraguchi10",
                },
            ],
            random: false,
        },
        default: "free",
        omitted_when_default: true,
        help: "Opening rule",
        label: "gomoku-opening",
    },
];

/// The four line directions; each line is walked both ways from a stone.
const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Playing,
    /// `winner` made a winning row; `line` holds its stones from one end to the other.
    Won {
        /// Who made the row.
        winner: Player,
        /// The winning row's points, in order along the line.
        line: Vec<Point>,
    },
    /// The board filled up without a win.
    Draw,
}

/// A Gomoku game: the board, whose turn it is, the moves so far and the result.
///
/// A game usually starts from the empty board with Black to move, under an opening
/// rule ([`opening`]) or none. An engine may also be handed a set-up position
/// ([`Gomoku::from_stones`]: handicap stones, a puzzle, any stone counts), whose
/// stones are not moves: they cannot be taken back, the history starts after them,
/// and no opening rule applies to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gomoku {
    size: BoardSize,
    rule: Rule,
    cells: Vec<Option<Player>>,
    /// Stones set up before the first move, with their owners.
    setup: Vec<(Point, Player)>,
    /// Who makes the first move of the history.
    first: Player,
    /// The stones played, in order (no choices, no offered stones).
    history: Vec<Point>,
    status: Status,
    /// The opening rule the game was started under.
    opening: Opening,
    /// Where the opening stands now.
    state: OpeningState,
    /// Every move, stones and choices, in order: the game's history as moves.
    record: Vec<Move>,
    /// The opening's state before each move made during the opening (those moves
    /// are the first of `record`).
    before: Vec<OpeningState>,
}

impl Default for Gomoku {
    fn default() -> Self {
        Self::new(BoardSize::STANDARD, Rule::FreeStyle)
    }
}

impl Gomoku {
    /// An empty board with Black to move.
    #[must_use]
    pub fn new(size: BoardSize, rule: Rule) -> Self {
        Self {
            size,
            rule,
            cells: vec![None; size.area()],
            setup: Vec::new(),
            first: Player::First,
            history: Vec::new(),
            status: Status::Playing,
            opening: Opening::Free,
            state: OpeningState::default(),
            record: Vec::new(),
            before: Vec::new(),
        }
    }

    /// This game, which has no moves yet, under `opening`; a set-up position keeps
    /// the setting but plays no opening.
    #[must_use]
    pub fn with_opening(mut self, opening: Opening) -> Self {
        debug_assert!(
            self.record.is_empty(),
            "an opening rule is chosen before the moves"
        );
        self.opening = opening;
        self.state = if self.setup.is_empty() && self.first == Player::First {
            OpeningState::new(opening)
        } else {
            OpeningState::default()
        };
        self
    }

    /// The opening rule the game was started under.
    #[must_use]
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// Where the opening stands: what the next move must be, who plays which
    /// colour, the offered stones.
    #[must_use]
    pub fn opening_state(&self) -> &OpeningState {
        &self.state
    }

    /// The position as a game without an opening rule, for engines: the same
    /// stones, side to move and result.
    #[must_use]
    pub fn without_opening(&self) -> Self {
        let mut plain = self.clone();
        plain.opening = Opening::Free;
        plain.state = OpeningState::default();
        plain.record = plain.history.iter().copied().map(Move::Stone).collect();
        plain.before.clear();
        plain
    }

    /// A set-up position: `stones` on the board with their owners, `to_move` to move.
    /// Refused when a stone is off the board or on a point another already holds; a
    /// position that already holds a winning line is over (the first line found wins).
    pub fn from_stones(
        size: BoardSize,
        rule: Rule,
        stones: &[(Point, Player)],
        to_move: Player,
    ) -> Result<Self, GomokuError> {
        let mut game = Self::new(size, rule);
        for &(p, owner) in stones {
            if !size.contains(i32::from(p.x), i32::from(p.y)) {
                return Err(GomokuError::OffBoard(p));
            }
            let cell = &mut game.cells[size.index(p)];
            if cell.is_some() {
                return Err(GomokuError::Occupied(p));
            }
            *cell = Some(owner);
        }
        game.setup = stones.to_vec();
        game.first = to_move;
        game.status = stones
            .iter()
            .find_map(|&(p, owner)| {
                game.winning_line(p).map(|line| Status::Won {
                    winner: owner,
                    line,
                })
            })
            .unwrap_or(if stones.len() == size.area() {
                Status::Draw
            } else {
                Status::Playing
            });
        Ok(game)
    }

    /// The same position (set-up stones and moves) under `rule`; refused if a move
    /// is not legal there (one made after a five that `rule` does not count).
    pub fn with_rule(&self, rule: Rule) -> Result<Self, GomokuError> {
        let mut game =
            Self::from_stones(self.size, rule, &self.setup, self.first)?.with_opening(self.opening);
        for &mv in &self.record {
            game.play_move(mv)?;
        }
        Ok(game)
    }

    /// The stones set up before the first move (empty for a game from the empty
    /// board).
    #[must_use]
    pub fn setup(&self) -> &[(Point, Player)] {
        &self.setup
    }

    /// Who made (or makes) the first move of the history: Black, unless the game
    /// started from a set-up position with White to move.
    #[must_use]
    pub fn first_to_move(&self) -> Player {
        self.first
    }

    /// Stones on the board: set up and played.
    #[must_use]
    pub fn stones(&self) -> usize {
        self.setup.len() + self.history.len()
    }

    /// Replays `moves` from an empty board, stopping at the first illegal one.
    pub fn from_moves(
        size: BoardSize,
        rule: Rule,
        moves: impl IntoIterator<Item = Point>,
    ) -> Result<Self, GomokuError> {
        let mut game = Self::new(size, rule);
        for p in moves {
            game.play(p)?;
        }
        Ok(game)
    }

    /// The board's dimensions.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The winning condition.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Where the game stands.
    #[must_use]
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.status != Status::Playing
    }

    /// The moves so far, first move first.
    #[must_use]
    pub fn moves(&self) -> &[Point] {
        &self.history
    }

    /// The most recent move.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.history.last().copied()
    }

    /// Who owns the stone on `p`; `None` for an empty point or one off the board.
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Player> {
        self.at(i32::from(p.x), i32::from(p.y))
    }

    /// Whose turn it is (after the game ends: who would have moved next).
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        if self.history.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// Whether the side to move may play on `p` now.
    #[must_use]
    pub fn is_legal(&self, p: Point) -> bool {
        self.check(p).is_ok()
    }

    /// Why a stone on `p` may not be played now, if it may not.
    pub fn check(&self, p: Point) -> Result<(), GomokuError> {
        self.check_move(Move::Stone(p))
    }

    /// Why `mv` may not be made now, if it may not: the board's rules for a stone,
    /// the opening rule's for every move.
    pub fn check_move(&self, mv: Move) -> Result<(), GomokuError> {
        if self.is_over() {
            return Err(GomokuError::GameOver);
        }
        if self.state.step != Step::Play {
            let stones = self.board_stones();
            self.state.check(mv, self.size, &stones)?;
        }
        match mv {
            Move::Stone(p) => self.check_point(p),
            choice if self.state.step == Step::Play => {
                Err(GomokuError::NotNow(choice.word().unwrap_or_default()))
            }
            _ => Ok(()),
        }
    }

    /// The stones on the board with their colours.
    fn board_stones(&self) -> Vec<(Point, Player)> {
        self.size
            .points()
            .filter_map(|p| self.stone(p).map(|side| (p, side)))
            .collect()
    }

    /// The board's own reasons against a stone on `p`.
    fn check_point(&self, p: Point) -> Result<(), GomokuError> {
        if self.is_over() {
            return Err(GomokuError::GameOver);
        }
        if !self.size.contains(i32::from(p.x), i32::from(p.y)) {
            return Err(GomokuError::OffBoard(p));
        }
        if self.cells[self.size.index(p)].is_some() {
            return Err(GomokuError::Occupied(p));
        }
        if let Some(foul) = self.foul(p) {
            return Err(GomokuError::Forbidden(p, foul));
        }
        Ok(())
    }

    /// Why `p` is forbidden to the side to move, if it is: only Black's points under
    /// renju ever are. `None` too for an occupied or off-board point.
    #[must_use]
    pub fn foul(&self, p: Point) -> Option<Foul> {
        if !self.rule.has_fouls()
            || self.side_to_move() != Player::First
            || self.stone(p).is_some()
            || !self.size.contains(i32::from(p.x), i32::from(p.y))
        {
            return None;
        }
        self.renju_grid().foul(p.x, p.y)
    }

    /// Every point forbidden to the side to move now, with why (empty unless Black is
    /// to move under renju).
    #[must_use]
    pub fn fouls(&self) -> Vec<(Point, Foul)> {
        if !self.rule.has_fouls() || self.side_to_move() != Player::First || self.is_over() {
            return Vec::new();
        }
        let mut grid = self.renju_grid();
        self.size
            .points()
            .filter(|&p| self.stone(p).is_none())
            .filter_map(|p| grid.foul(p.x, p.y).map(|foul| (p, foul)))
            .collect()
    }

    fn renju_grid(&self) -> renju::Grid {
        renju::Grid::from_fn(self.size.width(), self.size.height(), |x, y| {
            self.stone(Point::new(x, y)).map(|s| s == Player::First)
        })
    }

    /// Places a stone for the side to move on `p` and updates the result; an illegal
    /// move returns an error and changes nothing.
    pub fn play(&mut self, p: Point) -> Result<(), GomokuError> {
        self.play_move(Move::Stone(p))
    }

    /// Makes `mv`, a stone or an opening's choice; an illegal move returns an
    /// error and changes nothing.
    pub fn play_move(&mut self, mv: Move) -> Result<(), GomokuError> {
        self.check_move(mv)?;
        let mut effect = opening::Effect::PutsStone;
        if self.state.step != Step::Play {
            let (next, made) = self.state.after(mv);
            self.before.push(std::mem::replace(&mut self.state, next));
            effect = made;
        }
        self.record.push(mv);
        if let (Move::Stone(p), opening::Effect::PutsStone) = (mv, effect) {
            self.put(p);
        }
        Ok(())
    }

    /// Puts the side to move's stone on `p` (checked) and updates the result.
    fn put(&mut self, p: Point) {
        let mover = self.side_to_move();
        let index = self.size.index(p);
        self.cells[index] = Some(mover);
        self.history.push(p);
        self.status = if let Some(line) = self.winning_line(p) {
            Status::Won {
                winner: mover,
                line,
            }
        } else if self.stones() == self.size.area() || self.black_is_stuck() {
            Status::Draw
        } else {
            Status::Playing
        };
    }

    /// Takes back the last stone played, with the choices made after it; `None`
    /// when no stone has been played.
    pub fn undo(&mut self) -> Option<Point> {
        let last = *self.history.last()?;
        let stones = self.history.len();
        while self.history.len() == stones {
            self.undo_move()?;
        }
        Some(last)
    }

    /// Takes back the last move, a stone or a choice, returning it; `None` at the
    /// start.
    pub fn undo_move(&mut self) -> Option<Move> {
        let mv = self.record.pop()?;
        let mut effect = opening::Effect::PutsStone;
        if self.before.len() > self.record.len() {
            let before = self
                .before
                .pop()
                .expect("one state before each opening move");
            effect = before.after(mv).1;
            self.state = before;
        }
        if let (Move::Stone(p), opening::Effect::PutsStone) = (mv, effect) {
            let popped = self.history.pop();
            debug_assert_eq!(popped, Some(p));
            self.cells[self.size.index(p)] = None;
            self.status = Status::Playing;
        }
        Some(mv)
    }

    /// Every point the side to move may put a stone on now (the opening rule's
    /// limits included); empty once the game is over.
    #[must_use]
    pub fn legal_points(&self) -> Vec<Point> {
        if self.is_over() || !self.state.step.takes_stone() {
            return Vec::new();
        }
        let mut grid = self.rule.has_fouls().then(|| self.renju_grid());
        let black = self.side_to_move() == Player::First;
        let free = self.size.points().filter(|&p| {
            self.cells[self.size.index(p)].is_none()
                && match grid.as_mut() {
                    Some(grid) if black => grid.foul(p.x, p.y).is_none(),
                    _ => true,
                }
        });
        if self.state.step == Step::Play {
            return free.collect();
        }
        let stones = self.board_stones();
        free.filter(|&p| self.state.check(Move::Stone(p), self.size, &stones).is_ok())
            .collect()
    }

    /// Under renju, whether Black is to move and every empty point is forbidden to it:
    /// then the game is drawn, as a full board would be.
    fn black_is_stuck(&self) -> bool {
        if !self.rule.has_fouls() || self.side_to_move() != Player::First {
            return false;
        }
        let mut grid = self.renju_grid();
        self.size
            .points()
            .filter(|&p| self.stone(p).is_none())
            .all(|p| grid.foul(p.x, p.y).is_some())
    }

    /// The winning row through the stone on `p`, if that stone completes one.
    fn winning_line(&self, p: Point) -> Option<Vec<Point>> {
        let owner = self.stone(p)?;
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        DIRECTIONS.iter().find_map(|&(dx, dy)| {
            let (dx, dy) = (i32::from(dx), i32::from(dy));
            let run = |sign: i32| {
                (1..)
                    .take_while(|&k| self.at(x + sign * k * dx, y + sign * k * dy) == Some(owner))
                    .count() as i32
            };
            let (back, forward) = (run(-1), run(1));
            let len = (back + 1 + forward) as usize;
            self.rule.wins(owner == Player::First, len).then(|| {
                (-back..=forward)
                    .map(|k| Point::new((x + k * dx) as u8, (y + k * dy) as u8))
                    .collect()
            })
        })
    }

    fn at(&self, x: i32, y: i32) -> Option<Player> {
        if self.size.contains(x, y) {
            self.cells[self.size.index(Point::new(x as u8, y as u8))]
        } else {
            None
        }
    }
}

impl Game for Gomoku {
    type Move = Move;
    type Error = GomokuError;

    const OTHER_FORMAT: Option<&'static str> = Some("psq");

    /// A `.psq` record, played by free-style rules (the format names no rule).
    fn read_other_format(text: &str) -> Option<Result<Self, String>> {
        psq::is_psq(text).then(|| psq::read(text, Rule::FreeStyle))
    }

    fn write_other_format(&self) -> Result<String, String> {
        psq::write(self)
    }

    const NAME: &'static str = "gomoku";
    const TITLE: &'static str = "Gomoku";
    const SIDE_KEYS: [&'static str; 2] = ["black", "white"];
    const SETTINGS: &'static [Setting] = &SETTINGS;

    fn side_name(player: Player) -> &'static str {
        stone_name(player)
    }

    fn side_to_move(&self) -> Player {
        Gomoku::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = if self.state.step.takes_stone() {
            self.legal_points().into_iter().map(Move::Stone).collect()
        } else {
            Vec::new()
        };
        if !self.is_over() {
            moves.extend_from_slice(self.state.step.choices());
        }
        moves
    }

    fn actor(&self) -> Player {
        self.state.actor(Gomoku::side_to_move(self))
    }

    fn side_of_seat(&self, seat: Player) -> Player {
        self.state.seat_of(seat)
    }

    fn in_opening(&self) -> bool {
        self.state.step != Step::Play
    }

    fn check(&self, mv: Move) -> Result<(), GomokuError> {
        self.check_move(mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), GomokuError> {
        self.play_move(mv)
    }

    fn undo(&mut self) -> Option<Move> {
        self.undo_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.status {
            Status::Playing => None,
            Status::Won { winner, .. } => Some(Outcome::Win(*winner)),
            Status::Draw => Some(Outcome::Draw),
        }
    }

    fn history(&self) -> Vec<Move> {
        self.record.clone()
    }

    fn plies(&self) -> usize {
        self.record.len()
    }

    fn winning_line(&self) -> Vec<Move> {
        match &self.status {
            Status::Won { line, .. } => line.iter().copied().map(Move::Stone).collect(),
            _ => Vec::new(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, GomokuError> {
        Move::parse(text, self.size)
    }

    /// `15x15:h8,i9` (the size, then the moves in order); a game under the standard
    /// rule writes its size as `15x15/standard`, one under an opening rule adds it:
    /// `15x15/swap2:h8,i9,h10,two`.
    fn position_text(&self) -> String {
        let moves: Vec<String> = self.record.iter().map(ToString::to_string).collect();
        let mut size = self.size.to_string();
        if self.rule != Rule::FreeStyle {
            size = format!("{size}/{}", self.rule);
        }
        if self.opening != Opening::Free {
            size = format!("{size}/{}", self.opening);
        }
        match Game::setup_text(self) {
            None => format!("{size}:{}", moves.join(",")),
            Some(setup) if moves.is_empty() => format!("{size}:{setup}"),
            Some(setup) => format!("{size}:{setup}:{}", moves.join(",")),
        }
    }

    fn from_position(text: &str) -> Result<Self, String> {
        parse_position(text, None)
    }

    /// `black=h8,i9;white=j10;turn=white`: each side's stones, then the side to move.
    fn setup_text(&self) -> Option<String> {
        let first_move = self.first != Player::First;
        (!self.setup.is_empty() || first_move).then(|| {
            let of = |side: Player| -> Vec<String> {
                self.setup
                    .iter()
                    .filter(|(_, owner)| *owner == side)
                    .map(|(p, _)| p.to_string())
                    .collect()
            };
            format!(
                "black={};white={};turn={}",
                of(Player::First).join(","),
                of(Player::Second).join(","),
                Self::SIDE_KEYS[self.first.index()]
            )
        })
    }

    fn set_up(&self, text: &str) -> Result<Self, String> {
        let [black, white, turn] = setup_fields(text, ["black", "white", "turn"])?;
        let mut stones = Vec::new();
        for (list, side) in [(black, Player::First), (white, Player::Second)] {
            for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                let p = self.size.parse_point(word).map_err(|e| e.to_string())?;
                stones.push((p, side));
            }
        }
        let to_move = side_of_key::<Self>(turn)?;
        let game = Self::from_stones(self.size, self.rule, &stones, to_move)
            .map_err(|e| e.to_string())?
            .with_opening(self.opening);
        match game.setup_error() {
            Some(why) => Err(why),
            None => Ok(game),
        }
    }

    /// The stones Black's first, each side's in board order.
    fn to_setup(&self) -> Self {
        let stones: Vec<(Point, Player)> = Player::BOTH
            .into_iter()
            .flat_map(|side| {
                self.size
                    .points()
                    .filter(move |&p| self.stone(p) == Some(side))
                    .map(move |p| (p, side))
            })
            .collect();
        Self::from_stones(self.size, self.rule, &stones, self.side_to_move())
            .expect("the stones of a board lie on it, one to a point")
            .with_opening(self.opening)
    }

    fn edit(&mut self, spot: Move, edit: Edit) -> Result<(), String> {
        let Move::Stone(spot) = spot else {
            return Err(format!("'{spot}' is not a point of the board"));
        };
        if !self.size.contains(i32::from(spot.x), i32::from(spot.y)) {
            return Err(GomokuError::OffBoard(spot).to_string());
        }
        let mut stones = self.to_setup().setup;
        stones.retain(|&(p, _)| p != spot);
        if let Edit::Put { side, .. } = edit {
            stones.push((spot, side));
        }
        *self = Self::from_stones(self.size, self.rule, &stones, self.side_to_move())
            .map_err(|e| e.to_string())?
            .with_opening(self.opening)
            .to_setup();
        Ok(())
    }

    fn set_side_to_move(&mut self, side: Player) -> Result<(), String> {
        *self = Self::from_stones(self.size, self.rule, &self.to_setup().setup, side)
            .map_err(|e| e.to_string())?
            .with_opening(self.opening);
        Ok(())
    }

    fn setup_error(&self) -> Option<String> {
        let has_five = |side: Player| {
            self.setup
                .iter()
                .any(|&(p, owner)| owner == side && self.winning_line(p).is_some())
        };
        (has_five(Player::First) && has_five(Player::Second))
            .then(|| "both Black and White have five in a row".to_owned())
    }

    fn settings(&self) -> Vec<String> {
        vec![
            self.size.to_string(),
            self.rule.to_string(),
            self.opening.to_string(),
        ]
    }

    fn from_settings(settings: &Settings<'_>) -> Result<Self, SettingError> {
        // A file from before opening rules has no `opening` line: free.
        let opening: Opening = SETTINGS[2]
            .value_in(settings)?
            .parse()
            .map_err(|e: GomokuError| SettingError::Bad("opening", e.to_string()))?;
        Ok(Gomoku::new(settings.parse("size")?, settings.parse("rule")?).with_opening(opening))
    }
}

/// Reads `WxH:move,move,...` (the moves part may be empty or left out), the size
/// optionally followed by `/rule` and `/opening`; without a rule the game is played
/// under `rule`, or free-style. The error is one line for people.
pub fn parse_position(text: &str, rule: Option<Rule>) -> Result<Gomoku, String> {
    let (size, moves) = text.split_once(':').unwrap_or((text, ""));
    let mut parts = size.split('/');
    let size: BoardSize = parts
        .next()
        .unwrap_or_default()
        .parse()
        .map_err(|e| format!("{e}"))?;
    let (mut rule, mut opening) = (rule.unwrap_or_default(), Opening::Free);
    for part in parts {
        match (part.parse::<Rule>(), part.parse::<Opening>()) {
            (Ok(named), _) => rule = named,
            (_, Ok(named)) => opening = named,
            (Err(e), Err(_)) => return Err(format!("{e}, or an opening rule")),
        }
    }
    let mut game = Gomoku::new(size, rule).with_opening(opening);
    // A set-up position (`black=..;white=..;turn=..`) before the moves.
    let moves = if moves.contains('=') {
        let (setup, moves) = moves.split_once(':').unwrap_or((moves, ""));
        game = game.set_up(setup)?;
        moves
    } else {
        moves
    };
    for m in moves.split(',').map(str::trim).filter(|m| !m.is_empty()) {
        let mv = Move::parse(m, size).map_err(|e| e.to_string())?;
        game.play_move(mv).map_err(|e| format!("move {m}: {e}"))?;
    }
    Ok(game)
}

/// The name people use for a side in Gomoku.
#[must_use]
pub fn stone_name(player: Player) -> &'static str {
    match player {
        Player::First => "Black",
        Player::Second => "White",
    }
}

#[cfg(test)]
mod tests;
