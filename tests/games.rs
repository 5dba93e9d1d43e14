//! Tic-tac-toe, Nim and Connect Four against independent textbook searches written here: each
//! game is implemented again from its rules (plain arrays, no bitboards), and searched by a
//! textbook negamax minimax that counts every node it enters. The searcher's minimax must
//! visit exactly as many nodes and return the same value; alpha-beta, PVS and every technique
//! the games accept must return minimax's value. Signatures from issue 20: tic-tac-toe from the
//! empty board, 549,946 nodes, a draw; Nim 1-3-5, 12,456 nodes, a first-player win.

use prunescope::game::connect4::Connect4Input;
use prunescope::game::nim::NimInput;
use prunescope::game::synthetic::Rng;
use prunescope::game::tictactoe::TicTacToeInput;
use prunescope::run::{Input, Prepared, Summary};
use prunescope::search::config::{Algorithm, ConfigError, SearchConfig};
use std::process::Command;

/// A won game is worth `WIN − plies from the root` to the winner (docs/games.md).
const WIN: i32 = 1000;

/// The textbook search's view of a game: a position that lists its children, says whether and
/// how the game ended, and evaluates itself at the depth limit.
trait RefGame: Sized {
    fn children(&self) -> Vec<Self>;
    /// `Some(value)` from the side to move's view when the game is over at ply `ply`.
    fn end(&self, ply: i32) -> Option<i32>;
    fn eval(&self) -> i32;
}

/// Textbook negamax minimax to `depth` (a finished game scores as a win, loss or draw even at
/// the depth limit): (value, nodes entered).
fn minimax<G: RefGame>(g: &G, depth: i32, ply: i32) -> (i32, u64) {
    if let Some(v) = g.end(ply) {
        return (v, 1);
    }
    if depth == 0 {
        return (g.eval(), 1);
    }
    let mut best = i32::MIN;
    let mut nodes = 1;
    for c in g.children() {
        let (v, n) = minimax(&c, depth - 1, ply + 1);
        nodes += n;
        best = best.max(-v);
    }
    (best, nodes)
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe, again: a 3×3 array of 0 (empty), 1 (X), 2 (O); squares in reading order of the
// notation would be rank 3 first, so cells are indexed [rank][file] with rank 0 at the bottom.

#[derive(Clone)]
struct Ttt {
    cells: [[u8; 3]; 3],
}

impl Ttt {
    fn parse(s: &str) -> Ttt {
        let mut cells = [[0u8; 3]; 3];
        for (r, row) in s.split('/').enumerate() {
            for (f, c) in row.chars().enumerate() {
                cells[2 - r][f] = match c {
                    'x' => 1,
                    'o' => 2,
                    _ => 0,
                };
            }
        }
        Ttt { cells }
    }
    fn count(&self, who: u8) -> usize {
        self.cells.iter().flatten().filter(|&&c| c == who).count()
    }
    fn to_move(&self) -> u8 {
        if self.count(1) == self.count(2) { 1 } else { 2 }
    }
    fn lines() -> Vec<[(usize, usize); 3]> {
        let mut l = Vec::new();
        for i in 0..3 {
            l.push([(i, 0), (i, 1), (i, 2)]);
            l.push([(0, i), (1, i), (2, i)]);
        }
        l.push([(0, 0), (1, 1), (2, 2)]);
        l.push([(0, 2), (1, 1), (2, 0)]);
        l
    }
    fn has_three(&self, who: u8) -> bool {
        Self::lines()
            .iter()
            .any(|l| l.iter().all(|&(r, f)| self.cells[r][f] == who))
    }
    fn notation(&self) -> String {
        (0..3)
            .rev()
            .map(|r| {
                self.cells[r]
                    .iter()
                    .map(|&c| ['.', 'x', 'o'][c as usize])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

impl RefGame for Ttt {
    fn children(&self) -> Vec<Ttt> {
        let me = self.to_move();
        let mut out = Vec::new();
        for r in 0..3 {
            for f in 0..3 {
                if self.cells[r][f] == 0 {
                    let mut c = self.clone();
                    c.cells[r][f] = me;
                    out.push(c);
                }
            }
        }
        out
    }
    fn end(&self, ply: i32) -> Option<i32> {
        let me = self.to_move();
        if self.has_three(3 - me) {
            Some(-(WIN - ply))
        } else if self.count(0) == 0 {
            Some(0)
        } else {
            None
        }
    }
    /// Nilsson's e(p): lines open for the side to move minus lines open for the other.
    fn eval(&self) -> i32 {
        let me = self.to_move();
        let open = |who: u8| {
            Self::lines()
                .iter()
                .filter(|l| l.iter().all(|&(r, f)| self.cells[r][f] != 3 - who))
                .count() as i32
        };
        open(me) - open(3 - me)
    }
}

// ---------------------------------------------------------------------------------------------
// Nim, again.

#[derive(Clone)]
struct RefNim {
    piles: Vec<u32>,
    misere: bool,
}

impl RefGame for RefNim {
    fn children(&self) -> Vec<RefNim> {
        let mut out = Vec::new();
        for i in 0..self.piles.len() {
            for k in 1..=self.piles[i] {
                let mut c = self.clone();
                c.piles[i] -= k;
                out.push(c);
            }
        }
        out
    }
    fn end(&self, ply: i32) -> Option<i32> {
        if self.piles.iter().all(|&p| p == 0) {
            // The opponent took the last object.
            Some(if self.misere { WIN - ply } else { -(WIN - ply) })
        } else {
            None
        }
    }
    /// Bouton (1901).
    fn eval(&self) -> i32 {
        let wins = if self.misere && self.piles.iter().all(|&p| p <= 1) {
            self.piles
                .iter()
                .filter(|&&p| p == 1)
                .count()
                .is_multiple_of(2)
        } else {
            self.piles.iter().fold(0, |s, &p| s ^ p) != 0
        };
        if wins { 1 } else { -1 }
    }
}

// ---------------------------------------------------------------------------------------------
// Connect Four, again: columns of discs, bottom first.

#[derive(Clone)]
struct RefC4 {
    cols: [Vec<u8>; 7],
    moves: usize,
}

impl RefC4 {
    fn parse(s: &str) -> RefC4 {
        let mut p = RefC4 {
            cols: Default::default(),
            moves: 0,
        };
        for c in s.chars() {
            let col = c.to_digit(10).unwrap() as usize - 1;
            p = p.drop_in(col);
        }
        p
    }
    fn to_move(&self) -> u8 {
        if self.moves.is_multiple_of(2) { 1 } else { 2 }
    }
    fn drop_in(&self, col: usize) -> RefC4 {
        let mut c = self.clone();
        c.cols[col].push(self.to_move());
        c.moves += 1;
        c
    }
    fn at(&self, col: i32, row: i32) -> u8 {
        if !(0..7).contains(&col) || !(0..6).contains(&row) {
            return 9;
        }
        *self.cols[col as usize].get(row as usize).unwrap_or(&0)
    }
    /// Every line of four: each start cell and direction that stays on the board.
    fn lines() -> Vec<[(i32, i32); 4]> {
        let mut out = Vec::new();
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for c in 0..7 {
                for r in 0..6 {
                    let l = [0, 1, 2, 3].map(|i| (c + i * dc, r + i * dr));
                    if l.iter()
                        .all(|&(c, r)| (0..7).contains(&c) && (0..6).contains(&r))
                    {
                        out.push(l);
                    }
                }
            }
        }
        out
    }
    fn has_four(&self, who: u8) -> bool {
        Self::lines()
            .iter()
            .any(|l| l.iter().all(|&(c, r)| self.at(c, r) == who))
    }
}

impl RefGame for RefC4 {
    fn children(&self) -> Vec<RefC4> {
        (0..7)
            .filter(|&c| self.cols[c].len() < 6)
            .map(|c| self.drop_in(c))
            .collect()
    }
    fn end(&self, ply: i32) -> Option<i32> {
        let me = self.to_move();
        if self.has_four(3 - me) {
            Some(-(WIN - ply))
        } else if self.moves == 42 {
            Some(0)
        } else {
            None
        }
    }
    /// Nilsson's e(p) over the 69 lines of four.
    fn eval(&self) -> i32 {
        let me = self.to_move();
        let open = |who: u8| {
            Self::lines()
                .iter()
                .filter(|l| l.iter().all(|&(c, r)| self.at(c, r) != 3 - who))
                .count() as i32
        };
        open(me) - open(3 - me)
    }
}

// ---------------------------------------------------------------------------------------------
// The searcher, through the one entry point the CLI and the page use.

fn cfg(algo: Algorithm, depth: u32, iterative: bool, enable: &[&str]) -> SearchConfig {
    let mut c = SearchConfig {
        algo,
        depth,
        iterative,
        node_cap: 0,
        ..SearchConfig::default()
    };
    for e in enable {
        c.enable(e).unwrap();
    }
    c
}

fn search(input: &Input, c: &SearchConfig) -> Summary {
    let p: Prepared = input.prepare().unwrap();
    p.search_untraced(c).unwrap()
}

/// Every technique the small games accept, alone and together.
const SAFE: &[&[&str]] = &[
    &[],
    &["tt"],
    &["tt", "tt_move"],
    &["killers"],
    &["history"],
    &["history", "history_aging"],
    &["refutation"],
    &["aspiration"],
    &[
        "tt",
        "tt_move",
        "killers",
        "history",
        "history_aging",
        "refutation",
        "aspiration",
    ],
];

/// Minimax matches the reference (nodes and value); every algorithm and safe technique,
/// iterative or not, returns minimax's value.
fn check_against_reference<G: RefGame>(input: &Input, reference: &G, depth: u32) {
    let (value, nodes) = minimax(reference, depth as i32, 0);
    let mm = search(input, &cfg(Algorithm::Minimax, depth, false, &[]));
    assert_eq!(
        mm.value,
        Some(value),
        "{input:?} depth {depth}: minimax value"
    );
    assert_eq!(mm.nodes, nodes, "{input:?} depth {depth}: minimax nodes");
    for algo in [Algorithm::AlphaBeta, Algorithm::Pvs] {
        for enable in SAFE {
            for iterative in [false, true] {
                if enable.contains(&"aspiration") && !iterative {
                    continue; // aspiration windows centre on the previous iteration's value
                }
                let s = search(input, &cfg(algo, depth, iterative, enable));
                assert_eq!(
                    s.value,
                    Some(value),
                    "{input:?} depth {depth}: {} with {enable:?}, iterative {iterative}",
                    algo.name()
                );
                if algo == Algorithm::AlphaBeta && enable.is_empty() && !iterative {
                    assert!(
                        s.nodes <= nodes,
                        "alpha-beta never searches more than minimax"
                    );
                }
            }
        }
    }
}

fn ttt(position: &str) -> Input {
    Input::TicTacToe(TicTacToeInput {
        position: position.into(),
    })
}

fn nim(piles: &[u32], misere: bool) -> Input {
    Input::Nim(NimInput {
        piles: piles.to_vec(),
        misere,
    })
}

fn c4(position: &str) -> Input {
    Input::Connect4(Connect4Input {
        position: position.into(),
        unsafe_null_move: false,
    })
}

#[test]
fn tictactoe_signature_549946_nodes_and_a_draw() {
    let (value, nodes) = minimax(&Ttt::parse(".../.../..."), 9, 0);
    assert_eq!((value, nodes), (0, 549_946), "the textbook count");
    let s = search(&ttt(".../.../..."), &cfg(Algorithm::Minimax, 9, false, &[]));
    assert_eq!(s.nodes, 549_946);
    assert_eq!(s.value, Some(0));
    assert_eq!(
        s.best_line.len(),
        9,
        "a draw fills the board: {:?}",
        s.best_line
    );
}

#[test]
fn tictactoe_cli_signature() {
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(["tictactoe", "--algo", "minimax", "--no-iterative"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("value      0\n"), "{text}");
    assert!(text.contains("nodes      549946 "), "{text}");
}

#[test]
fn nim_signature_12456_nodes_first_player_wins() {
    let r = RefNim {
        piles: vec![1, 3, 5],
        misere: false,
    };
    let (value, nodes) = minimax(&r, 9, 0);
    assert_eq!(nodes, 12_456, "the textbook count");
    assert!(value > 0);
    let s = search(
        &nim(&[1, 3, 5], false),
        &cfg(Algorithm::Minimax, 9, false, &[]),
    );
    assert_eq!(s.nodes, 12_456);
    assert_eq!(s.value, Some(value));
    assert!(s.value.unwrap() > 0, "the first player wins");
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args([
            "nim",
            "--piles",
            "1,3,5",
            "--algo",
            "minimax",
            "--no-iterative",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("value      {value}\n")), "{text}");
    assert!(text.contains("nodes      12456 "), "{text}");
}

/// Positions reached by seeded random play from the empty board, with `min..=max` marks.
fn random_ttt(rng: &mut Rng, count: usize) -> Vec<Ttt> {
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = Ttt::parse(".../.../...");
        let plies = rng.below(7);
        for _ in 0..plies {
            if p.end(0).is_some() {
                break;
            }
            let ch = p.children();
            p = ch[rng.below(ch.len() as u64) as usize].clone();
        }
        out.push(p);
    }
    out
}

#[test]
fn tictactoe_against_the_reference() {
    let mut rng = Rng::new(20);
    for p in random_ttt(&mut rng, 30) {
        let input = ttt(&p.notation());
        let whole = p.count(0) as u32;
        // The whole game, and depth limits where Nilsson's evaluation decides.
        for depth in [whole.max(1), 1, 2, 3] {
            check_against_reference(&input, &p, depth);
        }
    }
}

#[test]
fn nim_against_the_reference_normal_and_misere() {
    let positions: &[&[u32]] = &[
        &[1, 3, 5],
        &[1, 2, 3],
        &[2, 2],
        &[3, 4],
        &[1, 1, 1],
        &[0, 4, 1],
        &[5],
        &[2, 3, 3],
        &[1, 1, 2, 2],
    ];
    for piles in positions {
        for misere in [false, true] {
            let r = RefNim {
                piles: piles.to_vec(),
                misere,
            };
            let total: u32 = piles.iter().sum();
            let input = nim(piles, misere);
            // The whole game: the winner is Bouton's.
            check_against_reference(&input, &r, total);
            let (v, _) = minimax(&r, total as i32, 0);
            assert_eq!(v > 0, r.eval() > 0, "{piles:?} misère {misere}: Bouton");
            // Depth limits, without the transposition table (a position recurs at other
            // depths in Nim, so a deeper entry legitimately differs from a fixed-depth
            // minimax there; docs/games.md).
            for depth in [1, 2, 3] {
                let (value, nodes) = minimax(&r, depth, 0);
                let mm = search(&input, &cfg(Algorithm::Minimax, depth as u32, false, &[]));
                assert_eq!(
                    (mm.value, mm.nodes),
                    (Some(value), nodes),
                    "{piles:?} {depth}"
                );
                for algo in [Algorithm::AlphaBeta, Algorithm::Pvs] {
                    let s = search(&input, &cfg(algo, depth as u32, false, &["killers"]));
                    assert_eq!(s.value, Some(value));
                }
            }
        }
    }
}

fn random_c4(rng: &mut Rng, count: usize) -> Vec<String> {
    let mut out = Vec::new();
    while out.len() < count {
        let mut seq = String::new();
        let mut p = RefC4::parse("");
        for _ in 0..rng.below(16) {
            if p.end(0).is_some() {
                break;
            }
            let open: Vec<usize> = (0..7).filter(|&c| p.cols[c].len() < 6).collect();
            let c = open[rng.below(open.len() as u64) as usize];
            seq.push(char::from(b'1' + c as u8));
            p = p.drop_in(c);
        }
        out.push(seq);
    }
    out
}

#[test]
fn connect4_against_the_reference() {
    let mut rng = Rng::new(4);
    for seq in random_c4(&mut rng, 12) {
        let r = RefC4::parse(&seq);
        for depth in 1..=3 {
            check_against_reference(&c4(&seq), &r, depth);
        }
    }
}

#[test]
fn connect4_known_values_at_small_depths() {
    let value = |seq: &str, depth: u32| {
        search(
            &c4(seq),
            &cfg(Algorithm::Pvs, depth, true, &["tt", "tt_move"]),
        )
        .value
        .unwrap()
    };
    // X has three up column 1 and is to move: a win on the first ply, at every depth.
    for depth in 1..=4 {
        assert_eq!(value("121212", depth), WIN - 1, "depth {depth}");
    }
    // X has 3, 4, 5 along the bottom with 2 and 6 open; O to move blocks one and loses to the
    // other: lost at depth 2 and deeper, invisible at depth 1.
    assert!(value("33445", 1).abs() < 100);
    for depth in 2..=4 {
        assert_eq!(value("33445", depth), -(WIN - 2), "depth {depth}");
    }
    // O to move must block column 1 at once; at depth 3 it sees the loss if it does not, and
    // blocks: no forced loss within 3 plies.
    assert!(value("12121", 3).abs() < 100);
    // Empty board at depth 1: each first move's e(p), best in the centre (the centre disc
    // closes 7 of the opponent's lines, a1 closes 3).
    let s = search(&c4(""), &cfg(Algorithm::Minimax, 1, false, &[]));
    assert_eq!(s.best_line, vec!["4".to_string()]);
    assert_eq!(s.value, Some(7));
}

#[test]
fn techniques_refused_by_name() {
    let refuse = |input: &Input, enable: &str, technique: &str| {
        let p = input.prepare().unwrap();
        let c = if enable == "presearch" {
            cfg(Algorithm::Pvs, 3, true, &["tt", enable])
        } else {
            cfg(Algorithm::Pvs, 3, false, &[enable])
        };
        match p.search_untraced(&c) {
            Err(prunescope::run::RunError::Config(e @ ConfigError::NotForGame { .. })) => {
                let msg = e.to_string();
                assert!(msg.starts_with(technique), "{msg}");
                msg
            }
            other => panic!("{enable} on {input:?}: {other:?}"),
        }
    };
    for input in [ttt(".../.../..."), nim(&[1, 2], false), c4("")] {
        for (e, name) in [
            ("quiescence", "quiescence"),
            ("see_ordering", "see_ordering"),
            ("mvv_lva", "mvv_lva"),
            ("check_extension", "check_extension"),
            ("lmr", "lmr"),
            ("mc_c", "mc_c"),
            ("mc_a", "mc_a"),
            ("uc_safe", "uncertainty"),
            ("presearch", "presearch"),
            ("null_move", "null_move"),
        ] {
            let msg = refuse(&input, e, name);
            let game = match input {
                Input::TicTacToe(_) => "tic-tac-toe",
                Input::Nim(_) => "Nim",
                _ => "Connect Four",
            };
            assert!(msg.contains(game), "{msg}");
        }
    }
    // The CLI says so too, with a non-zero exit.
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(["connect4", "--enable", "quiescence"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("quiescence cannot be used on Connect Four"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(["connect4", "--enable", "null_move"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("zugzwang"), "{err}");
}

/// The unsafe demonstration runs, is recorded in the trace's input, and does what null moves
/// do where zugzwang rules: on some position its value differs from minimax's.
#[test]
fn connect4_null_move_only_as_the_unsafe_demonstration() {
    let demo = |seq: &str| {
        Input::Connect4(Connect4Input {
            position: seq.into(),
            unsafe_null_move: true,
        })
    };
    let mut rng = Rng::new(7);
    let mut wrong = 0;
    let mut tried = 0;
    for seq in random_c4(&mut rng, 60) {
        let depth = 5;
        let truth = search(&c4(&seq), &cfg(Algorithm::Minimax, depth, false, &[]));
        let nm = search(
            &demo(&seq),
            &cfg(Algorithm::Pvs, depth, false, &["null_move"]),
        );
        tried += 1;
        if nm.value != truth.value {
            wrong += 1;
        }
    }
    assert!(
        wrong > 0,
        "null-move pruning agreed with minimax on all {tried} positions"
    );
    let json = serde_json::to_value(demo("44")).unwrap();
    assert_eq!(json["unsafe_null_move"], true);
    assert_eq!(json["kind"], "connect4");
}

/// Lesson 7's Connect Four zugzwang (www/learn/lessons.js, docs/learn.md): Solid to move loses
/// (−996) with best play, and the unsafe null move cuts the losing line off and returns 0. The
/// reference minimax gives the true value; the lesson's two searches (PVS, depth 4, not
/// iterative) give the numbers its text quotes: a signature, with their node counts.
#[test]
fn connect4_lesson7_zugzwang_signature() {
    const POSITION: &str = "5764747751666771225661154244112452";
    let (truth, _) = minimax(&RefC4::parse(POSITION), 4, 0);
    assert_eq!(truth, -996, "the reference minimax: Solid loses");
    let plain = search(&c4(POSITION), &cfg(Algorithm::Pvs, 4, false, &[]));
    assert_eq!(plain.value, Some(-996));
    assert_eq!(plain.nodes, 24);
    assert_eq!(plain.best_line, ["2", "5", "3", "3"]);
    let demo = Input::Connect4(Connect4Input {
        position: POSITION.into(),
        unsafe_null_move: true,
    });
    let nm = search(&demo, &cfg(Algorithm::Pvs, 4, false, &["null_move"]));
    assert_eq!(nm.value, Some(0), "the null move hides the zugzwang");
    assert_eq!(nm.nodes, 18);
}

/// Lesson 4's tic-tac-toe (www/learn/lessons.js, docs/learn.md): X to move, O threatens a2.
/// Iterative alpha-beta with the TT move to depth 4: iteration 1 (the evaluation one ply deep)
/// chooses c1, the second move in the normal order; iteration 2 sees O win at a2 after it and
/// changes to a2, which the deeper iterations keep. A signature of the numbers the lesson asks.
#[test]
fn tictactoe_lesson4_best_move_changes() {
    let s = search(
        &ttt(".x./.oo/x.."),
        &cfg(Algorithm::AlphaBeta, 4, true, &["tt", "tt_move"]),
    );
    let best: Vec<_> = s
        .iterations
        .iter()
        .map(|i| i.best_move.clone().unwrap_or_default())
        .collect();
    assert_eq!(best, ["c1", "a2", "a2", "a2"]);
    let values: Vec<_> = s.iterations.iter().map(|i| i.value).collect();
    assert_eq!(values, [2, -1, 1, 0]);
    assert_eq!(s.value, Some(0), "a draw with best play");
}

/// Traces of each game are written with moves in the game's notation and read back: the reader
/// checks every node against the game (legal moves, evaluations, ends, pruned lists).
#[test]
fn traces_round_trip_with_the_games_notation() {
    for (input, first) in [
        (ttt("x.o/.x./..o"), "a1"),
        (nim(&[1, 3, 5], true), "p1-1"),
        (c4("4453"), "1"),
    ] {
        let p = input.prepare().unwrap();
        let c = cfg(Algorithm::AlphaBeta, 3, true, &["tt", "tt_move", "killers"]);
        let (summary, rec) = p.search_traced(&c, 0).unwrap();
        let mut buf = Vec::new();
        prunescope::trace_file::json::write_trace(&mut buf, &input, &p, &c, &summary, &rec)
            .unwrap();
        let text = String::from_utf8(buf.clone()).unwrap();
        assert!(text.contains(&format!("\"move\":\"{first}\"")), "{input:?}");
        assert!(!text.contains("\"path\""), "{input:?}");
        assert!(!text.contains("\"san\""), "{input:?}");
        let back = prunescope::trace_file::read(&buf[..]).unwrap();
        assert_eq!(back.header.input, input);
        assert_eq!(back.rec.nodes.len(), rec.nodes.len());
    }
    // A move the game does not have is refused with the field and the notation.
    let input = ttt(".../.../...");
    let p = input.prepare().unwrap();
    let c = cfg(Algorithm::AlphaBeta, 2, false, &[]);
    let (summary, rec) = p.search_traced(&c, 0).unwrap();
    let mut buf = Vec::new();
    prunescope::trace_file::json::write_trace(&mut buf, &input, &p, &c, &summary, &rec).unwrap();
    let bad = String::from_utf8(buf)
        .unwrap()
        .replacen("\"move\":\"a1\"", "\"move\":\"d4\"", 1);
    let e = prunescope::trace_file::read(bad.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("tic-tac-toe square"), "{e}");
}

/// Bad positions end with status 1 and a message naming the argument and what is wrong.
#[test]
fn cli_refuses_bad_positions_by_name() {
    for (args, says) in [
        (
            &["tictactoe", "xx./.../..."][..],
            "POSITION: tic-tac-toe position: 2 X and 0 O",
        ),
        (
            &["tictactoe", "abc"][..],
            "expected three rows of three squares",
        ),
        (
            &["nim", "--piles", "1,,2"][..],
            "--piles: nim: '1,,2' is not a list",
        ),
        (
            &["nim", "--piles", "1,2,3,4,5,6,7,8,9"][..],
            "piles must number 1 to 8",
        ),
        (&["nim", "--piles", "300"][..], "pile 1 has 300 objects"),
        (&["connect4", "48"][..], "'8' at move 2 is not a column"),
        (
            &["connect4", "1111111"][..],
            "move 7 plays column 1, which is full",
        ),
        (
            &["connect4", "12121213"][..],
            "over (four in a row) before move 8",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
