//! Line patterns: what a stone on a point would make along one line, looked up in a
//! table built once per winning condition, and the combined threat of a point over its four lines.
//!
//! A line is seen through a window of [`HALF`] cells on each side of the point, two bits
//! per cell ([`EMPTY`], [`BLACK`], [`WHITE`], [`WALL`]); the centre itself is not in the
//! key. Five cells each way are needed, not four, so that the exact-five rule can see
//! the stone just past a five and tell it from an overline.

use std::sync::OnceLock;

use super::eval::sets::Set;
pub(super) use super::shape::{Line, THREATS, Threat};
use crate::rules::gomoku::Rule;

/// Cells looked at on each side of the centre.
pub(super) const HALF: usize = 5;
/// Number of distinct line keys.
const KEYS: usize = 1 << (4 * HALF);

/// Cell codes inside a line key and on the board.
pub(super) const EMPTY: u8 = 0;
/// A black stone.
pub(super) const BLACK: u8 = 1;
/// A white stone.
pub(super) const WHITE: u8 = 2;
/// Off the board.
pub(super) const WALL: u8 = 3;

/// Slot of the cell `offset` steps from the centre (`offset` in `-HALF..=HALF`, not 0):
/// the order of a key's cells, as the board reads them from a line's word.
#[cfg(test)]
#[must_use]
pub(super) const fn slot(offset: i32) -> u32 {
    debug_assert!(offset != 0 && offset.unsigned_abs() as usize <= HALF);
    if offset < 0 {
        (offset + HALF as i32) as u32
    } else {
        (offset + HALF as i32 - 1) as u32
    }
}

/// The key seen by White: black and white swapped, walls kept.
#[inline]
#[must_use]
pub(super) fn swap_colours(key: u32) -> u32 {
    const LOW: u32 = 0x5_5555;
    ((key & LOW) << 1) | ((key >> 1) & LOW)
}

/// The pattern tables of Black and White under `rule`, each indexed by a key seen by
/// that side (White's with the colours swapped): under renju Black needs exactly five,
/// White five or more.
#[must_use]
pub(super) fn tables(rule: Rule) -> [&'static [Line]; 2] {
    [table(!rule.wins(true, 6)), table(!rule.wins(false, 6))]
}

/// How far a key is shifted to index [`inner_table`]: past the cell five away on
/// the one side.
pub(super) const INNER_SHIFT: u32 = 2;
/// What of the shifted key indexes [`inner_table`]: its eight inner cells, without
/// the cell five away on the other side.
pub(super) const INNER_MASK: u32 = (1 << (4 * (HALF - 1))) - 1;

/// The lines of both sides that win with five or more, Black's and White's, indexed
/// by a key's inner cells ([`INNER_SHIFT`], [`INNER_MASK`]): such a side's line never
/// depends on the cells five away (a five through the centre lies within four of
/// it, and a longer run wins as well), so 128 KiB serve where the whole table takes
/// a mebibyte a side, and stay in the processor's nearer caches; one look-up reads
/// both sides' lines.
#[must_use]
pub(super) fn inner_table() -> &'static [[Line; 2]] {
    static INNER: OnceLock<Box<[[Line; 2]]>> = OnceLock::new();
    INNER.get_or_init(|| {
        let whole = table(false);
        (0..=INNER_MASK)
            .map(|inner| {
                let key = inner << INNER_SHIFT;
                [whole[key as usize], whole[swap_colours(key) as usize]]
            })
            .collect()
    })
}

/// The pattern table for a side that wins with exactly five (`exact`) or with five or
/// more, indexed by a key seen by that side.
#[must_use]
fn table(exact: bool) -> &'static [Line] {
    static FIVE_OR_MORE: OnceLock<Box<[Line]>> = OnceLock::new();
    static EXACT: OnceLock<Box<[Line]>> = OnceLock::new();
    let cell = if exact { &EXACT } else { &FIVE_OR_MORE };
    cell.get_or_init(|| build(exact))
}

/// Classifies every key by dynamic programming over "one more stone": a four has a
/// five-point, a three a four-point, a two a three-point. The recursion only adds
/// black stones, so it always terminates.
fn build(exact: bool) -> Box<[Line]> {
    const UNKNOWN: u8 = u8::MAX;
    let mut memo = vec![UNKNOWN; KEYS];

    fn classify(key: u32, exact: bool, memo: &mut [u8]) -> u8 {
        let known = memo[key as usize];
        if known != UNKNOWN {
            return known;
        }
        let cell = |s: u32| ((key >> (2 * s)) & 3) as u8;
        let left = (0..HALF as u32)
            .rev()
            .take_while(|&s| cell(s) == BLACK)
            .count();
        let right = (HALF as u32..2 * HALF as u32)
            .take_while(|&s| cell(s) == BLACK)
            .count();
        let run = 1 + left + right;
        let line = if run >= 5 {
            if run == 5 || !exact {
                Line::Five
            } else {
                Line::Overline
            }
        } else {
            let mut fives = 0;
            let mut best = Line::None;
            for s in 0..2 * HALF as u32 {
                if cell(s) == EMPTY {
                    let next = classify(key | (u32::from(BLACK) << (2 * s)), exact, memo);
                    match decode(next) {
                        Line::Five => fives += 1,
                        Line::Overline => {}
                        other => best = best.max(other),
                    }
                }
            }
            match (fives, best) {
                (2.., _) => Line::Flex4,
                (1, _) => Line::Block4,
                (_, Line::Flex4) => Line::Flex3,
                (_, Line::Block4) => Line::Block3,
                (_, Line::Flex3) => Line::Flex2,
                (_, Line::Block3) => Line::Block2,
                _ => Line::None,
            }
        };
        memo[key as usize] = line as u8;
        line as u8
    }

    (0..KEYS as u32)
        .map(|key| decode(classify(key, exact, &mut memo)))
        .collect()
}

/// Every [`Line`], in the order of their codes.
const LINES: [Line; 9] = [
    Line::None,
    Line::Block2,
    Line::Flex2,
    Line::Block3,
    Line::Flex3,
    Line::Block4,
    Line::Flex4,
    Line::Five,
    Line::Overline,
];

fn decode(code: u8) -> Line {
    LINES[usize::from(code)]
}

/// The threat of a point from its four line patterns.
#[must_use]
pub(super) fn combine(lines: [Line; 4]) -> Threat {
    let count = |l: Line| lines.iter().filter(|&&x| x == l).count();
    let (b4, f3) = (count(Line::Block4), count(Line::Flex3));
    let minor = lines.iter().any(|&l| l == Line::Block3 || l == Line::Flex2);
    if count(Line::Five) > 0 {
        Threat::Five
    } else if count(Line::Flex4) > 0 || b4 >= 2 {
        Threat::Flex4
    } else if b4 == 1 && f3 > 0 {
        Threat::Block4Flex3
    } else if b4 == 1 && minor {
        Threat::Block4Plus
    } else if b4 == 1 {
        Threat::Block4
    } else if f3 >= 2 {
        Threat::DoubleFlex3
    } else if f3 == 1 && minor {
        Threat::Flex3Plus
    } else if f3 == 1 {
        Threat::Flex3
    } else {
        Threat::None
    }
}

/// Black's threat under renju: as [`combine`], except that an overline without a five,
/// two fours or two open threes make the point [`Threat::Forbidden`]. Only what the
/// lines show: a three may be false (its four-points forbidden) and two fours on one
/// line look like an open four, so the engine checks its own moves exactly
/// ([`crate::rules::gomoku::renju`]).
#[must_use]
pub(super) fn combine_renju_black(lines: [Line; 4]) -> Threat {
    let threat = combine(lines);
    if threat == Threat::Five {
        return threat;
    }
    let fours = lines
        .iter()
        .filter(|&&l| l == Line::Block4 || l == Line::Flex4)
        .count();
    if lines.contains(&Line::Overline) || fours >= 2 || threat == Threat::DoubleFlex3 {
        Threat::Forbidden
    } else {
        threat
    }
}

/// Distinct combinations of four [`Line`]s: a point's four lines as one code,
/// `line[0] + 9 line[1] + 81 line[2] + 729 line[3]` (the per-point pattern code of the
/// strong classical engines).
pub(super) const CODES: usize = 9 * 9 * 9 * 9;

/// The base of a point's code on a board (see [`code_steps`]): 9 for every [`Line`],
/// or 8 where no line can be an [`Line::Overline`] (both sides win with five or
/// more), whose table of codes is then 24 KiB rather than 38: closer to the core
/// (those look-ups are still the search's busiest instructions by perf). Built by
/// scripts/build-engine.sh --native and run in turn with the engine without it, twice,
/// on 30 self-play positions at 1000 ms, free-style: the same node counts to depths 9
/// to 12 (within 1%, as two runs of one engine differ) in 2-5% less time.
pub(super) const fn code_base(five_or_more: bool) -> u16 {
    if five_or_more { 8 } else { 9 }
}

/// The steps of the four lines in a point's code of base `base`
/// ([`code_base`]): `line[0] + base line[1] + base² line[2] + base³ line[3]`.
#[must_use]
pub(super) const fn code_steps(base: u16) -> [u16; 4] {
    [1, base, base * base, base * base * base]
}

/// What the four lines of a point make together, looked up by the point's code: no
/// counting over the lines on every change, which took as long as the rest of a move
/// (with [`combine`], 38% of the search's time in a profile).
///
/// Its values are 16 bits, so that the table takes 38 KiB, not 77: every make
/// looks it up for each point it changes, and those look-ups were the search's
/// busiest instructions by perf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Combined {
    pub threat: Threat,
    /// What the point is worth to a side waiting for its move ([`point_value`]).
    pub value: i16,
    /// What it is worth to the side to move ([`point_value_to_move`]).
    pub value_to_move: i16,
}

/// The code of four lines in base `base` ([`code_steps`]).
#[cfg(test)]
fn code(lines: [Line; 4], base: u16) -> u16 {
    let steps = code_steps(base);
    (0..4).map(|d| lines[d] as u16 * steps[d]).sum()
}

/// Which table of codes a side's points are looked up in: its rule's and colour's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Codes {
    /// Either side where five or more win (free-style): codes of base 8, free-style
    /// weights.
    FiveOrMore,
    /// Either side where exactly five win: base 9, free-style weights.
    ExactFive,
    /// Black under renju: exactly five, forbidden points; base 9, renju weights.
    RenjuBlack,
    /// White under renju: five or more, though its lines are read through the
    /// whole table as Black's are (so base 9); renju weights.
    RenjuWhite,
}

impl Codes {
    /// Every table, for building them all at once.
    pub(super) const ALL: [Codes; 4] = [
        Codes::FiveOrMore,
        Codes::ExactFive,
        Codes::RenjuBlack,
        Codes::RenjuWhite,
    ];

    /// The table for Black (`black`) or White under `rule`.
    #[must_use]
    pub(super) fn of(rule: Rule, black: bool) -> Self {
        match rule {
            Rule::FreeStyle => Codes::FiveOrMore,
            Rule::Standard => Codes::ExactFive,
            Rule::Renju if black => Codes::RenjuBlack,
            Rule::Renju => Codes::RenjuWhite,
        }
    }

    /// The base of its codes ([`code_base`]).
    #[must_use]
    pub(super) const fn base(self) -> u16 {
        code_base(matches!(self, Codes::FiveOrMore))
    }

    /// The weights its values are made of.
    #[must_use]
    pub(super) fn set(self) -> Set {
        match self {
            Codes::FiveOrMore | Codes::ExactFive => Set::Free,
            Codes::RenjuBlack | Codes::RenjuWhite => Set::Renju,
        }
    }
}

/// The table of every code's [`Combined`] for `codes`.
#[must_use]
pub(super) fn combined(codes: Codes) -> &'static [Combined] {
    static TABLES: [OnceLock<Box<[Combined]>>; 4] = [const { OnceLock::new() }; 4];
    TABLES[codes as usize].get_or_init(|| {
        let base = codes.base();
        let set = codes.set();
        let steps = code_steps(base);
        (0..usize::from(steps[3] * base))
            .map(|c| {
                let lines: [Line; 4] = std::array::from_fn(|d| {
                    decode(((c / usize::from(steps[d])) % usize::from(base)) as u8)
                });
                let threat = if codes == Codes::RenjuBlack {
                    combine_renju_black(lines)
                } else {
                    combine(lines)
                };
                Combined {
                    threat,
                    value: narrow(point_value(set, lines, threat)),
                    value_to_move: narrow(point_value_to_move(set, lines, threat)),
                }
            })
            .collect()
    })
}

/// A point's value as the tables keep it: the weights keep every value far inside
/// 16 bits (a five on all four lines at once is worth 12,800).
fn narrow(value: i32) -> i16 {
    i16::try_from(value).expect("a point's value fits 16 bits")
}

/// What a point is worth to a side that waits for its move (the move ordering's
/// value too) by the weights of `set`: its lines, a bonus for their combined
/// threat, and a correction for the combination of its lines.
#[must_use]
pub(super) fn point_value(set: Set, lines: [Line; 4], threat: Threat) -> i32 {
    let weights = set.weights();
    weighed(
        lines,
        threat,
        &weights.line,
        &weights.threat,
        corrections(set, false),
    )
}

/// What a point is worth to the side to move, which will be first to use it.
#[must_use]
pub(super) fn point_value_to_move(set: Set, lines: [Line; 4], threat: Threat) -> i32 {
    let weights = set.weights();
    weighed(
        lines,
        threat,
        &weights.line_to_move,
        &weights.threat_to_move,
        corrections(set, true),
    )
}

/// The combination corrections of `set` for the side to move (`to_move`) or the
/// side waiting, by [`combo_key`]: made once per set, so that making the code
/// tables stays quick (the browser makes them inside a search's slice).
fn corrections(set: Set, to_move: bool) -> &'static [i32] {
    static MADE: [OnceLock<Box<[i32]>>; 4] = [const { OnceLock::new() }; 4];
    let weights = set.weights();
    let listed = if to_move {
        weights.combo_to_move
    } else {
        weights.combo
    };
    MADE[2 * set as usize + usize::from(to_move)].get_or_init(|| {
        let mut by_key = vec![0; CODES];
        for &(lines, value) in listed {
            by_key[usize::from(combo_key_of(lines))] = value;
        }
        by_key.into_boxed_slice()
    })
}

fn weighed(
    lines: [Line; 4],
    threat: Threat,
    line: &[i32; 9],
    bonus: &[i32; THREATS],
    corrections: &[i32],
) -> i32 {
    if threat == Threat::Forbidden {
        return 0;
    }
    lines.iter().map(|&l| line[l as usize]).sum::<i32>()
        + bonus[threat as usize]
        + corrections[usize::from(combo_key(lines))]
}

/// A point's four lines as a combination, whatever their directions: its lines
/// other than [`Line::None`], strongest first, as base-9 digits (the strongest the
/// lowest). 0 for a point whose lines make nothing.
#[must_use]
pub(super) fn combo_key(lines: [Line; 4]) -> u16 {
    let mut sorted = lines;
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted.iter().rev().fold(0, |key, &l| key * 9 + l as u16)
}

/// [`combo_key`] of up to four lines (the rest [`Line::None`]).
#[must_use]
pub(super) fn combo_key_of(lines: &[Line]) -> u16 {
    combo_key(std::array::from_fn(|d| {
        lines.get(d).copied().unwrap_or(Line::None)
    }))
}

/// The lines of a [`combo_key`], strongest first, without [`Line::None`].
#[must_use]
pub(super) fn combo_lines(key: u16) -> Vec<Line> {
    code_steps(9)
        .into_iter()
        .map(|step| decode(((key / step) % 9) as u8))
        .filter(|&l| l != Line::None)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sides that win with five or more see the same lines through the inner table
    /// as through the whole one, whatever lies five away, White's with the colours
    /// swapped.
    #[test]
    fn the_inner_table_reads_every_key_alike() {
        let (whole, inner) = (table(false), inner_table());
        assert_eq!(inner.len(), 1 << 16);
        for key in 0..KEYS as u32 {
            let at = ((key >> INNER_SHIFT) & INNER_MASK) as usize;
            let lines = [whole[key as usize], whole[swap_colours(key) as usize]];
            assert_eq!(lines, inner[at], "key {key:#07x}");
        }
        // So its points' codes can be of base 8 (`code_base`).
        assert!(!whole.contains(&Line::Overline));
        assert!(table(true).contains(&Line::Overline));
    }

    /// Builds a key from a picture of the line, centre marked `+`, `x` black, `o`
    /// white, `#` wall, `.` empty.
    fn key(picture: &str) -> u32 {
        let centre = picture.find('+').unwrap() as i32;
        picture
            .bytes()
            .enumerate()
            .filter(|&(i, _)| i as i32 != centre && (i as i32 - centre).abs() <= HALF as i32)
            .fold(0, |key, (i, b)| {
                let offset = i as i32 - centre;
                let code = match b {
                    b'x' => BLACK,
                    b'o' => WHITE,
                    b'#' => WALL,
                    _ => EMPTY,
                };
                key | (u32::from(code) << (2 * slot(offset)))
            })
    }

    fn line(rule: Rule, picture: &str) -> Line {
        tables(rule)[0][key(picture) as usize]
    }

    #[test]
    fn classifies_the_basic_shapes() {
        let r = Rule::FreeStyle;
        assert_eq!(line(r, "...xx+xx..."), Line::Five);
        assert_eq!(line(r, "....xx+x....."), Line::Flex4);
        assert_eq!(line(r, "...oxx+x....."), Line::Block4);
        assert_eq!(line(r, "....x.+x....."), Line::Flex3);
        assert_eq!(line(r, "...ox.+x....."), Line::Block3);
        assert_eq!(line(r, ".....x+......"), Line::Flex2);
        assert_eq!(line(r, "....#x+x....."), Line::Block3);
        assert_eq!(line(r, "....ox+o....."), Line::None);
    }

    #[test]
    fn exact_five_tells_an_overline_from_a_five() {
        assert_eq!(line(Rule::FreeStyle, "..xxx+xx..."), Line::Five);
        assert_eq!(line(Rule::Standard, "..xxx+xx..."), Line::Overline);
        assert_eq!(line(Rule::Standard, "...xx+xx..."), Line::Five);
        // One of the two five-points would make six: only a closed four.
        assert_eq!(line(Rule::FreeStyle, "x.xxx+.o"), Line::Flex4);
        assert_eq!(line(Rule::Standard, "x.xxx+.o"), Line::Block4);
        // The only five-point would make six: nothing left under the exact-five rule.
        assert_eq!(line(Rule::FreeStyle, ".ox.xx+xo.."), Line::Block4);
        assert_eq!(line(Rule::Standard, ".ox.xx+xo.."), Line::None);
    }

    /// With five or more winning, a line's pattern never depends on the cells five
    /// away from the point (the board leaves them out of its updates then), and with
    /// exactly five it does.
    #[test]
    fn five_or_more_looks_four_cells_each_way() {
        let outer = (3 << (2 * slot(-(HALF as i32)))) | (3 << (2 * slot(HALF as i32)));
        let table = tables(Rule::FreeStyle)[0];
        for key in 0..KEYS as u32 {
            assert_eq!(
                table[key as usize],
                table[(key & !outer) as usize],
                "{key:x}"
            );
        }
        assert_ne!(
            line(Rule::Standard, "x.xxx+...."),
            line(Rule::Standard, "..xxx+....")
        );
    }

    #[test]
    fn white_sees_the_board_with_colours_swapped() {
        let k = key("....oo+o.....");
        assert_eq!(
            tables(Rule::FreeStyle)[1][swap_colours(k) as usize],
            Line::Flex4
        );
        assert_eq!(swap_colours(key("#x.+o#")), key("#o.+x#"));
    }

    /// The table by code says what combining the lines says, for every four lines.
    #[test]
    fn the_code_table_matches_the_combination() {
        let mut seen = std::collections::HashSet::new();
        for a in LINES {
            for b in LINES {
                for c in LINES {
                    for d in LINES {
                        let lines = [a, b, c, d];
                        let code = code(lines, 9);
                        assert!(seen.insert(code), "{lines:?} shares code {code}");
                        for codes in Codes::ALL {
                            let threat = if codes == Codes::RenjuBlack {
                                combine_renju_black(lines)
                            } else {
                                combine(lines)
                            };
                            let set = codes.set();
                            let expected = Combined {
                                threat,
                                value: narrow(point_value(set, lines, threat)),
                                value_to_move: narrow(point_value_to_move(set, lines, threat)),
                            };
                            if codes.base() == 9 {
                                assert_eq!(combined(codes)[usize::from(code)], expected);
                            } else if !lines.contains(&Line::Overline) {
                                let code = usize::from(super::code(lines, 8));
                                assert_eq!(combined(codes)[code], expected);
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(seen.len(), CODES);
    }

    /// A combination is its lines whatever their order, and a point's value carries
    /// its combination's correction.
    #[test]
    fn combinations_ignore_directions() {
        use Line::*;
        let lines = [None, Flex2, Block3, Flex2];
        let key = combo_key(lines);
        assert_eq!(combo_lines(key), vec![Block3, Flex2, Flex2]);
        assert_eq!(combo_key([Flex2, Flex2, None, Block3]), key);
        assert_eq!(combo_key_of(&[Block3, Flex2, Flex2]), key);
        assert_eq!(combo_key([None; 4]), 0);
        for a in LINES {
            for b in LINES {
                let key = combo_key([a, None, b, None]);
                assert_eq!(key, combo_key([b, a, None, None]));
                let mut expected: Vec<Line> = [a, b].into_iter().filter(|&l| l != None).collect();
                expected.sort_unstable_by(|x, y| y.cmp(x));
                assert_eq!(combo_lines(key), expected);
            }
        }
        use super::super::eval::weights::{COMBO, LINE, THREAT};
        let &(listed, correction) = COMBO.first().expect("fitted corrections");
        let lines: [Line; 4] = std::array::from_fn(|d| listed.get(d).copied().unwrap_or(None));
        let threat = combine(lines);
        let plain: i32 =
            lines.iter().map(|&l| LINE[l as usize]).sum::<i32>() + THREAT[threat as usize];
        assert_eq!(point_value(Set::Free, lines, threat), plain + correction);
    }

    #[test]
    fn combines_lines_into_threats() {
        use Line::*;
        assert_eq!(combine([Block4, Block4, None, None]), Threat::Flex4);
        assert_eq!(combine([Block4, Flex3, None, None]), Threat::Block4Flex3);
        assert_eq!(combine([Flex3, Flex3, None, None]), Threat::DoubleFlex3);
        assert_eq!(combine([Flex2, Flex3, None, None]), Threat::Flex3Plus);
        assert_eq!(combine([Five, None, None, None]), Threat::Five);
        assert!(
            point_value(Set::Free, [Flex4; 4], Threat::Flex4)
                > point_value(Set::Free, [Flex3; 4], Threat::DoubleFlex3)
        );
        // Black under renju: double threes, double fours and overlines are no moves.
        for (lines, threat) in [
            ([Flex3, Flex3, None, None], Threat::Forbidden),
            ([Block4, Flex4, None, None], Threat::Forbidden),
            ([Overline, None, None, None], Threat::Forbidden),
            ([Five, Flex3, Flex3, None], Threat::Five),
            ([Block4, Flex3, None, None], Threat::Block4Flex3),
        ] {
            assert_eq!(combine_renju_black(lines), threat, "{lines:?}");
        }
    }
}
