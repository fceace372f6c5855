//! `tabletop-cli`: best moves and AI-vs-AI matches without a window. See
//! [`tabletop::tools::cli`].

fn main() {
    let code = tabletop::tools::cli::run(
        std::env::args_os(),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    );
    std::process::exit(code);
}
