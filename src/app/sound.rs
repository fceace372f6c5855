//! Sound: what happens on the table asks for a [`Cue`] ([`PlaySound`], with a delay
//! so a click lands with the stone), and the end of every game plays a win or a
//! draw. M mutes and unmutes; the volume is a setting ([`SoundSettings`]).
//!
//! The cues are always asked for, so the headless tests can hear them. Playing them
//! needs Bevy's audio, behind the `sound` feature (on Linux it links ALSA, whose
//! development package `scripts/play.sh` installs): the files are
//! `assets/sounds/*.wav`, made by `scripts/make-sounds.py`, played once each through
//! an `AudioPlayer` that despawns when done. In the browser the page resumes Web
//! Audio at the first click or key, as browsers require (`web/index.html`).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::app::table::{CurrentGame, MoveApplied, OnTable, TableGame};
use crate::rules::Outcome;

/// A sound of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A Gomoku stone set down on the wooden board.
    Stone,
    /// A Tic-tac-toe piece put on its cell.
    Piece,
    /// A Connect Four disc dropping into the rack.
    Disc,
    /// A Knucklebones die rolling.
    DiceRoll,
    /// A die coming to rest (in the roll spot, or in its slot).
    DiceLand,
    /// A die knocked out of a tray.
    DiceKnocked,
    /// A game won.
    Win,
    /// A game drawn.
    Draw,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 8] = [
        Cue::Stone,
        Cue::Piece,
        Cue::Disc,
        Cue::DiceRoll,
        Cue::DiceLand,
        Cue::DiceKnocked,
        Cue::Win,
        Cue::Draw,
    ];

    /// Its file under `assets/`.
    #[must_use]
    pub fn path(self) -> &'static str {
        match self {
            Cue::Stone => "sounds/stone.wav",
            Cue::Piece => "sounds/piece.wav",
            Cue::Disc => "sounds/disc.wav",
            Cue::DiceRoll => "sounds/dice-roll.wav",
            Cue::DiceLand => "sounds/dice-land.wav",
            Cue::DiceKnocked => "sounds/dice-knocked.wav",
            Cue::Win => "sounds/win.wav",
            Cue::Draw => "sounds/draw.wav",
        }
    }
}

/// Play `cue` in `delay` seconds.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct PlaySound {
    pub cue: Cue,
    pub delay: f32,
}

impl PlaySound {
    /// `cue`, now.
    #[must_use]
    pub fn now(cue: Cue) -> Self {
        Self { cue, delay: 0.0 }
    }

    /// `cue`, in `delay` seconds (when the piece lands).
    #[must_use]
    pub fn after(cue: Cue, delay: f32) -> Self {
        Self { cue, delay }
    }
}

/// How loud the game is.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SoundSettings {
    /// From 0 (silent) to 1 (the files as made).
    pub volume: f32,
    /// M: silent, whatever the volume.
    pub muted: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        Self {
            volume: 0.7,
            muted: false,
        }
    }
}

impl SoundSettings {
    /// The loudness to play at now: 0 when muted.
    #[must_use]
    pub fn gain(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            self.volume.clamp(0.0, 1.0)
        }
    }
}

/// The cues, the settings and the mute key; the player itself where the build has
/// sound.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .init_resource::<SoundSettings>()
        .add_systems(Update, mute_key);
    #[cfg(feature = "sound")]
    app.add_plugins(player::plugin);
}

/// The end of game `G` after a move: a win or a draw.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        game_over::<G>
            .after(crate::app::table::AppSystems::ApplyMoves)
            .run_if(in_state(OnTable(G::KIND))),
    );
}

fn game_over<G: TableGame>(
    mut applied: MessageReader<MoveApplied<G>>,
    game: Res<CurrentGame<G>>,
    mut sounds: MessageWriter<PlaySound>,
) {
    if applied.read().count() == 0 {
        return;
    }
    // After the last piece has landed.
    match game.outcome() {
        Some(Outcome::Win(_)) => {
            sounds.write(PlaySound::after(Cue::Win, 0.25));
        }
        Some(Outcome::Draw) => {
            sounds.write(PlaySound::after(Cue::Draw, 0.25));
        }
        None => {}
    }
}

/// The sound's row in the menu and the HUD: on or off (as M), and the volume.
pub fn sound_row(
    ui: &mut bevy_egui::egui::Ui,
    settings: &mut ResMut<SoundSettings>,
    locale: &crate::app::locale::Locale,
) {
    use bevy_egui::egui;
    let mut now = **settings;
    ui.horizontal(|ui| {
        let mut on = !now.muted;
        ui.checkbox(&mut on, crate::tr!(locale, "sound"))
            .on_hover_text(crate::tr!(locale, "sound-tip"));
        now.muted = !on;
        let mut percent = (now.volume * 100.0).round() as u32;
        ui.add_enabled(
            on,
            egui::Slider::new(&mut percent, 0..=100)
                .suffix("%")
                .text(crate::tr!(locale, "sound-volume")),
        );
        now.volume = percent as f32 / 100.0;
    });
    // Written only when changed: the settings file follows changes.
    if now != **settings {
        **settings = now;
    }
}

/// M mutes and unmutes (not while a text field has the keyboard).
fn mute_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut settings: ResMut<SoundSettings>,
) {
    let Some(keys) = keys else { return };
    if egui.is_some_and(|egui| egui.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
        info!("sound {}", if settings.muted { "muted" } else { "on" });
    }
}

/// Playing the cues through Bevy's audio.
#[cfg(feature = "sound")]
mod player {
    use std::collections::HashMap;

    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;

    use super::{Cue, PlaySound, SoundSettings};

    /// The loaded sounds.
    #[derive(Resource)]
    struct Sounds(HashMap<Cue, Handle<AudioSource>>);

    /// A cue waiting for its moment.
    #[derive(Component)]
    struct Pending {
        cue: Cue,
        left: f32,
    }

    pub(super) fn plugin(app: &mut App) {
        app.add_systems(Startup, load)
            .add_systems(Update, (play, wait).chain());
    }

    fn load(mut commands: Commands, server: Res<AssetServer>) {
        let sounds = Cue::ALL
            .into_iter()
            .map(|cue| (cue, server.load(cue.path())))
            .collect();
        commands.insert_resource(Sounds(sounds));
    }

    fn start(commands: &mut Commands, sounds: &Sounds, cue: Cue, gain: f32) {
        if let Some(sound) = sounds.0.get(&cue) {
            commands.spawn((
                Name::new(format!("Sound {cue:?}")),
                AudioPlayer(sound.clone()),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(gain)),
            ));
        }
    }

    fn play(
        mut commands: Commands,
        mut asked: MessageReader<PlaySound>,
        sounds: Res<Sounds>,
        settings: Res<SoundSettings>,
    ) {
        for &PlaySound { cue, delay } in asked.read() {
            if settings.gain() <= 0.0 {
                continue;
            }
            if delay > 0.0 {
                commands.spawn(Pending { cue, left: delay });
            } else {
                start(&mut commands, &sounds, cue, settings.gain());
            }
        }
    }

    fn wait(
        mut commands: Commands,
        time: Res<Time>,
        mut pending: Query<(Entity, &mut Pending)>,
        sounds: Res<Sounds>,
        settings: Res<SoundSettings>,
    ) {
        for (entity, mut waiting) in &mut pending {
            waiting.left -= time.delta_secs();
            if waiting.left <= 0.0 {
                commands.entity(entity).despawn();
                if settings.gain() > 0.0 {
                    start(&mut commands, &sounds, waiting.cue, settings.gain());
                }
            }
        }
    }
}
