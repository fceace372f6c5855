//! The desktop binary carries its fonts and sounds: they load with no `assets/`
//! folder anywhere near it.

use std::time::{Duration, Instant};

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadState};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tabletop::app::assets::GameFiles;
use tabletop::app::core_plugin;
use tabletop::app::sound::Cues;
use tabletop::app::ui_theme::{FONTS, fonts_plugin};

use super::temp_dir;

/// A file's bytes, whatever it holds.
#[derive(Asset, TypePath, Debug)]
struct Bytes(Vec<u8>);

#[derive(Default, TypePath)]
struct BytesLoader;

impl AssetLoader for BytesLoader {
    type Asset = Bytes;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        _: &mut LoadContext<'_>,
    ) -> Result<Bytes, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(Bytes(bytes))
    }

    fn extensions(&self) -> &[&str] {
        &["wav", "ttf", "otf"]
    }
}

#[test]
fn fonts_and_sounds_load_with_no_assets_folder() {
    // The asset server's folder is an empty one: whatever loads comes from the binary.
    let empty = temp_dir("no-assets");
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin {
            file_path: empty.path().display().to_string(),
            ..default()
        },
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .init_asset::<Image>()
    .add_plugins((core_plugin, fonts_plugin))
    .init_asset::<Bytes>()
    .init_asset_loader::<BytesLoader>();
    app.update();

    let files: Vec<_> = app
        .world()
        .resource::<GameFiles>()
        .iter()
        .copied()
        .collect();
    // Every font and every cue of every game is carried.
    for font in FONTS {
        assert!(
            files.iter().any(|f| f.path() == font.path()),
            "{}",
            font.path()
        );
    }
    let cues: Vec<_> = app.world().resource::<Cues>().iter().collect();
    assert!(
        cues.len() >= 8,
        "the games' cues and the shared ones: {cues:?}"
    );
    for cue in &cues {
        assert!(
            files.iter().any(|f| f.path() == cue.path()),
            "{}",
            cue.path()
        );
    }

    let server = app.world().resource::<AssetServer>().clone();
    let handles: Vec<(&str, Handle<Bytes>)> = files
        .iter()
        .map(|file| (file.path(), server.load(file.asset_path())))
        .collect();
    let start = Instant::now();
    while handles.iter().any(|(_, handle)| {
        !matches!(
            server.load_state(handle),
            LoadState::Loaded | LoadState::Failed(_)
        )
    }) {
        assert!(start.elapsed() < Duration::from_secs(20), "still loading");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let loaded = app.world().resource::<Assets<Bytes>>();
    for (path, handle) in &handles {
        let on_disk =
            std::fs::read(format!("{}/assets/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let Some(Bytes(bytes)) = loaded.get(handle) else {
            panic!("{path}: {:?}", server.load_state(handle));
        };
        assert_eq!(bytes.len(), on_disk.len(), "{path}");
        assert!(*bytes == on_disk, "{path}: not the file's bytes");
    }
}
