//! `tabletop-server`: rooms for online games, and the web build on the same origin.
//! See [`tabletop::online::server`] and docs/online.md.
//!
//!     tabletop-server --listen 127.0.0.1:8080 --web web/dist
//!
//! The rooms are kept in `rooms.db` in `--data` (default: the OS's data directory,
//! `~/.local/share/tabletop-server` on Linux).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use tabletop::online::server::{Hub, Rate, serve};
use tabletop::online::sqlite::SqliteStore;

/// Tabletop's game server: rooms for online games over WebSockets (at /ws), the web
/// build on the same origin, and /healthz.
#[derive(Parser, Debug)]
#[command(name = "tabletop-server", version)]
struct Args {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The folder of the room store (rooms.db) [default: the OS's data directory].
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// The web build to serve at / (scripts/build-web.sh writes web/dist).
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            eprintln!(
                "{} (see tabletop-server --help)",
                text.lines().next().unwrap_or("bad arguments")
            );
            return ExitCode::from(2);
        }
    };
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    let data = match args.data {
        Some(dir) => dir,
        None => dirs::data_dir()
            .ok_or("no data directory on this system: give --data DIR")?
            .join("tabletop-server"),
    };
    std::fs::create_dir_all(&data).map_err(|e| format!("cannot make {}: {e}", data.display()))?;
    if let Some(web) = &args.web
        && !web.join("index.html").is_file()
    {
        return Err(format!(
            "{} has no index.html: build it with scripts/build-web.sh",
            web.display()
        ));
    }
    let store = SqliteStore::open(&data.join("rooms.db")).map_err(|e| e.to_string())?;
    let hub = Hub::load(Box::new(store), Rate::default())?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
        eprintln!(
            "tabletop-server {}: {} rooms from {}; listening on http://{} (WebSocket at /ws){}",
            env!("CARGO_PKG_VERSION"),
            hub.room_count(),
            data.join("rooms.db").display(),
            args.listen,
            args.web
                .as_ref()
                .map_or(String::new(), |web| format!(", serving {}", web.display()))
        );
        serve(listener, hub, args.web)
            .await
            .map_err(|e| e.to_string())
    })
}
