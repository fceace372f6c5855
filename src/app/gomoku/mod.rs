//! Gomoku on the table: the game's place in the app ([`TableGame`]: its HUD texts,
//! its AI in the app), and its view: the wooden board ([`board`]), the
//! stones and markers ([`pieces`]), the pointer snapped to intersections ([`input`]).

pub mod analysis;
pub mod board;
pub mod input;
pub mod pieces;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use super::ai::{AiJob, AiProgress, pauses_text, slices};
use super::locale::Locale;
use super::table::{self, OnTable, TableGame};
use crate::ai::gomoku::{Engine, Limits, Seat, best_move_in_slices, opening};
use crate::ai::{Analysis, GameAi, Level};
use crate::rules::gomoku::opening::TARAGUCHI_OFFERS;
use crate::rules::gomoku::{Foul, Gomoku, GomokuError, Move, Opening, Rule, Step};
use crate::rules::{Game, Player};
use crate::tr;

/// While Gomoku is on the table: its systems run, its entities live.
pub(super) const GOMOKU: OnTable = OnTable::of::<Gomoku>();

/// The Gomoku game on the table.
pub type CurrentGame = table::CurrentGame<Gomoku>;

/// A request to place a stone.
pub type MoveRequested = table::MoveRequested<Gomoku>;

impl TableGame for Gomoku {
    fn side_colour(player: Player) -> Color {
        match player {
            Player::First => Color::srgb(0.08, 0.08, 0.09),
            Player::Second => Color::srgb(0.94, 0.93, 0.9),
        }
    }

    fn describe(&self, locale: &Locale) -> String {
        let id = match self.rule() {
            Rule::FreeStyle => "gomoku-describe-freestyle",
            Rule::Standard => "gomoku-describe-standard",
            Rule::Renju => "gomoku-describe-renju",
        };
        let game = tr!(locale, id, size = self.size().to_string());
        match self.opening() {
            Opening::Free => game,
            opening => {
                let opening = match opening {
                    Opening::Swap2 => tr!(locale, "gomoku-opening-swap2"),
                    _ => tr!(locale, "gomoku-opening-taraguchi10"),
                };
                tr!(
                    locale,
                    "gomoku-describe-opening",
                    game = game,
                    opening = opening
                )
            }
        }
    }

    fn prompt(&self, locale: &Locale) -> Option<String> {
        let who = locale.side(Self::NAME, self.side_of_seat(self.actor()));
        let step = self.opening_state().step;
        let square = step.square().unwrap_or_default();
        Some(match step {
            Step::Play => return None,
            Step::Swap2Three { n } => tr!(locale, "gomoku-prompt-swap2-three", who = who, n = n),
            Step::Swap2Answer => tr!(locale, "gomoku-prompt-swap2-answer", who = who),
            Step::Swap2Two { n } => tr!(locale, "gomoku-prompt-swap2-two", who = who, n = n),
            Step::Swap2Colour => tr!(locale, "gomoku-prompt-swap2-colour", who = who),
            Step::Place { n } => {
                tr!(
                    locale,
                    "gomoku-prompt-place",
                    who = who,
                    n = n,
                    square = square
                )
            }
            Step::MaySwap { n: 5 } => tr!(locale, "gomoku-prompt-fifth", who = who),
            Step::MaySwap { n } if n > 5 => tr!(locale, "gomoku-prompt-sixth", who = who),
            Step::MaySwap { n } => {
                tr!(
                    locale,
                    "gomoku-prompt-may-swap",
                    who = who,
                    n = n,
                    square = square
                )
            }
            Step::Offer { made } => tr!(locale, "gomoku-prompt-offer", who = who, n = made + 1),
            Step::Pick => tr!(locale, "gomoku-prompt-pick", who = who),
        })
    }

    fn choices(&self, locale: &Locale) -> Vec<(Move, String)> {
        let mine = self.side_of_seat(self.actor());
        self.opening_state()
            .step
            .choices()
            .iter()
            .filter(|&&mv| self.check_move(mv).is_ok())
            .map(|&mv| {
                let text = match mv {
                    Move::Swap => {
                        let side = locale.side(Self::NAME, mine.opponent());
                        tr!(locale, "gomoku-choice-swap", side = side)
                    }
                    Move::Keep => tr!(locale, "gomoku-choice-keep"),
                    Move::Two => tr!(locale, "gomoku-choice-two"),
                    _ => tr!(locale, "gomoku-choice-offer"),
                };
                (mv, text)
            })
            .collect()
    }

    /// Points in notation, choices in words, offered fifth stones in brackets.
    fn move_names(&self, locale: &Locale) -> Vec<String> {
        moves_with_offers(self)
            .into_iter()
            .map(|(mv, offered)| move_name(mv, offered, locale))
            .collect()
    }

    fn last_move_name(&self, locale: &Locale) -> Option<String> {
        let last = *Game::history(self).last()?;
        Some(move_name(last, last_move_offered(self), locale))
    }

    /// The stones put down; not the choices, nor the offered fifths.
    fn numbered_moves(&self) -> Vec<bool> {
        moves_with_offers(self)
            .into_iter()
            .map(|(mv, offered)| mv.point().is_some() && !offered)
            .collect()
    }

    fn last_move_numbered(&self) -> bool {
        Game::history(self)
            .last()
            .is_some_and(|mv| mv.point().is_some() && !last_move_offered(self))
    }

    fn refusal(error: &GomokuError, locale: &Locale) -> String {
        match error {
            GomokuError::Occupied(p) => tr!(locale, "refused-taken", at = p.to_string()),
            GomokuError::Forbidden(p, foul) => {
                let foul = match foul {
                    Foul::Overline => "gomoku-foul-overline",
                    Foul::DoubleFour => "gomoku-foul-double-four",
                    Foul::DoubleThree => "gomoku-foul-double-three",
                };
                let foul = tr!(locale, foul);
                tr!(
                    locale,
                    "gomoku-refused-forbidden",
                    at = p.to_string(),
                    foul = foul
                )
            }
            GomokuError::GameOver => tr!(locale, "refused-over"),
            GomokuError::ChooseFirst => {
                let choices = [Move::Keep, Move::Swap].map(|mv| move_name(mv, false, locale));
                tr!(
                    locale,
                    "gomoku-refused-choose-first",
                    choices = choices.join(" / ")
                )
            }
            GomokuError::OutsideSquare(p, side) => tr!(
                locale,
                "gomoku-refused-outside",
                at = p.to_string(),
                square = *side
            ),
            GomokuError::AlreadyOffered(p) => {
                tr!(locale, "gomoku-refused-offered", at = p.to_string())
            }
            GomokuError::SymmetricOffer(p, twin) => tr!(
                locale,
                "gomoku-refused-alike",
                at = p.to_string(),
                twin = twin.to_string()
            ),
            GomokuError::NotOffered(p) => {
                tr!(locale, "gomoku-refused-not-offered", at = p.to_string())
            }
            GomokuError::NotNow(word) => tr!(locale, "gomoku-refused-not-now", choice = *word),
            other => other.to_string(),
        }
    }

    fn think(
        &self,
        level: Level,
        job: AiJob,
    ) -> impl Future<Output = Option<Move>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            if game.in_opening() {
                return opening_move(&game, level, &job).await;
            }
            let report = |info: &crate::ai::gomoku::SearchInfo| {
                job.report(AiProgress {
                    depth: info.depth,
                    nodes: info.nodes,
                    best: info.best.map(|p| p.to_string()),
                    ..AiProgress::default()
                });
            };
            let mut slices = slices();
            let result = best_move_in_slices(&game, level, job.stop(), report, &mut slices).await?;
            info!(
                "AI {level} chose {} in {:.2} s: depth {}, {} nodes{}",
                result.best,
                result.elapsed.as_secs_f64(),
                result.depth,
                result.nodes,
                pauses_text(&slices)
            );
            Some(result.best.into())
        }
    }

    /// The review's level's search ([`GameAi::REVIEW_LEVEL`]).
    fn appraise(
        &self,
        job: AiJob,
    ) -> impl Future<Output = Option<Analysis<Move>>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            let level = Gomoku::REVIEW_LEVEL;
            if game.in_opening() {
                // A step of the opening rule: the choice the engine makes, no value.
                let best = opening_move(&game, level, &job).await?;
                return Some(Analysis {
                    best,
                    value: None,
                    verdict: None,
                });
            }
            let mut slices = slices();
            let result = best_move_in_slices(&game, level, job.stop(), |_| {}, &mut slices).await;
            job.report_work(slices.longest_work());
            let result = result?;
            Some(Analysis {
                best: result.best.into(),
                value: Some(result.value.to_string()),
                verdict: result.verdict(),
            })
        }
    }

    fn plugin(app: &mut App) {
        app.add_plugins((
            board::plugin,
            pieces::plugin,
            input::plugin,
            analysis::plugin,
        ))
        .add_systems(Startup, prepare_engine);
    }
}

/// The moves so far, each with whether it is an offered fifth stone (Taraguchi-10:
/// the ten points named after `offer`), not a stone put down.
fn moves_with_offers(game: &Gomoku) -> Vec<(Move, bool)> {
    let mut offers_to_come = 0;
    Game::history(game)
        .into_iter()
        .map(|mv| {
            let offered = offers_to_come > 0 && mv.point().is_some();
            if offered {
                offers_to_come -= 1;
            }
            if mv == Move::Offer {
                offers_to_come = TARAGUCHI_OFFERS;
            }
            (mv, offered)
        })
        .collect()
}

/// Whether the last move offered a fifth stone rather than put one down.
fn last_move_offered(game: &Gomoku) -> bool {
    Game::history(game)
        .last()
        .and_then(|mv| mv.point())
        .is_some_and(|p| game.stone(p).is_none() && game.opening_state().offers.contains(&p))
}

/// A move in the move list: a point in notation (an offered fifth stone in
/// brackets), a choice in the player's words.
fn move_name(mv: Move, offered: bool, locale: &Locale) -> String {
    match mv {
        Move::Stone(p) if offered => format!("({p})"),
        Move::Stone(p) => p.to_string(),
        Move::Swap => tr!(locale, "gomoku-move-swap"),
        Move::Keep => tr!(locale, "gomoku-move-keep"),
        Move::Two => tr!(locale, "gomoku-move-two"),
        Move::Offer => tr!(locale, "gomoku-move-offer"),
    }
}

/// The engine's decision at an opening rule's step, within `level`'s budget
/// ([`opening::decide`]), in the app's slices.
async fn opening_move(game: &Gomoku, level: Level, job: &AiJob) -> Option<Move> {
    let limits = Limits::for_level(level);
    let mut engine = Engine::kept(Seat::Level(level), &limits);
    let mut slices = slices();
    let step = game.opening_state().step;
    let mv = opening::decide(&mut engine, game, &limits, job.stop(), &mut slices).await;
    engine.keep(Seat::Level(level), &limits);
    let mv = mv?;
    info!(
        "AI {level} at the opening's {step:?}: {mv}{}",
        pauses_text(&slices)
    );
    Some(mv)
}

/// The engine's pattern tables, built before the first AI move needs them: beside the
/// app on the desktop, in the start-up frame in a browser (one thread, and the page's
/// loading overlay still up), where inside the first move they would hold a frame.
fn prepare_engine() {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::spawn(crate::ai::gomoku::prepare);
    #[cfg(target_arch = "wasm32")]
    crate::ai::gomoku::prepare();
}
