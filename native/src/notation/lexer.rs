//! The tokenizer of CGSuite notation (mirrors `cgtkit.short.notation._tokenize`).
//!
//! Columns are 1-based and count characters (not bytes), as Python does, so error
//! messages point at the same place in both readers.

use super::Error;
use crate::numbers::{Dyadic, Int};

/// The arrows of an atom: a count of ups (negative: downs), or an uptimal
/// `^[n]` / `^<n>` (`bracket` true for `[`) with its sign.
#[derive(Clone, Debug, PartialEq)]
pub enum Ups {
    Count(Int),
    Uptimal { bracket: bool, count: Int, sign: i32 },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `[number] [ups] [star]`
    Atom {
        number: Option<Dyadic>,
        ups: Ups,
        nim: Int,
    },
    /// `+`, `-` or `+-`
    Op(&'static str),
    /// `Tiny` or `Miny`
    Name(&'static str),
    /// a run of slashes
    Bar(usize),
    Open,
    Close,
    LParen,
    RParen,
    Comma,
    End,
    /// a token already consumed (the `(` after Tiny)
    Skip,
}

#[derive(Clone, Debug)]
pub struct Tok {
    pub kind: Kind,
    /// 1-based column of the first character
    pub col: usize,
    /// one past the last character (a character index)
    pub end: usize,
}

impl Tok {
    /// The token's text (for error messages).
    pub fn text(&self, chars: &[char]) -> String {
        if self.kind == Kind::End {
            return String::new();
        }
        chars[self.col - 1..self.end].iter().collect()
    }
}

pub struct Lexer<'a> {
    chars: Vec<char>,
    /// Python's limit on the digits of an int read from text (0: none)
    max_digits: usize,
    show: &'a dyn Fn(char) -> String,
}

fn is_up(c: char) -> Option<i64> {
    match c {
        '^' | '\u{2191}' => Some(1),
        '\u{21d1}' => Some(2),
        _ => None,
    }
}

fn is_down(c: char) -> Option<i64> {
    match c {
        '\u{2193}' => Some(1),
        '\u{21d3}' => Some(2),
        _ => None,
    }
}

fn is_star(c: char) -> bool {
    c == '*' || c == '\u{2217}'
}

fn is_minus(c: char) -> bool {
    c == '-' || c == '\u{2212}'
}

fn vulgar(c: char) -> Option<Dyadic> {
    match c {
        '\u{bd}' => Some(Dyadic::new(Int::from(1), 1)),
        '\u{bc}' => Some(Dyadic::new(Int::from(1), 2)),
        '\u{be}' => Some(Dyadic::new(Int::from(3), 2)),
        _ => None,
    }
}

/// Python's `str.isspace`.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

fn is_ascii_digit(c: char) -> bool {
    c.is_ascii_digit()
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str, max_digits: usize, show: &'a dyn Fn(char) -> String) -> Lexer<'a> {
        Lexer { chars: text.chars().collect(), max_digits, show }
    }

    pub fn into_chars(self) -> Vec<char> {
        self.chars
    }

    fn err(&self, message: String, col: usize) -> Error {
        Error { message, col }
    }

    fn digits_at(&self, mut j: usize) -> usize {
        while j < self.chars.len() && is_ascii_digit(self.chars[j]) {
            j += 1;
        }
        j
    }

    fn skip_ws(&self, mut j: usize) -> usize {
        while j < self.chars.len() && is_space(self.chars[j]) {
            j += 1;
        }
        j
    }

    fn slice(&self, i: usize, j: usize) -> String {
        self.chars[i..j].iter().collect()
    }

    /// True when chars[i..] starts a word made only of the letter v (downs).
    fn is_downs_word(&self, i: usize) -> bool {
        let mut j = i;
        while j < self.chars.len() && self.chars[j] == 'v' {
            j += 1;
        }
        if j == i {
            return false;
        }
        !(j < self.chars.len() && self.chars[j].is_ascii_alphabetic())
    }

    /// The decimal integer chars[i..j].
    fn int(&self, i: usize, j: usize) -> Result<Int, Error> {
        if j - i <= 18 {
            let mut v: i64 = 0;
            for &c in &self.chars[i..j] {
                v = v * 10 + (c as i64 - '0' as i64);
            }
            return Ok(Int::from(v));
        }
        if self.max_digits > 0 && j - i > self.max_digits {
            return Err(self.err(format!("the number at column {} has too many digits ({})", i + 1, j - i), i + 1));
        }
        Ok(crate::numbers::int::parse_decimal(&self.slice(i, j)).expect("ascii digits"))
    }

    pub fn tokenize(&self) -> Result<Vec<Tok>, Error> {
        let n = self.chars.len();
        let mut toks = Vec::with_capacity(n + 1); // at most one token a character, and End
        let mut i = 0;
        loop {
            i = self.skip_ws(i);
            if i >= n {
                toks.push(Tok { kind: Kind::End, col: n + 1, end: n + 1 });
                return Ok(toks);
            }
            let ch = self.chars[i];
            let single = |k: Kind| Tok { kind: k, col: i + 1, end: i + 1 };
            match ch {
                '{' => {
                    toks.push(single(Kind::Open));
                    i += 1;
                }
                '}' => {
                    toks.push(single(Kind::Close));
                    i += 1;
                }
                '(' => {
                    toks.push(single(Kind::LParen));
                    i += 1;
                }
                ')' => {
                    toks.push(single(Kind::RParen));
                    i += 1;
                }
                ',' => {
                    toks.push(single(Kind::Comma));
                    i += 1;
                }
                '|' => {
                    let mut j = i;
                    while j < n && self.chars[j] == '|' {
                        j += 1;
                    }
                    toks.push(Tok { kind: Kind::Bar(j - i), col: i + 1, end: j });
                    i = j;
                }
                '+' => {
                    if i + 1 < n && is_minus(self.chars[i + 1]) {
                        toks.push(Tok { kind: Kind::Op("+-"), col: i + 1, end: i + 2 });
                        i += 2;
                    } else {
                        toks.push(single(Kind::Op("+")));
                        i += 1;
                    }
                }
                '\u{b1}' => {
                    toks.push(single(Kind::Op("+-")));
                    i += 1;
                }
                c if is_minus(c) => {
                    toks.push(single(Kind::Op("-")));
                    i += 1;
                }
                c if c.is_ascii_alphabetic() && !self.is_downs_word(i) => {
                    let mut j = i;
                    while j < n && self.chars[j].is_ascii_alphabetic() {
                        j += 1;
                    }
                    let word = self.slice(i, j);
                    let name = match word.to_lowercase().as_str() {
                        "tiny" => "Tiny",
                        "miny" => "Miny",
                        _ => return Err(self.err(format!("unknown name '{}' at column {}", word, i + 1), i + 1)),
                    };
                    toks.push(Tok { kind: Kind::Name(name), col: i + 1, end: j });
                    i = j;
                }
                c if is_ascii_digit(c)
                    || c == '^'
                    || c == '*'
                    || (!c.is_ascii() && (vulgar(c).is_some() || is_up(c).is_some() || is_down(c).is_some() || is_star(c)))
                    || self.is_downs_word(i) =>
                {
                    i = self.read_atom(i, &mut toks)?;
                }
                c => {
                    return Err(self.err(format!("unexpected {} at column {}", (self.show)(c), i + 1), i + 1));
                }
            }
        }
    }

    /// Read `[number] [ups] [star]` starting at i; push one atom token.
    fn read_atom(&self, mut i: usize, toks: &mut Vec<Tok>) -> Result<usize, Error> {
        let n = self.chars.len();
        let c = &self.chars;
        let start = i;
        let mut number: Option<Dyadic> = None;
        let mut ups = Ups::Count(Int::ZERO);
        let mut nim = Int::ZERO;
        // number part: digits, digits/digits, a vulgar fraction, or digits + vulgar fraction
        if is_ascii_digit(c[i]) {
            let j = self.digits_at(i);
            let whole = self.int(i, j)?;
            let k = self.skip_ws(j);
            if k < n && c[k] == '/' {
                let d0 = self.skip_ws(k + 1);
                let d1 = self.digits_at(d0);
                if d1 == d0 {
                    let col = d0 + 1;
                    let found = if d0 >= n { "end of input".to_string() } else { (self.show)(c[d0]) };
                    return Err(self.err(format!("expected a denominator after '/' at column {col}, found {found}"), col));
                }
                let den = self.int(d0, d1)?;
                number = reduce_fraction(&whole, &den);
                if number.is_none() {
                    let written = format!("{}/{}", whole.shown(), den.shown());
                    if den.is_zero() {
                        return Err(self.err(format!("{written} at column {} divides by zero", i + 1), i + 1));
                    }
                    return Err(self.err(
                        format!(
                            "{written} at column {} is not a dyadic rational (its denominator in lowest terms \
                             is not a power of 2), so no short game has this value",
                            i + 1
                        ),
                        i + 1,
                    ));
                }
                i = d1;
            } else {
                let mut x = Dyadic::int(whole);
                i = j;
                if i < n {
                    if let Some(v) = vulgar(c[i]) {
                        x = x.add(&v);
                        i += 1;
                    }
                }
                number = Some(x);
            }
        } else if let Some(v) = vulgar(c[i]) {
            number = Some(v);
            i += 1;
        }
        // ups or downs
        let j = if number.is_some() { self.skip_ws(i) } else { i };
        if j < n && (is_up(c[j]).is_some() || is_down(c[j]).is_some() || self.is_downs_word(j)) {
            let sign: i64 = if is_up(c[j]).is_some() { 1 } else { -1 };
            let mut arrows: i64 = 0;
            let mut k = j;
            while k < n {
                let ch = c[k];
                if sign > 0 && is_up(ch).is_some() {
                    arrows += is_up(ch).unwrap();
                } else if sign < 0 && is_down(ch).is_some() {
                    arrows += is_down(ch).unwrap();
                } else if sign < 0 && ch == 'v' {
                    arrows += 1;
                } else {
                    break;
                }
                k += 1;
            }
            let d = self.digits_at(k);
            let mut count = Int::from(arrows);
            if d > k {
                if k - j != 1 || arrows != 1 {
                    let arrow = if sign > 0 { "^" } else { "v" };
                    let what = if sign > 0 { "ups" } else { "downs" };
                    return Err(
                        self.err(format!("unexpected '{}' at column {}: a count follows a single arrow ({arrow}3 is three {what})", c[k], k + 1), k + 1)
                    );
                }
                count = self.int(k, d)?;
                k = d;
            }
            ups = Ups::Count(if sign > 0 { count } else { count.neg() });
            if k < n && (c[k] == '[' || c[k] == '<') && k - j == 1 && arrows == 1 {
                let (u, end) = self.read_uptimal(k, sign as i32)?;
                ups = u;
                k = end;
            }
            i = k;
        }
        // star part
        let has_ups = !matches!(&ups, Ups::Count(v) if v.is_zero());
        let j = if number.is_some() || has_ups { self.skip_ws(i) } else { i };
        if j < n && is_star(c[j]) {
            let k = self.digits_at(j + 1);
            nim = if k > j + 1 { self.int(j + 1, k)? } else { Int::ONE };
            i = k;
        }
        toks.push(Tok { kind: Kind::Atom { number, ups, nim }, col: start + 1, end: i });
        Ok(i)
    }

    /// `^[n]` (= {^[n-1] | *}) or `^<n>` (= ^[n] - ^[n-1]) after one arrow.
    fn read_uptimal(&self, k: usize, sign: i32) -> Result<(Ups, usize), Error> {
        let c = &self.chars;
        let opener = c[k];
        let closer = if opener == '[' { ']' } else { '>' };
        let d = self.digits_at(k + 1);
        if d == k + 1 {
            return Err(self.err(format!("expected a count after '{}' at column {}", opener, k + 2), k + 2));
        }
        let count = self.int(k + 1, d)?;
        if count.signum() < 1 {
            return Err(self.err(format!("the count at column {} must be at least 1", k + 2), k + 2));
        }
        if d >= c.len() || c[d] != closer {
            return Err(self.err(format!("expected '{}' at column {} to close '{}' at column {}", closer, d + 1, opener, k + 1), d + 1));
        }
        Ok((Ups::Uptimal { bracket: opener == '[', count, sign }, d + 1))
    }
}

/// `whole / den` as a dyadic when its reduced denominator is a power of two.
pub fn reduce_fraction(whole: &Int, den: &Int) -> Option<Dyadic> {
    use num_integer::Integer;
    if den.is_zero() {
        return None;
    }
    if let (Some(w), Some(d)) = (whole.as_small(), den.as_small()) {
        let g = w.gcd(&d);
        let (w, d) = (w / g, d / g);
        if d <= 0 || d & (d - 1) != 0 {
            return None;
        }
        return Some(Dyadic::new(Int::from(w), d.trailing_zeros() as u64));
    }
    let (w, d) = (whole.to_big(), den.to_big());
    let g = w.gcd(&d);
    let (w, d) = (&w / &g, &d / &g);
    let dd = Int::from_big(d);
    let tz = dd.trailing_zeros();
    if dd != Int::pow2(tz) {
        return None;
    }
    Some(Dyadic::new(Int::from_big(w), tz))
}
