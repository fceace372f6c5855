//! The home view frames every game's playable cells in what the panels leave of the
//! window: the game with its HUD in a headless app whose window never opens, egui
//! laying the panels out as it does on screen, at four window sizes.

use std::time::Duration;

use bevy::camera::SubCameraView;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{ExitCondition, PrimaryWindow, WindowResolution};
use bevy_egui::egui;
use bevy_egui::{EguiContext, EguiInput, EguiPreUpdateSet};
use tabletop::app::camera::CameraHome;
use tabletop::app::gomoku::board::BoardLayout;
use tabletop::app::{GameKind, Players, table_plugin};
use tabletop::record::Seats;
use tabletop::rules::Player;
use tabletop::rules::connectfour::{ConnectFour, HEIGHT, Slot};
use tabletop::rules::gomoku::{Gomoku, Point};
use tabletop::rules::knucklebones::{COLUMN_SLOTS, Column as DiceColumn, Knucklebones};
use tabletop::rules::tictactoe::{Cell, TicTacToe};

/// The window sizes the framing is checked at: a laptop, an old 4:3 screen, a small
/// window, a narrow tall one (a browser beside another), a phone upright.
const SIZES: [(u32, u32); 5] = [(1280, 800), (1024, 768), (800, 600), (700, 900), (390, 844)];

/// The game `kind` on the table of a headless app with its HUD, in a window of
/// `width` x `height` physical pixels, once the fonts are in and the panels have
/// settled.
fn framed_app(kind: GameKind, width: u32, height: u32) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        InputPlugin,
        WindowPlugin {
            primary_window: Some(Window {
                resolution: WindowResolution::new(width, height).with_scale_factor_override(1.0),
                ..default()
            }),
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        },
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .init_asset::<Image>()
    // egui's shader, which bevy_egui adds as it is built, with nothing to draw it.
    .init_asset::<bevy::shader::Shader>()
    .add_plugins(table_plugin)
    .insert_resource(Players(Seats::HOT_SEAT))
    .add_systems(
        PreUpdate,
        screen_is_the_window
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
    app.update();
    super::to_the_table(&mut app, kind);
    // The fonts load on the asset server's threads: the panels take their final
    // size once they are in. Settled: the same rectangles for a while.
    let mut last = Vec::new();
    let mut same = 0;
    for _ in 0..400 {
        app.update();
        let now = panel_rects(&mut app);
        if !now.is_empty() && now == last {
            same += 1;
            if same == 30 {
                break;
            }
        } else {
            same = 0;
        }
        last = now;
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(
        same, 30,
        "{kind:?} at {width}x{height}: the panels never settled"
    );
    app
}

/// egui's screen, the window (in egui's points, as the game zooms them): bevy_egui
/// takes it from the camera's viewport, which the renderer measures (there is none
/// here).
fn screen_is_the_window(
    window: Single<&Window, With<PrimaryWindow>>,
    mut contexts: Query<(&mut EguiInput, &mut EguiContext)>,
) {
    let size = window.physical_size().as_vec2();
    for (mut input, mut context) in &mut contexts {
        let scale = context.get_mut().pixels_per_point();
        input.screen_rect = Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(size.x, size.y) / scale,
        ));
    }
}

/// The windows egui laid out in its last pass, read from its own memory, in the
/// window's physical pixels: the test's own reading, not `ui_theme::panel_rects`,
/// which the framing under test uses (were that to miss a window, both would).
fn panel_rects(app: &mut App) -> Vec<egui::Rect> {
    let mut contexts = app.world_mut().query::<&mut EguiContext>();
    let mut context = contexts
        .single_mut(app.world_mut())
        .expect("an egui context");
    let ctx = context.get_mut();
    let scale = ctx.pixels_per_point();
    ctx.memory(|memory| {
        memory
            .layer_ids()
            .filter(|layer| {
                layer.order == egui::Order::Middle && memory.areas().visible_last_frame(layer)
            })
            .filter_map(|layer| memory.area_rect(layer.id))
            .map(|rect| rect * scale)
            .collect()
    })
}

/// Where `point` appears in the window (physical pixels) seen from the home view,
/// through the camera's own projection and its sub-camera view.
fn seen_at(app: &mut App, point: Vec3) -> Vec2 {
    let home = *app.world().resource::<CameraHome>();
    let size = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap()
        .physical_size();
    let (camera, projection) = app
        .world_mut()
        .query::<(&Camera, &Projection)>()
        .single(app.world())
        .unwrap();
    let view = camera.sub_camera_view.unwrap_or(SubCameraView {
        full_size: size,
        offset: Vec2::ZERO,
        size,
    });
    let clip_from_world =
        projection.get_clip_from_view_for_sub(&view) * home.view.compute_affine().inverse();
    let ndc = clip_from_world.project_point3(point);
    assert!(ndc.z > 0.0, "{point} is behind the camera");
    Vec2::new((ndc.x + 1.0) / 2.0, (1.0 - ndc.y) / 2.0) * size.as_vec2()
}

/// Where each playable cell's centre lies in the world.
fn playable_cells(app: &App, kind: GameKind) -> Vec<(String, Vec3)> {
    if kind == GameKind::of::<Gomoku>() {
        let layout = app.world().resource::<BoardLayout>();
        let size = layout.size();
        (0..size.width())
            .flat_map(|x| (0..size.height()).map(move |y| Point::new(x, y)))
            .map(|p| (p.to_string(), layout.to_world(p)))
            .collect()
    } else if kind == GameKind::of::<TicTacToe>() {
        Cell::ALL
            .iter()
            .map(|&cell| {
                (
                    cell.to_string(),
                    tabletop::app::tictactoe::layout::cell_centre(cell),
                )
            })
            .collect()
    } else if kind == GameKind::of::<ConnectFour>() {
        tabletop::rules::connectfour::Column::ALL
            .iter()
            // Every slot, and the one over the top row, where a disc is dropped.
            .flat_map(|&column| (0..=HEIGHT).map(move |row| Slot { column, row }))
            .map(|slot| {
                let at = tabletop::app::connectfour::layout::slot_centre(slot);
                (format!("{slot:?}"), at)
            })
            .collect()
    } else {
        Player::BOTH
            .into_iter()
            .flat_map(|player| {
                DiceColumn::ALL.into_iter().flat_map(move |column| {
                    (0..COLUMN_SLOTS).map(move |slot| {
                        let at =
                            tabletop::app::knucklebones::layout::slot_centre(player, column, slot);
                        (format!("{player:?} {column:?} {slot}"), at)
                    })
                })
            })
            .collect()
    }
}

#[test]
fn every_playable_cell_is_framed_clear_of_the_panels_at_every_window_size() {
    let kinds = [
        GameKind::of::<Gomoku>(),
        GameKind::of::<TicTacToe>(),
        GameKind::of::<Knucklebones>(),
        GameKind::of::<ConnectFour>(),
    ];
    let mut faults = Vec::new();
    for kind in kinds {
        for (width, height) in SIZES {
            let mut app = framed_app(kind, width, height);
            let panels = panel_rects(&mut app);
            let window = egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(width as f32, height as f32),
            );
            let cells = playable_cells(&app, kind);
            assert!(!cells.is_empty());
            for (name, at) in cells {
                let seen = seen_at(&mut app, at);
                let pos = egui::pos2(seen.x, seen.y);
                if !window.contains(pos) {
                    faults.push(format!(
                        "{kind:?} {width}x{height}: {name} at {seen} is off the window"
                    ));
                } else if let Some(panel) = panels.iter().find(|panel| panel.contains(pos)) {
                    faults.push(format!(
                        "{kind:?} {width}x{height}: {name} at {seen} is under the panel {panel:?}"
                    ));
                }
            }
        }
    }
    assert!(
        faults.is_empty(),
        "{} cells hidden:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
