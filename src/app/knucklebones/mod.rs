//! Knucklebones on the table: its place in the app ([`TableGame`]: the dice settings
//! and their menu rows), and its view: two trays facing each other, 3D dice with pips, the
//! roll of each turn, dice sliding into their slots and knocked out of the
//! opponent's, and the column scores.

mod dice;
pub mod input;
mod layout;
pub mod motion;
mod scores;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;
use rand::SeedableRng;
use rand::rngs::StdRng;

use bevy_egui::egui;

use super::ai::{AiJob, AiProgress, pauses_text, slices};
use super::locale::Locale;
use super::table::{self, OnTable, TableGame};
use super::theme::ERROR_UI;
use crate::ai::Level;
use crate::rules::knucklebones::{Column, Knucklebones, KnucklebonesError};
use crate::rules::{Game, Outcome, Player};
use crate::tr;

/// While Knucklebones is on the table: its systems run, its entities live.
pub const KNUCKLEBONES: OnTable = OnTable::of::<Knucklebones>();

/// The Knucklebones game on the table.
pub type CurrentGame = table::CurrentGame<Knucklebones>;

/// A request to place the die in a column.
pub type MoveRequested = table::MoveRequested<Knucklebones>;

/// Who places the first die of a new game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Starter {
    /// Player 1.
    #[default]
    First,
    /// Player 2.
    Second,
    /// A coin toss for every game.
    Random,
}

/// The menu's dice settings.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnucklebonesSettings {
    /// The dice seed; `None`: a fresh random seed for every game (shown in the HUD,
    /// so a good game can be replayed).
    pub seed: Option<u64>,
    /// Who starts.
    pub starter: Starter,
}

impl TableGame for Knucklebones {
    type Settings = KnucklebonesSettings;

    fn new_game(settings: &KnucklebonesSettings) -> Self {
        let seed = settings.seed.unwrap_or_else(rand::random);
        let starter = match settings.starter {
            Starter::First => Player::First,
            Starter::Second => Player::Second,
            Starter::Random if rand::random() => Player::First,
            Starter::Random => Player::Second,
        };
        Knucklebones::new(seed, starter)
    }

    fn apply_setting(
        settings: &mut KnucklebonesSettings,
        key: &str,
        value: &str,
    ) -> Option<Result<(), String>> {
        Some(match key {
            "seed" => value
                .parse()
                .map(|seed| settings.seed = Some(seed))
                .map_err(|_| format!("seed '{value}' is not a number from 0 to {}", u64::MAX)),
            "starts" => {
                let starter = match value.to_ascii_lowercase().as_str() {
                    "p1" => Starter::First,
                    "p2" => Starter::Second,
                    "random" => Starter::Random,
                    _ => return Some(Err(format!("starts '{value}' is not p1, p2 or random"))),
                };
                settings.starter = starter;
                Ok(())
            }
            _ => return None,
        })
    }

    fn setting_lines(settings: &KnucklebonesSettings) -> Vec<(&'static str, String)> {
        let starts = match settings.starter {
            Starter::First => "p1",
            Starter::Second => "p2",
            Starter::Random => "random",
        };
        let mut lines = vec![("starts", starts.to_owned())];
        if let Some(seed) = settings.seed {
            lines.push(("seed", seed.to_string()));
        }
        lines
    }

    fn move_names(&self, locale: &Locale) -> Vec<String> {
        self.placements()
            .iter()
            .map(|p| {
                let knocked = match p.removed {
                    0 => String::new(),
                    n => format!(" ×{n}"),
                };
                let column = p.column.to_string();
                let placed = tr!(locale, "knucklebones-move", die = p.die, column = column);
                format!("{placed}{knocked}")
            })
            .collect()
    }

    fn side_colour(player: Player) -> Color {
        dice::dice_colour(player)
    }

    fn status_text(&self, locale: &Locale) -> String {
        let (one, two) = (self.score(Player::First), self.score(Player::Second));
        match self.outcome() {
            None => tr!(
                locale,
                "knucklebones-rolled",
                die = self.die(),
                first = one,
                second = two
            ),
            Some(Outcome::Win(winner)) => tr!(
                locale,
                "knucklebones-wins",
                side = locale.side(Self::NAME, winner),
                high = one.max(two),
                low = one.min(two)
            ),
            Some(Outcome::Draw) => tr!(locale, "knucklebones-draw", first = one, second = two),
        }
    }

    fn refusal(error: &KnucklebonesError, locale: &Locale) -> String {
        match error {
            KnucklebonesError::ColumnFull(column) => {
                tr!(locale, "refused-full", column = column.to_string())
            }
            KnucklebonesError::GameOver => tr!(locale, "refused-over"),
            other => other.to_string(),
        }
    }

    fn describe(&self, locale: &Locale) -> String {
        tr!(
            locale,
            "knucklebones-describe",
            seed = self.seed().to_string(),
            starter = locale.side(Self::NAME, self.starter())
        )
    }

    fn think(
        &self,
        level: Level,
        job: AiJob,
    ) -> impl Future<Output = Option<Column>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            // Its own generator: the thread's may not be held across a pause.
            let mut rng = StdRng::from_rng(&mut rand::rng());
            let mut slices = slices();
            let choice = crate::ai::knucklebones::best_move_in_slices(
                &game,
                level,
                &mut rng,
                job.stop(),
                &mut slices,
            )
            .await?;
            info!(
                "AI {level} chose column {}: depth {}, {} nodes{}",
                choice.column,
                choice.depth,
                choice.nodes,
                pauses_text(&slices)
            );
            job.report(AiProgress {
                depth: choice.depth,
                nodes: choice.nodes,
                best: Some(choice.column.to_string()),
            });
            Some(choice.column)
        }
    }

    fn settings_ui(ui: &mut egui::Ui, dice: &mut KnucklebonesSettings, locale: &Locale) {
        ui.label(tr!(locale, "knucklebones-starts"));
        ui.horizontal(|ui| {
            let side = |player| locale.side(Self::NAME, player);
            ui.radio_value(&mut dice.starter, Starter::First, side(Player::First));
            ui.radio_value(&mut dice.starter, Starter::Second, side(Player::Second));
            let random = tr!(locale, "knucklebones-random");
            ui.radio_value(&mut dice.starter, Starter::Random, random);
        });
        ui.end_row();
        ui.label(tr!(locale, "knucklebones-seed"));
        ui.vertical(|ui| {
            // The text being typed lives in egui's memory, from the seed the first time.
            let id = ui.id().with("dice seed");
            let mut text = ui.data_mut(|data| {
                data.get_temp_mut_or_insert_with(id, || {
                    dice.seed.map(|s| s.to_string()).unwrap_or_default()
                })
                .clone()
            });
            ui.add(
                egui::TextEdit::singleline(&mut text)
                    .hint_text(tr!(locale, "knucklebones-seed-hint"))
                    .desired_width(160.0),
            );
            let trimmed = text.trim();
            if trimmed.is_empty() {
                dice.seed = None;
                ui.small(tr!(locale, "knucklebones-seed-empty"));
            } else if let Ok(seed) = trimmed.parse() {
                dice.seed = Some(seed);
                ui.small(tr!(locale, "knucklebones-seed-fixed"));
            } else {
                ui.small(egui::RichText::new(tr!(locale, "knucklebones-seed-bad")).color(ERROR_UI));
                dice.seed = None;
            }
            ui.data_mut(|data| data.insert_temp(id, text));
        });
        ui.end_row();
    }

    fn plugin(app: &mut App) {
        app.add_plugins((view::plugin, input::plugin, scores::plugin));
    }
}
