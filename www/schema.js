// Generated from src/trace/schema.rs by `prunescope schema`; do not edit.
// tests/schema.rs fails when this file is stale.

export const TRACE_FORMAT = "prunescope-trace";
export const TRACE_VERSION = 4;

/** Bounds (flags bits 0–1): code → { code, name, doc } (index = code). */
export const BOUNDS = Object.freeze([
  Object.freeze({ code: 0, name: "exact", doc: "Exact: the value fell inside the window, so it is the true value." }),
  Object.freeze({ code: 1, name: "lower", doc: "Fail-high: the value reached β, so the true value is at least this." }),
  Object.freeze({ code: 2, name: "upper", doc: "Fail-low: the value stayed at or below α, so the true value is at most this." }),
]);
export const BOUNDS_CODE = Object.freeze({
  EXACT: 0,
  LOWER: 1,
  UPPER: 2,
});

/** Node types (expected: flags bits 2–3; actual: from the bound): code → { code, name, doc } (index = code). */
export const NODE_TYPES = Object.freeze([
  Object.freeze({ code: 0, name: "pv", doc: "A principal-variation node: every move is searched and the value is exact." }),
  Object.freeze({ code: 1, name: "cut", doc: "A cut node: one move suffices to refute it (it fails high)." }),
  Object.freeze({ code: 2, name: "all", doc: "An all node: every move must be searched to show none is good enough (it fails low)." }),
]);
export const NODE_TYPES_CODE = Object.freeze({
  PV: 0,
  CUT: 1,
  ALL: 2,
});

/** Why a node stopped (the record's reason byte): code → { code, name, doc } (index = code). */
export const STOP_REASONS = Object.freeze([
  Object.freeze({ code: 0, name: "leaf", doc: "Horizon or tree leaf: the value is a static evaluation." }),
  Object.freeze({ code: 1, name: "terminal", doc: "No legal moves: checkmate or stalemate." }),
  Object.freeze({ code: 2, name: "draw", doc: "A draw by rule (fifty moves, insufficient material)." }),
  Object.freeze({ code: 3, name: "repetition", doc: "The position repeats one on the current path." }),
  Object.freeze({ code: 4, name: "all_moves", doc: "Every move was searched without a cut-off." }),
  Object.freeze({ code: 5, name: "beta_cutoff", doc: "A move's value reached β; the remaining moves are pruned." }),
  Object.freeze({ code: 6, name: "aborted", doc: "The search was stopped (node cap, memory budget or the user) before this node finished." }),
  Object.freeze({ code: 7, name: "tt_cutoff", doc: "A transposition-table entry decided the node without a search." }),
  Object.freeze({ code: 8, name: "null_move_cutoff", doc: "The null-move search failed high (standard null-move pruning)." }),
  Object.freeze({ code: 9, name: "multi_cut", doc: "At least C of the first M reduced probes failed high (multi-cut)." }),
  Object.freeze({ code: 10, name: "uncertainty_cutoff", doc: "An uncertainty cut-off (Björnsson et al. 1997): the remaining moves were not searched." }),
  Object.freeze({ code: 11, name: "stand_pat", doc: "Quiescence: the static evaluation (stand pat) already reached β." }),
]);
export const STOP_REASONS_CODE = Object.freeze({
  LEAF: 0,
  TERMINAL: 1,
  DRAW: 2,
  REPETITION: 3,
  ALL_MOVES: 4,
  BETA_CUTOFF: 5,
  ABORTED: 6,
  TT_CUTOFF: 7,
  NULL_MOVE_CUTOFF: 8,
  MULTI_CUT: 9,
  UNCERTAINTY_CUTOFF: 10,
  STAND_PAT: 11,
});

/** How a node came to be searched (low nibble of kind): code → { code, name, doc } (index = code). */
export const NODE_KINDS = Object.freeze([
  Object.freeze({ code: 0, name: "normal", doc: "A move searched in the normal way." }),
  Object.freeze({ code: 1, name: "null", doc: "The null-move search: the side to move passes." }),
  Object.freeze({ code: 2, name: "mc_probe", doc: "A multi-cut probe: one of the first M moves searched R plies shallower." }),
  Object.freeze({ code: 3, name: "reduced", doc: "A late move searched H plies shallower (late move reductions)." }),
  Object.freeze({ code: 4, name: "lmr_research", doc: "The full-depth re-search of a reduced move that failed high." }),
  Object.freeze({ code: 5, name: "extended", doc: "A move that gives check, searched one ply deeper (check extension)." }),
  Object.freeze({ code: 6, name: "quiescence", doc: "A quiescence-search node: only captures and promotions (or evasions) are searched." }),
]);
export const NODE_KINDS_CODE = Object.freeze({
  NORMAL: 0,
  NULL: 1,
  MC_PROBE: 2,
  REDUCED: 3,
  LMR_RESEARCH: 4,
  EXTENDED: 5,
  QUIESCENCE: 6,
});

/** Which heuristic placed the move (high nibble of kind): code → { code, name, doc } (index = code). */
export const ORDER_SOURCES = Object.freeze([
  Object.freeze({ code: 0, name: "generated", doc: "Generation order: no heuristic moved it." }),
  Object.freeze({ code: 1, name: "tt", doc: "The best move stored in the transposition table." }),
  Object.freeze({ code: 2, name: "capture", doc: "A capture, ordered most valuable victim / least valuable attacker first." }),
  Object.freeze({ code: 3, name: "killer", doc: "A killer move of this ply." }),
  Object.freeze({ code: 4, name: "refutation", doc: "The stored refutation of the opponent's previous move." }),
  Object.freeze({ code: 5, name: "history", doc: "A quiet move with a positive history score." }),
  Object.freeze({ code: 6, name: "previous_best", doc: "The previous iteration's best root move." }),
]);
export const ORDER_SOURCES_CODE = Object.freeze({
  GENERATED: 0,
  TT: 1,
  CAPTURE: 2,
  KILLER: 3,
  REFUTATION: 4,
  HISTORY: 5,
  PREVIOUS_BEST: 6,
});

/** Why a prune event skipped a move: code → { code, name, doc } (index = code). */
export const PRUNE_REASONS = Object.freeze([
  Object.freeze({ code: 0, name: "see", doc: "A losing capture in quiescence search (static exchange evaluation below 0)." }),
  Object.freeze({ code: 1, name: "uncertainty_cutoff", doc: "A quiet move skipped after an uncertainty cut-off decision (captures are still searched, as in Björnsson et al. 1997, §5)." }),
]);
export const PRUNE_REASONS_CODE = Object.freeze({
  SEE: 0,
  UNCERTAINTY_CUTOFF: 1,
});

/** What the null-move search decided: code → { code, name, doc } (index = code). */
export const NULL_VERDICTS = Object.freeze([
  Object.freeze({ code: 0, name: "fail_low", doc: "It failed low: no pruning, the node is searched normally." }),
  Object.freeze({ code: 1, name: "cutoff", doc: "It failed high: the node is cut (standard null-move pruning)." }),
  Object.freeze({ code: 2, name: "verify", doc: "It failed high under verification: the depth is reduced by one ply and the search goes on." }),
]);
export const NULL_VERDICTS_CODE = Object.freeze({
  FAIL_LOW: 0,
  CUTOFF: 1,
  VERIFY: 2,
});

/** Event kinds on the tape: code → { code, name, doc } (index = code). */
export const EVENTS = Object.freeze([
  Object.freeze({ code: 0, name: "enter", doc: "Enter the next node in id order." }),
  Object.freeze({ code: 1, name: "exit", doc: "Leave the innermost open node (its record holds the result)." }),
  Object.freeze({ code: 2, name: "alpha_raised", doc: "α of the innermost node was raised by the child that just returned." }),
  Object.freeze({ code: 3, name: "cutoff", doc: "The child that just returned caused a β-cut-off at the innermost node." }),
  Object.freeze({ code: 4, name: "research", doc: "The child that just returned will be searched again; the next enter is its re-search." }),
  Object.freeze({ code: 5, name: "iteration", doc: "A new root search starts (an iteration, or an aspiration re-search)." }),
  Object.freeze({ code: 6, name: "aborted", doc: "The search stopped early (node cap, memory budget or the user)." }),
  Object.freeze({ code: 7, name: "tt_hit", doc: "A transposition-table hit at the innermost node." }),
  Object.freeze({ code: 8, name: "null_verdict", doc: "The null-move child just returned." }),
  Object.freeze({ code: 9, name: "multi_cut", doc: "The multi-cut decision after the probes." }),
  Object.freeze({ code: 10, name: "uncertainty_cutoff", doc: "An uncertainty cut-off." }),
  Object.freeze({ code: 11, name: "aspiration_fail", doc: "A root search failed its aspiration window; a wider window follows." }),
  Object.freeze({ code: 12, name: "presearch", doc: "Pre-search raised the node's depth." }),
  Object.freeze({ code: 13, name: "zugzwang", doc: "Verified null-move pruning detected zugzwang: the node is searched again at its original depth." }),
  Object.freeze({ code: 14, name: "prune", doc: "A move of the innermost node was pruned without being entered." }),
]);
export const EVENTS_CODE = Object.freeze({
  ENTER: 0,
  EXIT: 1,
  ALPHA_RAISED: 2,
  CUTOFF: 3,
  RESEARCH: 4,
  ITERATION: 5,
  ABORTED: 6,
  TT_HIT: 7,
  NULL_VERDICT: 8,
  MULTI_CUT: 9,
  UNCERTAINTY_CUTOFF: 10,
  ASPIRATION_FAIL: 11,
  PRESEARCH: 12,
  ZUGZWANG: 13,
  PRUNE: 14,
});

/** Names of the aux words each event carries (index = event code). */
export const EVENT_AUX = Object.freeze([
  Object.freeze([]),
  Object.freeze([]),
  Object.freeze(["old_alpha", "new_alpha"]),
  Object.freeze(["value", "beta"]),
  Object.freeze([]),
  Object.freeze(["depth"]),
  Object.freeze([]),
  Object.freeze(["value", "packed", "move"]),
  Object.freeze(["value", "beta", "verdict"]),
  Object.freeze(["cuts", "C", "probes", "cut"]),
  Object.freeze(["tried", "limit"]),
  Object.freeze(["alpha", "beta", "value"]),
  Object.freeze(["old_depth", "new_depth", "tt_iteration"]),
  Object.freeze(["value", "beta"]),
  Object.freeze(["move", "reason"]),
]);
export const MAX_AUX_WORDS = 4;

/** The node record: little-endian, 28 bytes. */
export const RECORD_BYTES = 28;
export const RECORD_FIELDS = Object.freeze({
  parent: Object.freeze({ offset: 0, type: "u32" }),
  alpha: Object.freeze({ offset: 4, type: "i32" }),
  beta: Object.freeze({ offset: 8, type: "i32" }),
  value: Object.freeze({ offset: 12, type: "i32" }),
  move_code: Object.freeze({ offset: 16, type: "u16" }),
  index: Object.freeze({ offset: 18, type: "u16" }),
  n_moves: Object.freeze({ offset: 20, type: "u16" }),
  best_index: Object.freeze({ offset: 22, type: "u16" }),
  kind: Object.freeze({ offset: 24, type: "u8" }),
  depth: Object.freeze({ offset: 25, type: "i8" }),
  flags: Object.freeze({ offset: 26, type: "u8" }),
  reason: Object.freeze({ offset: 27, type: "u8" }),
});
export const FLAGS = Object.freeze({ BOUND_MASK: 3, EXPECTED_SHIFT: 2, UNCERTAIN: 16, EXITED: 32, RESEARCH: 64 });
export const NO_PARENT = 4294967295;
export const NONE16 = 65535;
export const MAX_MOVES = 65534;
export const DEPTH_UNBOUNDED = 127;
export const INF = 1000000000;

/** Search configuration: src/search/config.rs. */
export const ALGORITHMS = Object.freeze(["minimax","alphabeta","pvs","pvs_full"]);
/** Algorithm name → one line saying what it is and whose (the page's selector). */
export const ALGORITHM_DESCRIPTIONS = Object.freeze({"alphabeta":"alpha-beta (Knuth & Moore's F2, fail-soft)","minimax":"minimax: every move searched with the full window","pvs":"NegaScout (Reinefeld 1983): null-window scouts, re-search with (t, β)","pvs_full":"PVS as engines write it (Björnsson et al. 1997, Fig. 4): re-search with (α, β)"});
export const MAX_DEPTH = 64;
export const DEFAULT_NODE_CAP = 2000000;
/** `--enable` name → the dotted parameter it switches on. */
export const ENABLE_NAMES = Object.freeze({"adaptive_null":"null_move.adaptive","aspiration":"aspiration.enabled","check_extension":"check_extension","history":"ordering.history","history_aging":"ordering.history_aging","killers":"ordering.killers","lmr":"lmr.enabled","mc_a":"multi_cut.mc_a","mc_c":"multi_cut.mc_c","mvv_lva":"ordering.mvv_lva","null_move":"null_move.enabled","presearch":"presearch.enabled","quiescence":"quiescence.enabled","refutation":"ordering.refutation","see_ordering":"ordering.see","see_pruning":"quiescence.see_pruning","tt":"tt.enabled","tt_move":"ordering.tt_move","verified_null":"null_move.verified"});
/** `--enable` names of the uncertainty cut-off forms → uncertainty.mode. */
export const UNCERTAINTY_ENABLE_NAMES = Object.freeze({"uc_all":"unsafe_all","uc_general":"general","uc_safe":"safe"});
export const PARAM_RANGES = Object.freeze([{"max":64.0,"min":1.0,"min_exclusive":false,"name":"depth"},{"max":24.0,"min":10.0,"min_exclusive":false,"name":"tt.size_log2"},{"max":100000.0,"min":1.0,"min_exclusive":false,"name":"aspiration.width"},{"max":3.0,"min":1.0,"min_exclusive":false,"name":"null_move.R"},{"max":256.0,"min":1.0,"min_exclusive":false,"name":"multi_cut.M"},{"max":256.0,"min":1.0,"min_exclusive":false,"name":"multi_cut.C"},{"max":8.0,"min":1.0,"min_exclusive":false,"name":"multi_cut.R"},{"max":16.0,"min":1.0,"min_exclusive":false,"name":"presearch.Risk"},{"max":1000.0,"min":0.0,"min_exclusive":false,"name":"presearch.NearRoot"},{"max":64.0,"min":0.0,"min_exclusive":false,"name":"presearch.NearLeaf"},{"max":256.0,"min":1.0,"min_exclusive":false,"name":"lmr.K"},{"max":8.0,"min":1.0,"min_exclusive":false,"name":"lmr.H"},{"max":1.0,"min":0.0,"min_exclusive":true,"name":"uncertainty.CUT_RATIO"}]);
export const DEFAULT_CONFIG = Object.freeze({"algo":"pvs","aspiration":{"enabled":false,"width":50},"check_extension":false,"depth":4,"iterative":false,"lmr":{"H":1,"K":3,"enabled":false},"multi_cut":{"C":3,"M":10,"R":3,"mc_a":false,"mc_c":false},"node_cap":0,"null_move":{"R":2,"adaptive":false,"enabled":false,"verified":false},"ordering":{"history":false,"history_aging":false,"killers":false,"mvv_lva":false,"refutation":false,"see":false,"tt_move":false},"presearch":{"NearLeaf":3,"NearRoot":1000,"Risk":2,"enabled":false},"quiescence":{"enabled":false,"see_pruning":true},"tt":{"enabled":false,"replacement":"depth_preferred","size_log2":20},"uncertainty":{"CUT_RATIO":0.5,"mode":"off"}});
