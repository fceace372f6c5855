//! What the player sees of online play: the menu's Online section (name, server,
//! create a room, join or watch by code) and the HUD's room rows (the code and its
//! link, both players and how they are connected, takeback requests, resign,
//! rematch, leave).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::link::{LinkState, OnlineLink};
use super::{OnlineRequest, OnlineRoom, OnlineSettings, room_link};
use crate::app::locale::Locale;
use crate::app::theme::{AI_UI, ERROR_UI};
use crate::clocks::TimeControl;
use crate::online::protocol::{Presence, SeatChoice, SeatName, Status};
use crate::rules::settings::Kind;
use crate::rules::{Player, Setup};
use crate::tr;

/// What the online rows read and write.
#[derive(SystemParam)]
pub(crate) struct OnlinePanel<'w> {
    settings: ResMut<'w, OnlineSettings>,
    link: Res<'w, OnlineLink>,
    room: Option<Res<'w, OnlineRoom>>,
    requests: MessageWriter<'w, OnlineRequest>,
}

impl OnlinePanel<'_> {
    /// Whether the game on the table is an online room's.
    pub(crate) fn in_room(&self) -> bool {
        self.room.is_some()
    }

    /// Whether this app plays a seat of the room.
    pub(crate) fn playing(&self) -> bool {
        self.room.as_ref().is_some_and(|room| room.you.is_some())
    }
}

/// The menu's Online section, for game `game` with the menu's `setup` and `clock`.
pub(crate) fn menu_section(
    ui: &mut egui::Ui,
    panel: &mut OnlinePanel,
    game: &'static str,
    setup: &Setup,
    clock: Option<TimeControl>,
    locale: &Locale,
) {
    let busy = matches!(
        panel.link.state(),
        LinkState::Connecting | LinkState::Reconnecting
    );
    egui::CollapsingHeader::new(tr!(locale, "online-title"))
        .id_salt("online")
        .default_open(busy || panel.link.notice().is_some())
        .show(ui, |ui| {
            let mut settings = panel.settings.clone();
            egui::Grid::new("online settings")
                .num_columns(2)
                .spacing([16.0, 6.0])
                .show(ui, |ui| {
                    ui.label(tr!(locale, "online-name"));
                    ui.add(egui::TextEdit::singleline(&mut settings.name).desired_width(180.0));
                    ui.end_row();
                    // In a browser the server is the page's own.
                    #[cfg(not(target_arch = "wasm32"))]
                    {
                        ui.label(tr!(locale, "online-server"));
                        ui.add(
                            egui::TextEdit::singleline(&mut settings.server).desired_width(180.0),
                        );
                        ui.end_row();
                    }
                });
            if settings != *panel.settings {
                *panel.settings = settings;
            }
            // The seat and the code being typed live in egui's memory.
            let seat_id = ui.id().with("online seat");
            let code_id = ui.id().with("online code");
            let mut seat: SeatChoice = ui.data_mut(|d| *d.get_temp_mut_or_default(seat_id));
            let mut code: String =
                ui.data_mut(|d| d.get_temp_mut_or_default::<String>(code_id).clone());
            ui.horizontal(|ui| {
                ui.label(tr!(locale, "online-play-as"));
                let name = |choice: SeatChoice| match choice {
                    SeatChoice::First => locale.side(game, Player::First),
                    SeatChoice::Second => locale.side(game, Player::Second),
                    SeatChoice::Random => tr!(locale, "online-random"),
                };
                egui::ComboBox::from_id_salt("online play as")
                    .selected_text(name(seat))
                    .show_ui(ui, |ui| {
                        for choice in [SeatChoice::First, SeatChoice::Second, SeatChoice::Random] {
                            ui.selectable_value(&mut seat, choice, name(choice));
                        }
                    });
                if ui.button(tr!(locale, "online-create")).clicked() {
                    panel.requests.write(OnlineRequest::Create {
                        game: game.to_owned(),
                        settings: room_settings(setup),
                        seat,
                        clock,
                    });
                }
            });
            ui.horizontal(|ui| {
                ui.label(tr!(locale, "online-code"));
                ui.add(egui::TextEdit::singleline(&mut code).desired_width(100.0));
                let code = code.trim().to_owned();
                if ui
                    .add_enabled(
                        !code.is_empty(),
                        egui::Button::new(tr!(locale, "online-join")),
                    )
                    .clicked()
                {
                    panel
                        .requests
                        .write(OnlineRequest::Join { room: code.clone() });
                }
                if ui
                    .add_enabled(
                        !code.is_empty(),
                        egui::Button::new(tr!(locale, "online-watch")),
                    )
                    .clicked()
                {
                    panel.requests.write(OnlineRequest::Watch { room: code });
                }
            });
            ui.data_mut(|d| {
                d.insert_temp(seat_id, seat);
                d.insert_temp(code_id, code);
            });
            link_line(ui, panel, locale);
        });
}

/// The menu's settings a room is made with: every one but the seeds (the server draws
/// the chance).
fn room_settings(setup: &Setup) -> Vec<(String, String)> {
    setup
        .schema()
        .iter()
        .zip(setup.pairs())
        .filter(|(setting, _)| !matches!(setting.kind, Kind::Seed))
        .map(|(_, (key, value))| (key.to_owned(), value.to_owned()))
        .collect()
}

/// How the connection stands, and what went wrong last.
fn link_line(ui: &mut egui::Ui, panel: &OnlinePanel, locale: &Locale) {
    match panel.link.state() {
        LinkState::Connecting => {
            let server = panel.settings.server.as_str();
            ui.colored_label(AI_UI, tr!(locale, "online-connecting", server = server));
        }
        LinkState::Reconnecting => {
            ui.colored_label(ERROR_UI, tr!(locale, "online-reconnecting"));
        }
        LinkState::Offline | LinkState::Connected => {}
    }
    let notice = panel
        .room
        .as_ref()
        .and_then(|room| room.notice.as_deref())
        .or(panel.link.notice());
    if let Some(notice) = notice {
        ui.colored_label(ERROR_UI, notice);
    }
}

/// The HUD's rows about the room, for game `game`.
pub(crate) fn hud_rows(
    ui: &mut egui::Ui,
    panel: &mut OnlinePanel,
    game: &'static str,
    locale: &Locale,
) {
    let Some(room) = panel.room.as_deref().cloned() else {
        return;
    };
    ui.separator();
    let link = room_link(&panel.settings.server, &room.code);
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(tr!(locale, "online-room", code = room.code.as_str())).strong(),
        );
        if ui
            .small_button(tr!(locale, "online-copy"))
            .on_hover_text(link.as_str())
            .clicked()
        {
            ui.ctx().copy_text(link.clone());
        }
    });
    ui.add(egui::Label::new(egui::RichText::new(link.as_str()).small()).selectable(true));
    for view in &room.seats {
        let side = locale.side(game, Player::BOTH[view.seat.index()]);
        let presence = match view.presence {
            Presence::Empty => tr!(locale, "online-presence-empty"),
            Presence::Connected => tr!(locale, "online-presence-connected"),
            Presence::Reconnecting => tr!(locale, "online-presence-reconnecting"),
            Presence::Left => tr!(locale, "online-presence-left"),
        };
        let line = match &view.name {
            Some(name) => {
                let name = if room.you == Some(view.seat) {
                    format!("{name} ({})", tr!(locale, "online-you"))
                } else {
                    name.clone()
                };
                tr!(
                    locale,
                    "online-seat",
                    side = side,
                    name = name,
                    presence = presence
                )
            }
            None => tr!(
                locale,
                "online-seat-empty",
                side = side,
                presence = presence
            ),
        };
        let colour = match view.presence {
            Presence::Reconnecting | Presence::Left => ERROR_UI,
            _ => ui.visuals().text_color(),
        };
        ui.colored_label(colour, line);
    }
    if room.you.is_none() {
        ui.label(tr!(locale, "online-watching"));
    } else if room.status == Status::Waiting {
        ui.label(tr!(locale, "online-waiting"));
    }
    takeback_rows(ui, panel, &room, game, locale);
    ui.horizontal(|ui| {
        if room.you.is_some() {
            if room.status == Status::Playing && ui.button(tr!(locale, "online-resign")).clicked() {
                panel.requests.write(OnlineRequest::Resign);
            }
            if room.status == Status::Over && ui.button(tr!(locale, "online-rematch")).clicked() {
                panel.requests.write(OnlineRequest::Rematch);
            }
        }
        if ui.button(tr!(locale, "online-leave")).clicked() {
            panel.requests.write(OnlineRequest::Leave);
        }
    });
    if let (Some(by), Some(you)) = (room.rematch, room.you)
        && by != you
        && room.status == Status::Over
    {
        let who = seat_name(&room, by, game, locale);
        ui.colored_label(AI_UI, tr!(locale, "online-rematch-asked", who = who));
    }
    link_line(ui, panel, locale);
}

/// A takeback waiting for an answer: the buttons to answer it, or a line saying the
/// answer is awaited.
fn takeback_rows(
    ui: &mut egui::Ui,
    panel: &mut OnlinePanel,
    room: &OnlineRoom,
    game: &'static str,
    locale: &Locale,
) {
    let (Some(by), Some(you)) = (room.takeback, room.you) else {
        return;
    };
    if by == you {
        ui.colored_label(AI_UI, tr!(locale, "online-takeback-waiting"));
        return;
    }
    let who = seat_name(room, by, game, locale);
    ui.colored_label(AI_UI, tr!(locale, "online-takeback-asked", who = who));
    ui.horizontal(|ui| {
        if ui.button(tr!(locale, "online-accept")).clicked() {
            panel.requests.write(OnlineRequest::AnswerTakeback(true));
        }
        if ui.button(tr!(locale, "online-decline")).clicked() {
            panel.requests.write(OnlineRequest::AnswerTakeback(false));
        }
    });
}

/// The player of `seat` by name, or the side's name.
fn seat_name(room: &OnlineRoom, seat: SeatName, game: &'static str, locale: &Locale) -> String {
    room.seats[seat.index()]
        .name
        .clone()
        .unwrap_or_else(|| locale.side(game, Player::BOTH[seat.index()]))
}
