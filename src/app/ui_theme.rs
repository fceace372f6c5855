//! The menu's and HUD's look: egui dressed as the table it floats over. Dark walnut
//! panels with a brass edge, wooden buttons that warm up under the pointer, the felt's
//! green for what is chosen, cream text; sizes and spacing for a game rather than a
//! tool; and the game's own fonts (Lato for text, EB Garamond for titles, and behind
//! both Noto Sans SC cut to the Chinese catalogues' characters), loaded through the
//! asset server: carried in the desktop binary, fetched from `assets/fonts` beside
//! the page in the browser (`app::assets`).
//! On the desktop egui's own fonts stand in until they arrive (and stay behind them
//! for symbols they lack); the browser build leaves egui's fonts out (1.4 MB of the
//! module), so there the page keeps its loading overlay until the game's are in
//! (`app::web`).

use std::sync::Arc;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy_egui::egui::{
    self, Color32, CornerRadius, FontData, FontDefinitions, FontFamily, FontId, Margin, Stroke,
    TextStyle,
};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::assets::AssetFile;
use super::camera::LeftInset;
use crate::asset_file;

/// The font family of titles and headings.
const DISPLAY: &str = "display";

/// Dark walnut: windows and panels.
const WALNUT: Color32 = Color32::from_rgba_premultiplied(33, 24, 18, 238);
/// Deeper wood: text fields, sliders' rails.
const EBONY: Color32 = Color32::from_rgb(20, 15, 11);
/// A button's wood, at rest, under the pointer, pressed.
const OAK: Color32 = Color32::from_rgb(78, 56, 38);
const OAK_LIT: Color32 = Color32::from_rgb(108, 78, 50);
const OAK_PRESSED: Color32 = Color32::from_rgb(130, 94, 58);
/// The table's felt: what is chosen.
const FELT: Color32 = Color32::from_rgb(44, 98, 70);
/// Brass: edges and outlines.
const BRASS: Color32 = Color32::from_rgb(168, 132, 76);
/// Cream: text.
const CREAM: Color32 = Color32::from_rgb(240, 228, 204);
const CREAM_DIM: Color32 = Color32::from_rgb(196, 180, 152);

/// A font file's bytes, as egui takes them.
#[derive(Asset, TypePath, Debug)]
struct FontBytes(pub Vec<u8>);

/// Loads `.ttf` and `.otf` files as [`FontBytes`].
#[derive(Default, TypePath)]
struct FontBytesLoader;

impl AssetLoader for FontBytesLoader {
    type Asset = FontBytes;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<FontBytes, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(FontBytes(bytes))
    }

    fn extensions(&self) -> &[&str] {
        &["ttf", "otf"]
    }
}

/// The game's fonts: for text, for titles, and for Chinese behind both.
pub const FONTS: [AssetFile; 3] = [
    asset_file!("fonts/Lato-Medium.ttf"),
    asset_file!("fonts/EBGaramond12-Regular.otf"),
    asset_file!("fonts/NotoSansSC-Tabletop.otf"),
];

/// The fonts being loaded, and whether egui has them yet.
#[derive(Resource)]
pub(crate) struct GameFonts {
    text: Handle<FontBytes>,
    display: Handle<FontBytes>,
    chinese: Handle<FontBytes>,
    given: bool,
    failed: bool,
}

/// Run condition: the game's fonts are in egui (or could not be loaded, and never
/// will be): text drawn now is drawn as it will stay.
pub(crate) fn fonts_settled(fonts: Option<Res<GameFonts>>) -> bool {
    fonts.is_some_and(|fonts| fonts.given || fonts.failed)
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(fonts_plugin).add_systems(
        EguiPrimaryContextPass,
        (dress_egui, give_fonts, fit_to_window),
    );
}

/// The game's fonts as assets ([`FontBytes`]), carried in the desktop binary and
/// loading from `Startup`.
pub fn fonts_plugin(app: &mut App) {
    for font in FONTS {
        font.carry(app);
    }
    app.init_asset::<FontBytes>()
        .init_asset_loader::<FontBytesLoader>()
        .add_systems(Startup, load_fonts);
}

/// The window size the menu and the HUD are laid out for.
const DESIGN_SIZE: Vec2 = Vec2::new(1280.0, 800.0);

/// egui's zoom for a window of `size` (logical pixels): the menu and HUD keep their
/// proportions from 640x400 (smaller, 0.72, still readable) to 1920x1080 (larger).
#[must_use]
fn zoom_for(size: Vec2) -> f32 {
    let fit = size / DESIGN_SIZE;
    fit.x.min(fit.y).clamp(0.72, 1.4)
}

/// Whether egui's window (in logical pixels) is tall enough to show the HUD's every
/// section open.
#[must_use]
pub(super) fn roomy(ctx: &egui::Context) -> bool {
    ctx.content_rect().height() * ctx.zoom_factor() >= 640.0
}

/// Frames the board beside a window at the screen's left (the HUD, the menu) whose
/// right edge is at `right` (egui's points; `None` when it is not shown): the camera
/// leaves out what it covers. Written only when it moves, so the inset's change
/// detection means a change.
pub(super) fn frame_beside(ctx: &egui::Context, right: Option<f32>, inset: &mut ResMut<LeftInset>) {
    let covered = (right.unwrap_or(0.0) + 6.0) * ctx.pixels_per_point();
    if (inset.0 - covered).abs() > 1.0 {
        inset.0 = covered;
    }
}

/// A window in a corner beside the board (the move list, an analysis): it folds
/// to its title bar, and starts folded in a low window, where it would cover the
/// board. Its fold is kept apart for low and tall windows (the id says which), so a
/// browser's canvas that starts at its default size and then fits a small page
/// comes out folded, and one the player unfolded stays so.
pub(super) fn corner_window(
    ctx: &egui::Context,
    title: String,
    key: &'static str,
    corner: egui::Align2,
) -> egui::Window<'static> {
    let roomy = roomy(ctx);
    let offset = match corner {
        egui::Align2::RIGHT_TOP => [-12.0, 12.0],
        egui::Align2::RIGHT_BOTTOM => [-12.0, -12.0],
        egui::Align2::LEFT_BOTTOM => [12.0, -12.0],
        _ => [12.0, 12.0],
    };
    egui::Window::new(title)
        .id(egui::Id::new((key, roomy)))
        .anchor(corner, offset)
        .resizable(false)
        .collapsible(true)
        .default_open(roomy)
}

/// Scales the menu and the HUD with the window.
fn fit_to_window(
    mut contexts: EguiContexts,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let zoom = zoom_for(window.size());
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - zoom).abs() > 1e-3 {
        ctx.set_zoom_factor(zoom);
    }
    Ok(())
}

fn load_fonts(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(GameFonts {
        text: FONTS[0].load(&assets),
        display: FONTS[1].load(&assets),
        chinese: FONTS[2].load(&assets),
        given: false,
        failed: false,
    });
}

/// Hands the fonts to egui once all three have loaded, before egui's own where the
/// build has them (the desktop's: the fallback for symbols the game's fonts lack).
/// The Chinese font stands behind Lato and EB Garamond in every family: Chinese text
/// takes its characters from it, and its Latin letters and digits from the others.
/// Lato is also the last resort of the monospace family (the browser's only one).
fn give_fonts(
    mut contexts: EguiContexts,
    fonts: Option<ResMut<GameFonts>>,
    loaded: Res<Assets<FontBytes>>,
    assets: Res<AssetServer>,
) -> Result {
    let Some(mut fonts) = fonts.filter(|fonts| !fonts.given && !fonts.failed) else {
        return Ok(());
    };
    let (Some(text), Some(display), Some(chinese)) = (
        loaded.get(&fonts.text),
        loaded.get(&fonts.display),
        loaded.get(&fonts.chinese),
    ) else {
        for handle in [fonts.text.id(), fonts.display.id(), fonts.chinese.id()] {
            if let Some(bevy::asset::LoadState::Failed(why)) = assets.get_load_state(handle) {
                error!("the game's fonts could not be loaded: {why}");
                fonts.failed = true;
            }
        }
        return Ok(());
    };
    let mut definitions = FontDefinitions::default();
    for (name, bytes) in [
        ("lato", &text.0),
        ("garamond", &display.0),
        ("noto-sc", &chinese.0),
    ] {
        definitions.font_data.insert(
            name.to_owned(),
            Arc::new(FontData::from_owned(bytes.clone())),
        );
    }
    let defaults = definitions
        .families
        .get(&FontFamily::Proportional)
        .cloned()
        .unwrap_or_default();
    let proportional = definitions
        .families
        .entry(FontFamily::Proportional)
        .or_default();
    proportional.insert(0, "lato".to_owned());
    proportional.insert(1, "noto-sc".to_owned());
    let monospace = definitions
        .families
        .entry(FontFamily::Monospace)
        .or_default();
    monospace.push("noto-sc".to_owned());
    monospace.push("lato".to_owned());
    let mut display_family = vec![
        "garamond".to_owned(),
        "lato".to_owned(),
        "noto-sc".to_owned(),
    ];
    display_family.extend(defaults);
    definitions
        .families
        .insert(FontFamily::Name(DISPLAY.into()), display_family);
    contexts.ctx_mut()?.set_fonts(definitions);
    fonts.given = true;
    info!("the game's fonts are in");
    Ok(())
}

/// Sets the style once: colours, corners, spacing and text sizes. Headings use the
/// display family only once it exists (egui refuses an unknown family), so they
/// switch when the fonts arrive.
fn dress_egui(
    mut contexts: EguiContexts,
    fonts: Option<Res<GameFonts>>,
    mut done: Local<(bool, bool)>,
) -> Result {
    let with_display = fonts.is_some_and(|f| f.given);
    if done.0 && done.1 == with_display {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.all_styles_mut(|style| dress(style, with_display));
    *done = (true, with_display);
    Ok(())
}

fn dress(style: &mut egui::Style, with_display: bool) {
    let heading = if with_display {
        FontFamily::Name(DISPLAY.into())
    } else {
        FontFamily::Proportional
    };
    style.text_styles = [
        (TextStyle::Heading, FontId::new(27.0, heading)),
        (TextStyle::Body, FontId::new(16.0, FontFamily::Proportional)),
        (
            TextStyle::Button,
            FontId::new(16.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Small,
            FontId::new(12.5, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(14.0, FontFamily::Monospace),
        ),
    ]
    .into();
    let spacing = &mut style.spacing;
    spacing.item_spacing = egui::vec2(9.0, 7.0);
    spacing.button_padding = egui::vec2(12.0, 5.0);
    spacing.window_margin = Margin::same(14);
    spacing.interact_size.y = 24.0;
    spacing.slider_width = 130.0;

    let visuals = &mut style.visuals;
    *visuals = egui::Visuals::dark();
    visuals.override_text_color = None;
    visuals.window_fill = WALNUT;
    visuals.panel_fill = WALNUT;
    visuals.extreme_bg_color = EBONY;
    visuals.faint_bg_color = Color32::from_rgb(42, 31, 23);
    visuals.window_stroke = Stroke::new(1.5, BRASS);
    visuals.window_corner_radius = CornerRadius::same(10);
    visuals.menu_corner_radius = CornerRadius::same(8);
    visuals.window_shadow.color = Color32::from_black_alpha(110);
    visuals.selection.bg_fill = FELT;
    visuals.selection.stroke = Stroke::new(1.0, CREAM);
    visuals.hyperlink_color = BRASS;
    let radius = CornerRadius::same(6);
    let widgets = &mut visuals.widgets;
    widgets.noninteractive.bg_fill = WALNUT;
    widgets.noninteractive.weak_bg_fill = WALNUT;
    widgets.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(92, 72, 48));
    widgets.noninteractive.fg_stroke = Stroke::new(1.0, CREAM_DIM);
    for (state, fill) in [
        (&mut widgets.inactive, OAK),
        (&mut widgets.hovered, OAK_LIT),
        (&mut widgets.active, OAK_PRESSED),
        (&mut widgets.open, OAK_LIT),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = radius;
        state.fg_stroke = Stroke::new(1.0, CREAM);
    }
    widgets.inactive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(120, 92, 56));
    widgets.hovered.bg_stroke = Stroke::new(1.5, BRASS);
    widgets.active.bg_stroke = Stroke::new(1.5, CREAM);
    widgets.noninteractive.corner_radius = radius;
}
