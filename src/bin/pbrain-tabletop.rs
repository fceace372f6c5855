//! `pbrain-tabletop`: the Gomoku engine over the Gomocup (Piskvork) protocol on
//! stdin/stdout. See [`tabletop::tools::gomocup`].

use std::io::{BufRead, Write};

use tabletop::ai::gomoku::default_threads;
use tabletop::tools::gomocup::{Flow, Session};

fn main() {
    let mut session = Session::new(default_threads());
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let mut replies = Vec::new();
    for line in stdin.lock().lines() {
        // Bytes that are not UTF-8 make one bad line, not the end of the session.
        let line = line.unwrap_or_else(|_| "\u{fffd}".to_owned());
        let flow = session.handle(&line, &mut replies);
        for reply in replies.drain(..) {
            if writeln!(stdout, "{reply}")
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return;
            }
        }
        if flow == Flow::Quit {
            return;
        }
    }
}
