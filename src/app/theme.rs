//! The look every game shares: the wood the boards are made of, and the colours that mean the same in every game (gold for a win, red for the
//! last move, cyan for a hint, green, amber and red for good, even and bad moves),
//! in the 3D scene and in the HUD alike.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_egui::egui::Color32;

/// Side of the generated wood texture, in pixels.
const WOOD_TEXTURE_SIZE: u32 = 512;

/// What a highlight on the table or in the HUD says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Signal {
    /// A move that wins, a column that takes the die.
    Good,
    /// A move that draws.
    Fair,
    /// A move that loses, a full column.
    Bad,
    /// Where the AI would play.
    Hint,
}

impl Signal {
    /// Its colour on the table.
    #[must_use]
    pub fn colour(self) -> Color {
        match self {
            Signal::Good => Color::srgb(0.15, 0.8, 0.25),
            Signal::Fair => Color::srgb(0.95, 0.75, 0.15),
            Signal::Bad => Color::srgb(0.9, 0.15, 0.12),
            Signal::Hint => Color::srgb(0.2, 0.85, 1.0),
        }
    }

    /// Its glow on the table.
    #[must_use]
    pub fn glow(self) -> LinearRgba {
        match self {
            Signal::Good => LinearRgba::rgb(0.0, 0.25, 0.03),
            Signal::Fair => LinearRgba::rgb(0.2, 0.14, 0.0),
            Signal::Bad => LinearRgba::rgb(0.25, 0.0, 0.0),
            Signal::Hint => LinearRgba::rgb(0.1, 0.7, 1.0),
        }
    }

    /// Its colour in the HUD.
    #[must_use]
    pub fn ui(self) -> Color32 {
        match self {
            Signal::Good => Color32::from_rgb(70, 210, 90),
            Signal::Fair => Color32::from_rgb(240, 190, 40),
            Signal::Bad => Color32::from_rgb(235, 80, 70),
            Signal::Hint => HINT_UI,
        }
    }

    /// A translucent, glowing tint of this colour laid over a cell or a column,
    /// `alpha` opaque.
    #[must_use]
    pub fn tint(self, alpha: f32) -> StandardMaterial {
        StandardMaterial {
            base_color: self.colour().with_alpha(alpha),
            emissive: self.glow(),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.8,
            ..default()
        }
    }
}

/// A tint that shows nothing (a cell without a signal keeps its mesh).
#[must_use]
pub(super) fn clear_tint() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::NONE,
        alpha_mode: AlphaMode::Blend,
        ..default()
    }
}

/// Glowing gold: the pieces of a winning line.
#[must_use]
pub(super) fn win_highlight() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(1.0, 0.78, 0.2),
        emissive: LinearRgba::rgb(1.0, 0.55, 0.05) * 1.5,
        ..default()
    }
}

/// Red: the marker over the last move.
#[must_use]
pub(super) fn last_move_marker() -> StandardMaterial {
    StandardMaterial {
        base_color: Color::srgb(0.85, 0.05, 0.05),
        emissive: LinearRgba::rgb(0.6, 0.0, 0.0),
        ..default()
    }
}

/// The red of a point Black may not play under renju: the "bad" signal, unlit so it
/// reads as a mark drawn on the wood.
#[must_use]
pub(super) fn forbidden_mark() -> StandardMaterial {
    StandardMaterial {
        base_color: Signal::Bad.colour(),
        emissive: Signal::Bad.glow(),
        unlit: true,
        ..default()
    }
}

/// Bright cyan: where the AI would play (Gomoku's hint ring).
#[must_use]
pub(super) fn hint_glow() -> StandardMaterial {
    StandardMaterial {
        base_color: Signal::Hint.colour(),
        emissive: Signal::Hint.glow() * 2.0,
        ..default()
    }
}

/// A wooden board's material, `tint` over the generated grain.
#[must_use]
pub(super) fn wood(tint: Color, grain: Handle<Image>) -> StandardMaterial {
    StandardMaterial {
        base_color: tint,
        base_color_texture: Some(grain),
        perceptual_roughness: 0.55,
        ..default()
    }
}

/// The HUD's gold: a result, the last move in the list.
pub(super) const GOLD_UI: Color32 = Color32::GOLD;
/// The HUD's cyan: hints.
pub(super) const HINT_UI: Color32 = Color32::from_rgb(90, 220, 255);
/// The HUD's blue: the AI at work.
pub(super) const AI_UI: Color32 = Color32::LIGHT_BLUE;
/// The HUD's red: something went wrong.
pub(super) const ERROR_UI: Color32 = Color32::from_rgb(255, 120, 110);
/// The HUD's green: something went right.
pub(super) const DONE_UI: Color32 = Color32::LIGHT_GREEN;

/// A procedural wood grain: long, slightly wavy light and dark bands, so the board
/// reads as wood without shipping an image file. The material's base colour tints it.
pub(super) fn wood_texture() -> Image {
    let n = WOOD_TEXTURE_SIZE as usize;
    let mut data = Vec::with_capacity(n * n * 4);
    for y in 0..n {
        for x in 0..n {
            let (u, v) = (x as f32 / n as f32, y as f32 / n as f32);
            let wave = (v * 9.0).sin() * 0.012 + (v * 23.0 + u * 3.0).sin() * 0.004;
            let grain = ((u + wave) * 70.0).sin() * 0.5 + 0.5;
            let fine = ((u * 410.0 + v * 7.0).sin() * 0.5 + 0.5) * 0.25;
            let shade = 0.86 + 0.1 * grain.powf(3.0) - 0.05 * fine;
            let r = (255.0 * shade).min(255.0) as u8;
            let g = (255.0 * shade * 0.97).min(255.0) as u8;
            let b = (255.0 * shade * 0.93).min(255.0) as u8;
            data.extend_from_slice(&[r, g, b, 255]);
        }
    }
    Image::new(
        Extent3d {
            width: WOOD_TEXTURE_SIZE,
            height: WOOD_TEXTURE_SIZE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}
