//! Gomocup's game records, Piskvork's `.psq` files: a first line such as
//! `Piskvorky 15x15, 11:11, 0` (the board's width and height), then one `x,y,time`
//! line a move, x and y counted from 1 and y from the top, so our `h8` on 15x15 is
//! `8,8` and `a1` is `1,15`. What follows the moves (the engines' names, a result
//! code) is skipped. The format has no rule: the reader is given one.

use super::{BoardSize, Gomoku, Point, Rule};

/// `game` as a `.psq` record: its size and its moves, each with a time of 0 (the
/// record keeps no clock yet). A game set up with stones has no such record.
pub fn write(game: &Gomoku) -> Result<String, String> {
    if !game.setup().is_empty() {
        return Err("a set-up position has no .psq form (it lists moves only)".to_owned());
    }
    let size = game.size();
    let mut text = format!("Piskvorky {}x{}, 11:11, 0\n", size.width(), size.height());
    for p in game.moves() {
        let (x, y) = (u32::from(p.x) + 1, u32::from(size.height() - p.y));
        text.push_str(&format!("{x},{y},0\n"));
    }
    Ok(text)
}

/// Whether `text` looks like a `.psq` record (its first line names Piskvork).
#[must_use]
pub fn is_psq(text: &str) -> bool {
    text.trim_start()
        .get(..9)
        .is_some_and(|start| start.eq_ignore_ascii_case("piskvorky"))
}

/// The game a `.psq` record holds, played by `rule`; an error names the line.
pub fn read(text: &str, rule: Rule) -> Result<Gomoku, String> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (_, header) = lines
        .by_ref()
        .find(|(_, l)| !l.is_empty())
        .ok_or("the record is empty")?;
    let size = header_size(header).ok_or_else(|| {
        format!("line 1: not a Piskvork header such as `Piskvorky 15x15, 11:11, 0`: `{header}`")
    })?;
    let size = BoardSize::new(size.0, size.1).map_err(|e| format!("line 1: {e}"))?;
    let mut game = Gomoku::new(size, rule);
    for (number, line) in lines {
        // The moves end at the first line that is not `x,y[,time]`.
        let Some((x, y)) = move_of(line) else {
            break;
        };
        let inside = (1..=u32::from(size.width())).contains(&x)
            && (1..=u32::from(size.height())).contains(&y);
        if !inside {
            return Err(format!(
                "line {number}: {x},{y} is off the {}x{} board",
                size.width(),
                size.height()
            ));
        }
        // Checked above: both fit the board, and so a u8.
        let p = Point::new((x - 1) as u8, (u32::from(size.height()) - y) as u8);
        game.play(p)
            .map_err(|e| format!("line {number}: {x},{y} ({p}): {e}"))?;
    }
    Ok(game)
}

/// The width and height a header gives: `Piskvorky 15x15, 11:11, 0`.
fn header_size(header: &str) -> Option<(u8, u8)> {
    let rest = header.get(9..).filter(|_| is_psq(header))?.trim_start();
    let size = rest.split([',', ' ']).next()?;
    let (w, h) = size.split_once(['x', 'X'])?;
    Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
}

/// A move line's x and y: `8,8,1204` or `8,8`.
fn move_of(line: &str) -> Option<(u32, u32)> {
    let mut fields = line.split(',').map(str::trim);
    let x = fields.next()?.parse().ok()?;
    let y = fields.next()?.parse().ok()?;
    if let Some(time) = fields.next() {
        time.parse::<i64>().ok()?;
    }
    fields.next().is_none().then_some((x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;

    fn point(game: &Gomoku, name: &str) -> Point {
        game.size().parse_point(name).expect("a point")
    }

    #[test]
    fn a_record_written_here_reads_back_move_for_move() {
        let size = BoardSize::new(15, 15).unwrap();
        let moves = ["h8", "i9", "a1", "o15", "a15", "o1"];
        let game = Gomoku::from_moves(
            size,
            Rule::FreeStyle,
            moves.iter().map(|m| size.parse_point(m).unwrap()),
        )
        .unwrap();
        let text = write(&game).unwrap();
        assert!(text.starts_with("Piskvorky 15x15, 11:11, 0\n"), "{text}");
        // h8 is 8,8; a1 is 1,15 (y from the top); o15 is 15,1.
        assert_eq!(text.lines().nth(1), Some("8,8,0"));
        assert_eq!(text.lines().nth(3), Some("1,15,0"));
        assert_eq!(text.lines().nth(4), Some("15,1,0"));
        let back = read(&text, Rule::FreeStyle).unwrap();
        assert_eq!(back.moves(), game.moves());
    }

    #[test]
    fn piskvorks_own_record_opens_with_every_stone_where_its_line_says() {
        // As Piskvork writes one: a 20x20 board, times in ms, the engines' names and
        // a result code after the moves.
        let text = "Piskvorky 20x20, 11:11, 0\n\
                    10,10,1502\n\
                    1,1,230\n\
                    11,9,1730\n\
                    20,20,91\n\
                    1,20,400\n\
                    pbrain-rapfi.exe\n\
                    pbrain-tabletop\n\
                    -1\n";
        let game = read(text, Rule::FreeStyle).unwrap();
        assert_eq!(game.moves().len(), 5);
        // 10,10 is the 10th column and the 10th row from the top: j11 on 20 rows.
        assert_eq!(game.stone(point(&game, "j11")), Some(Player::First));
        // 1,1 is the top-left corner: a20.
        assert_eq!(game.stone(point(&game, "a20")), Some(Player::Second));
        assert_eq!(game.stone(point(&game, "k12")), Some(Player::First));
        // 20,20 the bottom-right corner, t1; 1,20 the bottom-left, a1.
        assert_eq!(game.stone(point(&game, "t1")), Some(Player::Second));
        assert_eq!(game.stone(point(&game, "a1")), Some(Player::First));
        // A flipped axis would have put the first stone on j10 and the second on a1.
        assert_eq!(game.stone(point(&game, "j10")), None);
    }

    #[test]
    fn records_that_do_not_read_say_which_line() {
        assert!(read("", Rule::FreeStyle).is_err());
        let not = read("Gomoku 15x15\n8,8,0\n", Rule::FreeStyle).unwrap_err();
        assert!(not.starts_with("line 1:"), "{not}");
        let off = read(
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,3,0\n",
            Rule::FreeStyle,
        )
        .unwrap_err();
        assert!(
            off.starts_with("line 3:") && off.contains("off the 15x15"),
            "{off}"
        );
        let taken = read("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", Rule::FreeStyle).unwrap_err();
        assert!(taken.starts_with("line 3:"), "{taken}");
        assert!(is_psq("Piskvorky 15x15, 11:11, 0\n") && !is_psq("game gomoku\n"));
    }
}
