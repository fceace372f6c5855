//! Gomoku on the table: the game's place in the app ([`TableGame`]: its settings and
//! their menu rows, its AI in the app), and its view: the wooden board ([`board`]), the
//! stones and markers ([`pieces`]), the pointer snapped to intersections ([`input`]).

pub mod analysis;
pub mod board;
pub mod input;
pub mod pieces;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use bevy_egui::egui;

use super::ai::{AiJob, AiProgress, pauses_text, slices};
use super::locale::Locale;
use super::table::{self, OnTable, TableGame};
use crate::ai::Level;
use crate::ai::gomoku::best_move_in_slices;
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Foul, Gomoku, GomokuError, MAX_SIDE, MIN_SIDE, Point, Rule};
use crate::tr;

/// Settings chosen in the menu; every new game starts from them.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GomokuSettings {
    /// Board width and height.
    pub size: BoardSize,
    /// Free-style or standard (exactly five).
    pub rule: Rule,
}

impl GomokuSettings {
    /// The settings `game` is played with.
    #[must_use]
    pub fn of(game: &Gomoku) -> Self {
        Self {
            size: game.size(),
            rule: game.rule(),
        }
    }
}

/// While Gomoku is on the table: its systems run, its entities live.
pub const GOMOKU: OnTable = OnTable::of::<Gomoku>();

/// The Gomoku game on the table.
pub type CurrentGame = table::CurrentGame<Gomoku>;

/// A request to place a stone.
pub type MoveRequested = table::MoveRequested<Gomoku>;

impl TableGame for Gomoku {
    type Settings = GomokuSettings;

    fn new_game(settings: &GomokuSettings) -> Self {
        Gomoku::new(settings.size, settings.rule)
    }

    fn adopt_settings(&self, settings: &mut GomokuSettings) {
        *settings = GomokuSettings::of(self);
    }

    fn apply_setting(
        settings: &mut GomokuSettings,
        key: &str,
        value: &str,
    ) -> Option<Result<(), String>> {
        let parsed = match key {
            "size" => value.parse().map(|size| settings.size = size),
            "rule" => value.parse().map(|rule| settings.rule = rule),
            _ => return None,
        };
        Some(parsed.map_err(|e| e.to_string()))
    }

    fn setting_lines(settings: &GomokuSettings) -> Vec<(&'static str, String)> {
        vec![
            ("size", settings.size.to_string()),
            ("rule", settings.rule.to_string()),
        ]
    }

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

    fn settings_ui(ui: &mut egui::Ui, settings: &mut GomokuSettings, locale: &Locale) {
        let (mut width, mut height) = (settings.size.width(), settings.size.height());
        ui.label(tr!(locale, "gomoku-width"));
        ui.add(egui::Slider::new(&mut width, MIN_SIDE..=MAX_SIDE));
        ui.end_row();
        ui.label(tr!(locale, "gomoku-height"));
        ui.add(egui::Slider::new(&mut height, MIN_SIDE..=MAX_SIDE));
        ui.end_row();
        ui.label(tr!(locale, "gomoku-rule"));
        ui.vertical(|ui| {
            for (rule, id) in [
                (Rule::FreeStyle, "gomoku-rule-freestyle"),
                (Rule::Standard, "gomoku-rule-standard"),
                (Rule::Renju, "gomoku-rule-renju"),
            ] {
                ui.radio_value(&mut settings.rule, rule, tr!(locale, id));
            }
        });
        ui.end_row();
        // The sliders only produce sizes in range, so this never fails; keep the old
        // size if it somehow did.
        if let Ok(size) = BoardSize::new(width, height)
            && size != settings.size
        {
            settings.size = size;
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
