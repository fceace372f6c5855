//! `tabletop-cli`: best moves and AI-vs-AI matches without a window. See
//! [`tabletop::cli`].

fn main() {
    let code = tabletop::cli::run(
        std::env::args_os(),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    );
    std::process::exit(code);
}
