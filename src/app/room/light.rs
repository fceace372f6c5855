//! The room as numbers: where the table, the walls, the window and the lamp are, what
//! colour each surface is, and the light that falls on it. The room's walls, floor
//! and ceiling are drawn unlit with this light baked into their vertex colours, and
//! the environment map (`envmap`) is this room seen from the board, so what the
//! stones reflect is what the camera sees around them.
//!
//! Units are the table's (a Gomoku point is 1.0, about 2.7 cm); values of light are
//! in display units, what the camera shows at its default exposure before tone
//! mapping (1.0 is 1,000 cd/m²).

use bevy::math::{Vec2, Vec3};

/// The height of the table's top, the surface every game stands on.
pub const TABLE_TOP: f32 = -0.7;
/// Half the table top's width (x) and depth (z).
pub const TABLE_HALF: Vec2 = Vec2::new(20.0, 14.5);
/// The table top's thickness.
pub const TABLE_THICKNESS: f32 = 1.2;
/// The floor: the table stands 28 units (75 cm) tall.
pub const FLOOR: f32 = TABLE_TOP - 28.0;
/// The ceiling, 96 units (2.6 m) over the floor.
pub const CEILING: f32 = FLOOR + 96.0;
/// The walls: x from `ROOM_LOW.x` to `ROOM_HIGH.x`, z likewise (the camera looks
/// towards -z, at the wall with the window).
pub const ROOM_LOW: Vec2 = Vec2::new(-95.0, -75.0);
pub const ROOM_HIGH: Vec2 = Vec2::new(95.0, 135.0);
/// Where the legs stand: their centres, inset from the top's corners.
pub const LEG_INSET: f32 = 2.6;
/// The legs' square section.
pub const LEG_SIDE: f32 = 2.4;
/// The lamp over the table (the key light shines from it) and the radius of its
/// glowing opening.
pub const LAMP: Vec3 = Vec3::new(-16.0, 44.0, 20.0);
pub const LAMP_RADIUS: f32 = 5.0;
/// The window in the far wall: x from `WINDOW_LOW.x` to `WINDOW_HIGH.x`, y likewise.
pub const WINDOW_LOW: Vec2 = Vec2::new(-22.0, FLOOR + 34.0);
pub const WINDOW_HIGH: Vec2 = Vec2::new(38.0, FLOOR + 86.0);
/// The window frame's bars (the cross and the surround), their half width.
pub const WINDOW_BAR: f32 = 0.9;
/// How far the curtains reach either side of the window, and their depth off the wall.
pub const CURTAIN_WIDTH: f32 = 13.0;
pub const CURTAIN_DEPTH: f32 = 3.0;
/// The wood panelling along the walls' feet reaches this high over the floor.
pub const WAINSCOT: f32 = 30.0;
/// The rug under the table: half its size.
pub const RUG_HALF: Vec2 = Vec2::new(36.0, 27.0);
/// The key light at the table, in lux: the lamp's light on the board.
pub const KEY_LUX: f32 = 9_000.0;
/// The environment map's intensity: display units to cd/m² at the default exposure.
pub const DISPLAY_NITS: f32 = 1_000.0;

/// The colours of things (linear reflectance).
pub mod albedo {
    use bevy::math::Vec3;
    pub const PLANKS: Vec3 = Vec3::new(0.30, 0.17, 0.085);
    pub const RUG: Vec3 = Vec3::new(0.33, 0.075, 0.06);
    pub const PLASTER: Vec3 = Vec3::new(0.62, 0.55, 0.44);
    pub const WAINSCOT: Vec3 = Vec3::new(0.22, 0.13, 0.07);
    pub const CEILING: Vec3 = Vec3::new(0.72, 0.7, 0.66);
    pub const TABLE: Vec3 = Vec3::new(0.1, 0.05, 0.026);
    pub const PAINT: Vec3 = Vec3::new(0.78, 0.76, 0.72);
    pub const CURTAIN: Vec3 = Vec3::new(0.09, 0.2, 0.16);
    pub const BRASS: Vec3 = Vec3::new(0.35, 0.25, 0.1);
}

/// The light the room's surfaces get from everywhere at once (the ceiling and walls
/// lit by the lamp and the window), before occlusion.
const AMBIENT: Vec3 = Vec3::new(0.2, 0.185, 0.165);
/// The lamp's strength: irradiance (over π) in display units at one unit's distance.
const LAMP_POWER: f32 = 5_200.0;
const LAMP_COLOUR: Vec3 = Vec3::new(1.0, 0.82, 0.6);
/// What the lamp's glowing opening and the sky in the window show.
pub const LAMP_GLOW: Vec3 = Vec3::new(9.0, 7.0, 4.6);

/// Which surface of the room a point lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    Floor,
    Ceiling,
    /// The far wall, with the window (z = `ROOM_LOW.y`).
    Back,
    /// The wall behind the camera.
    Front,
    Left,
    Right,
}

impl Surface {
    /// The normal, pointing into the room.
    #[must_use]
    pub fn normal(self) -> Vec3 {
        match self {
            Surface::Floor => Vec3::Y,
            Surface::Ceiling => Vec3::NEG_Y,
            Surface::Back => Vec3::Z,
            Surface::Front => Vec3::NEG_Z,
            Surface::Left => Vec3::X,
            Surface::Right => Vec3::NEG_X,
        }
    }
}

/// The light falling on a room surface at `p` facing `n`, as the factor its colour
/// is multiplied by: the ambient light darkened in corners and under the table, the
/// lamp's pool with the table's shadow, and the daylight from the window.
#[must_use]
pub fn light(p: Vec3, n: Vec3) -> Vec3 {
    AMBIENT * occlusion(p) + lamp(p, n) + daylight(p, n)
}

/// The lamp's light at `p` facing `n`: it shines down from under its shade, and the
/// table top shadows the floor under it, softly (the shadow's edge widens with the
/// distance from the table, as a lamp of its size makes it).
fn lamp(p: Vec3, n: Vec3) -> Vec3 {
    let to = LAMP - p;
    let d2 = to.length_squared().max(1.0);
    let dir = to / d2.sqrt();
    let cos = n.dot(dir).max(0.0);
    // The shade lets light out downwards only.
    let spread = smoothstep(0.05, 0.55, dir.y);
    LAMP_COLOUR * (LAMP_POWER * cos * spread / d2) * table_shadow(p)
}

/// 1 where `p` sees the whole lamp past the table, 0 where the table hides it.
fn table_shadow(p: Vec3) -> f32 {
    let middle = TABLE_TOP - TABLE_THICKNESS / 2.0;
    if p.y >= middle - 0.01 {
        return 1.0;
    }
    let t = (middle - p.y) / (LAMP.y - p.y);
    let q = p + (LAMP - p) * t;
    let outside = (q.x.abs() - TABLE_HALF.x).max(q.z.abs() - TABLE_HALF.y);
    let penumbra = LAMP_RADIUS * (q - p).length() / (LAMP - q).length() + 0.3;
    smoothstep(-penumbra, penumbra, outside)
}

/// The sky's light through the window on `p` facing `n`: the window taken as one
/// glowing rectangle.
fn daylight(p: Vec3, n: Vec3) -> Vec3 {
    let centre = window_centre();
    let size = WINDOW_HIGH - WINDOW_LOW;
    let to = centre - p;
    let area = size.x * size.y;
    let d2 = to.length_squared().max(area * 0.35);
    let dir = to.normalize_or_zero();
    let cos_here = n.dot(dir).max(0.0);
    let cos_there = (-dir.z).max(0.0);
    sky_average() * (area * cos_here * cos_there / (std::f32::consts::PI * d2))
}

/// The middle of the window, on the far wall.
#[must_use]
pub fn window_centre() -> Vec3 {
    let middle = (WINDOW_LOW + WINDOW_HIGH) / 2.0;
    Vec3::new(middle.x, middle.y, ROOM_LOW.y)
}

/// How much light reaches `p` from around: less in the room's corners, along the
/// floor's edges, under the table and at the legs' feet.
fn occlusion(p: Vec3) -> f32 {
    let walls = [
        p.x - ROOM_LOW.x,
        ROOM_HIGH.x - p.x,
        p.z - ROOM_LOW.y,
        ROOM_HIGH.y - p.z,
    ];
    let mut ao = 1.0;
    for gap in walls {
        ao *= 1.0 - 0.3 * (-gap.max(0.0) / 10.0).exp();
    }
    for gap in [p.y - FLOOR, CEILING - p.y] {
        ao *= 1.0 - 0.3 * (-gap.max(0.0) / 10.0).exp();
    }
    if p.y < TABLE_TOP {
        // Under the table: its top hides the ceiling.
        let inside = (TABLE_HALF.x - p.x.abs()).min(TABLE_HALF.y - p.z.abs());
        ao *= 1.0 - 0.5 * smoothstep(-6.0, 6.0, inside);
        for leg in legs() {
            let gap = Vec2::new(p.x - leg.x, p.z - leg.y).length() - LEG_SIDE * 0.6;
            ao *= 1.0 - 0.55 * (-(gap.max(0.0) / 1.6).powi(2)).exp();
        }
    }
    ao
}

/// Where the four legs stand (x, z).
#[must_use]
pub fn legs() -> [Vec2; 4] {
    let at = TABLE_HALF - Vec2::splat(LEG_INSET);
    [
        Vec2::new(-at.x, -at.y),
        Vec2::new(at.x, -at.y),
        Vec2::new(-at.x, at.y),
        Vec2::new(at.x, at.y),
    ]
}

/// What the window shows at (x, y) on the far wall: sky, pale near the horizon and
/// bluer above, over far hills and a line of trees.
#[must_use]
pub fn sky(x: f32, y: f32) -> Vec3 {
    let height = ((y - WINDOW_LOW.y) / (WINDOW_HIGH.y - WINDOW_LOW.y)).clamp(0.0, 1.0);
    let horizon = Vec3::new(3.4, 3.2, 2.9);
    let zenith = Vec3::new(1.5, 2.1, 3.3);
    let hills = 0.3 + 0.06 * (x * 0.09 + 0.7).sin() + 0.03 * (x * 0.23).sin();
    let trees = 0.17
        + 0.04 * (x * 0.31).sin().abs()
        + 0.025 * (x * 0.83 + 1.0).sin()
        + 0.012 * (x * 2.3).sin();
    let sky = horizon.lerp(
        zenith,
        ((height - hills) / (1.0 - hills)).max(0.0).powf(0.8),
    );
    let haze = ((height - trees) / (hills - trees)).clamp(0.0, 1.0);
    let far = Vec3::new(1.3, 1.55, 1.6).lerp(Vec3::new(1.7, 1.95, 2.2), haze);
    let near = Vec3::new(0.3, 0.45, 0.26) * (0.7 + 0.3 * (height / trees).min(1.0));
    // Soft edges, a few texels wide, so the outlines do not step.
    let behind = far.lerp(sky, smoothstep(hills - 0.006, hills + 0.006, height));
    near.lerp(behind, smoothstep(trees - 0.006, trees + 0.006, height))
}

/// The sky's mean over the window, what lights the room.
fn sky_average() -> Vec3 {
    Vec3::new(2.1, 2.3, 2.6)
}

/// Whether (x, y) on the far wall is glass (not the frame's bars).
fn window_glass(x: f32, y: f32) -> bool {
    let middle = (WINDOW_LOW + WINDOW_HIGH) / 2.0;
    let inside = x > WINDOW_LOW.x + WINDOW_BAR
        && x < WINDOW_HIGH.x - WINDOW_BAR
        && y > WINDOW_LOW.y + WINDOW_BAR
        && y < WINDOW_HIGH.y - WINDOW_BAR;
    inside && (x - middle.x).abs() > WINDOW_BAR && (y - middle.y).abs() > WINDOW_BAR
}

/// The colour of a room surface at `p` (its texture's mean there).
#[must_use]
pub fn surface_albedo(surface: Surface, p: Vec3) -> Vec3 {
    match surface {
        Surface::Floor => {
            if p.x.abs() < RUG_HALF.x && p.z.abs() < RUG_HALF.y {
                albedo::RUG
            } else {
                albedo::PLANKS
            }
        }
        Surface::Ceiling => albedo::CEILING,
        _ if p.y < FLOOR + WAINSCOT => albedo::WAINSCOT,
        Surface::Back if in_curtain(p.x, p.y) => albedo::CURTAIN,
        _ => albedo::PLASTER,
    }
}

/// Whether (x, y) on the far wall is behind a curtain.
fn in_curtain(x: f32, y: f32) -> bool {
    let beside = (x > WINDOW_LOW.x - CURTAIN_WIDTH && x < WINDOW_LOW.x + 2.0)
        || (x > WINDOW_HIGH.x - 2.0 && x < WINDOW_HIGH.x + CURTAIN_WIDTH);
    beside && y > FLOOR + 2.0 && y < WINDOW_HIGH.y + 6.0
}

/// What is seen from `origin` looking along `dir` (a unit vector): the room's light
/// coming back, in display units. The environment map is made of this.
#[must_use]
pub fn radiance(origin: Vec3, dir: Vec3) -> Vec3 {
    // The lamp's glowing opening, seen from below.
    if let Some(glow) = lamp_seen(origin, dir) {
        return glow;
    }
    // The table top, lit by the key light.
    if dir.y < 0.0 && origin.y > TABLE_TOP {
        let t = (TABLE_TOP - origin.y) / dir.y;
        let q = origin + dir * t;
        if q.x.abs() < TABLE_HALF.x && q.z.abs() < TABLE_HALF.y {
            let key = KEY_LUX / DISPLAY_NITS / std::f32::consts::PI * key_cos();
            return albedo::TABLE * (key * LAMP_COLOUR + AMBIENT);
        }
    }
    let (surface, p) = room_hit(origin, dir);
    if surface == Surface::Back && window_glass(p.x, p.y) {
        return sky(p.x, p.y);
    }
    surface_albedo(surface, p) * light(p, surface.normal())
}

/// The cosine of the key light's angle on the table top.
fn key_cos() -> f32 {
    (LAMP - Vec3::new(0.0, TABLE_TOP, 0.0)).normalize().y
}

/// The lamp's opening (a disc under the shade) as seen along the ray, if it is hit.
fn lamp_seen(origin: Vec3, dir: Vec3) -> Option<Vec3> {
    let to = LAMP - origin;
    let along = to.dot(dir);
    if along <= 0.0 {
        return None;
    }
    let miss = (to - dir * along).length();
    (miss < LAMP_RADIUS).then(|| {
        if dir.y > 0.0 {
            LAMP_GLOW
        } else {
            albedo::BRASS * 0.3
        }
    })
}

/// Where a ray from inside the room meets its walls, floor or ceiling.
#[must_use]
pub fn room_hit(origin: Vec3, dir: Vec3) -> (Surface, Vec3) {
    let mut best = (f32::INFINITY, Surface::Floor);
    let mut consider = |t: f32, surface: Surface| {
        if t > 0.0 && t < best.0 {
            best = (t, surface);
        }
    };
    if dir.y < 0.0 {
        consider((FLOOR - origin.y) / dir.y, Surface::Floor);
    } else if dir.y > 0.0 {
        consider((CEILING - origin.y) / dir.y, Surface::Ceiling);
    }
    if dir.x < 0.0 {
        consider((ROOM_LOW.x - origin.x) / dir.x, Surface::Left);
    } else if dir.x > 0.0 {
        consider((ROOM_HIGH.x - origin.x) / dir.x, Surface::Right);
    }
    if dir.z < 0.0 {
        consider((ROOM_LOW.y - origin.z) / dir.z, Surface::Back);
    } else if dir.z > 0.0 {
        consider((ROOM_HIGH.y - origin.z) / dir.z, Surface::Front);
    }
    let (t, surface) = best;
    (surface, origin + dir * t)
}

/// Hermite smoothstep from 0 at `low` to 1 at `high`.
#[must_use]
pub fn smoothstep(low: f32, high: f32, x: f32) -> f32 {
    let t = ((x - low) / (high - low)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: Vec3 = Vec3::new(0.0, 0.5, 0.0);

    #[test]
    fn the_table_hides_the_lamp_from_the_floor_under_it() {
        let under = light(Vec3::new(0.0, FLOOR, 0.0), Vec3::Y);
        let beside = light(Vec3::new(-45.0, FLOOR, 30.0), Vec3::Y);
        assert!(under.x * 3.0 < beside.x, "under {under}, beside {beside}");
    }

    #[test]
    fn the_lamp_lights_the_floor_more_near_it() {
        let near = light(Vec3::new(-40.0, FLOOR, 40.0), Vec3::Y);
        let far = light(Vec3::new(80.0, FLOOR, -70.0), Vec3::Y);
        assert!(near.x > far.x * 1.5, "near {near}, far {far}");
    }

    #[test]
    fn from_the_board_down_is_the_table_and_the_window_is_brightest() {
        let down = radiance(BOARD, Vec3::NEG_Y);
        // The table's wood, in the lamp's warm light.
        let light = down / albedo::TABLE;
        assert!(light.min_element() > 1.0 && light.x > light.z, "{down}");
        assert!(light.max_element() / light.min_element() < 2.0, "{down}");
        let window = (window_centre() + Vec3::new(WINDOW_BAR * 4.0, WINDOW_BAR * 4.0, 0.0) - BOARD)
            .normalize();
        let wall = Vec3::new(1.0, 0.3, 0.0).normalize();
        let seen = radiance(BOARD, window);
        assert!(seen.min_element() > 1.0, "{seen}");
        assert!(seen.x > radiance(BOARD, wall).x * 3.0);
    }

    #[test]
    fn rays_from_the_board_meet_the_surface_they_point_at() {
        assert_eq!(room_hit(BOARD, Vec3::Y).0, Surface::Ceiling);
        assert_eq!(room_hit(BOARD, Vec3::NEG_Z).0, Surface::Back);
        assert_eq!(room_hit(BOARD, Vec3::X).0, Surface::Right);
        let (surface, p) = room_hit(BOARD, Vec3::new(-1.0, -0.2, 0.0).normalize());
        assert_eq!(surface, Surface::Left);
        assert!((p.x - ROOM_LOW.x).abs() < 1e-3);
    }

    #[test]
    fn the_lamp_glows_from_below_only() {
        let up = (LAMP - BOARD).normalize();
        assert_eq!(radiance(BOARD, up), LAMP_GLOW);
        let above = LAMP + Vec3::Y * 10.0;
        assert_ne!(radiance(above, Vec3::NEG_Y), LAMP_GLOW);
    }
}
