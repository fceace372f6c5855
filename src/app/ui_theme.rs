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
use super::camera::Panels;
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
    app.add_plugins(fonts_plugin)
        .add_systems(
            EguiPrimaryContextPass,
            (dress_egui, give_fonts, fit_to_window),
        )
        .add_systems(
            PostUpdate,
            note_panels.after(bevy_egui::EguiPostUpdateSet::EndPass),
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
/// proportions from 600x440 (smaller, 0.72, still readable) to 1920x1080 (larger).
/// A compact window (a phone's) keeps the page's own scale: its layout is made for
/// it, with buttons a finger can hit.
#[must_use]
fn zoom_for(size: Vec2) -> f32 {
    if compact_size(size) {
        return 1.0;
    }
    let fit = size / DESIGN_SIZE;
    fit.x.min(fit.y).clamp(0.72, 1.4)
}

/// Whether a window of `size` (logical pixels) takes the compact layout: narrower
/// than 600 (a phone upright) or lower than 440 (a phone on its side). There the
/// menu is a sheet over the table, the HUD a bar at the top with the rest in a
/// drawer, and every button at least [`FINGER`] tall.
#[must_use]
pub fn compact_size(size: Vec2) -> bool {
    size.x < 600.0 || size.y < 440.0
}

/// Whether egui's window is laid out compact ([`compact_size`]).
#[must_use]
pub(super) fn compact(ctx: &egui::Context) -> bool {
    compact_size(to_vec2(ctx.content_rect().size() * ctx.zoom_factor()))
}

fn to_vec2(size: egui::Vec2) -> Vec2 {
    Vec2::new(size.x, size.y)
}

/// The least height of a button in the compact layout, in the page's pixels: the
/// size platforms' guidelines give for a finger (44 pt on iOS, 48 dp on Android).
pub const FINGER: f32 = 44.0;

/// Whether egui's window (in logical pixels) is tall enough to show the HUD's every
/// section open.
#[must_use]
pub(super) fn roomy(ctx: &egui::Context) -> bool {
    ctx.content_rect().height() * ctx.zoom_factor() >= 640.0
}

/// Whether the corner windows start open: in a window tall enough for the HUD's
/// every section ([`roomy`]) and wide enough that, open beside the HUD, they leave
/// the board room. Where the window is smaller the panels fold first, and the camera
/// frames the board in what their title bars leave.
#[must_use]
fn corners_open(ctx: &egui::Context) -> bool {
    roomy(ctx) && ctx.content_rect().width() * ctx.zoom_factor() >= 960.0
}

/// The windows egui showed in its last pass (the HUD or the menu, the corner
/// windows, the compact layout's bar and drawer pages), in physical pixels: what
/// the camera frames the board around ([`Panels`]). Folded windows count by their
/// title bar; the labels and numbers drawn on the table are not windows.
#[must_use]
pub fn panel_rects(ctx: &egui::Context) -> Vec<Rect> {
    let scale = ctx.pixels_per_point();
    ctx.memory(|memory| {
        memory
            .layer_ids()
            .filter(|layer| {
                layer.order == egui::Order::Middle && memory.areas().visible_last_frame(layer)
            })
            .filter_map(|layer| memory.area_rect(layer.id))
            .map(|rect| {
                Rect::new(
                    rect.min.x * scale,
                    rect.min.y * scale,
                    rect.max.x * scale,
                    rect.max.y * scale,
                )
            })
            .collect()
    })
}

/// After egui's pass: the windows it showed, for the camera.
fn note_panels(mut contexts: EguiContexts, mut panels: ResMut<Panels>) -> Result {
    let rects = panel_rects(contexts.ctx_mut()?);
    panels.set_if_neq(Panels(rects));
    Ok(())
}

/// A window in a corner beside the board (the move list, an analysis): it folds
/// to its title bar, and starts folded in a low or narrow window, where it would
/// cover the board ([`corners_open`]). Its fold is kept apart for such windows and
/// roomy ones (the id says which), so a browser's canvas that starts at its default
/// size and then fits a small page comes out folded, and one the player unfolded
/// stays so.
///
/// In the compact layout it is a page of the drawer instead ([`Drawer`]): `None`
/// unless the drawer is open on it, else a window across the bottom of the screen.
/// Every such window names itself to the drawer, whose tabs list them.
pub(super) fn corner_window(
    ctx: &egui::Context,
    title: String,
    key: &'static str,
    corner: egui::Align2,
) -> Option<egui::Window<'static>> {
    if compact(ctx) {
        Drawer::offer(ctx, key, &title);
        return Drawer::get(ctx)
            .is_open_on(key)
            .then(|| drawer_window(ctx, title, key));
    }
    let open = corners_open(ctx);
    let offset = match corner {
        egui::Align2::RIGHT_TOP => [-12.0, 12.0],
        egui::Align2::RIGHT_BOTTOM => [-12.0, -12.0],
        egui::Align2::LEFT_BOTTOM => [12.0, -12.0],
        egui::Align2::CENTER_BOTTOM => [0.0, -12.0],
        _ => [12.0, 12.0],
    };
    Some(
        egui::Window::new(title)
            .id(egui::Id::new((key, open)))
            .anchor(corner, offset)
            .resizable(false)
            .collapsible(true)
            .default_open(open),
    )
}

/// A page of the drawer: across the bottom of the screen, as wide as it, its content
/// scrolled where it is taller than [`drawer_height`].
pub(super) fn drawer_window(
    ctx: &egui::Context,
    title: String,
    key: &str,
) -> egui::Window<'static> {
    let width = ctx.content_rect().width() - 2.0 * EDGE;
    egui::Window::new(title)
        .id(egui::Id::new(("drawer", key)))
        .anchor(egui::Align2::LEFT_BOTTOM, [EDGE, -EDGE])
        .resizable(false)
        .collapsible(false)
        .min_width(width)
        .max_width(width)
        .max_height(drawer_height(ctx))
        .vscroll(true)
}

/// The most a page of the drawer takes of the screen's height: under half of it, so
/// the board keeps the rest between the bar and the drawer.
#[must_use]
pub(super) fn drawer_height(ctx: &egui::Context) -> f32 {
    (ctx.content_rect().height() * 0.42).max(120.0)
}

/// The margin between the compact layout's panels and the screen's edges.
pub(super) const EDGE: f32 = 6.0;

/// The compact layout's drawer: closed, or open on one of its pages (the HUD's own
/// "game" page, the move list, a game's analysis). It lives in egui's memory, beside
/// the windows it opens: a game's panel asks it whether to show ([`corner_window`])
/// and names itself to it, and the HUD's bar draws its tabs from those names.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Drawer {
    /// The page shown, if the drawer is open.
    pub open: Option<&'static str>,
    /// The pages offered in the last frame and this one: key and title.
    pages: Vec<(&'static str, String, u64)>,
}

impl Drawer {
    fn id() -> egui::Id {
        egui::Id::new("compact drawer")
    }

    /// The drawer as it is now.
    #[must_use]
    pub fn get(ctx: &egui::Context) -> Self {
        ctx.data(|data| data.get_temp::<Self>(Self::id()))
            .unwrap_or_default()
    }

    /// Opens the drawer on `page`, or closes it (`None`).
    pub fn open(ctx: &egui::Context, page: Option<&'static str>) {
        ctx.data_mut(|data| data.get_temp_mut_or_default::<Self>(Self::id()).open = page);
    }

    /// Whether `key`'s page is the one shown.
    #[must_use]
    pub fn is_open_on(&self, key: &str) -> bool {
        self.open == Some(key)
    }

    /// A panel names itself as a page, this frame.
    fn offer(ctx: &egui::Context, key: &'static str, title: &str) {
        let frame = ctx.cumulative_frame_nr();
        ctx.data_mut(|data| {
            let drawer = data.get_temp_mut_or_default::<Self>(Self::id());
            // Each frame only its stamp changes: the title is copied, and the pages
            // kept in order, when a page is new or renamed (another language).
            match drawer.pages.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, known, seen)) if known == title => *seen = frame,
                Some(page) => *page = (key, title.to_owned(), frame),
                None => {
                    drawer.pages.push((key, title.to_owned(), frame));
                    drawer.pages.sort_by_key(|(k, _, _)| *k);
                }
            }
        });
    }

    /// The pages offered by panels in this frame or the one before (key, title),
    /// in a fixed order.
    #[must_use]
    pub fn pages(&self, ctx: &egui::Context) -> Vec<(&'static str, String)> {
        let frame = ctx.cumulative_frame_nr();
        self.pages
            .iter()
            .filter(|(_, _, seen)| seen + 2 >= frame)
            .map(|(key, title, _)| (*key, title.clone()))
            .collect()
    }
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

/// Sets the style: colours, corners, spacing and text sizes, again when the window
/// turns compact or back. Headings use the display family only once it exists (egui
/// refuses an unknown family), so they switch when the fonts arrive.
fn dress_egui(
    mut contexts: EguiContexts,
    fonts: Option<Res<GameFonts>>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    mut done: Local<Option<(bool, bool)>>,
) -> Result {
    let with_display = fonts.is_some_and(|f| f.given);
    let compact = compact_size(window.size());
    if *done == Some((with_display, compact)) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.all_styles_mut(|style| dress(style, with_display, compact));
    *done = Some((with_display, compact));
    Ok(())
}

fn dress(style: &mut egui::Style, with_display: bool, compact: bool) {
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
    if compact {
        // For fingers: every button, box and slider at least a finger tall, and
        // room between them; windows with a narrower margin on a narrow screen.
        spacing.interact_size.y = FINGER;
        spacing.button_padding = egui::vec2(10.0, 8.0);
        spacing.item_spacing = egui::vec2(6.0, 6.0);
        spacing.window_margin = Margin::same(10);
        spacing.slider_width = 110.0;
        spacing.icon_width = 22.0;
        spacing.icon_width_inner = 12.0;
    }

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
