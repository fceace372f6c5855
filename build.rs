//! Joins each language's catalogues (`assets/locales/<tag>/*.ftl`: the shared
//! `tabletop.ftl`, then every game's own file) into one per language, which the app
//! compiles in (`app::locale`). A game's messages come in with its file: adding a
//! game adds files there and edits none.

use std::fs;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=assets/locales");
    if std::env::var_os("CARGO_FEATURE_APP").is_none() {
        return;
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("locales");
    fs::create_dir_all(&out).expect("a folder for the catalogues");
    let locales = Path::new("assets/locales");
    for language in fs::read_dir(locales).expect("assets/locales") {
        let language = language.expect("a catalogue folder").path();
        if !language.is_dir() {
            continue;
        }
        let mut files: Vec<_> = fs::read_dir(&language)
            .expect("a catalogue folder")
            .map(|entry| entry.expect("a catalogue").path())
            .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
            .collect();
        // The shared catalogue first, then the games' in name order.
        files.sort_by_key(|path| (!path.ends_with("tabletop.ftl"), path.clone()));
        let mut joined = String::new();
        for file in files {
            joined.push_str(&fs::read_to_string(&file).expect("a catalogue in UTF-8"));
            joined.push('\n');
        }
        let tag = language.file_name().expect("a folder name");
        fs::write(out.join(tag).with_extension("ftl"), joined).expect("the joined catalogue");
    }
}
