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
use crate::ai::gomoku::best_move_in_slices;
use crate::ai::{Analysis, GameAi, Level};
use crate::rules::Player;
use crate::rules::gomoku::{Foul, Gomoku, GomokuError, Point, Rule};
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
        tr!(locale, id, size = self.size().to_string())
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
            other => other.to_string(),
        }
    }

    fn think(
        &self,
        level: Level,
        job: AiJob,
    ) -> impl Future<Output = Option<Point>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
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
            Some(result.best)
        }
    }

    /// The review's level's search ([`GameAi::REVIEW_LEVEL`]).
    fn appraise(
        &self,
        job: AiJob,
    ) -> impl Future<Output = Option<Analysis<Point>>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            let level = Gomoku::REVIEW_LEVEL;
            let mut slices = slices();
            let result = best_move_in_slices(&game, level, job.stop(), |_| {}, &mut slices).await;
            job.report_work(slices.longest_work());
            let result = result?;
            Some(Analysis {
                best: result.best,
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

/// The engine's pattern tables, built before the first AI move needs them: beside the
/// app on the desktop, in the start-up frame in a browser (one thread, and the page's
/// loading overlay still up), where inside the first move they would hold a frame.
fn prepare_engine() {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::spawn(crate::ai::gomoku::prepare);
    #[cfg(target_arch = "wasm32")]
    crate::ai::gomoku::prepare();
}
