//! The room's generated textures: floorboards, plaster, the panelling, the rug and
//! the table top. Each averages to its surface's colour in `light::albedo` (what the
//! environment map shows for it), carries full mipmaps (they repeat across the floor
//! and walls, and would shimmer without), and is made in a few milliseconds.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::math::Vec3;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::light::albedo;

/// Floorboards running along x: four boards across the texture, each of its own
/// tone, with grain, end joints and dark seams.
#[must_use]
pub fn planks() -> Image {
    texture(256, |u, v| {
        let board = (v * 4.0).floor();
        let across = v * 4.0 - board;
        // Boards end at staggered places.
        let joint_at = hash(board, 3.0) * 0.8 + 0.1;
        let along = (u - joint_at).rem_euclid(1.0);
        let piece = board * 2.0 + if u < joint_at { 0.0 } else { 1.0 };
        let tone = 0.78 + 0.44 * hash(piece, 7.0);
        let grain = 0.9 + 0.1 * ((across * 40.0 + (u * 9.0 + piece).sin() * 2.5).sin());
        let fine = 0.95 + 0.05 * noise(u * 180.0, v * 18.0);
        let seam = smooth_edge(across, 0.012) * smooth_edge(along, 0.004);
        albedo::PLANKS * (tone * grain * fine) * (0.45 + 0.55 * seam)
    })
}

/// Lime plaster: the wall colour with a faint, cloudy unevenness.
#[must_use]
pub fn plaster() -> Image {
    texture(256, |u, v| {
        let cloud = 0.6 * noise(u * 6.0, v * 6.0) + 0.4 * noise(u * 23.0, v * 23.0);
        albedo::PLASTER * (0.93 + 0.14 * cloud)
    })
}

/// Wood panelling: upright boards with grooves between, a rail along the top and a
/// skirting board along the floor (v runs from the top, 0, to the floor, 1).
#[must_use]
pub fn wainscot() -> Image {
    texture(256, |u, v| {
        let board = (u * 6.0).floor();
        let across = u * 6.0 - board;
        let tone = 0.85 + 0.3 * hash(board, 11.0);
        let grain = 0.94 + 0.06 * (across * 31.0 + (v * 7.0 + board).sin() * 1.5).sin();
        let groove = 0.55 + 0.45 * smooth_edge(across, 0.04);
        let (rail, skirt) = (v < 0.06, v > 0.9);
        let trim = if rail || skirt { 1.0 } else { groove };
        let lip = if (0.055..0.07).contains(&v) || (0.89..0.905).contains(&v) {
            0.55
        } else {
            1.0
        };
        let shade = if rail {
            1.2
        } else if skirt {
            0.8
        } else {
            1.0
        };
        albedo::WAINSCOT * (tone * grain * trim * lip * shade)
    })
}

/// What the window shows, over the glass: `light::sky` divided by `SKY_SCALE` (the
/// window's material multiplies it back, above what 8 bits hold).
#[must_use]
pub fn sky() -> Image {
    use super::light::{WINDOW_HIGH, WINDOW_LOW, sky};
    let size = WINDOW_HIGH - WINDOW_LOW;
    texture(256, |u, v| {
        sky(WINDOW_LOW.x + u * size.x, WINDOW_HIGH.y - v * size.y) / SKY_SCALE
    })
}

/// How much brighter the sky is than its texture.
pub const SKY_SCALE: f32 = 4.0;

/// A rug: a deep red field with a lighter border and a darker band inside it, a
/// medallion in the middle, and wool's fuzz.
#[must_use]
pub fn rug() -> Image {
    texture(256, |u, v| {
        let edge = u.min(1.0 - u).min(v.min(1.0 - v));
        let wool = 0.9 + 0.1 * noise(u * 260.0, v * 260.0);
        let colour = if edge < 0.03 {
            Vec3::new(0.5, 0.38, 0.22)
        } else if edge < 0.09 {
            let pattern = ((u + v) * 160.0).sin() * ((u - v) * 160.0).sin();
            if pattern > 0.25 {
                Vec3::new(0.5, 0.38, 0.22)
            } else {
                Vec3::new(0.05, 0.07, 0.16)
            }
        } else if edge < 0.1 {
            Vec3::new(0.5, 0.38, 0.22)
        } else {
            let (du, dv) = ((u - 0.5) * 1.33, v - 0.5);
            let diamond = du.abs() + dv.abs();
            if (0.16..0.19).contains(&diamond) || diamond < 0.05 {
                Vec3::new(0.5, 0.38, 0.22)
            } else if diamond < 0.16 {
                Vec3::new(0.05, 0.07, 0.16)
            } else {
                albedo::RUG
            }
        };
        colour * wool
    })
}

/// The table top: four broad boards along x, oiled walnut.
#[must_use]
pub fn table_top() -> Image {
    texture(256, |u, v| {
        let board = (v * 4.0).floor();
        let across = v * 4.0 - board;
        let tone = 0.85 + 0.3 * hash(board, 5.0);
        let wave = (u * 5.0 + board).sin() * 0.04 + (u * 17.0).sin() * 0.01;
        let grain = ((across + wave) * 26.0).sin() * 0.5 + 0.5;
        let figure = 0.88 + 0.12 * grain.powi(3) - 0.05 * noise(u * 90.0, v * 12.0);
        let seam = 0.6 + 0.4 * smooth_edge(across, 0.01);
        albedo::TABLE * (tone * figure * seam) * 1.25
    })
}

/// 0 at a board's edge (`x` near 0 or 1), 1 a `width` inside it.
fn smooth_edge(x: f32, width: f32) -> f32 {
    super::light::smoothstep(0.0, width, x.min(1.0 - x))
}

/// A pseudo-random number in [0, 1) for `n` (and a stream `k`).
fn hash(n: f32, k: f32) -> f32 {
    ((n * 12.989_8 + k * 78.233).sin() * 43_758.547).rem_euclid(1.0)
}

/// Smooth value noise in [0, 1].
fn noise(x: f32, y: f32) -> f32 {
    let (xi, yi) = (x.floor(), y.floor());
    let (fx, fy) = (x - xi, y - yi);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let corner = |dx: f32, dy: f32| hash(xi + dx + (yi + dy) * 57.0, 1.0);
    let top = corner(0.0, 0.0) + (corner(1.0, 0.0) - corner(0.0, 0.0)) * sx;
    let bottom = corner(0.0, 1.0) + (corner(1.0, 1.0) - corner(0.0, 1.0)) * sx;
    top + (bottom - top) * sy
}

/// A square sRGB texture of side `size` from `f(u, v)` (linear colour), repeating,
/// with its mipmaps (each level the mean of four texels of the one above, in linear
/// light).
fn texture(size: u32, f: impl Fn(f32, f32) -> Vec3) -> Image {
    let n = size as usize;
    let mut level: Vec<Vec3> = Vec::with_capacity(n * n);
    for y in 0..n {
        for x in 0..n {
            level.push(f((x as f32 + 0.5) / n as f32, (y as f32 + 0.5) / n as f32));
        }
    }
    let mut data = Vec::with_capacity(n * n * 16 / 3);
    let mut side = n;
    let mut levels = 0;
    loop {
        for colour in &level {
            let srgb = Color::LinearRgba(LinearRgba::rgb(colour.x, colour.y, colour.z))
                .to_srgba()
                .to_u8_array();
            data.extend_from_slice(&srgb);
        }
        levels += 1;
        if side == 1 {
            break;
        }
        let half = side / 2;
        level = (0..half * half)
            .map(|i| {
                let (x, y) = (i % half * 2, i / half * 2);
                (level[y * side + x]
                    + level[y * side + x + 1]
                    + level[(y + 1) * side + x]
                    + level[(y + 1) * side + x + 1])
                    / 4.0
            })
            .collect();
        side = half;
    }
    let mut image = Image::new_uninit(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    // With its mips: more than `Image::new` takes.
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        // One mip level at a time (bilinear): trilinear filtering cost a CPU
        // rasteriser much more, for a difference hard to see on boards and plaster.
        mipmap_filter: ImageFilterMode::Nearest,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mean colour of an image's top level, linear.
    fn mean(image: &Image) -> Vec3 {
        let size = image.texture_descriptor.size.width as usize;
        let data = image.data.as_ref().expect("data");
        let texels = size * size;
        let sum: Vec3 = data[..texels * 4]
            .chunks(4)
            .map(|t| {
                let c = Color::srgb_u8(t[0], t[1], t[2]).to_linear();
                Vec3::new(c.red, c.green, c.blue)
            })
            .sum();
        sum / texels as f32
    }

    #[test]
    fn each_texture_averages_near_its_surface_colour_and_has_every_mip() {
        for (image, colour) in [
            (planks(), albedo::PLANKS),
            (plaster(), albedo::PLASTER),
            (wainscot(), albedo::WAINSCOT),
        ] {
            let seen = mean(&image);
            let ratio = seen / colour;
            assert!(
                ratio.min_element() > 0.7 && ratio.max_element() < 1.3,
                "mean {seen} for {colour}"
            );
            let size = image.texture_descriptor.size.width;
            assert_eq!(image.texture_descriptor.mip_level_count, size.ilog2() + 1);
            let expected: u32 = (0..=size.ilog2()).map(|k| (size >> k).pow(2) * 4).sum();
            assert_eq!(image.data.as_ref().map(Vec::len), Some(expected as usize));
        }
    }
}
