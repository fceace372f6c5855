//! Level 2: the source game's greedy rule table, move for move.

use crate::rules::knucklebones::{COLUMN_SLOTS, Column, Knucklebones};

/// The source game's greedy rule table (level 2), translated from its design notes
/// (`../shared/seeds/004_*`). `opp` below is the opponent's tray, `d` the die, and a
/// column "has room" when the mover's column of that index is not full. The first
/// rule that applies decides; within a rule the lowest column that qualifies is used.
///
/// 1. `d >= 3` and the opponent has two or more `d`s in a column where we have room:
///    play there, removing the pair or triple. (The notes say "more than two" but
///    name the effect "removes a pair / triple", so two count.)
/// 2. `d >= 4` and the opponent has a `d` in a column where we have room: play there,
///    removing a big die.
/// 3. `d >= 3`, the opponent has a pair or triple of 4, 5 or 6, or three 3s, of another
///    value than `d` in a column where we have room, and our other two columns have
///    two or more free slots between them: keep that column free (for the die that
///    will clear it) and play the greedy move among the other two.
/// 4. `d < 3`, the opponent has a pair or triple of 4, 5 or 6 in a column where we have
///    room, and our other two have two or more free slots: keep it free and play the
///    other column with the most free slots.
/// 5. `d == 1`, the opponent has a 1 in a column where we have room, and our other two
///    have three or more free slots: keep it free, play the other with the most free
///    slots.
/// 6. `d == 2`, the opponent has exactly one 2 in a column where we have room, and our
///    other two have three or more free slots: the same.
/// 7. `d < 3`: the column with the most free slots.
/// 8. Otherwise (`d >= 3`) the greedy move.
///
/// The greedy move: the column that maximises our total minus theirs right after the
/// move. Ties: the source scans the slots row by row and keeps the first strictly
/// better one, so among equal columns the one whose next free slot comes first wins,
/// i.e. the column holding the fewest dice, then the lowest column. "Most free slots"
/// also keeps the first strictly larger count, i.e. the lowest column among equals.
///
/// `None` only when the game is over.
#[must_use]
pub fn rule_table_move(game: &Knucklebones) -> Option<Column> {
    if game.is_over() {
        return None;
    }
    let me = game.tray(game.side_to_move());
    let opp = game.tray(game.side_to_move().opponent());
    let d = game.die();
    let free = |c: Column| COLUMN_SLOTS - me.len(c);
    let others_free = |c: Column| {
        Column::ALL
            .iter()
            .filter(|&&o| o != c)
            .map(|&o| free(o))
            .sum::<usize>()
    };
    let first =
        |rule: &dyn Fn(Column) -> bool| Column::ALL.into_iter().find(|&c| free(c) > 0 && rule(c));
    // A pair or triple of 4, 5 or 6 (and, if `with_three_3s`, three 3s) other than `d`.
    let big_group = |c: Column, with_three_3s: bool| {
        (4..=6).any(|v| v != d && opp.count(c, v) >= 2)
            || (with_three_3s && d != 3 && opp.count(c, 3) == 3)
    };
    let most_free = |avoid: Option<Column>| {
        let mut best = None;
        let mut most = 0;
        for c in Column::ALL {
            if Some(c) != avoid && free(c) > most {
                most = free(c);
                best = Some(c);
            }
        }
        best
    };
    let greedy = |avoid: Option<Column>| {
        let mut order: Vec<Column> = Column::ALL
            .into_iter()
            .filter(|&c| Some(c) != avoid && free(c) > 0)
            .collect();
        order.sort_by_key(|&c| (me.len(c), c));
        let mut best = None;
        let mut best_points = i64::MIN;
        for c in order {
            let (mut mine, mut theirs) = (*me, *opp);
            mine.push(c, d);
            theirs.remove_value(c, d);
            let points = i64::from(mine.score()) - i64::from(theirs.score());
            if points > best_points {
                best_points = points;
                best = Some(c);
            }
        }
        best
    };
    if d >= 3
        && let Some(c) = first(&|c| opp.count(c, d) >= 2)
    {
        return Some(c);
    }
    if d >= 4
        && let Some(c) = first(&|c| opp.count(c, d) >= 1)
    {
        return Some(c);
    }
    if d >= 3
        && let Some(c) = first(&|c| big_group(c, true) && others_free(c) >= 2)
    {
        return greedy(Some(c));
    }
    if d < 3
        && let Some(c) = first(&|c| big_group(c, false) && others_free(c) >= 2)
    {
        return most_free(Some(c));
    }
    if d == 1
        && let Some(c) = first(&|c| opp.count(c, 1) >= 1 && others_free(c) >= 3)
    {
        return most_free(Some(c));
    }
    if d == 2
        && let Some(c) = first(&|c| opp.count(c, 2) == 1 && others_free(c) >= 3)
    {
        return most_free(Some(c));
    }
    if d < 3 { most_free(None) } else { greedy(None) }
}
