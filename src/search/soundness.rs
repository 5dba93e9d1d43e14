//! Which techniques a small game (tic-tac-toe, Nim, Connect Four) accepts.
//!
//! These games have no captures, checks or promotions, so the chess techniques built on them
//! (quiescence search, SEE, MVV-LVA, check extensions) are refused by name. Of the rest, only
//! the techniques that keep minimax's value are offered: the transposition table and its move,
//! move ordering (killers, history, the refutation table), aspiration windows, and the
//! algorithms themselves (alpha-beta, PVS). Forward pruning (null move, multi-cut, LMR,
//! uncertainty cut-offs) and pre-searching can change the value, so they are refused too.
//!
//! Null-move pruning in Connect Four is the one exception, as a lesson: zugzwang is central to
//! the game (Allis 1988, "zugzwang control"), so passing is no lower bound and null-move
//! pruning is unsound there; it runs only on an input marked `unsafe_null_move`, the
//! demonstration of how it goes wrong.

use crate::search::config::{ConfigError, SearchConfig};
use crate::search::techniques::uncertainty::UncertaintyMode;

/// The techniques that apply to the small games, for messages.
pub const SOUND: &str = "tt, tt_move, killers, history, history_aging, refutation and aspiration, with minimax, \
     alphabeta or pvs";

/// Refuses the techniques `game` (its name, as messages print it) does not accept; the null
/// move family is accepted when `unsafe_null_move` is set (Connect Four's demonstration).
pub fn check_small_game(
    game: &str,
    cfg: &SearchConfig,
    unsafe_null_move: bool,
) -> Result<(), ConfigError> {
    let refuse = |param: &str, technique: &str, reason: String| {
        Err(ConfigError::NotForGame {
            param: param.to_string(),
            technique: technique.to_string(),
            game: game.to_string(),
            reason,
        })
    };
    let chess = |param: &str, technique: &str| {
        refuse(
            param,
            technique,
            "it is a chess technique, built on captures and checks, which this game does not \
             have"
                .to_string(),
        )
    };
    if cfg.quiescence.enabled {
        return chess("quiescence.enabled", "quiescence");
    }
    if cfg.ordering.see {
        return chess("ordering.see", "see_ordering");
    }
    if cfg.ordering.mvv_lva {
        return chess("ordering.mvv_lva", "mvv_lva");
    }
    if cfg.check_extension {
        return chess("check_extension", "check_extension");
    }
    let unsound = |param: &str, technique: &str| {
        refuse(
            param,
            technique,
            format!(
                "it can change the minimax value, and only sound techniques are offered here: \
                 {SOUND}"
            ),
        )
    };
    if cfg.null_move.enabled && !unsafe_null_move {
        return if game == "Connect Four" {
            refuse(
                "null_move.enabled",
                "null_move",
                "zugzwang is central to Connect Four, so passing is no lower bound and \
                 null-move pruning is unsound; run it only as the unsafe demonstration \
                 (--unsafe-null-move)"
                    .to_string(),
            )
        } else {
            unsound("null_move.enabled", "null_move")
        };
    }
    if cfg.multi_cut.mc_c {
        return unsound("multi_cut.mc_c", "mc_c");
    }
    if cfg.multi_cut.mc_a {
        return unsound("multi_cut.mc_a", "mc_a");
    }
    if cfg.lmr.enabled {
        return unsound("lmr.enabled", "lmr");
    }
    if cfg.uncertainty.mode != UncertaintyMode::Off {
        return unsound("uncertainty.mode", "uncertainty cut-offs");
    }
    if cfg.presearch.enabled {
        return unsound("presearch.enabled", "presearch");
    }
    Ok(())
}
