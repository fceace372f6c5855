//! The table and the room around it: a walnut table on a rug, panelled walls, a
//! window with curtains in the far wall and a lamp over the table, whose light is the
//! key light. The room's surfaces are drawn unlit, their light baked into their
//! vertex colours from [`light`] (cheap to draw, WebGL2 included, and soft where the
//! table shades the floor); the table and everything on it are lit by the key light,
//! with shadows, and by an environment map of the same room ([`envmap`]), so glazed
//! stones, dice and discs show the window and the lamp.

pub mod envmap;
pub mod light;
mod occlusion;
pub mod textures;

use bevy::asset::RenderAssetUsages;
use bevy::camera::primitives::Aabb;
use bevy::image::Image;
use bevy::light::{CascadeShadowConfigBuilder, NotShadowCaster, NotShadowReceiver};
use bevy::math::Affine2;
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;
use bevy::render::render_resource::{
    Extent3d, TextureDataOrder, TextureDimension, TextureFormat, TextureViewDescriptor,
    TextureViewDimension,
};

use super::camera::{MainCamera, box_corners};
use light::{
    CEILING, CURTAIN_DEPTH, CURTAIN_WIDTH, DISPLAY_NITS, FLOOR, KEY_LUX, LAMP, LAMP_GLOW,
    LAMP_RADIUS, LEG_SIDE, ROOM_HIGH, ROOM_LOW, RUG_HALF, TABLE_HALF, TABLE_THICKNESS, TABLE_TOP,
    WAINSCOT, WINDOW_BAR, WINDOW_HIGH, WINDOW_LOW, albedo,
};

/// The web build renders with WebGL2, which has room for one shadow cascade.
const WEBGL2: bool = cfg!(target_arch = "wasm32");

/// The environment map's specular cube: side of its sharpest level.
const ENVIRONMENT_SIZE: usize = 64;
/// The diffuse cube's side.
const DIFFUSE_SIZE: usize = 16;
/// The floorboards' texture spans this many units (four boards across).
const PLANK_TILE: f32 = 28.0;
/// Where the environment map is seen from: just over the middle of the board.
const PROBE: Vec3 = Vec3::new(0.0, 0.5, 0.0);

/// The room, the table, the lamp's light and the environment map.
pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.11, 0.1, 0.09)))
        // The environment map lights every side; no flat ambient on top of it.
        .insert_resource(GlobalAmbientLight {
            brightness: 0.0,
            ..default()
        })
        .add_systems(Startup, (spawn_room, spawn_table, spawn_key_light))
        .add_systems(PostStartup, light_the_view)
        .add_systems(
            PostUpdate,
            hide_under_table
                .after(TransformSystems::Propagate)
                .after(bevy::camera::CameraUpdateSystems)
                .before(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        );
}

/// The environment map on the camera, made from the room.
fn light_the_view(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    camera: Single<Entity, With<MainCamera>>,
) {
    let started = bevy::platform::time::Instant::now();
    let levels = envmap::specular_levels(ENVIRONMENT_SIZE, |d| light::radiance(PROBE, d));
    let diffuse = envmap::diffuse(&levels[0], DIFFUSE_SIZE);
    info!(
        "environment map made in {} ms",
        started.elapsed().as_millis()
    );
    commands.entity(*camera).insert(EnvironmentMapLight {
        diffuse_map: images.add(cube_image(std::slice::from_ref(&diffuse))),
        specular_map: images.add(cube_image(&levels)),
        intensity: DISPLAY_NITS,
        ..default()
    });
}

/// A cube map image of half floats with `levels` as its mips.
fn cube_image(levels: &[envmap::Cube]) -> Image {
    let size = levels[0].size;
    let mut data = Vec::new();
    // Layer by layer, each with all its mips (wgpu's default order).
    for face in 0..6 {
        for level in levels {
            let n = level.size * level.size;
            for texel in &level.texels[face * n..(face + 1) * n] {
                for channel in [texel.x, texel.y, texel.z, 1.0] {
                    data.extend_from_slice(&half::f16::from_f32(channel).to_le_bytes());
                }
            }
        }
    }
    let mut image = Image::new_uninit(
        Extent3d {
            width: size as u32,
            height: size as u32,
            depth_or_array_layers: 6,
        },
        TextureDimension::D2,
        TextureFormat::Rgba16Float,
        RenderAssetUsages::RENDER_WORLD,
    );
    // Every face with its mips: more than `Image::new` takes.
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels.len() as u32;
    image.data_order = TextureDataOrder::LayerMajor;
    image.texture_view_descriptor = Some(TextureViewDescriptor {
        dimension: Some(TextureViewDimension::Cube),
        ..default()
    });
    image
}

/// The key light: the lamp's light on the table, warm, with shadows softened by
/// Bevy's default filter (WebGL2 draws it too).
fn spawn_key_light(mut commands: Commands) {
    commands.spawn((
        Name::new("Key light"),
        DirectionalLight {
            color: Color::srgb(1.0, 0.88, 0.72),
            illuminance: KEY_LUX,
            shadow_maps_enabled: true,
            ..default()
        },
        if WEBGL2 {
            CascadeShadowConfigBuilder {
                num_cascades: 1,
                maximum_distance: 60.0,
                ..default()
            }
        } else {
            CascadeShadowConfigBuilder {
                num_cascades: 2,
                maximum_distance: 150.0,
                first_cascade_far_bound: 35.0,
                ..default()
            }
        }
        .build(),
        Transform::from_translation(LAMP).looking_at(Vec3::new(0.0, TABLE_TOP, 0.0), Vec3::Y),
    ));
}

/// The table: a top of four walnut boards, an apron under its edge and four legs,
/// lit and shadowed like the games on it.
fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let wood = materials.add(StandardMaterial {
        base_color_texture: Some(images.add(textures::table_top())),
        // Oiled, not varnished: a clear coat's second layer of light doubled what
        // the table cost to draw, over most of the window.
        perceptual_roughness: 0.5,
        ..default()
    });
    let size = TABLE_HALF * 2.0;
    let apron_height = 3.2;
    let inset = 2.0;
    let under = TABLE_TOP - TABLE_THICKNESS;
    let mut parts = vec![(
        Cuboid::new(size.x, TABLE_THICKNESS, size.y),
        Vec3::new(0.0, TABLE_TOP - TABLE_THICKNESS / 2.0, 0.0),
    )];
    let apron_y = under - apron_height / 2.0;
    for side in [-1.0, 1.0] {
        parts.push((
            Cuboid::new(size.x - 2.0 * inset, apron_height, 0.8),
            Vec3::new(0.0, apron_y, side * (TABLE_HALF.y - inset)),
        ));
        parts.push((
            Cuboid::new(0.8, apron_height, size.y - 2.0 * inset),
            Vec3::new(side * (TABLE_HALF.x - inset), apron_y, 0.0),
        ));
    }
    let leg_height = under - FLOOR;
    for leg in light::legs() {
        parts.push((
            Cuboid::new(LEG_SIDE, leg_height, LEG_SIDE),
            Vec3::new(leg.x, FLOOR + leg_height / 2.0, leg.y),
        ));
    }
    let table = commands
        .spawn((
            Name::new("Table"),
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    // Nothing under the table takes the key light's shadows (the room's are baked),
    // so the table casts none.
    for (i, (shape, at)) in parts.into_iter().enumerate() {
        let part = commands
            .spawn((
                Mesh3d(meshes.add(shape)),
                MeshMaterial3d(wood.clone()),
                Transform::from_translation(at),
                NotShadowCaster,
                ChildOf(table),
            ))
            .id();
        // All but the top itself: the apron and the legs.
        if i > 0 {
            commands.entity(part).insert(UnderTheTop);
        }
    }
}

/// The room: floor, rug, walls, ceiling, the window and its curtains, the lamp.
/// Unlit, with the light baked in; none of it casts or takes a shadow.
fn spawn_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    // The window's sky: brighter than a texture holds.
    let sky = materials.add(StandardMaterial {
        base_color: LinearRgba::gray(textures::SKY_SCALE).into(),
        base_color_texture: Some(images.add(textures::sky())),
        unlit: true,
        ..default()
    });
    let mut unlit = |texture: Option<&Handle<Image>>, repeat: Vec2, alpha_mode: AlphaMode| {
        materials.add(StandardMaterial {
            base_color_texture: texture.cloned(),
            uv_transform: Affine2::from_scale(repeat),
            unlit: true,
            alpha_mode,
            ..default()
        })
    };
    let room = ROOM_HIGH - ROOM_LOW;
    let [planks, rug, plaster, wainscot] = [
        textures::planks(),
        textures::rug(),
        textures::plaster(),
        textures::wainscot(),
    ]
    .map(|image| images.add(image));
    let floor = unlit(Some(&planks), Vec2::ONE / PLANK_TILE, AlphaMode::Opaque);
    let rug = unlit(Some(&rug), Vec2::ONE, AlphaMode::Opaque);
    let opaque = AlphaMode::Opaque;
    let plaster_back = unlit(Some(&plaster), Vec2::new(room.x / 40.0, 1.6), opaque);
    let plaster_side = unlit(Some(&plaster), Vec2::new(room.y / 40.0, 1.6), opaque);
    let wainscot_back = unlit(Some(&wainscot), Vec2::new(room.x / 26.0, 1.0), opaque);
    let wainscot_side = unlit(Some(&wainscot), Vec2::new(room.y / 26.0, 1.0), opaque);
    let plain = unlit(None, Vec2::ONE, opaque);

    let mut add = |name: &str, mesh: Mesh, material: &Handle<StandardMaterial>| {
        commands
            .spawn((
                Name::new(name.to_owned()),
                Mesh3d(meshes.add(mesh)),
                MeshMaterial3d(material.clone()),
                NotShadowCaster,
                NotShadowReceiver,
            ))
            .id()
    };
    let lit = |p: Vec3, n: Vec3| light::light(p, n);

    // The floor around the rug, its boards running on from piece to piece; the rug.
    // Each is drawn cell by cell where the table top does not hide it.
    let rug_low = -RUG_HALF;
    let rug_high = RUG_HALF;
    let mut under_the_top = Vec::new();
    let mut grids = Vec::new();
    for (low, high) in around(ROOM_LOW, ROOM_HIGH, rug_low, rug_high) {
        let piece = flat_piece(low, high, FLOOR, 10.0, lit);
        // Texture coordinates in floor units: the boards run on from piece to piece.
        let piece = with_uvs(piece, |p| Vec2::new(p.x, p.z));
        let cells = CellsUnderTheTop::of(&piece);
        grids.push((add("Floor", kept_in_main_world(piece), &floor), cells));
    }
    // The rug: the part under the table on its own, and four pieces around it.
    let (table_low, table_high) = (-TABLE_HALF, TABLE_HALF);
    let rug_pieces = std::iter::once((table_low, table_high))
        .chain(around(rug_low, rug_high, table_low, table_high));
    for (low, high) in rug_pieces {
        let piece = flat_piece(low, high, FLOOR + 0.12, 8.0, lit);
        let piece = with_uvs(piece, |p| {
            (Vec2::new(p.x, p.z) - rug_low) / (rug_high - rug_low)
        });
        let cells = CellsUnderTheTop::of(&piece);
        grids.push((add("Rug", kept_in_main_world(piece), &rug), cells));
    }
    add(
        "Ceiling",
        grid(
            Vec3::new(ROOM_LOW.x, CEILING, ROOM_HIGH.y),
            Vec3::X * room.x,
            Vec3::NEG_Z * room.y,
            (4, 4),
            |p, n| albedo::CEILING * lit(p, n),
        ),
        &plain,
    );

    // The walls, each a plaster band over a panelled one.
    let walls = [
        (
            Vec3::new(ROOM_LOW.x, 0.0, ROOM_LOW.y),
            Vec3::X * room.x,
            true,
        ),
        (
            Vec3::new(ROOM_HIGH.x, 0.0, ROOM_HIGH.y),
            Vec3::NEG_X * room.x,
            true,
        ),
        (
            Vec3::new(ROOM_LOW.x, 0.0, ROOM_HIGH.y),
            Vec3::NEG_Z * room.y,
            false,
        ),
        (
            Vec3::new(ROOM_HIGH.x, 0.0, ROOM_LOW.y),
            Vec3::Z * room.y,
            false,
        ),
    ];
    let panel_top = FLOOR + WAINSCOT;
    for (corner, right, wide) in walls {
        let across = (right.length() / 12.0) as u32;
        add(
            "Wall",
            grid(
                corner.with_y(CEILING),
                right,
                Vec3::NEG_Y * (CEILING - panel_top),
                (across, 6),
                lit,
            ),
            if wide { &plaster_back } else { &plaster_side },
        );
        // The panelling in two bands: the one under the table top's plane may be
        // hidden behind the top.
        let panel_uv = |p: Vec3| {
            Vec2::new(
                (p - corner).dot(right) / right.length_squared(),
                (panel_top - p.y) / WAINSCOT,
            )
        };
        let split = TABLE_TOP - 0.01;
        let material = if wide { &wainscot_back } else { &wainscot_side };
        for (top, bottom, rows) in [(panel_top, split, 1), (split, FLOOR, 2)] {
            let band = grid(
                corner.with_y(top),
                right,
                Vec3::NEG_Y * (top - bottom),
                (across, rows),
                lit,
            );
            let piece = add("Panelling", with_uvs(band, panel_uv), material);
            if bottom == FLOOR {
                under_the_top.push(piece);
            }
        }
    }

    // The window: the sky behind its glass, the frame's bars, the sill.
    let window = WINDOW_HIGH - WINDOW_LOW;
    add(
        "Window",
        grid(
            Vec3::new(WINDOW_LOW.x, WINDOW_HIGH.y, ROOM_LOW.y + 0.05),
            Vec3::X * window.x,
            Vec3::NEG_Y * window.y,
            (1, 1),
            |_, _| Vec3::ONE,
        ),
        &sky,
    );
    let middle = (WINDOW_LOW + WINDOW_HIGH) / 2.0;
    let bar = 2.0 * WINDOW_BAR;
    let wall = ROOM_LOW.y;
    let frame = [
        (
            Vec3::new(window.x + bar, bar, 1.6),
            Vec3::new(middle.x, WINDOW_HIGH.y, wall),
        ),
        (
            Vec3::new(window.x + bar, bar, 1.6),
            Vec3::new(middle.x, WINDOW_LOW.y, wall),
        ),
        (
            Vec3::new(bar, window.y, 1.6),
            Vec3::new(WINDOW_LOW.x, middle.y, wall),
        ),
        (
            Vec3::new(bar, window.y, 1.6),
            Vec3::new(WINDOW_HIGH.x, middle.y, wall),
        ),
        (
            Vec3::new(window.x, bar * 0.8, 0.8),
            Vec3::new(middle.x, middle.y, wall),
        ),
        (
            Vec3::new(bar * 0.8, window.y, 0.8),
            Vec3::new(middle.x, middle.y, wall),
        ),
        (
            Vec3::new(window.x + 6.0, 1.0, 5.0),
            Vec3::new(middle.x, WINDOW_LOW.y - bar, wall + 1.5),
        ),
    ];
    for (size, at) in frame {
        add("Window frame", baked_box(size, at, albedo::PAINT), &plain);
    }

    // Curtains either side, hanging in folds from a rod.
    for (from, width) in [
        (WINDOW_LOW.x - CURTAIN_WIDTH, CURTAIN_WIDTH + 2.0),
        (WINDOW_HIGH.x - 2.0, CURTAIN_WIDTH + 2.0),
    ] {
        let top = WINDOW_HIGH.y + 6.0;
        add(
            "Curtain",
            grid(
                Vec3::new(from, top, wall + CURTAIN_DEPTH),
                Vec3::X * width,
                Vec3::NEG_Y * (top - FLOOR - 2.0),
                (12, 4),
                |p, n| {
                    let fold = ((p.x - from) * 1.1).sin();
                    albedo::CURTAIN * lit(p, n) * (0.72 + 0.28 * fold * fold)
                },
            ),
            &plain,
        );
    }
    add(
        "Curtain rod",
        baked_box(
            Vec3::new(window.x + 2.0 * CURTAIN_WIDTH + 8.0, 0.6, 0.6),
            Vec3::new(middle.x, WINDOW_HIGH.y + 6.5, wall + CURTAIN_DEPTH),
            albedo::BRASS,
        ),
        &plain,
    );

    // The lamp: a cord from the ceiling, a brass shade, its glowing opening.
    let cord = CEILING - LAMP.y;
    add(
        "Lamp cord",
        baked(
            Cylinder::new(0.12, cord).mesh().resolution(6).build(),
            Transform::from_translation(LAMP + Vec3::Y * (cord / 2.0 + 2.0)),
            |_, _| Vec3::splat(0.02),
        ),
        &plain,
    );
    add(
        "Lamp shade",
        baked(
            ConicalFrustum {
                radius_top: 1.4,
                radius_bottom: LAMP_RADIUS + 0.4,
                height: 4.5,
            }
            .mesh()
            .resolution(32)
            .build(),
            Transform::from_translation(LAMP + Vec3::Y * 2.2),
            |p, n| albedo::BRASS * (0.25 + lit(p, n) * 0.6),
        ),
        &plain,
    );
    add(
        "Lamp glow",
        baked(
            Circle::new(LAMP_RADIUS).mesh().resolution(32).build(),
            Transform::from_translation(LAMP)
                .with_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
            |_, _| LAMP_GLOW,
        ),
        &plain,
    );
    for piece in under_the_top {
        commands.entity(piece).insert(UnderTheTop);
    }
    for (piece, cells) in grids {
        if let Some(cells) = cells {
            commands.entity(piece).insert(cells);
        }
    }
}

/// `mesh`, kept in the main world after it is sent to the GPU, so that its triangles
/// can be chosen again ([`CellsUnderTheTop`]).
fn kept_in_main_world(mut mesh: Mesh) -> Mesh {
    mesh.asset_usage = RenderAssetUsages::default();
    mesh
}

/// Something under the table top: a leg, the apron, the panelling's lower band. Not
/// drawn while the top hides it from the camera ([`occlusion`]).
#[derive(Component, Debug)]
struct UnderTheTop;

/// A piece of the floor or the rug, a grid whose cells are drawn only where the
/// table top does not hide them: a piece partly in view beside the top was drawn
/// whole, and the part behind the top, shaded and then painted over, cost a CPU
/// rasteriser as much as the rest of the room (docs/scene.md).
#[derive(Component, Debug)]
struct CellsUnderTheTop {
    /// Each cell's bounds (world space: the pieces are not moved) and the indices of
    /// its two triangles.
    cells: Vec<(Vec3, Vec3, [u32; 6])>,
    /// The cells the mesh's indices draw now.
    shown: Vec<bool>,
}

impl CellsUnderTheTop {
    /// The cells of a [`grid`] mesh: its triangles two by two, all shown. None for a
    /// mesh without positions or `u32` indices, which is then drawn whole.
    fn of(mesh: &Mesh) -> Option<Self> {
        let (Some(VertexAttributeValues::Float32x3(points)), Some(Indices::U32(indices))) =
            (mesh.attribute(Mesh::ATTRIBUTE_POSITION), mesh.indices())
        else {
            return None;
        };
        let cells: Vec<_> = indices
            .chunks_exact(6)
            .map(|quad| {
                let (low, high) = quad.iter().fold((Vec3::MAX, Vec3::MIN), |(low, high), &i| {
                    let p = Vec3::from(points[i as usize]);
                    (low.min(p), high.max(p))
                });
                let mut triangles = [0; 6];
                triangles.copy_from_slice(quad);
                (low, high, triangles)
            })
            .collect();
        let shown = vec![true; cells.len()];
        Some(Self { cells, shown })
    }

    /// The indices that draw the cells shown.
    fn indices(&self) -> Vec<u32> {
        self.cells
            .iter()
            .zip(&self.shown)
            .filter(|(_, shown)| **shown)
            .flat_map(|((_, _, triangles), _)| *triangles)
            .collect()
    }
}

/// Hides each thing under the table top that the top wholly hides from the camera,
/// and shows it again when it comes into view: before Bevy propagates visibility,
/// so the change holds for this frame's picture.
///
/// The floor's and the rug's grids are cut down to the cells in view the same way.
fn hide_under_table(
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut pieces: Query<(Ref<Aabb>, &GlobalTransform, &mut Visibility), With<UnderTheTop>>,
    mut grids: Query<(&Mesh3d, &mut CellsUnderTheTop, &mut Visibility), Without<UnderTheTop>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut last_view: Local<Option<Mat4>>,
) {
    let (camera, eye) = camera.into_inner();
    // The pieces stand still: only a camera that moved, a new projection (a resized
    // window) or new bounds change what the top hides. (A camera written to but not
    // moved, as a controller may do each frame, changes nothing either.)
    let clip_from_world = camera.clip_from_view() * eye.to_matrix().inverse();
    let new_bounds = pieces.iter().any(|(aabb, ..)| aabb.is_changed());
    if !new_bounds && *last_view == Some(clip_from_world) {
        return;
    }
    *last_view = Some(clip_from_world);
    let view = occlusion::TopView::new(eye.translation(), clip_from_world);
    for (aabb, place, mut visibility) in &mut pieces {
        let (low, high) = world_bounds(&aabb, place);
        visibility.set_if_neq(if view.hides(low, high) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
    }
    for (mesh, mut grid, mut visibility) in &mut grids {
        let shown: Vec<bool> = grid
            .cells
            .iter()
            .map(|&(low, high, _)| !view.hides(low, high))
            .collect();
        let any = shown.contains(&true);
        visibility.set_if_neq(if any {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        // A hidden piece keeps its last triangles: none would be an empty draw.
        if any && shown != grid.shown {
            grid.shown = shown;
            if let Some(mut mesh) = meshes.get_mut(&mesh.0) {
                mesh.insert_indices(Indices::U32(grid.indices()));
            }
        }
    }
}

/// The world-space box around a mesh's bounds placed by `place`.
fn world_bounds(aabb: &Aabb, place: &GlobalTransform) -> (Vec3, Vec3) {
    box_corners(aabb.min().into(), aabb.max().into())
        .iter()
        .fold((Vec3::MAX, Vec3::MIN), |(low, high), &corner| {
            let at = place.transform_point(corner);
            (low.min(at), high.max(at))
        })
}

/// A box of `size` centred at `at`, its colour `tint` in the room's light.
fn baked_box(size: Vec3, at: Vec3, tint: Vec3) -> Mesh {
    baked(
        Cuboid::from_size(size).mesh().build(),
        Transform::from_translation(at),
        |p, n| tint * light::light(p, n),
    )
}

/// `mesh` placed by `at`, with `colour(point, normal)` in world space as its vertex
/// colours.
fn baked(mesh: Mesh, at: Transform, colour: impl Fn(Vec3, Vec3) -> Vec3) -> Mesh {
    let mesh = mesh.transformed_by(at);
    let (
        Some(VertexAttributeValues::Float32x3(points)),
        Some(VertexAttributeValues::Float32x3(normals)),
    ) = (
        mesh.attribute(Mesh::ATTRIBUTE_POSITION),
        mesh.attribute(Mesh::ATTRIBUTE_NORMAL),
    )
    else {
        return mesh;
    };
    let colours: Vec<[f32; 4]> = points
        .iter()
        .zip(normals)
        .map(|(p, n)| {
            let c = colour(Vec3::from(*p), Vec3::from(*n));
            [c.x, c.y, c.z, 1.0]
        })
        .collect();
    mesh.with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
}

/// The four rectangles (low and high corners, in x and z) that make up the ring
/// between `outer` and the `inner` rectangle inside it.
fn around(
    outer_low: Vec2,
    outer_high: Vec2,
    inner_low: Vec2,
    inner_high: Vec2,
) -> [(Vec2, Vec2); 4] {
    [
        (outer_low, Vec2::new(outer_high.x, inner_low.y)),
        (Vec2::new(outer_low.x, inner_high.y), outer_high),
        (
            Vec2::new(outer_low.x, inner_low.y),
            Vec2::new(inner_low.x, inner_high.y),
        ),
        (
            Vec2::new(inner_high.x, inner_low.y),
            Vec2::new(outer_high.x, inner_high.y),
        ),
    ]
}

/// A level grid at height `y` from `low` to `high` (x, z), in cells of at most
/// `cell` units, coloured by `colour(point, normal)`.
fn flat_piece(
    low: Vec2,
    high: Vec2,
    y: f32,
    cell: f32,
    colour: impl Fn(Vec3, Vec3) -> Vec3,
) -> Mesh {
    let size = high - low;
    let cells = (size / cell).ceil().as_uvec2();
    grid(
        Vec3::new(low.x, y, low.y),
        Vec3::X * size.x,
        Vec3::Z * size.y,
        (cells.x, cells.y),
        colour,
    )
}

/// `mesh` with texture coordinates `uv(point)`.
fn with_uvs(mesh: Mesh, uv: impl Fn(Vec3) -> Vec2) -> Mesh {
    let Some(VertexAttributeValues::Float32x3(points)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION)
    else {
        return mesh;
    };
    let uvs: Vec<[f32; 2]> = points
        .iter()
        .map(|p| uv(Vec3::from(*p)).to_array())
        .collect();
    mesh.with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
}

/// A flat grid from `corner`, along `right` and `down` (its normal `down × right`),
/// of `cells` quads, UVs from 0 to 1, `colour(point, normal)` at each vertex.
fn grid(
    corner: Vec3,
    right: Vec3,
    down: Vec3,
    cells: (u32, u32),
    colour: impl Fn(Vec3, Vec3) -> Vec3,
) -> Mesh {
    let (nu, nv) = (cells.0.max(1), cells.1.max(1));
    let normal = down.cross(right).normalize();
    let mut points = Vec::new();
    let mut uvs = Vec::new();
    let mut colours = Vec::new();
    for j in 0..=nv {
        for i in 0..=nu {
            let (u, v) = (i as f32 / nu as f32, j as f32 / nv as f32);
            let p = corner + right * u + down * v;
            let c = colour(p, normal);
            points.push(p.to_array());
            uvs.push([u, v]);
            colours.push([c.x, c.y, c.z, 1.0]);
        }
    }
    let mut indices = Vec::new();
    let row = nu + 1;
    for j in 0..nv {
        for i in 0..nu {
            let a = j * row + i;
            let (b, c, d) = (a + 1, a + row, a + row + 1);
            indices.extend_from_slice(&[a, c, b, b, c, d]);
        }
    }
    let count = points.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, points)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![normal.to_array(); count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
    .with_inserted_indices(Indices::U32(indices))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::math::Affine3A;

    #[test]
    fn world_bounds_follow_the_place() {
        let aabb = Aabb::from_min_max(Vec3::new(-1.0, -2.0, -3.0), Vec3::new(1.0, 2.0, 3.0));
        let place = GlobalTransform::from(
            Transform::from_xyz(10.0, 0.0, 0.0)
                .with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)),
        );
        let (low, high) = world_bounds(&aabb, &place);
        assert!(low.abs_diff_eq(Vec3::new(7.0, -2.0, -1.0), 1e-5), "{low}");
        assert!(high.abs_diff_eq(Vec3::new(13.0, 2.0, 1.0), 1e-5), "{high}");
    }

    #[test]
    fn a_grid_is_cut_to_the_cells_the_table_top_leaves_in_view() {
        // The floor's strip beyond the rug, towards the window, seen from over the
        // near edge of the table looking down at the board, as the games' home views
        // are.
        let piece = flat_piece(
            ROOM_LOW,
            Vec2::new(ROOM_HIGH.x, -RUG_HALF.y),
            FLOOR,
            10.0,
            |_, _| Vec3::ONE,
        );
        let mut grid = CellsUnderTheTop::of(&piece).expect("a grid has cells");
        let Some(Indices::U32(all)) = piece.indices() else {
            panic!("a grid has u32 indices");
        };
        assert_eq!(grid.cells.len() * 6, all.len());
        assert_eq!(&grid.indices(), all, "all shown: the grid's own triangles");
        for &(low, high, _) in &grid.cells {
            let size = high - low;
            assert!(
                size.x > 9.0 && size.x < 10.01 && size.z > 9.0 && size.z < 10.01,
                "{size}"
            );
        }

        let eye = Vec3::new(0.0, 40.0, 30.0);
        let view = Affine3A::look_at_rh(eye, Vec3::ZERO, Vec3::Y);
        let clip =
            Mat4::perspective_infinite_reverse_rh(45f32.to_radians(), 1.6, 0.1) * Mat4::from(view);
        let top = occlusion::TopView::new(eye, clip);
        grid.shown = grid
            .cells
            .iter()
            .map(|&(low, high, _)| !top.hides(low, high))
            .collect();
        let shown = grid.shown.iter().filter(|s| **s).count();
        assert!(shown > 0 && shown < grid.cells.len(), "{shown} shown");
        assert_eq!(grid.indices().len(), shown * 6);
        // A cell straight behind the table from the eye is cut; one out at the side,
        // far from the top's image, stays.
        let cell_at = |x: f32, z: f32| {
            grid.cells
                .iter()
                .position(|&(low, high, _)| {
                    (low.x..=high.x).contains(&x) && (low.z..=high.z).contains(&z)
                })
                .expect("a cell there")
        };
        assert!(!grid.shown[cell_at(0.0, -35.0)]);
        assert!(grid.shown[cell_at(-45.0, -70.0)]);
    }
}
