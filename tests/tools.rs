//! The real `pbrain-tabletop` and `tabletop-cli` binaries, driven through their
//! stdin, stdout and exit codes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Sends `input` to `pbrain-tabletop` and returns its output lines (less the `MESSAGE`
/// lines of its searches, which managers only display) and how long it ran.
fn pbrain(input: &str) -> (Vec<String>, Duration) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tabletop"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pbrain-tabletop starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .filter(|line| !line.starts_with("MESSAGE"))
        .collect();
    assert!(child.wait().unwrap().success());
    (lines, start.elapsed())
}

#[test]
fn pbrain_plays_a_short_game() {
    let (out, _) = pbrain(
        "INFO timeout_turn 500\nINFO max_memory 83886080\nSTART 15\nBEGIN\nTURN 8,8\nABOUT\nEND\n",
    );
    assert_eq!(out[0], "OK");
    assert_eq!(out[1], "7,7");
    let (x, y) = out[2].split_once(',').expect("a move");
    assert!(x.parse::<u8>().unwrap() < 15 && y.parse::<u8>().unwrap() < 15);
    assert!(out[3].starts_with("name=\"tabletop\""));
    assert_eq!(out.len(), 4);
}

#[test]
fn pbrain_answers_within_the_turn_limit() {
    let (out, elapsed) = pbrain(
        "INFO timeout_turn 300\nRECTSTART 20,12\nBOARD\n9,5,2\n10,5,2\n11,5,2\n10,6,1\n3,3,1\nDONE\nEND\n",
    );
    assert_eq!(out.len(), 2, "{out:?}");
    // One search of 300 ms, with a generous margin for process start-up.
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    // Their 9..11 on row 5 is an open three: we must answer next to it.
    assert!(
        ["7,5", "8,5", "12,5", "13,5"].contains(&out[1].as_str()),
        "{out:?}"
    );
}

#[test]
fn pbrain_survives_malformed_input() {
    let (out, _) = pbrain(
        "TURN 1,1\nHELLO\nSTART abc\nSTART 15\nTURN 15,15\nTURN a,b\nTAKEBACK 3,3\nBOARD\n1,1,7\nDONE\n\u{1}\u{2}\nINFO rule 1\nINFO timeout_turn 200\nTURN 0,0\nEND\n",
    );
    assert!(out[0].starts_with("ERROR"), "{out:?}");
    assert_eq!(out[1], "UNKNOWN HELLO");
    assert!(out[2].starts_with("ERROR"));
    assert_eq!(out[3], "OK");
    assert!(out[4..7].iter().all(|l| l.starts_with("ERROR")), "{out:?}");
    // The bad BOARD line, then DONE on an empty board: we move first, in the centre.
    assert!(out[7].starts_with("ERROR"));
    assert_eq!(out[8], "7,7");
    assert!(out[9].starts_with("UNKNOWN"));
    assert!(out[10].contains(','), "{out:?}");
}

/// Well under the 20 s the interrupted search would take: it stopped. (A second
/// was too tight on a busy 2-core machine: 1.19 s while a build ran beside it.)
const STOPPED: Duration = Duration::from_secs(5);

/// Starts `pbrain-tabletop` on a 15x15 board with `timeout_turn` of 20 s, gives it a
/// move to think about, and `then` after 300 ms; returns its output lines (`MESSAGE`
/// lines left out), how long the process took after `then` was sent, and whether it
/// exited by itself.
fn pbrain_interrupted(then: &str) -> (Vec<String>, Duration) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tabletop"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pbrain-tabletop starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"INFO timeout_turn 20000\nINFO time_left 2000000\nSTART 15\nTURN 7,7\n")
        .unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    stdin.write_all(then.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .filter(|line| !line.starts_with("MESSAGE"))
        .collect();
    assert!(child.wait().unwrap().success());
    let took = sent.elapsed();
    drop(stdin);
    (lines, took)
}

#[test]
fn pbrain_ends_at_once_on_end_even_while_thinking() {
    let (out, took) = pbrain_interrupted("END\n");
    // The search in progress stops: its move may come, then the process is gone.
    assert!(out.len() <= 2, "{out:?}");
    assert!(took < STOPPED, "END took {took:?}");
}

#[test]
fn pbrain_answers_at_once_on_yxstop() {
    let (out, took) = pbrain_interrupted("YXSTOP\nABOUT\nEND\n");
    assert_eq!(out[0], "OK");
    let (x, y) = out[1].split_once(',').expect("a move");
    assert!(x.parse::<u8>().unwrap() < 15 && y.parse::<u8>().unwrap() < 15);
    assert_ne!(out[1], "7,7");
    assert!(out[2].starts_with("name="), "{out:?}");
    assert!(took < STOPPED, "YXSTOP took {took:?}");
}

fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop-cli"))
        .args(args)
        .output()
        .expect("tabletop-cli starts");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_bestmove_blocks_a_four() {
    let (code, out, _) = cli(&[
        "bestmove",
        "gomoku",
        "15x15:h8,g8,i8,a1,j8,a2,k8",
        "--level",
        "3",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("bestmove l8"));
    assert!(out.lines().nth(1).unwrap().starts_with("value "));
}

#[test]
fn cli_selfplay_reports_every_game() {
    let (code, out, _) = cli(&[
        "selfplay", "gomoku", "--a", "2", "--b", "1", "--games", "2", "--seed", "4",
    ]);
    assert_eq!(code, 0);
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(words.len(), 6);
    assert_eq!(
        (words[0], words[2], words[4]),
        ("a_wins", "b_wins", "draws")
    );
    let total: u32 = [1, 3, 5]
        .iter()
        .map(|&i| words[i].parse::<u32>().unwrap())
        .sum();
    assert_eq!(total, 2);
}

#[test]
fn cli_rejects_bad_input_with_code_2() {
    for args in [
        &["bestmove", "gomoku", "15x15:z99"][..],
        &["bestmove", "tictac", "x"],
        &["selfplay", "gomoku", "--a", "0", "--b", "2", "--games", "1"],
        &["frobnicate"],
    ] {
        let (code, out, err) = cli(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn cli_tictactoe_bestmove_selfplay_and_bad_positions() {
    let (code, out, _) = cli(&["bestmove", "tictactoe", "XX..O...."]);
    assert_eq!((code, out.as_str()), (0, "bestmove c3\nvalue draw\n"));
    let (code, out, _) = cli(&[
        "selfplay",
        "tictactoe",
        "--a",
        "5",
        "--b",
        "5",
        "--games",
        "20",
        "--seed",
        "9",
    ]);
    assert_eq!((code, out.as_str()), (0, "a_wins 0 b_wins 0 draws 20\n"));
    for position in ["XX", "XXX......", "XXXOOO...", "XXXOO....", "XXOZ....."] {
        let (code, out, err) = cli(&["bestmove", "tictactoe", position]);
        assert_eq!(code, 2, "{position}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{position}: {err}");
    }
}

#[test]
fn cli_knucklebones_bestmove_selfplay_and_bad_positions() {
    let (code, out, _) = cli(&[
        "bestmove",
        "knucklebones",
        "p1=44|1|;p2=6||235;die=4;turn=p1",
        "--level",
        "3",
    ]);
    assert_eq!(code, 0);
    // The short search takes the third 4 in column 1 (level 5 looks further; see cli.rs).
    assert_eq!(out.lines().next(), Some("bestmove 1"));
    assert!(out.lines().nth(1).unwrap().starts_with("value "));
    let (code, out, _) = cli(&[
        "selfplay",
        "knucklebones",
        "--a",
        "2",
        "--b",
        "1",
        "--games",
        "10",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0);
    let total: u32 = out
        .split_whitespace()
        .filter_map(|w| w.parse::<u32>().ok())
        .sum();
    assert_eq!(total, 10, "{out}");
    for position in [
        "p1=44|1|;p2=6||235;die=7;turn=p1",
        "p1=4444|1|;p2=6||235;die=4;turn=p1",
        "p1=44|1|;p2=6|235;die=4;turn=p1",
        "p1=123|123|123;p2=||;die=4;turn=p2",
    ] {
        let (code, out, err) = cli(&["bestmove", "knucklebones", position]);
        assert_eq!(code, 2, "{position}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{position}: {err}");
    }
}

/// `tabletop-cli match` between two copies of `pbrain-tabletop` under renju: every
/// game ends by a five or a draw, none by a refused move, and `--psq` writes each.
#[test]
fn cli_match_judges_two_engines_under_renju() {
    let engine = env!("CARGO_BIN_EXE_pbrain-tabletop");
    let records = std::env::temp_dir().join(format!("tabletop-records-{}", std::process::id()));
    let (code, out, err) = cli(&[
        "match",
        "--engine-a",
        engine,
        "--engine-b",
        engine,
        "--info-a",
        "thread_num 1",
        "--info-b",
        "thread_num 1",
        "--games",
        "2",
        "--rule",
        "renju",
        "--time-ms",
        "60",
        "--tolerance-ms",
        "400",
        "--psq",
        records.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for (i, game) in games.iter().enumerate() {
        assert!(
            game.contains(", five,") || game.contains(", draw,"),
            "{game}"
        );
        // Each game's record holds the moves the log lists, in Gomocup's numbers.
        let record = std::fs::read_to_string(records.join(format!("game-{:03}.psq", i + 1)))
            .expect("a record per game");
        let logged: Vec<&str> = game.rsplit(": ").next().unwrap().split(' ').collect();
        let read =
            tabletop::rules::gomoku::psq::read(&record, tabletop::rules::gomoku::Rule::Renju)
                .expect("the record reads");
        let moves: Vec<String> = read.moves().iter().map(ToString::to_string).collect();
        assert_eq!(moves, logged, "{record}");
    }
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("a_wins "), "{out}");
    let _ = std::fs::remove_dir_all(records);
}

/// A Gomocup engine of one line of shell, written into `dir` as `name`: it says OK to
/// START, runs `answer` for each move asked of it, and `arms` are more arms of its
/// `case` on each line it reads. Returns the command that runs it.
fn scripted_engine(dir: &std::path::Path, name: &str, answer: &str, arms: &str) -> String {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!(
            "while read -r line; do case \"$line\" in START*) echo OK;; {arms} \
             BEGIN*|TURN*|DONE*) {answer};; END*) exit 0;; esac; done\n"
        ),
    )
    .unwrap();
    format!("sh {}", path.display())
}

/// An engine that repeats the centre loses its second move as illegal, and one that
/// never answers loses on time.
#[test]
fn cli_match_refuses_illegal_moves_and_time_outs() {
    let dir = std::env::temp_dir().join(format!("tabletop-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let centre = scripted_engine(&dir, "centre.sh", "echo 7,7", "");
    let silent = scripted_engine(&dir, "silent.sh", ":", "");
    let engine = env!("CARGO_BIN_EXE_pbrain-tabletop");
    let (code, out, err) = cli(&[
        "match",
        "--engine-a",
        &centre,
        "--engine-b",
        engine,
        "--games",
        "1",
        "--time-ms",
        "100",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("B wins, illegal move: h8 is already taken"),
        "{out}"
    );
    let (code, out, _) = cli(&[
        "match",
        "--engine-a",
        &silent,
        "--engine-b",
        engine,
        "--games",
        "1",
        "--time-ms",
        "50",
        "--first-move-grace-ms",
        "200",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("B wins, time-out"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// With a match clock, each engine is told its time left before each move, the
/// clock runs down by the time its moves take, and a move past what is left loses
/// on time.
#[test]
fn cli_match_keeps_a_match_clock() {
    let dir = std::env::temp_dir().join(format!("tabletop-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let told = dir.join("told.txt");
    // Each move a column further along the top row, 0.3 s apart; every time_left it is
    // told goes to told.txt.
    let slow = scripted_engine(
        &dir,
        "slow.sh",
        "sleep 0.3; n=$((n+1)); echo $n,0",
        &format!(
            "\"INFO time_left\"*) echo \"$line\" >> {};;",
            told.display()
        ),
    );
    let engine = env!("CARGO_BIN_EXE_pbrain-tabletop");
    let (code, out, err) = cli(&[
        "match",
        "--engine-a",
        &slow,
        "--engine-b",
        engine,
        "--games",
        "1",
        "--time-ms",
        "1000",
        "--match-ms",
        "700",
        "--tolerance-ms",
        "100",
        "--first-move-grace-ms",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("B wins, time-out"), "{out}");
    let left: Vec<u64> = std::fs::read_to_string(&told)
        .unwrap()
        .lines()
        .filter_map(|l| l.rsplit(' ').next()?.parse().ok())
        .collect();
    assert_eq!(left.len(), 3, "{left:?}");
    assert_eq!(left[0], 700);
    assert!(left.windows(2).all(|w| w[1] + 250 <= w[0]), "{left:?}");
    assert!(out.contains("least time left at a game's end"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A swap2 match: each game opens by `SWAP2BOARD` to the engines, the colours follow
/// their choices, and every game ends by the board, not by a fault.
#[test]
fn cli_match_opens_by_swap2() {
    let engine = env!("CARGO_BIN_EXE_pbrain-tabletop");
    let (code, out, err) = cli(&[
        "match",
        "--engine-a",
        engine,
        "--engine-b",
        engine,
        "--info-a",
        "thread_num 1",
        "--info-b",
        "thread_num 1",
        "--games",
        "2",
        "--time-ms",
        "80",
        "--tolerance-ms",
        "400",
        "--swap2",
    ]);
    assert_eq!(code, 0, "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for game in games {
        assert!(game.contains("opening=swap2"), "{game}");
        assert!(
            game.contains(", five,") || game.contains(", draw,"),
            "{game}"
        );
    }
}
