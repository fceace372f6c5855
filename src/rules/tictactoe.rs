//! Tic-tac-toe: a 3x3 board, X moves first, three in a row wins, a full board without
//! one is a draw.
//!
//! Cells are numbered 0..9 row by row from the bottom-left, like Gomoku's points, and
//! written the same way: columns `a`..`c` from the left, rows `1`..`3` from the bottom
//! (`b2` is the centre). Positions as text are nine characters `X`, `O`, `.` row by
//! row from the top, the side to move implied by the counts.

use std::fmt;

use super::{Edit, Game, Outcome, Player, SettingError, Settings};

/// The eight lines of three, as cell indices.
pub const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// One of the nine cells: `x` column from the left, `y` row from the bottom, both 0..3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// Every cell, row by row from the bottom.
    pub const ALL: [Cell; 9] = [
        Cell(0),
        Cell(1),
        Cell(2),
        Cell(3),
        Cell(4),
        Cell(5),
        Cell(6),
        Cell(7),
        Cell(8),
    ];

    /// The cell at column `x`, row `y` (both from 0), if on the board.
    #[must_use]
    pub fn new(x: u8, y: u8) -> Option<Self> {
        (x < 3 && y < 3).then_some(Cell(y * 3 + x))
    }

    /// The cell with this index (0..9, row by row from the bottom-left).
    #[must_use]
    pub fn from_index(index: usize) -> Option<Self> {
        (index < 9).then_some(Cell(index as u8))
    }

    /// Its index, 0..9.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Column from the left, 0..3.
    #[must_use]
    pub fn x(self) -> u8 {
        self.0 % 3
    }

    /// Row from the bottom, 0..3.
    #[must_use]
    pub fn y(self) -> u8 {
        self.0 / 3
    }

    /// Reads `a1`..`c3` (case-insensitive).
    pub fn parse(text: &str) -> Result<Self, TicTacToeError> {
        let bad = || TicTacToeError::BadNotation(text.trim().to_owned());
        let mut chars = text.trim().chars();
        let (Some(column), Some(row), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let x = match column.to_ascii_lowercase() {
            c @ 'a'..='c' => c as u8 - b'a',
            _ => return Err(bad()),
        };
        let y = match row {
            r @ '1'..='3' => r as u8 - b'1',
            _ => return Err(bad()),
        };
        Cell::new(x, y).ok_or_else(bad)
    }
}

/// `a1` .. `c3`.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x()), self.y() + 1)
    }
}

/// What went wrong with a move or a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TicTacToeError {
    /// Not a cell name `a1`..`c3`.
    BadNotation(String),
    /// Not a position of nine `X`, `O`, `.` that a game can reach.
    BadPosition(String),
    /// The cell is taken.
    Occupied(Cell),
    /// The game has ended.
    GameOver,
}

impl fmt::Display for TicTacToeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TicTacToeError::BadNotation(text) => {
                write!(f, "'{text}' is not a cell: expected a1 .. c3")
            }
            TicTacToeError::BadPosition(why) => write!(f, "bad position: {why}"),
            TicTacToeError::Occupied(cell) => write!(f, "{cell} is already taken"),
            TicTacToeError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for TicTacToeError {}

/// The mark of a side: `X` moves first.
#[must_use]
pub fn mark_name(player: Player) -> &'static str {
    match player {
        Player::First => "X",
        Player::Second => "O",
    }
}

/// A game of tic-tac-toe with its move history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe {
    cells: [Option<Player>; 9],
    history: Vec<Cell>,
}

impl TicTacToe {
    /// An empty board, X to move.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads nine characters `X`, `O`, `.` row by row from the top. The position must
    /// be reachable: X has as many marks as O or one more, and at most one side has
    /// three in a row (and then it moved last). The history is not known, so it is
    /// filled in an order that reaches the position.
    pub fn from_board(text: &str) -> Result<Self, TicTacToeError> {
        let text = text.trim();
        let bad = |why: &str| TicTacToeError::BadPosition(format!("'{text}': {why}"));
        if text.chars().count() != 9 {
            return Err(bad("expected 9 characters of X, O and ."));
        }
        let mut xs = Vec::new();
        let mut os = Vec::new();
        for (i, c) in text.chars().enumerate() {
            // Row by row from the top: text row 0 is board row 2.
            let cell = Cell::new((i % 3) as u8, 2 - (i / 3) as u8).expect("on the board");
            match c.to_ascii_uppercase() {
                'X' => xs.push(cell),
                'O' => os.push(cell),
                '.' | '-' | '_' => {}
                other => return Err(bad(&format!("'{other}' is not X, O or ."))),
            }
        }
        if xs.len() != os.len() && xs.len() != os.len() + 1 {
            return Err(bad(
                "X moves first, so X has as many marks as O or one more",
            ));
        }
        // Replay, keeping a completed line for the last move if there is one.
        let mut cells = [None; 9];
        for &c in &xs {
            cells[c.index()] = Some(Player::First);
        }
        for &c in &os {
            cells[c.index()] = Some(Player::Second);
        }
        let x_won = winning_line(&cells, Player::First).is_some();
        let o_won = winning_line(&cells, Player::Second).is_some();
        let last_mover = if xs.len() > os.len() {
            Player::First
        } else {
            Player::Second
        };
        match (x_won, o_won) {
            (true, true) => return Err(bad("both sides have three in a row")),
            (true, false) if last_mover != Player::First => {
                return Err(bad("X has three in a row but O moved after it"));
            }
            (false, true) if last_mover != Player::Second => {
                return Err(bad("O has three in a row but X moved after it"));
            }
            _ => {}
        }
        // An order that reaches it: put last a winner's mark that lies on its line and
        // whose removal leaves no line (so the game was still on before it).
        let (mut movers, mut others) = match last_mover {
            Player::First => (xs, os),
            Player::Second => (os, xs),
        };
        if x_won || o_won {
            let key = movers.iter().position(|&c| {
                let mut without = cells;
                without[c.index()] = None;
                winning_line(&without, last_mover).is_none()
            });
            let Some(key) = key else {
                return Err(bad("the winner made two separate lines"));
            };
            let last = movers.remove(key);
            movers.push(last);
        }
        let mut game = Self::new();
        let (first, second) = match last_mover {
            Player::First => (&mut movers, &mut others),
            Player::Second => (&mut others, &mut movers),
        };
        for i in 0..9 {
            let list: &Vec<Cell> = if i % 2 == 0 { first } else { second };
            let Some(&cell) = list.get(i / 2) else { break };
            game.play(cell)
                .map_err(|_| bad("a line was completed before the last move"))?;
        }
        Ok(game)
    }

    /// The position as nine characters row by row from the top.
    #[must_use]
    pub fn board_text(&self) -> String {
        (0..3)
            .rev()
            .flat_map(|y| (0..3).map(move |x| Cell::new(x, y).expect("on the board")))
            .map(|c| match self.cells[c.index()] {
                Some(Player::First) => 'X',
                Some(Player::Second) => 'O',
                None => '.',
            })
            .collect()
    }

    /// Who holds `cell`.
    #[must_use]
    pub fn mark(&self, cell: Cell) -> Option<Player> {
        self.cells[cell.index()]
    }

    /// The moves so far.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        &self.history
    }

    /// The last move.
    #[must_use]
    pub fn last_move(&self) -> Option<Cell> {
        self.history.last().copied()
    }

    /// The side to move (also after the end: the side that would move next): X
    /// when both have as many marks, else O.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        Player::to_move_after(self.marks())
    }

    /// How many marks the board holds.
    #[must_use]
    pub fn marks(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// The line of three that won, if any.
    #[must_use]
    pub fn winning_line(&self) -> Option<[Cell; 3]> {
        let mover = self.side_to_move().opponent();
        winning_line(&self.cells, mover)
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.winning_line().is_some() {
            Some(Outcome::Win(self.side_to_move().opponent()))
        } else if self.marks() == 9 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Why `cell` cannot be played now, if it cannot.
    pub fn check(&self, cell: Cell) -> Result<(), TicTacToeError> {
        if self.is_over() {
            Err(TicTacToeError::GameOver)
        } else if self.cells[cell.index()].is_some() {
            Err(TicTacToeError::Occupied(cell))
        } else {
            Ok(())
        }
    }

    /// Marks `cell` for the side to move; a refused move changes nothing.
    pub fn play(&mut self, cell: Cell) -> Result<(), TicTacToeError> {
        self.check(cell)?;
        self.cells[cell.index()] = Some(self.side_to_move());
        self.history.push(cell);
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Cell> {
        let cell = self.history.pop()?;
        self.cells[cell.index()] = None;
        Some(cell)
    }

    /// The empty cells, while the game goes on.
    #[must_use]
    pub fn legal_cells(&self) -> Vec<Cell> {
        if self.is_over() {
            return Vec::new();
        }
        Cell::ALL
            .into_iter()
            .filter(|c| self.cells[c.index()].is_none())
            .collect()
    }
}

fn winning_line(cells: &[Option<Player>; 9], player: Player) -> Option<[Cell; 3]> {
    LINES
        .iter()
        .find(|line| line.iter().all(|&i| cells[usize::from(i)] == Some(player)))
        .map(|line| line.map(Cell))
}

impl Game for TicTacToe {
    type Move = Cell;
    type Error = TicTacToeError;

    const NAME: &'static str = "tictactoe";
    const TITLE: &'static str = "Tic-tac-toe";
    const SIDE_KEYS: [&'static str; 2] = ["x", "o"];

    fn side_name(player: Player) -> &'static str {
        mark_name(player)
    }

    fn side_to_move(&self) -> Player {
        TicTacToe::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<Cell> {
        self.legal_cells()
    }

    fn check(&self, mv: Cell) -> Result<(), TicTacToeError> {
        TicTacToe::check(self, mv)
    }

    fn play(&mut self, mv: Cell) -> Result<(), TicTacToeError> {
        TicTacToe::play(self, mv)
    }

    fn undo(&mut self) -> Option<Cell> {
        TicTacToe::undo(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        TicTacToe::outcome(self)
    }

    fn history(&self) -> Vec<Cell> {
        self.history.clone()
    }

    fn plies(&self) -> usize {
        self.history.len()
    }

    fn winning_line(&self) -> Vec<Cell> {
        TicTacToe::winning_line(self).map_or_else(Vec::new, Vec::from)
    }

    fn parse_move(&self, text: &str) -> Result<Cell, TicTacToeError> {
        Cell::parse(text)
    }

    /// Nine characters `X`, `O`, `.` row by row from the top: `X...O....`.
    fn position_text(&self) -> String {
        self.board_text()
    }

    fn from_position(text: &str) -> Result<Self, String> {
        TicTacToe::from_board(text).map_err(|e| e.to_string())
    }

    /// The board before the first move, as [`TicTacToe::board_text`] writes it
    /// (the side to move follows from the marks).
    fn setup_text(&self) -> Option<String> {
        let mut start = self.clone();
        while start.undo().is_some() {}
        (start.marks() > 0).then(|| start.board_text())
    }

    fn set_up(&self, text: &str) -> Result<Self, String> {
        TicTacToe::from_board(text)
            .map(|game| game.to_setup())
            .map_err(|e| e.to_string())
    }

    fn to_setup(&self) -> Self {
        Self {
            cells: self.cells,
            history: Vec::new(),
        }
    }

    fn edit(&mut self, spot: Cell, edit: Edit) -> Result<(), String> {
        *self = self.to_setup();
        self.cells[spot.index()] = match edit {
            Edit::Put { side, .. } => Some(side),
            Edit::Take { .. } => None,
        };
        Ok(())
    }

    fn set_side_to_move(&mut self, side: Player) -> Result<(), String> {
        let count = |p: Player| self.cells.iter().filter(|&&c| c == Some(p)).count();
        if side == self.side_to_move() {
            return Ok(());
        }
        Err(format!(
            "X moves first, so with {} X and {} O it is {}'s turn",
            count(Player::First),
            count(Player::Second),
            mark_name(self.side_to_move())
        ))
    }

    fn setup_error(&self) -> Option<String> {
        TicTacToe::from_board(&self.board_text())
            .err()
            .map(|e| e.to_string())
    }

    fn from_settings(_: &Settings<'_>) -> Result<Self, SettingError> {
        Ok(TicTacToe::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> Cell {
        Cell::parse(text).unwrap()
    }

    fn play(moves: &[&str]) -> TicTacToe {
        let mut game = TicTacToe::new();
        for m in moves {
            game.play(cell(m)).unwrap();
        }
        game
    }

    #[test]
    fn cells_read_and_print_in_notation() {
        for c in Cell::ALL {
            assert_eq!(Cell::parse(&c.to_string()), Ok(c));
        }
        assert_eq!(cell("B2").index(), 4);
        assert_eq!((cell("c1").x(), cell("c1").y()), (2, 0));
        for bad in ["", "d1", "a4", "a0", "b22", "2b", "??"] {
            assert!(Cell::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_line_wins_for_either_side() {
        for line in LINES {
            let cells = line.map(|i| Cell::from_index(usize::from(i)).unwrap());
            let others: Vec<Cell> = Cell::ALL
                .into_iter()
                .filter(|c| !cells.contains(c))
                .collect();
            // X takes the line while O plays elsewhere, avoiding any O line.
            let mut game = TicTacToe::new();
            let mut spare = others.iter().copied();
            for (n, &c) in cells.iter().enumerate() {
                game.play(c).unwrap();
                if n < 2 {
                    let o = spare.find(|&o| game.check(o).is_ok()).unwrap();
                    game.play(o).unwrap();
                }
            }
            assert_eq!(
                game.outcome(),
                Some(Outcome::Win(Player::First)),
                "{line:?}"
            );
            let mut won = game.winning_line().unwrap();
            won.sort();
            assert_eq!(won, cells);
            assert_eq!(game.check(others[0]).unwrap_err(), TicTacToeError::GameOver);
            assert!(game.legal_cells().is_empty());
        }
        let o_wins = play(&["a1", "a3", "b1", "b3", "b2", "c3"]);
        assert_eq!(o_wins.outcome(), Some(Outcome::Win(Player::Second)));
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        let game = play(&["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"]);
        assert_eq!(game.outcome(), Some(Outcome::Draw));
        assert_eq!(game.board_text(), "OOX\nXXO\nOXX".replace('\n', ""));
    }

    #[test]
    fn refused_moves_change_nothing_and_undo_takes_back() {
        let mut game = play(&["b2"]);
        let before = game.clone();
        assert_eq!(
            game.play(cell("b2")),
            Err(TicTacToeError::Occupied(cell("b2")))
        );
        assert_eq!(game, before);
        game.play(cell("a1")).unwrap();
        assert_eq!(game.undo(), Some(cell("a1")));
        assert_eq!(game, before);
    }

    #[test]
    fn positions_read_back_and_unreachable_ones_are_refused() {
        let game = play(&["b2", "a1", "c3"]);
        let text = game.board_text();
        assert_eq!(text, "..X.X.O..");
        let read = TicTacToe::from_board(&text).unwrap();
        assert_eq!(read.board_text(), text);
        assert_eq!(read.side_to_move(), Player::Second);
        let won = TicTacToe::from_board("XXX.O.O..").unwrap();
        assert_eq!(won.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(
            TicTacToe::from_board(".........").unwrap(),
            TicTacToe::new()
        );
        for bad in [
            "XX.......", // X two ahead
            "O........", // O first
            "XXXOOO...", // both won
            "XXXOO.O..", // X won but O moved after
            "XX",        // too short
            "XXOZ.....", // not a mark
        ] {
            assert!(TicTacToe::from_board(bad).is_err(), "{bad}");
        }
        // X's last mark can complete two lines at once (b2 here): reachable.
        let double = TicTacToe::from_board("XOXOXOXOX").unwrap();
        assert_eq!(double.last_move(), Some(cell("b2")));
        assert_eq!(double.outcome(), Some(Outcome::Win(Player::First)));
    }

    #[test]
    fn edits_set_up_a_board_whose_marks_say_who_moves() {
        let mut game = play(&["b2", "a1"]).to_setup();
        assert_eq!((game.plies(), game.marks()), (0, 2));
        let x = Edit::Put {
            side: Player::First,
            face: 0,
        };
        game.edit(cell("c3"), x).unwrap();
        assert_eq!(game.side_to_move(), Player::Second);
        assert!(game.set_side_to_move(Player::Second).is_ok());
        let why = game.set_side_to_move(Player::First).unwrap_err();
        assert!(why.contains("O's turn"), "{why}");
        game.edit(
            cell("c3"),
            Edit::Take {
                side: Player::First,
            },
        )
        .unwrap();
        game.edit(cell("a3"), x).unwrap();
        game.edit(cell("b3"), x).unwrap();
        assert!(game.setup_error().unwrap().contains("X moves first"));
        game.edit(
            cell("c3"),
            Edit::Put {
                side: Player::Second,
                face: 0,
            },
        )
        .unwrap();
        assert_eq!(game.setup_error(), None);
        assert_eq!(game.setup_text().as_deref(), Some("XXO.X.O.."));
        // The moves after it undo back to it, not further.
        let set_up = game.clone();
        game.play(cell("a2")).unwrap();
        assert_eq!(game.undo(), Some(cell("a2")));
        assert_eq!((game.undo(), game), (None, set_up));
    }
}
