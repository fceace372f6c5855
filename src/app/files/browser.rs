//! Saving and loading in a browser: a saved game is offered as a download, and Load
//! opens the browser's file picker; what the person picks reaches the game as a
//! [`GameFileOpened`] message and loads like a file on the desktop.

use std::sync::Mutex;

use bevy::prelude::*;
use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, ClipboardEvent, HtmlAnchorElement, HtmlInputElement, Url};

use super::clipboard::TextPasted;
use crate::app::table::GameFileOpened;
use crate::app::web::{document, js_error};

/// Offers `text` to the person as a download named `name`: the browser's "save" of a
/// game.
pub(super) fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |error| js_error(&format!("could not save {name}"), error);
    let options = BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = Blob::new_with_str_sequence_and_options(&Array::of1(&text.into()), &options)
        .map_err(fail)?;
    let url = Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let anchor: HtmlAnchorElement = document()?
        .create_element("a")
        .map_err(fail)?
        .unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    Url::revoke_object_url(&url).map_err(fail)
}

/// Files the picker has read, waiting for [`deliver_opened_files`].
static OPENED: Mutex<Vec<GameFileOpened>> = Mutex::new(Vec::new());

/// Opens the browser's file picker for a saved game. The file chosen is read in the
/// background and reaches the game as a [`GameFileOpened`] message, which loads like
/// a file on the desktop: the same format, the same errors. Cancelling does nothing.
pub fn pick_game_file() -> Result<(), String> {
    let fail = |error| js_error("could not open the file picker", error);
    let input: HtmlInputElement = document()?
        .create_element("input")
        .map_err(fail)?
        .unchecked_into();
    input.set_type("file");
    input.set_accept(".txt,.psq,text/plain");
    let chosen = input.clone();
    let on_change = Closure::once_into_js(move || {
        let Some(file) = chosen.files().and_then(|files| files.get(0)) else {
            return;
        };
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.name();
            let text = match JsFuture::from(file.text()).await {
                Ok(text) => text.as_string().unwrap_or_default(),
                Err(error) => {
                    warn!("{}", js_error(&format!("could not read {name}"), error));
                    return;
                }
            };
            OPENED
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(GameFileOpened { name, text });
        });
    });
    input.set_onchange(Some(on_change.unchecked_ref()));
    input.click();
    Ok(())
}

/// Hands the files the picker read to the game.
fn deliver_opened_files(mut opened: MessageWriter<GameFileOpened>) {
    let files = std::mem::take(
        &mut *OPENED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    opened.write_batch(files);
}

/// Text the page's paste events carried, waiting for [`deliver_pasted`].
static PASTED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Listens to the page's paste events (Ctrl+V, the browser's Paste): their text
/// opens as a pasted game. The event needs no permission, unlike reading the
/// clipboard.
fn listen_for_paste() {
    let on_paste = Closure::<dyn FnMut(ClipboardEvent)>::new(|event: ClipboardEvent| {
        let text = event
            .clipboard_data()
            .and_then(|data| data.get_data("text/plain").ok());
        if let Some(text) = text {
            PASTED
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(text);
        }
    });
    match document() {
        Ok(document) => {
            if let Err(error) = document
                .add_event_listener_with_callback("paste", on_paste.as_ref().unchecked_ref())
            {
                warn!("{}", js_error("could not listen for pastes", error));
            }
        }
        Err(why) => warn!("{why}"),
    }
    // The listener lives as long as the page.
    on_paste.forget();
}

/// Hands the text pasted into the page to the game.
fn deliver_pasted(mut pasted: MessageWriter<TextPasted>) {
    let texts = std::mem::take(
        &mut *PASTED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    pasted.write_batch(texts.into_iter().map(TextPasted));
}

/// The browser's side of saving and loading: files the picker read, and text pasted
/// into the page, reach the game.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, listen_for_paste)
        .add_systems(PreUpdate, (deliver_opened_files, deliver_pasted));
}
