//! Labels on the board, for every game that has them: the coordinates round its edge
//! (the same `a`..`o` and `1`..`15` as the move list and the files) and, on demand,
//! each piece's move number. A game puts its labels in [`BoardLabels`] (world points,
//! each with the size of its cell) in [`LabelSystems`]; one system here projects them
//! through the camera and paints them with egui behind every window, sized by how
//! big their cell looks, so they read at 20x20 and from the menu's camera alike.
//!
//! `C` switches the coordinates, `O` the move numbers (also in the HUD); both are
//! kept in the settings file.

use bevy::prelude::*;

use crate::app::table::command_held;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::MainCamera;
use super::table::AppSystems;

/// Which labels are shown.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelSettings {
    /// Column letters and row numbers round the board.
    pub coordinates: bool,
    /// Each piece's move number on it.
    pub move_numbers: bool,
}

impl Default for LabelSettings {
    fn default() -> Self {
        Self {
            coordinates: true,
            move_numbers: false,
        }
    }
}

/// What a label is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelKind {
    /// A coordinate, inked on the board's wood.
    Coordinate,
    /// A move number on a piece: `dark` on a dark piece (it is written light).
    MoveNumber { dark: bool },
}

/// One label: its text at a world point, `cell` the world size of the cell it
/// names (the text is about half as tall as the cell looks).
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Where, in the world.
    pub at: Vec3,
    /// The text.
    pub text: String,
    /// The world size of the cell it belongs to.
    pub cell: f32,
    /// What it is.
    pub kind: LabelKind,
}

/// This frame's labels, filled by the game on the table (its own systems, in
/// [`LabelSystems`]), whatever [`LabelSettings`] shows.
#[derive(Resource, Clone, Debug, Default)]
pub struct BoardLabels(pub Vec<Label>);

/// Where games fill [`BoardLabels`]: after the view follows the game.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LabelSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LabelSettings>()
        .init_resource::<BoardLabels>()
        .configure_sets(Update, LabelSystems.in_set(AppSystems::SyncView))
        .add_systems(
            Update,
            (
                (|mut labels: ResMut<BoardLabels>| labels.0.clear()).before(LabelSystems),
                keys.in_set(AppSystems::RecordInput),
            ),
        )
        .add_systems(EguiPrimaryContextPass, paint);
}

/// `C` the coordinates, `O` the move numbers; not with Ctrl (Ctrl+C copies) nor
/// while egui has the keyboard.
fn keys(
    If(keys): If<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut settings: ResMut<LabelSettings>,
) {
    if egui.is_some_and(|egui| egui.wants_any_keyboard_input()) {
        return;
    }
    if command_held(&keys) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyC) {
        settings.coordinates = !settings.coordinates;
    }
    if keys.just_pressed(KeyCode::KeyO) {
        settings.move_numbers = !settings.move_numbers;
    }
}

/// The labels shown, through the camera, behind every window.
fn paint(
    mut contexts: EguiContexts,
    labels: Res<BoardLabels>,
    settings: Res<LabelSettings>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let Ok((camera, eye)) = camera.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // The camera's logical pixels in egui's points (the menu and HUD are zoomed).
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("board labels"),
    ));
    let right = eye.right().as_vec3();
    for label in &labels.0 {
        let colour = match label.kind {
            LabelKind::Coordinate if settings.coordinates => {
                egui::Color32::from_rgba_unmultiplied(62, 38, 20, 235)
            }
            LabelKind::MoveNumber { dark } if settings.move_numbers => {
                if dark {
                    egui::Color32::from_gray(235)
                } else {
                    egui::Color32::from_gray(25)
                }
            }
            _ => continue,
        };
        let (Ok(at), Ok(beside)) = (
            camera.world_to_viewport(eye, label.at),
            camera.world_to_viewport(eye, label.at + right * label.cell),
        ) else {
            continue;
        };
        let cell = at.distance(beside) / zoom;
        // Three digits and more get smaller, to stay on their piece.
        let long = (2.0 / label.text.chars().count().max(2) as f32).max(0.6);
        let size = (cell * 0.48 * long).clamp(7.0, 22.0);
        painter.text(
            egui::pos2(at.x / zoom, at.y / zoom),
            egui::Align2::CENTER_CENTER,
            &label.text,
            egui::FontId::proportional(size),
            colour,
        );
    }
    Ok(())
}

/// The coordinates round a grid whose point (column, row) stands at `at`: the
/// columns' letters beyond row 0 and the rows' numbers beyond column 0 (`rows` 0
/// for none), `outward` of a cell out, `cell` the labels' size in the world.
pub fn grid_coordinates(
    labels: &mut Vec<Label>,
    (columns, rows): (u8, u8),
    at: impl Fn(u8, u8) -> Vec3,
    outward: f32,
    cell: f32,
) {
    let label = |at: Vec3, text: String| Label {
        at,
        text,
        cell,
        kind: LabelKind::Coordinate,
    };
    for x in 0..columns {
        let edge = at(x, 0);
        let out = (edge - at(x, 1)).normalize_or_zero() * outward;
        labels.push(label(edge + out, char::from(b'a' + x).to_string()));
    }
    for y in 0..rows {
        let edge = at(0, y);
        let out = (edge - at(1, y)).normalize_or_zero() * outward;
        labels.push(label(edge + out, (y + 1).to_string()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_stand_outside_row_one_and_column_a() {
        let mut labels = Vec::new();
        // Column x at x, row y at -y (row 1 nearest the viewer, at +z... here +y).
        let at = |x: u8, y: u8| Vec3::new(f32::from(x), 0.0, -f32::from(y));
        grid_coordinates(&mut labels, (3, 2), at, 0.5, 1.0);
        let texts: Vec<&str> = labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["a", "b", "c", "1", "2"]);
        assert_eq!(labels[1].at, Vec3::new(1.0, 0.0, 0.5));
        assert_eq!(labels[4].at, Vec3::new(-0.5, 0.0, -1.0));
        assert!(labels.iter().all(|l| l.kind == LabelKind::Coordinate));
    }
}
