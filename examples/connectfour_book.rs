//! Makes Connect Four's opening book (see `tabletop::ai::connectfour::book`):
//! `cargo run --release --no-default-features --example connectfour_book -- OUT [DEPTH]`
//! solves ply by ply, appending each entry to `OUT.partial` as it is found, and
//! writes the sorted book to `OUT` at the end. `-- --finish OUT` makes `OUT` from the
//! `OUT.partial` of a run that was stopped (a book complete to the plies it
//! finished). `scripts/make-connectfour-book.sh` runs it.

use std::io::Write;
use std::time::Instant;

use tabletop::ai::connectfour::book;

fn fail(why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (finish_only, out) = match args.as_slice() {
        [flag, out] if flag == "--finish" => (true, out.clone()),
        [out] | [out, _] => (false, out.clone()),
        _ => fail("usage: connectfour_book OUT [DEPTH] | --finish OUT"),
    };
    let partial = format!("{out}.partial");
    if !finish_only {
        let depth = match args.get(1).map(|d| d.parse::<u32>()) {
            None => book::DEPTH,
            Some(Ok(depth)) if depth <= 16 => depth,
            Some(_) => fail("DEPTH is a number of plies up to 16"),
        };
        let mut file = std::fs::File::create(&partial)
            .unwrap_or_else(|e| fail(&format!("cannot write {partial}: {e}")));
        let began = Instant::now();
        let mut count = 0;
        book::generate(depth, 25, |(key, score, column)| {
            let mut bytes = key.to_le_bytes().to_vec();
            bytes.extend([score as u8, column]);
            file.write_all(&bytes)
                .and_then(|()| file.flush())
                .unwrap_or_else(|e| fail(&format!("cannot write {partial}: {e}")));
            count += 1;
            if count % 25 == 0 {
                eprintln!(
                    "{count} positions solved, {:.0} s",
                    began.elapsed().as_secs_f64()
                );
            }
        });
        eprintln!(
            "{count} positions to {depth} plies in {:.1} s",
            began.elapsed().as_secs_f64()
        );
    }
    let bytes = std::fs::read(&partial).unwrap_or_else(|e| fail(&format!("{partial}: {e}")));
    let book = book::to_bytes(&book::from_bytes(&bytes));
    std::fs::write(&out, &book).unwrap_or_else(|e| fail(&format!("cannot write {out}: {e}")));
    println!("{out}: {} positions, {} bytes", book.len() / 10, book.len());
}
