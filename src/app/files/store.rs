//! A small text file of the player's that the game keeps for them (the autosave, the
//! settings): a file in one of the OS's directories on the desktop, written
//! atomically (a temporary file renamed over the old one, so a crash mid-write
//! leaves the previous one whole); an entry of the page's local storage in a
//! browser.

/// Which of the OS's directories a file belongs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// The data directory (`~/.local/share/tabletop/`, or `TABLETOP_DATA_DIR`).
    Data,
    /// The config directory (`~/.config/tabletop/`, or `TABLETOP_CONFIG_DIR`).
    Config,
}

/// One such file.
#[derive(Clone, Debug)]
pub struct PlayerFile {
    /// Its directory (desktop).
    #[cfg(not(target_arch = "wasm32"))]
    dir: std::path::PathBuf,
    /// Its name: `autosave.txt`; in a browser its key is `tabletop.autosave`.
    name: &'static str,
}

impl PlayerFile {
    /// The file `name` in `dir` (desktop).
    #[cfg(not(target_arch = "wasm32"))]
    #[must_use]
    pub fn in_dir(dir: impl Into<std::path::PathBuf>, name: &'static str) -> Self {
        Self {
            dir: dir.into(),
            name,
        }
    }

    /// The player's file `name` in `place`: its environment variable's directory,
    /// else `tabletop/` in the OS's; `None` where there is none (no home directory).
    /// In a browser: the page's local storage.
    #[must_use]
    pub(super) fn for_player(
        name: &'static str,
        #[cfg_attr(target_arch = "wasm32", allow(unused_variables))] place: Place,
    ) -> Option<Self> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (var, os_dir) = match place {
                Place::Data => ("TABLETOP_DATA_DIR", dirs::data_dir()),
                Place::Config => ("TABLETOP_CONFIG_DIR", dirs::config_dir()),
            };
            let dir = std::env::var_os(var)
                .map(std::path::PathBuf::from)
                .or_else(|| os_dir.map(|d| d.join("tabletop")))?;
            Some(Self { dir, name })
        }
        #[cfg(target_arch = "wasm32")]
        Some(Self { name })
    }

    /// The file (desktop).
    #[cfg(not(target_arch = "wasm32"))]
    #[must_use]
    pub fn path(&self) -> std::path::PathBuf {
        self.dir.join(self.name)
    }

    /// Its key in a browser's local storage: `tabletop.autosave`.
    #[cfg(target_arch = "wasm32")]
    fn key(&self) -> String {
        let stem = self.name.strip_suffix(".txt").unwrap_or(self.name);
        format!("tabletop.{stem}")
    }

    /// What people call it in messages: `the autosave`.
    fn what(&self) -> &'static str {
        self.name.strip_suffix(".txt").unwrap_or(self.name)
    }

    /// The text, `Ok(None)` if there is none.
    pub fn read(&self) -> Result<Option<String>, String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            match std::fs::read(self.path()) {
                Ok(bytes) => String::from_utf8(bytes)
                    .map(Some)
                    .map_err(|_| format!("the {} is not text", self.what())),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(format!("could not read {}: {e}", self.path().display())),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            storage()?.get_item(&self.key()).map_err(|e| {
                crate::app::web::js_error(&format!("could not read the {}", self.what()), e)
            })
        }
    }

    /// Writes `text` in its place, atomically on the desktop.
    pub fn write(&self, text: &str) -> Result<(), String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let fail = |e: std::io::Error| {
                format!(
                    "could not write the {} to {}: {e}",
                    self.what(),
                    self.dir.display()
                )
            };
            std::fs::create_dir_all(&self.dir).map_err(fail)?;
            let temporary = self.dir.join(format!("{}.tmp", self.name));
            std::fs::write(&temporary, text).map_err(fail)?;
            std::fs::rename(&temporary, self.path()).map_err(fail)
        }
        #[cfg(target_arch = "wasm32")]
        {
            storage()?.set_item(&self.key(), text).map_err(|e| {
                crate::app::web::js_error(&format!("could not write the {}", self.what()), e)
            })
        }
    }

    /// Moves a broken file out of the way, keeping it: returns where it went
    /// (`autosave-broken-<time>.txt`).
    pub fn set_aside(&self) -> Result<String, String> {
        let fail = |e| format!("could not set the {} aside: {e}", self.what());
        #[cfg(not(target_arch = "wasm32"))]
        {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let aside = self.dir.join(format!("{}-broken-{stamp}.txt", self.what()));
            std::fs::rename(self.path(), &aside).map_err(fail)?;
            Ok(aside.display().to_string())
        }
        #[cfg(target_arch = "wasm32")]
        {
            let storage = storage()?;
            let key = self.key();
            let js = |e| fail(crate::app::web::js_error("local storage", e));
            let text = storage.get_item(&key).map_err(js)?.unwrap_or_default();
            let aside = format!("{key}.broken");
            storage.set_item(&aside, &text).map_err(js)?;
            storage.remove_item(&key).map_err(js)?;
            Ok(format!("local storage '{aside}'"))
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|window| window.local_storage().ok().flatten())
        .ok_or_else(|| "this page has no local storage".to_owned())
}
