//! The menu's rows for a game's settings, made from its rules' schema
//! ([`Game::SETTINGS`](crate::rules::Game::SETTINGS)): a combo box for a choice, a
//! slider for a range, two sliders for a board size and a text field for a seed,
//! each labelled from the game's catalogue. Nothing here names a game or a setting.

use bevy_egui::egui;

use crate::app::locale::Locale;
use crate::app::theme::ERROR_UI;
use crate::rules::Setup;
use crate::rules::settings::{Kind, RANDOM, Setting, split_size};
use crate::tr;

/// One row of the menu's two-column grid (label, widget) per setting of `setup`.
/// A widget only ever writes one of its setting's values (through [`Setup::set`]).
pub(super) fn settings_rows(ui: &mut egui::Ui, setup: &mut Setup, locale: &Locale) {
    for setting in setup.schema() {
        let Some(value) = setup.get(setting.key).map(str::to_owned) else {
            continue;
        };
        ui.label(tr!(locale, setting.label));
        if let Some(chosen) = widget(ui, setting, &value, locale)
            && chosen != value
        {
            // A widget's value is one of the setting's: this never refuses.
            let _ = setup.set(setting.key, &chosen);
        }
        ui.end_row();
    }
}

/// The widget of `setting` showing `value`; the value chosen, if any.
fn widget(ui: &mut egui::Ui, setting: &Setting, value: &str, locale: &Locale) -> Option<String> {
    match &setting.kind {
        Kind::Choice { choices, random } => {
            let name = |word: &str| match choices.iter().find(|choice| choice.value == word) {
                Some(choice) => tr!(locale, choice.label),
                None => tr!(locale, "setting-random"),
            };
            let mut chosen = value.to_owned();
            egui::ComboBox::from_id_salt(setting.key)
                .selected_text(name(value))
                .show_ui(ui, |ui| {
                    for choice in *choices {
                        ui.selectable_value(
                            &mut chosen,
                            choice.value.to_owned(),
                            name(choice.value),
                        );
                    }
                    if *random {
                        ui.selectable_value(&mut chosen, RANDOM.to_owned(), name(RANDOM));
                    }
                });
            Some(chosen)
        }
        Kind::Range { min, max } => {
            let mut n: i64 = value.parse().unwrap_or(*min);
            ui.add(egui::Slider::new(&mut n, *min..=*max));
            Some(n.to_string())
        }
        Kind::Size { min, max } => {
            let (mut width, mut height) = split_size(value).unwrap_or((*min, *min));
            ui.horizontal(|ui| {
                // Two sliders on one row: each half as long as a slider alone.
                ui.spacing_mut().slider_width *= 0.5;
                ui.add(egui::Slider::new(&mut width, *min..=*max));
                ui.label("×");
                ui.add(egui::Slider::new(&mut height, *min..=*max));
            });
            Some(format!("{width}x{height}"))
        }
        Kind::Seed => seed_field(ui, setting, value, locale),
    }
}

/// A seed as text: empty (or `random`) draws a new one every game, a number fixes
/// it; anything else is shown as not a number, and games draw their seed.
fn seed_field(
    ui: &mut egui::Ui,
    setting: &Setting,
    value: &str,
    locale: &Locale,
) -> Option<String> {
    let mut chosen = None;
    ui.vertical(|ui| {
        // The text being typed lives in egui's memory, from the value the first time.
        let id = ui.id().with(setting.key);
        let mut text = ui.data_mut(|data| {
            data.get_temp_mut_or_insert_with(id, || {
                if value == RANDOM {
                    String::new()
                } else {
                    value.to_owned()
                }
            })
            .clone()
        });
        ui.add(
            egui::TextEdit::singleline(&mut text)
                .hint_text(tr!(locale, "setting-seed-hint"))
                .desired_width(160.0),
        );
        let trimmed = text.trim();
        if trimmed.is_empty() {
            chosen = Some(RANDOM.to_owned());
            ui.small(tr!(locale, "setting-seed-empty"));
        } else if let Ok(read) = setting.read(trimmed) {
            ui.small(if read == RANDOM {
                tr!(locale, "setting-seed-empty")
            } else {
                tr!(locale, "setting-seed-fixed")
            });
            chosen = Some(read);
        } else {
            ui.small(egui::RichText::new(tr!(locale, "setting-seed-bad")).color(ERROR_UI));
            chosen = Some(RANDOM.to_owned());
        }
        ui.data_mut(|data| data.insert_temp(id, text));
    });
    chosen
}
