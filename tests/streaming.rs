//! A streaming recorder (`Recorder::hand_on` after every few nodes, as the wasm worker does)
//! hands on exactly the recording a plain recorder keeps: the parts, concatenated with their
//! updates applied, equal the whole, on seeded random search-shaped traversals with
//! re-searches, iterations and events carrying aux words; and it holds only one part.

use prunescope::Recorder;
use prunescope::Tracer;
use prunescope::schema::{Bound, NodeKind, NodeType, OrderSource, StopReason};
use prunescope::search::window::Window;
use prunescope::search::{Enter, Exit};
use prunescope::trace::record::NodeRec;

/// xorshift64*: a seeded generator, so every failure is reproducible.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Both recorders see the same calls; `every` = hand on after that many entered nodes.
struct Pair {
    whole: Recorder,
    part: Recorder,
    every: usize,
    next: usize,
    /// What was handed on: records appended, then `(id, record)` updates.
    nodes: Vec<NodeRec>,
    events: Vec<u8>,
    aux: Vec<i32>,
    research: Vec<(u32, u32)>,
    roots: Vec<(u32, i32)>,
    most_held: usize,
    /// Updates handed on (records of nodes handed on earlier, changed since).
    updates: usize,
}

impl Pair {
    fn hand_on(&mut self) {
        let p = &mut self.part;
        assert_eq!(p.base() as usize, self.nodes.len());
        for (id, rec) in p.early_changed() {
            self.nodes[id as usize] = rec;
            self.updates += 1;
        }
        self.nodes.extend_from_slice(&p.nodes);
        self.events.extend_from_slice(&p.events);
        self.aux.extend_from_slice(&p.aux);
        self.research.extend_from_slice(&p.research_of);
        self.roots
            .extend(p.roots.iter().copied().zip(p.root_depths.iter().copied()));
        self.most_held = self.most_held.max(p.nodes.len());
        p.hand_on();
    }

    fn call(&mut self, f: impl Fn(&mut Recorder)) {
        f(&mut self.whole);
        f(&mut self.part);
    }

    fn enter(&mut self, e: &Enter) {
        self.call(|r| r.enter(e));
        if self.part.node_total() >= self.next {
            self.hand_on();
            self.next = self.part.node_total() + self.every;
        }
    }
}

fn node(
    p: &mut Pair,
    rng: &mut Rng,
    ply: u32,
    depth: i32,
    index: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    p.enter(&Enter {
        ply,
        depth,
        window: Window::new(alpha, beta),
        expected: NodeType::from_u8(rng.below(3) as u8).unwrap(),
        index,
        move_code: rng.below(4096) as u16,
        kind: if rng.below(10) == 0 {
            NodeKind::Reduced
        } else {
            NodeKind::Normal
        },
        order: OrderSource::Generated,
    });
    let (value, reason) = if depth == 0 {
        (rng.below(200) as i32 - 100, StopReason::Leaf)
    } else {
        let moves = 1 + rng.below(4) as u32;
        p.call(|r| r.moves_generated(moves));
        let mut best = -1000;
        let mut a = alpha;
        for k in 0..moves {
            let mut v = -node(p, rng, ply + 1, depth - 1, k, -beta, -a);
            p.call(|r| r.child_returned(v));
            if rng.below(6) == 0 {
                p.call(|r| r.research());
                v = -node(p, rng, ply + 1, depth - 1, k, -beta, -a);
            }
            if v > best {
                best = v;
            }
            if v > a {
                p.call(|r| r.alpha_raised(a, v));
                a = v;
            }
            if a >= beta {
                p.call(|r| r.cutoff(v, beta));
                break;
            }
        }
        (best, StopReason::AllMoves)
    };
    p.call(|r| {
        r.exit(&Exit {
            value,
            bound: Bound::Exact,
            reason,
            uncertain: false,
            best_index: Some(0),
        })
    });
    value
}

#[test]
fn handed_on_parts_reassemble_into_the_whole_recording() {
    let (mut research, mut updates) = (0, 0);
    for seed in 1..=40u64 {
        for every in [1usize, 2, 3, 7, 64, 1000] {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let mut p = Pair {
                whole: Recorder::new(),
                part: Recorder::new(),
                every,
                next: every,
                nodes: Vec::new(),
                events: Vec::new(),
                aux: Vec::new(),
                research: Vec::new(),
                roots: Vec::new(),
                most_held: 0,
                updates: 0,
            };
            for depth in 1..=3 + (seed % 3) as i32 {
                p.call(|r| r.begin_iteration(depth));
                node(&mut p, &mut rng, 0, depth, 0, -1000, 1000);
            }
            p.hand_on();
            let w = &p.whole;
            assert_eq!(p.nodes, w.nodes, "seed {seed}, every {every}: records");
            assert_eq!(p.events, w.events, "seed {seed}, every {every}: events");
            assert_eq!(p.aux, w.aux, "seed {seed}, every {every}: aux");
            assert_eq!(p.research, w.research_of, "seed {seed}, every {every}");
            let roots: Vec<(u32, i32)> = w
                .roots
                .iter()
                .copied()
                .zip(w.root_depths.iter().copied())
                .collect();
            assert_eq!(p.roots, roots, "seed {seed}, every {every}: roots");
            research += w.research_of.len();
            updates += p.updates;
            // The streaming recorder held one part at a time.
            assert!(p.most_held <= every, "held {} nodes", p.most_held);
            assert_eq!(p.part.nodes.len(), 0);
            assert_eq!(p.part.node_total(), w.nodes.len());
        }
    }
    // The traversals did exercise re-searches and updates of nodes handed on while open.
    assert!(
        research > 100 && updates > 1000,
        "{research} re-searches, {updates} updates"
    );
}

#[test]
fn the_budget_counts_what_was_handed_on() {
    // A streaming recorder holds one part, but whoever took the rest holds it: the budget stops
    // the search once the whole trace would pass it, as it does for a recorder that keeps all.
    const BUDGET: u64 = 4 << 20;
    let mut rec = Recorder::with_budget(BUDGET);
    let mut handed = 0u64;
    let enter = Enter {
        ply: 0,
        depth: 0,
        window: Window::new(-1000, 1000),
        expected: NodeType::Pv,
        index: 0,
        move_code: 0,
        kind: NodeKind::Normal,
        order: OrderSource::Generated,
    };
    let exit = Exit {
        value: 0,
        bound: Bound::Exact,
        reason: StopReason::Leaf,
        uncertain: false,
        best_index: None,
    };
    let mut n = 0u64;
    while !rec.over_budget() {
        rec.enter(&enter);
        rec.exit(&exit);
        n += 1;
        if n.is_multiple_of(64) {
            handed += (rec.nodes.len() * 28 + rec.events.len() + rec.aux.len() * 4) as u64;
            rec.hand_on();
        }
        assert!(n < 1 << 22, "the budget never stopped the recorder");
    }
    // 30 bytes a node (record, enter, exit): the stop comes near the budget, not at the
    // part's size.
    assert!(
        handed <= BUDGET && handed > BUDGET / 2,
        "{handed} bytes handed on, {n} nodes"
    );
    assert!(
        rec.heap_bytes() < 1 << 20,
        "held {} bytes",
        rec.heap_bytes()
    );
}
