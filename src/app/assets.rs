//! The files the game loads through Bevy's asset server: the fonts and each game's
//! sounds, named where they are used with [`asset_file!`](crate::asset_file).
//!
//! The desktop binary carries them inside itself (Bevy's embedded assets), as it
//! carries the catalogues and the Connect Four book: a `tabletop` copied anywhere, or
//! installed with `cargo install`, plays with its fonts and sounds and needs no
//! `assets/` folder. The browser build fetches them over HTTP from `assets/` beside
//! the module (the page's other files), so the module stays small.

#[cfg(not(target_arch = "wasm32"))]
use std::path::{Path, PathBuf};

use bevy::asset::AssetPath;
#[cfg(not(target_arch = "wasm32"))]
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;

/// A file under `assets/`: its path there, and on the desktop its bytes.
#[derive(Clone, Copy, Debug)]
pub struct AssetFile {
    path: &'static str,
    #[cfg(not(target_arch = "wasm32"))]
    bytes: &'static [u8],
}

/// The file at `$path` under `assets/`, as an [`AssetFile`]: its bytes compiled into
/// the desktop binary, its path alone in the browser build.
#[cfg(not(target_arch = "wasm32"))]
#[macro_export]
macro_rules! asset_file {
    ($path:literal) => {
        $crate::app::assets::AssetFile::carried(
            $path,
            include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/", $path)),
        )
    };
}

/// The file at `$path` under `assets/`, as an [`AssetFile`]: its bytes compiled into
/// the desktop binary, its path alone in the browser build.
#[cfg(target_arch = "wasm32")]
#[macro_export]
macro_rules! asset_file {
    ($path:literal) => {
        $crate::app::assets::AssetFile::fetched($path)
    };
}

/// The source name of the game's files among Bevy's embedded assets.
#[cfg(not(target_arch = "wasm32"))]
const EMBEDDED_ROOT: &str = "tabletop";

impl AssetFile {
    /// `path` with its `bytes`, carried in the binary ([`asset_file!`](crate::asset_file)).
    #[cfg(not(target_arch = "wasm32"))]
    #[must_use]
    pub const fn carried(path: &'static str, bytes: &'static [u8]) -> Self {
        Self { path, bytes }
    }

    /// `path`, fetched beside the page ([`asset_file!`](crate::asset_file)).
    #[cfg(target_arch = "wasm32")]
    #[must_use]
    pub const fn fetched(path: &'static str) -> Self {
        Self { path }
    }

    /// Its path under `assets/`: `sounds/stone.wav`.
    #[must_use]
    pub fn path(&self) -> &'static str {
        self.path
    }

    /// Where the asset server finds it: among the embedded assets on the desktop
    /// (`embedded://tabletop/sounds/stone.wav`), beside the page in a browser.
    #[must_use]
    pub fn asset_path(&self) -> AssetPath<'static> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            AssetPath::from(format!("embedded://{EMBEDDED_ROOT}/{}", self.path))
        }
        #[cfg(target_arch = "wasm32")]
        {
            AssetPath::from(self.path)
        }
    }

    /// Makes it loadable in `app` (an app with the asset plugin): into Bevy's
    /// embedded assets on the desktop; in a browser it is fetched when loaded. Every
    /// file made loadable is listed in [`GameFiles`].
    pub fn carry(self, app: &mut App) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(embedded) = app.world().get_resource::<EmbeddedAssetRegistry>() {
            let path = Path::new(EMBEDDED_ROOT).join(self.path);
            embedded.insert_asset(PathBuf::from(self.path), &path, self.bytes);
        }
        let mut files = app.world_mut().get_resource_or_init::<GameFiles>();
        if !files.0.iter().any(|file| file.path == self.path) {
            files.0.push(self);
        }
    }

    /// Starts loading it.
    pub fn load<A: Asset>(&self, server: &AssetServer) -> Handle<A> {
        server.load(self.asset_path())
    }
}

/// Every file the game has made loadable ([`AssetFile::carry`]): what the desktop
/// binary carries.
#[derive(Resource, Default, Debug)]
pub struct GameFiles(Vec<AssetFile>);

impl GameFiles {
    /// The files, in the order they were made loadable.
    pub fn iter(&self) -> impl Iterator<Item = &AssetFile> {
        self.0.iter()
    }
}
