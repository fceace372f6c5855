//! `tabletop --frame-times`: Bevy's frame-time diagnostics, split by whether an AI is
//! thinking, logged every few seconds. This is how the claim "the frame never waits
//! for the AI" is measured.

use std::time::Duration;

use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;

use super::ai::AiWorker;

/// How often the totals are logged.
const REPORT_EVERY: Duration = Duration::from_secs(5);

/// Frame-time totals for one kind of frame.
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    frames: u32,
    sum_ms: f64,
    max_ms: f64,
}

impl Stats {
    fn add(&mut self, ms: f64) {
        self.frames += 1;
        self.sum_ms += ms;
        self.max_ms = self.max_ms.max(ms);
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.frames == 0 {
            return f.write_str("no frames");
        }
        write!(
            f,
            "{} frames, mean {:.1} ms, max {:.1} ms",
            self.frames,
            self.sum_ms / f64::from(self.frames),
            self.max_ms
        )
    }
}

#[derive(Resource, Debug, Default)]
struct FrameTimes {
    idle: Stats,
    thinking: Stats,
    last_report: Duration,
}

/// Adds Bevy's frame-time diagnostics and the split report.
pub fn plugin(app: &mut App) {
    app.add_plugins(FrameTimeDiagnosticsPlugin::default())
        .init_resource::<FrameTimes>()
        .add_systems(Last, record_frame_time);
}

fn record_frame_time(
    store: Res<DiagnosticsStore>,
    tasks: Query<(), With<AiWorker>>,
    time: Res<Time<Real>>,
    mut times: ResMut<FrameTimes>,
) {
    let Some(ms) = store
        .get(&FrameTimeDiagnosticsPlugin::FRAME_TIME)
        .and_then(|diagnostic| diagnostic.measurement())
        .map(|measurement| measurement.value)
    else {
        return;
    };
    if tasks.is_empty() {
        times.idle.add(ms);
    } else {
        times.thinking.add(ms);
    }
    if time.elapsed() - times.last_report >= REPORT_EVERY {
        times.last_report = time.elapsed();
        info!(
            "frame times: idle {} | AI thinking {}",
            times.idle, times.thinking
        );
    }
}
