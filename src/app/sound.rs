//! Sound: what happens on the table asks for a [`Cue`] ([`PlaySound`], with a delay
//! so a click lands with the stone), and the end of every game plays a win or a
//! draw. Each game names its own cues (its pieces, its dice) and hands them here
//! ([`add_cues`]); this module plays what it is given. M mutes and unmutes; the
//! volume is a setting ([`SoundSettings`]).
//!
//! The cues are always asked for, so the headless tests can hear them. Playing them
//! needs Bevy's audio, behind the `sound` feature (on Linux it links ALSA, whose
//! development package `scripts/play.sh` installs): the files are
//! `assets/sounds/*.wav`, made by `scripts/make-sounds.py` and carried in the desktop
//! binary ([`crate::app::assets`]), played once each through an `AudioPlayer` that
//! despawns when done. In the browser the page resumes Web Audio at the first click
//! or key, as browsers require (`web/index.html`).

use std::hash::{Hash, Hasher};

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::app::assets::AssetFile;
use crate::app::table::{CurrentGame, MoveApplied, OnTable, TableGame};
use crate::asset_file;
use crate::rules::Outcome;

/// A sound of the table: a file under `assets/sounds/`, named by the game that
/// plays it, or one every game shares ([`Cue::WIN`], [`Cue::DRAW`]).
#[derive(Clone, Copy, Debug)]
pub struct Cue(AssetFile);

impl Cue {
    /// A game won.
    pub const WIN: Cue = Cue(asset_file!("sounds/win.wav"));
    /// A game drawn.
    pub const DRAW: Cue = Cue(asset_file!("sounds/draw.wav"));

    /// The sound in `file`.
    #[must_use]
    pub const fn new(file: AssetFile) -> Self {
        Self(file)
    }

    /// Its file under `assets/`: `sounds/stone.wav`.
    #[must_use]
    pub fn path(self) -> &'static str {
        self.0.path()
    }
}

/// Two cues are the same sound when they are the same file.
impl PartialEq for Cue {
    fn eq(&self, other: &Self) -> bool {
        self.path() == other.path()
    }
}

impl Eq for Cue {}

impl Hash for Cue {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.path().hash(state);
    }
}

/// Every cue the games have handed over, loaded at start-up where the build has
/// sound.
#[derive(Resource, Default, Debug)]
pub struct Cues(Vec<Cue>);

impl Cues {
    /// The cues, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = Cue> + '_ {
        self.0.iter().copied()
    }
}

/// Hands a game's cues to the sound: carried in the desktop binary, loaded at
/// start-up, played when asked for.
pub(crate) fn add_cues(app: &mut App, cues: &[Cue]) {
    for &cue in cues {
        cue.0.carry(app);
        let mut known = app.world_mut().get_resource_or_init::<Cues>();
        if !known.0.contains(&cue) {
            known.0.push(cue);
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
    add_cues(app, &[Cue::WIN, Cue::DRAW]);
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
            sounds.write(PlaySound::after(Cue::WIN, 0.25));
        }
        Some(Outcome::Draw) => {
            sounds.write(PlaySound::after(Cue::DRAW, 0.25));
        }
        None => {}
    }
}

/// The sound's row in the menu and the HUD: on or off (as M), and the volume.
pub(super) fn sound_row(
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

    use super::{Cue, Cues, PlaySound, SoundSettings};

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

    fn load(mut commands: Commands, server: Res<AssetServer>, cues: Res<Cues>) {
        let sounds = cues.iter().map(|cue| (cue, cue.0.load(&server))).collect();
        commands.insert_resource(Sounds(sounds));
    }

    fn start(commands: &mut Commands, sounds: &Sounds, cue: Cue, gain: f32) {
        if let Some(sound) = sounds.0.get(&cue) {
            commands.spawn((
                Name::new(format!("Sound {}", cue.path())),
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
