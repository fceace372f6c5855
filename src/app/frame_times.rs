//! `tabletop --frame-times` (on the web `?frame-times`): Bevy's frame-time
//! diagnostics, split by whether an AI is thinking, logged every few seconds, and the
//! frames of each AI think on their own once it ends. This is how the claim "the frame
//! never waits for the AI" is measured.

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
    /// The frames of the AI work under way.
    this_think: Stats,
    /// Whether an AI task was there at the end of the frame before last, and of the
    /// last frame.
    task_at_end: [bool; 2],
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
    // The time just measured runs from the last frame's start to this one's: the last
    // frame's work, then the wait for this one, in which an AI task that was there at
    // the end of the last frame ran (in a browser, on the same thread). It counts as
    // a frame while the AI thought only if the task was also there at the end of the
    // frame before: the frame that starts a task does its own work first (the first
    // time, shader compiles), which the AI has no part in. Frames half in a think
    // count as neither.
    let task_now = !tasks.is_empty();
    match times.task_at_end {
        [true, true] => {
            times.thinking.add(ms);
            times.this_think.add(ms);
        }
        [false, false] => times.idle.add(ms),
        _ => {}
    }
    if times.task_at_end[1] && !task_now {
        let think = std::mem::take(&mut times.this_think);
        info!("frames while the AI thought: {think}");
    }
    times.task_at_end = [times.task_at_end[1], task_now];
    if time.elapsed() - times.last_report >= REPORT_EVERY {
        times.last_report = time.elapsed();
        info!(
            "frame times: idle {} | AI thinking {}",
            times.idle, times.thinking
        );
    }
}
