//! Makes Connect Four's opening book (see `tabletop::ai::connectfour::book`):
//! `cargo run --release --no-default-features --example connectfour_book -- OUT [DEPTH]`.
//! `scripts/make-connectfour-book.sh` runs it and writes `assets/connectfour/book.bin`.

use std::time::Instant;

use tabletop::ai::connectfour::book;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(out) = args.next() else {
        eprintln!("usage: connectfour_book OUT [DEPTH]");
        std::process::exit(2);
    };
    let depth = match args.next().map(|d| d.parse::<u32>()) {
        None => book::DEPTH,
        Some(Ok(depth)) if depth <= 16 => depth,
        Some(_) => {
            eprintln!("DEPTH is a number of plies up to 16");
            std::process::exit(2);
        }
    };
    let began = Instant::now();
    let bytes = book::generate(depth, 25, |n| {
        if n.is_multiple_of(50) {
            eprintln!(
                "{n} positions solved, {:.0} s",
                began.elapsed().as_secs_f64()
            );
        }
    });
    if let Err(e) = std::fs::write(&out, &bytes) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
    println!(
        "{} positions to {depth} plies in {:.1} s: {out} ({} bytes)",
        bytes.len() / 10,
        began.elapsed().as_secs_f64(),
        bytes.len()
    );
}
