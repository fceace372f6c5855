//! `pbrain-tabletop`: the Gomoku engine over the Gomocup (Piskvork) protocol on
//! stdin/stdout. See [`tabletop::tools::gomoku::gomocup`].
//!
//! The input is read on a thread of its own, so the engine hears the manager while
//! it thinks: `YXSTOP` makes a running search answer at once with its best move so
//! far, and `END` stops it too, so the process ends within milliseconds. Every other
//! line waits its turn and is handled in order.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering::SeqCst};
use std::sync::{Arc, Mutex, mpsc};

use tabletop::ai::gomoku::default_threads;
use tabletop::tools::gomoku::gomocup::{Flow, Session};

fn main() {
    let mut session = Session::new(default_threads());
    let stdout = Arc::new(Mutex::new(std::io::stdout()));
    let print = {
        let stdout = stdout.clone();
        move |line: &str| {
            let mut out = stdout
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            writeln!(out, "{line}").and_then(|()| out.flush()).is_ok()
        }
    };
    session.on_message({
        let print = print.clone();
        move |line| {
            print(&line);
        }
    });

    // The line number of the last stop (`YXSTOP`, `END`) the reader has seen: a stop
    // applies to the commands read before it.
    let stopped_at = Arc::new(AtomicU64::new(0));
    let stop = session.stop_flag();
    let (lines, inbox) = mpsc::channel::<(u64, String)>();
    {
        let stopped_at = stopped_at.clone();
        let stop = stop.clone();
        std::thread::spawn(move || {
            for (number, line) in (1..).zip(std::io::stdin().lock().lines()) {
                // Bytes that are not UTF-8 make one bad line, not the end of the session.
                let line = line.unwrap_or_else(|_| "\u{fffd}".to_owned());
                let command = line.trim().to_ascii_uppercase();
                if matches!(command.as_str(), "YXSTOP" | "STOP" | "END") {
                    stopped_at.store(number, SeqCst);
                    stop.store(true, SeqCst);
                }
                if lines.send((number, line)).is_err() {
                    return;
                }
            }
        });
    }

    // The pattern tables, built beside the session rather than in the first search's
    // time (a busy machine took over 400 ms for them there, and lost a game on time);
    // a search that comes before they are done waits for them.
    std::thread::spawn(tabletop::ai::gomoku::prepare);

    let mut replies = Vec::new();
    for (number, line) in inbox {
        // A stop read after this line stops its search; one read before it does not.
        stop.store(false, SeqCst);
        if stopped_at.load(SeqCst) > number {
            stop.store(true, SeqCst);
        }
        let flow = session.handle(&line, &mut replies);
        for reply in replies.drain(..) {
            if !print(&reply) {
                return;
            }
        }
        if flow == Flow::Quit {
            return;
        }
    }
}
