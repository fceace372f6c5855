//! The engine as the generic tools see it ([`GameAi`]): a move and its value for
//! `tabletop-cli bestmove`, and the openings matches start from ([`OPENINGS`]).

use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::opening::{self, OPENINGS, opening_stones};
use super::{Engine, Level, Limits, best_move, search};
use crate::ai::slices::{Slices, finish};
use crate::ai::{Analysis, Budget, GameAi};
use crate::rules::Game;
use crate::rules::Settings;
use crate::rules::gomoku::{BoardSize, Gomoku, Move, Rule, parse_position};

impl GameAi for Gomoku {
    const POSITION_HELP: &'static str = "`15x15:h8,i9,...` (the size, then the moves in order; `15x15/standard:...` for \
         the standard rule, or `--rule`); a set-up position puts its stones first: \
         `15x15:black=h8,i9;white=j10;turn=white:k11`";

    /// Level 3 (a quarter of a second, 4 plies): a 60-move game in about 15 s.
    const REVIEW_LEVEL: Level = Level::new(3).expect("3 is a level");

    fn analyse(&self, level: Level, budget: Budget, _: &mut StdRng) -> Option<Analysis<Move>> {
        let stop = AtomicBool::new(false);
        // A time budget gets a table it can fill (see `Engine::new`): allocating
        // level 5's whole table for a 10 ms search took longer than the search (moves
        // of 100-300 ms in the legality runs).
        let limits = |time: Option<std::time::Duration>, depth| Limits {
            time,
            depth,
            ..Limits::for_level(Level::MAX)
        };
        if self.in_opening() {
            // An opening rule's step: its decision, which has no value of its own.
            let limits = match budget {
                Budget::Level => Limits::for_level(level),
                Budget::Time(time) => limits(Some(time), None),
                Budget::Depth(depth) => limits(None, Some(depth)),
            };
            let mut engine = Engine::new(&limits);
            let slices = &mut Slices::never();
            let best = finish(opening::decide(&mut engine, self, &limits, &stop, slices))?;
            return Some(Analysis {
                best,
                value: None,
                verdict: None,
            });
        }
        let result = match budget {
            Budget::Level => best_move(self, level, &stop, |_| {}),
            Budget::Time(time) => search(self, &limits(Some(time), None), &stop, |_| {}),
            Budget::Depth(depth) => search(self, &limits(None, Some(depth)), &stop, |_| {}),
        }?;
        Some(Analysis {
            best: result.best.into(),
            value: Some(result.value.to_string()),
            verdict: result.verdict(),
        })
    }

    fn level_time(level: Level) -> Option<std::time::Duration> {
        Limits::for_level(level).time
    }

    /// The position's own rule (`15x15/renju:`) or else the `rule` setting; a
    /// `size` setting must agree with the position's.
    fn cli_position(text: &str, settings: &Settings<'_>) -> Result<Self, String> {
        let rule = settings
            .get("rule")
            .map(str::parse::<Rule>)
            .transpose()
            .map_err(|e| e.to_string())?;
        let game = parse_position(text, rule)?;
        if let Some(size) = settings.get("size")
            && size != game.size().to_string()
        {
            return Err(format!(
                "the position is {} but the size setting says {size}",
                game.size()
            ));
        }
        Ok(game)
    }

    /// Game `index` opens with the opening its pair of games draws from `seed` (the
    /// two games of a pair share it, with colours swapped).
    fn match_start(settings: &Settings<'_>, seed: u64, index: u32) -> Result<Self, String> {
        let size: BoardSize = settings
            .get("size")
            .unwrap_or("15x15")
            .parse()
            .map_err(|e| format!("{e}"))?;
        let rule: Rule = settings
            .get("rule")
            .unwrap_or("freestyle")
            .parse()
            .map_err(|e| format!("{e}"))?;
        let mut order: Vec<usize> = (0..OPENINGS.len()).collect();
        order.shuffle(&mut StdRng::seed_from_u64(seed));
        let opening = OPENINGS[order[(index as usize / 2) % order.len()]];
        let mut game = Gomoku::new(size, rule);
        for p in opening_stones(size, opening) {
            game.play(p).map_err(|e| format!("opening: {e}"))?;
        }
        Ok(game)
    }
}
