//! The environment map: the room (`light::radiance`) seen from the board, made into
//! the two cubemaps Bevy's `EnvironmentMapLight` reads, prefiltered here on the CPU.
//!
//! Bevy filters environment maps itself only with compute shaders, which WebGL2 does
//! not have; these are filtered once, at start-up, the same on every platform:
//! - the specular map's mip `k` of `n` is the room blurred by the GGX lobe of
//!   perceptual roughness `k / (n - 1)` (what Bevy's shader looks up for a surface
//!   of that roughness), each level importance-sampled from the one above it;
//! - the diffuse map is the cosine-weighted mean of the room around each direction,
//!   from its projection on nine spherical harmonics.
//!
//! Texel directions follow the cube map convention (face order +X, -X, +Y, -Y, +Z,
//! -Z); Bevy samples with z negated ("cube maps are left-handed"), so the texel of
//! cube direction `c` holds the world's `(c.x, c.y, -c.z)`.

use bevy::math::{Vec2, Vec3};

/// A cube map of colours, one square face after another.
#[derive(Clone, Debug)]
pub struct Cube {
    pub size: usize,
    /// Six faces of `size * size` texels, rows from the top.
    pub texels: Vec<Vec3>,
}

impl Cube {
    /// A cube of `size` whose texel of cube direction `c` is `f(c)`.
    pub fn from_fn(size: usize, mut f: impl FnMut(Vec3) -> Vec3) -> Self {
        let mut texels = Vec::with_capacity(size * size * 6);
        for face in 0..6 {
            for y in 0..size {
                for x in 0..size {
                    texels.push(f(texel_direction(face, size, x, y)));
                }
            }
        }
        Self { size, texels }
    }

    /// The colour towards cube direction `c`, bilinear within the face it falls on.
    #[must_use]
    pub fn sample(&self, c: Vec3) -> Vec3 {
        let (face, st) = face_coordinates(c);
        let n = self.size;
        let at = (st * 0.5 + 0.5) * n as f32 - Vec2::splat(0.5);
        let x0 = at.x.floor();
        let y0 = at.y.floor();
        let (fx, fy) = (at.x - x0, at.y - y0);
        let clamp = |v: f32| (v.max(0.0) as usize).min(n - 1);
        let texel = |x: f32, y: f32| self.texels[face * n * n + clamp(y) * n + clamp(x)];
        let top = texel(x0, y0).lerp(texel(x0 + 1.0, y0), fx);
        let bottom = texel(x0, y0 + 1.0).lerp(texel(x0 + 1.0, y0 + 1.0), fx);
        top.lerp(bottom, fy)
    }
}

/// The cube direction (not normalised) through the centre of texel (x, y) of a face.
#[must_use]
pub fn texel_direction(face: usize, size: usize, x: usize, y: usize) -> Vec3 {
    let s = (x as f32 + 0.5) / size as f32 * 2.0 - 1.0;
    let t = (y as f32 + 0.5) / size as f32 * 2.0 - 1.0;
    face_direction(face, s, t)
}

/// The cube direction at (s, t) in [-1, 1]² of a face.
#[must_use]
pub fn face_direction(face: usize, s: f32, t: f32) -> Vec3 {
    match face {
        0 => Vec3::new(1.0, -t, -s),
        1 => Vec3::new(-1.0, -t, s),
        2 => Vec3::new(s, 1.0, t),
        3 => Vec3::new(s, -1.0, -t),
        4 => Vec3::new(s, -t, 1.0),
        _ => Vec3::new(-s, -t, -1.0),
    }
}

/// The face a cube direction points into, and where on it.
#[must_use]
pub fn face_coordinates(c: Vec3) -> (usize, Vec2) {
    let a = c.abs();
    if a.x >= a.y && a.x >= a.z {
        if c.x > 0.0 {
            (0, Vec2::new(-c.z, -c.y) / a.x)
        } else {
            (1, Vec2::new(c.z, -c.y) / a.x)
        }
    } else if a.y >= a.z {
        if c.y > 0.0 {
            (2, Vec2::new(c.x, c.z) / a.y)
        } else {
            (3, Vec2::new(c.x, -c.z) / a.y)
        }
    } else if c.z > 0.0 {
        (4, Vec2::new(c.x, -c.y) / a.z)
    } else {
        (5, Vec2::new(-c.x, -c.y) / a.z)
    }
}

/// The world direction a cube direction stands for in Bevy's environment maps.
#[must_use]
pub fn world(c: Vec3) -> Vec3 {
    Vec3::new(c.x, c.y, -c.z).normalize()
}

/// The specular map's levels, from `size` down to one texel: level 0 is `radiance`
/// (each texel the mean of four rays), level `k` that blurred by GGX of perceptual
/// roughness `k / (levels - 1)`.
#[must_use]
pub fn specular_levels(size: usize, radiance: impl Fn(Vec3) -> Vec3) -> Vec<Cube> {
    let levels = size.trailing_zeros() as usize + 1;
    let mut cubes = Vec::with_capacity(levels);
    let offsets = [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)];
    let mut top = Vec::with_capacity(size * size * 6);
    for face in 0..6 {
        for y in 0..size {
            for x in 0..size {
                let mut sum = Vec3::ZERO;
                for (dx, dy) in offsets {
                    let s = (x as f32 + 0.5 + dx) / size as f32 * 2.0 - 1.0;
                    let t = (y as f32 + 0.5 + dy) / size as f32 * 2.0 - 1.0;
                    sum += radiance(world(face_direction(face, s, t)));
                }
                top.push(sum / 4.0);
            }
        }
    }
    cubes.push(Cube { size, texels: top });
    for level in 1..levels {
        let roughness = level as f32 / (levels - 1) as f32;
        let alpha = roughness * roughness;
        let samples = (16 << level).min(256);
        let lobe = ggx_samples(alpha, samples);
        let above = &cubes[level - 1];
        let next = Cube::from_fn(size >> level, |c| {
            let n = c.normalize();
            let (tangent, bitangent) = n.any_orthonormal_pair();
            let mut sum = Vec3::ZERO;
            let mut weight = 0.0;
            for h in &lobe {
                let half = tangent * h.x + bitangent * h.y + n * h.z;
                // Reflect the view (along the normal, as the split sum assumes).
                let l = 2.0 * n.dot(half) * half - n;
                let cos = n.dot(l);
                if cos > 0.0 {
                    sum += above.sample(l) * cos;
                    weight += cos;
                }
            }
            if weight > 0.0 {
                sum / weight
            } else {
                above.sample(n)
            }
        });
        cubes.push(next);
    }
    cubes
}

/// GGX half vectors around +Z for roughness `alpha` (Hammersley points).
fn ggx_samples(alpha: f32, count: usize) -> Vec<Vec3> {
    (0..count)
        .map(|i| {
            let u = (i as f32 + 0.5) / count as f32;
            let v = radical_inverse(i as u32);
            let phi = std::f32::consts::TAU * v;
            let cos = ((1.0 - u) / (1.0 + (alpha * alpha - 1.0) * u)).sqrt();
            let sin = (1.0 - cos * cos).max(0.0).sqrt();
            Vec3::new(sin * phi.cos(), sin * phi.sin(), cos)
        })
        .collect()
}

/// Van der Corput's radical inverse in base 2.
fn radical_inverse(i: u32) -> f32 {
    i.reverse_bits() as f32 * 2.328_306_4e-10
}

/// The diffuse map: for each direction the cosine-weighted mean of `cube` around it
/// (irradiance over π, what a white matte surface facing there shows), through the
/// cube's projection on the first nine spherical harmonics.
#[must_use]
pub fn diffuse(cube: &Cube, size: usize) -> Cube {
    let n = cube.size;
    let mut coefficients = [Vec3::ZERO; 9];
    for face in 0..6 {
        for y in 0..n {
            for x in 0..n {
                let c = texel_direction(face, n, x, y);
                let solid_angle = 4.0 / (n * n) as f32 / c.length_squared().powf(1.5);
                let colour = cube.texels[face * n * n + y * n + x];
                for (coefficient, basis) in coefficients.iter_mut().zip(harmonics(c.normalize())) {
                    *coefficient += colour * basis * solid_angle;
                }
            }
        }
    }
    // Lambert's cosine lobe in the harmonics (π, 2π/3, π/4 by band), over π.
    let band = [
        1.0,
        2.0 / 3.0,
        2.0 / 3.0,
        2.0 / 3.0,
        0.25,
        0.25,
        0.25,
        0.25,
        0.25,
    ];
    Cube::from_fn(size, |c| {
        harmonics(c.normalize())
            .iter()
            .zip(coefficients.iter().zip(band))
            .map(|(basis, (coefficient, scale))| *coefficient * *basis * scale)
            .sum::<Vec3>()
            .max(Vec3::ZERO)
    })
}

/// The real spherical harmonics of bands 0 to 2 at unit direction `d`.
fn harmonics(d: Vec3) -> [f32; 9] {
    [
        0.282_095,
        0.488_603 * d.y,
        0.488_603 * d.z,
        0.488_603 * d.x,
        1.092_548 * d.x * d.y,
        1.092_548 * d.y * d.z,
        0.315_392 * (3.0 * d.z * d.z - 1.0),
        1.092_548 * d.x * d.z,
        0.546_274 * (d.x * d.x - d.y * d.y),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_and_face_coordinates_agree() {
        for face in 0..6 {
            for (x, y) in [(0, 0), (3, 1), (7, 7), (2, 6)] {
                let c = texel_direction(face, 8, x, y);
                let (back, st) = face_coordinates(c);
                assert_eq!(back, face);
                let s = (x as f32 + 0.5) / 8.0 * 2.0 - 1.0;
                let t = (y as f32 + 0.5) / 8.0 * 2.0 - 1.0;
                assert!(
                    (st - Vec2::new(s, t)).length() < 1e-5,
                    "face {face} {x},{y}"
                );
            }
        }
    }

    #[test]
    fn bevy_looks_up_world_minus_z_on_the_plus_z_face() {
        // The shader negates z: a world direction towards -z reads the +Z face.
        let (face, _) = face_coordinates(Vec3::new(0.0, 0.0, 1.0));
        assert_eq!(face, 4);
        assert_eq!(world(Vec3::Z), Vec3::NEG_Z);
    }

    #[test]
    fn a_uniform_room_stays_uniform_at_every_level_and_in_the_diffuse_map() {
        let grey = Vec3::splat(0.4);
        let levels = specular_levels(16, |_| grey);
        assert_eq!(levels.len(), 5);
        assert_eq!(levels.last().map(|cube| cube.size), Some(1));
        for cube in &levels {
            for texel in &cube.texels {
                assert!((*texel - grey).abs().max_element() < 1e-4);
            }
        }
        for texel in diffuse(&levels[0], 4).texels {
            assert!((texel - grey).abs().max_element() < 0.01, "{texel}");
        }
    }

    #[test]
    fn rougher_levels_spread_a_bright_spot_and_the_diffuse_map_faces_it() {
        // A bright sky above a black floor.
        let levels = specular_levels(32, |d| if d.y > 0.7 { Vec3::ONE } else { Vec3::ZERO });
        let sideways = Vec3::new(1.0, 0.2, 0.0);
        let sharp = levels[0].sample(sideways);
        let blurred = levels[4].sample(sideways);
        assert!(sharp.x < 1e-3);
        assert!(blurred.x > 0.05, "{blurred}");
        let light = diffuse(&levels[0], 8);
        let up = light.sample(Vec3::Y).x;
        let down = light.sample(Vec3::NEG_Y).x;
        assert!(up > 0.5 && down < 0.05, "up {up}, down {down}");
    }
}
