//! What only the browser build does differently: the page's thread is shared with the
//! AI ([`yield_to_browser`]), and the address's query string stands in for the command
//! line ([`query_args`]). Files are downloads and a file picker: see
//! `app::files::browser`, which builds on the helpers here.
//!
//! Everything else, the game, the HUD, the save format and its errors, is the same
//! code as on the desktop.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The page's side of the game: the loading overlay goes once the game has drawn
/// with its fonts, and the page can read how many frames the game has drawn
/// (`window.tabletopFrames`: the smoke test times its clicks by frames, not by the
/// clock).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            publish_frame_count,
            remove_loading_overlay.run_if(super::ui_theme::fonts_settled.and_then(run_once)),
        ),
    );
}

/// Bevy's frame count, as `window.tabletopFrames`.
fn publish_frame_count(frames: Res<FrameCount>) {
    let _ = Reflect::set(
        &js_sys::global(),
        &"tabletopFrames".into(),
        &JsValue::from(frames.0),
    );
}

/// Removes the page's loading overlay (web/index.html): the frame drawn now is the
/// first with text (the browser build has no fonts of egui's own to stand in).
fn remove_loading_overlay() {
    if let Some(overlay) = document()
        .ok()
        .and_then(|document| document.get_element_by_id("loading"))
    {
        overlay.remove();
    }
}

/// A pause of a search, over once the browser has had its turn.
pub(super) struct Yield(JsFuture);

impl Future for Yield {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        // The promise only says "go on": neither its value nor a rejection matters.
        Pin::new(&mut self.0).poll(cx).map(|_| ())
    }
}

/// Hands the page's thread back to the browser until its next task: it handles input
/// and, when one is due, draws a frame (runs the app's update), then the search goes
/// on.
///
/// The search goes on in a task of `background` priority (`scheduler.postTask`):
/// everything else the page has to do comes first, and there is no wait when there is
/// nothing else. Where the browser has no `scheduler`, a `setTimeout(0)` does the same
/// at up to 4 ms a pause. (A `MessageChannel` or `scheduler.yield()` would be faster
/// still, but in Chromium their tasks go ahead of drawing: measured in headless
/// Chromium, 8 ms slices yielding through a `MessageChannel` got one animation frame
/// in 3 s, through `postTask` or `setTimeout` one every 0.8-1 s, the rate of an idle
/// page there.)
pub(super) fn yield_to_browser() -> Yield {
    let promise = Promise::new(&mut |resolve, _| {
        if !post_background_task(&resolve) && !set_timeout(&resolve) {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    Yield(JsFuture::from(promise))
}

/// A property of a JavaScript object, if it is there.
fn property(target: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(target, &key.into())
        .ok()
        .filter(|value| !value.is_undefined() && !value.is_null())
}

/// `scheduler.postTask(task, { priority: "background" })`; false where there is none.
/// (Through `Reflect`, as are the calls below: web-sys needs no features for them.)
fn post_background_task(task: &Function) -> bool {
    let Some(scheduler) = property(&js_sys::global(), "scheduler") else {
        return false;
    };
    let Some(post_task) =
        property(&scheduler, "postTask").and_then(|f| f.dyn_into::<Function>().ok())
    else {
        return false;
    };
    let options = js_sys::Object::new();
    let _ = Reflect::set(&options, &"priority".into(), &"background".into());
    post_task.call2(&scheduler, task, &options).is_ok()
}

/// `setTimeout(task, 0)`; false where there is none.
fn set_timeout(task: &Function) -> bool {
    property(&js_sys::global(), "setTimeout")
        .and_then(|f| f.dyn_into::<Function>().ok())
        .is_some_and(|set_timeout| set_timeout.call1(&JsValue::NULL, task).is_ok())
}

/// The page's document.
pub(crate) fn document() -> Result<web_sys::Document, String> {
    web_sys::window()
        .and_then(|window| window.document())
        .ok_or_else(|| "this page has no document".to_owned())
}

/// A JavaScript error as one line.
pub(crate) fn js_error(what: &str, error: JsValue) -> String {
    let reason = error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| format!("{error:?}"));
    format!("{what}: {reason}")
}

/// The page's own game server: `/ws` on the page's host, `wss://` when the page came
/// over `https://` (TLS ends at a proxy in front of the server).
pub(crate) fn page_server() -> Option<String> {
    let location = property(&js_sys::global(), "location")?;
    let protocol = property(&location, "protocol")?.as_string()?;
    let host = property(&location, "host")?.as_string()?;
    if host.is_empty() {
        return None;
    }
    let scheme = if protocol == "https:" { "wss" } else { "ws" };
    Some(format!("{scheme}://{host}/ws"))
}

/// The page address's query string as command-line arguments, so that the same flags
/// work on the web: `?game=gomoku&white=ai:1&frame-times` is
/// `tabletop --game gomoku --white ai:1 --frame-times`.
#[must_use]
pub fn query_args() -> Vec<String> {
    let search = property(&js_sys::global(), "location")
        .and_then(|location| property(&location, "search"))
        .and_then(|search| search.as_string())
        .unwrap_or_default();
    let mut args = vec!["tabletop".to_owned()];
    for pair in search.trim_start_matches('?').split('&') {
        if pair.is_empty() {
            continue;
        }
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let decode = |text: &str| {
            js_sys::decode_uri_component(&text.replace('+', " "))
                .map(String::from)
                .unwrap_or_else(|_| text.to_owned())
        };
        args.push(format!("--{}", decode(key)));
        if !value.is_empty() {
            args.push(decode(value));
        }
    }
    args
}
