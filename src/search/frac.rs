//! Exact fractions for the chance searches (search/chance.rs): an expectimax value, or a
//! window Ballard's Star1 and Star2 pass below a chance node, is a weighted average divided by
//! a branch weight, so it is a fraction in general. Nothing is rounded: numerator and
//! denominator are `i128`, kept in lowest terms with a positive denominator, and every
//! operation is checked, so a fraction too large for 128 bits is reported
//! ([`FracOverflow`]) instead of wrapping.
//!
//! Why not `num_rational::Ratio<i128>` (issue 32 §2, measured): its operators panic on
//! overflow, which in the page is a trap ("unreachable"), so every call would have to go
//! through its `Checked*` traits to get what this type does by construction, a typed error.
//! It is no smaller and no faster: the same 2 M-step weighted-average loop (a scratch crate
//! with this file and `Ratio<i128>` behind one function, `cargo build --release`, 2 × 3 runs on
//! a loaded 2-core machine) took a median 2.3 s here against 2.8 s, and a wasm32 cdylib of the
//! function was 23,578 bytes against 26,464.

use core::cmp::Ordering;
use core::fmt;

/// An exact rational number `num / den`, `den > 0`, in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frac {
    num: i128,
    den: i128,
}

/// A fraction left the 128-bit range (numerator or denominator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("an exact value of the chance search needs more than 128 bits")]
pub struct FracOverflow;

type R = Result<Frac, FracOverflow>;

/// The greatest common divisor (Euclid): written once for the crate (the chance search's
/// scale, fractions in lowest terms, the figures' spacing, the trace checker).
pub fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The least common multiple, `None` past 128 bits; `lcm(0, b)` is `b`.
pub fn lcm(a: u128, b: u128) -> Option<u128> {
    if a == 0 || b == 0 {
        return Some(a.max(b));
    }
    (a / gcd(a, b)).checked_mul(b)
}

/// [`gcd`] of two signed numbers, as a signed number (≥ 0).
fn gcd_signed(a: i128, b: i128) -> i128 {
    gcd(a.unsigned_abs(), b.unsigned_abs()) as i128
}

impl Frac {
    pub const ZERO: Frac = Frac { num: 0, den: 1 };

    /// The integer `n`.
    pub const fn int(n: i64) -> Frac {
        Frac {
            num: n as i128,
            den: 1,
        }
    }

    /// `num / den` in lowest terms; `den` must not be 0.
    pub fn new(num: i128, den: i128) -> R {
        if den == 0 || num == i128::MIN || den == i128::MIN {
            return Err(FracOverflow);
        }
        let g = gcd_signed(num, den).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Ok(Frac {
            num: sign * (num / g),
            den: sign * (den / g),
        })
    }

    pub fn num(self) -> i128 {
        self.num
    }

    pub fn den(self) -> i128 {
        self.den
    }

    pub fn negated(self) -> Frac {
        Frac {
            num: -self.num,
            den: self.den,
        }
    }

    pub fn plus(self, o: Frac) -> R {
        let g = gcd_signed(self.den, o.den);
        let a = self.num.checked_mul(o.den / g).ok_or(FracOverflow)?;
        let b = o.num.checked_mul(self.den / g).ok_or(FracOverflow)?;
        let den = (self.den / g).checked_mul(o.den).ok_or(FracOverflow)?;
        Frac::new(a.checked_add(b).ok_or(FracOverflow)?, den)
    }

    pub fn minus(self, o: Frac) -> R {
        self.plus(o.negated())
    }

    /// `self × k`.
    pub fn mul_int(self, k: i128) -> R {
        let g = gcd_signed(k, self.den).max(1);
        Frac::new(
            self.num.checked_mul(k / g).ok_or(FracOverflow)?,
            self.den / g,
        )
    }

    /// `self / k`, `k` ≠ 0.
    pub fn div_int(self, k: i128) -> R {
        let g = gcd_signed(k, self.num).max(1);
        Frac::new(
            self.num / g,
            self.den.checked_mul(k / g).ok_or(FracOverflow)?,
        )
    }

    /// Exact comparison (by the sign of the difference, which is checked).
    pub fn cmp_exact(self, o: Frac) -> Result<Ordering, FracOverflow> {
        Ok(self.minus(o)?.num.cmp(&0))
    }

    /// `self` as a decimal for plotting (never used for a decision or a printed value).
    pub fn approx(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// `7`, `-7/2`: an integer without a denominator.
impl fmt::Display for Frac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl serde::Serialize for Frac {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        let half = Frac::new(1, 2).unwrap();
        let third = Frac::new(-2, -6).unwrap();
        assert_eq!(third, Frac::new(1, 3).unwrap());
        assert_eq!(half.plus(third).unwrap(), Frac::new(5, 6).unwrap());
        assert_eq!(half.minus(third).unwrap().to_string(), "1/6");
        assert_eq!(half.mul_int(4).unwrap(), Frac::int(2));
        assert_eq!(Frac::int(3).div_int(-6).unwrap().to_string(), "-1/2");
        assert_eq!(half.cmp_exact(third).unwrap(), Ordering::Greater);
        assert_eq!(Frac::new(1, 0), Err(FracOverflow));
        let big = Frac::new(i128::MAX / 2, 1).unwrap();
        assert_eq!(big.mul_int(4), Err(FracOverflow));
    }
}
