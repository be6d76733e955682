//! The reader of CGSuite notation (mirrors `cgtkit.short.notation._Parser`): one loop
//! over the tokens with an explicit stack of open groups, so nesting depth is never
//! depth of the machine stack.  Every malformed text is an [`Error`] with the message
//! and column the Python reader gives.

use super::lexer::{Kind, Lexer, Tok, Ups};
use super::Error;
use crate::numbers::{Dyadic, Int};
use crate::short::nus::Nus;
use crate::short::{Engine, EngineError, Id};

const PREC_BINARY: u8 = 1; // + - +-
const PREC_JUXTA: u8 = 2; // the implicit + of "2Tiny(1)"

/// A value being read: a game, or the option list after `+-` (`+-{1,1*}`).
#[derive(Clone)]
enum Val {
    Game(Id),
    Options(Vec<Id>),
}

struct Expr {
    vals: Vec<Val>,
    /// (op, precedence or 0 for prefix, token index)
    ops: Vec<(&'static str, u8, usize)>,
    expect_operand: bool,
    empty: bool,
    /// the last operand was a plain number literal (for 2Tiny(1))
    last_number: bool,
}

impl Expr {
    fn new() -> Expr {
        Expr { vals: Vec::new(), ops: Vec::new(), expect_operand: true, empty: true, last_number: false }
    }

    /// Empty again, keeping the buffers (an option list reads many expressions).
    fn reset(&mut self) {
        self.vals.clear();
        self.ops.clear();
        self.expect_operand = true;
        self.empty = true;
        self.last_number = false;
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum GroupKind {
    Top,
    Brace,
    Paren,
    Tiny,
    Miny,
}

struct Group {
    kind: GroupKind,
    col: usize,
    expr: Expr,
    segments: Vec<Vec<Id>>,
    /// (number of slashes, column)
    bars: Vec<(usize, usize)>,
    after_pm: bool,
}

impl Group {
    fn new(kind: GroupKind, col: usize, after_pm: bool) -> Group {
        Group { kind, col, expr: Expr::new(), segments: vec![Vec::new()], bars: Vec::new(), after_pm }
    }

    /// A group ready to read, reusing the buffers of `spare` when there is one.
    fn renew(spare: Option<Group>, kind: GroupKind, col: usize, after_pm: bool) -> Group {
        match spare {
            None => Group::new(kind, col, after_pm),
            Some(mut g) => {
                g.kind = kind;
                g.col = col;
                g.after_pm = after_pm;
                g.expr.reset();
                g.segments.truncate(1);
                match g.segments.first_mut() {
                    Some(first) => first.clear(),
                    None => g.segments.push(Vec::new()),
                }
                g.bars.clear();
                g
            }
        }
    }
}

pub struct Parser<'a> {
    e: &'a Engine,
    chars: Vec<char>,
    toks: Vec<Tok>,
    /// closed groups, kept for their buffers
    spare: std::cell::RefCell<Vec<Group>>,
}

/// Why reading stopped: malformed text, or the engine stopped (Ctrl-C, limits).
pub enum Fail {
    Text(Error),
    Engine(EngineError),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Text(e)
    }
}

impl From<EngineError> for Fail {
    fn from(e: EngineError) -> Fail {
        Fail::Engine(e)
    }
}

type R<T> = Result<T, Fail>;

fn err(message: String, col: usize) -> Fail {
    Fail::Text(Error { message, col })
}

impl<'a> Parser<'a> {
    pub fn new(e: &'a Engine, text: &'a str, max_digits: usize, show: &dyn Fn(char) -> String) -> R<Parser<'a>> {
        let lexer = Lexer::new(text, max_digits, show);
        let toks = lexer.tokenize()?;
        Ok(Parser { e, chars: lexer.into_chars(), toks, spare: std::cell::RefCell::new(Vec::new()) })
    }

    fn group(&self, kind: GroupKind, col: usize, after_pm: bool) -> Group {
        Group::renew(self.spare.borrow_mut().pop(), kind, col, after_pm)
    }

    fn retire(&self, g: Group) {
        self.spare.borrow_mut().push(g);
    }

    fn unexpected(&self, tok: &Tok, why: &str) -> Fail {
        let what = if tok.kind == Kind::End { "end of input".to_string() } else { format!("'{}'", tok.text(&self.chars)) };
        err(format!("unexpected {} at column {}{}", what, tok.col, why), tok.col)
    }

    fn never_closed(&self, g: &Group) -> Fail {
        let what = match g.kind {
            GroupKind::Brace => "{",
            GroupKind::Paren => "(",
            GroupKind::Tiny => "Tiny(",
            GroupKind::Miny => "Miny(",
            GroupKind::Top => "",
        };
        err(format!("'{}' at column {} is never closed", what, g.col), g.col)
    }

    // --- values -------------------------------------------------------------------
    fn game(&self, v: Val) -> Id {
        match v {
            Val::Game(id) => id,
            Val::Options(_) => unreachable!("an option list is consumed by +-"),
        }
    }

    fn uptimal(&self, bracket: bool, count: &Int, sign: i32) -> R<Id> {
        let e = self.e;
        let star = e.nus(Nus { x: Dyadic::zero(), n: Int::ZERO, m: Int::ONE });
        let (mut lower, mut upper) = (e.zero, e.zero);
        let n = count.as_small().ok_or_else(|| Fail::Engine(EngineError::TooManyOptions(format!("^[{count}] is too deep to build"))))?;
        for _ in 0..n {
            crate::short::tick()?;
            let next = e.canonical(vec![upper], vec![star])?;
            lower = upper;
            upper = next;
        }
        let g = if bracket { upper } else { e.sub(upper, lower)? };
        Ok(if sign > 0 { g } else { e.neg(g)? })
    }

    fn atom_value(&self, number: Option<&Dyadic>, ups: &Ups, nim: &Int) -> R<Id> {
        let e = self.e;
        let x = number.cloned().unwrap_or_default();
        match ups {
            Ups::Count(n) => Ok(e.nus(Nus { x, n: n.clone(), m: nim.clone() })),
            Ups::Uptimal { bracket, count, sign } => {
                let u = self.uptimal(*bracket, count, *sign)?;
                let rest = e.nus(Nus { x, n: Int::ZERO, m: nim.clone() });
                Ok(e.add(rest, u)?)
            }
        }
    }

    fn plus_minus(&self, x: Val) -> R<Id> {
        let e = self.e;
        match x {
            Val::Options(list) => {
                let neg: Vec<Id> = list.iter().map(|&o| e.neg(o)).collect::<Result<_, _>>()?;
                Ok(e.canonical(list, neg)?)
            }
            Val::Game(g) => {
                let n = e.neg(g)?;
                Ok(e.canonical(vec![g], vec![n])?)
            }
        }
    }

    fn apply_binary(&self, op: &str, a: Val, b: Val) -> R<Val> {
        let e = self.e;
        let a = self.game(a);
        Ok(Val::Game(match op {
            "+" => e.add(a, self.game(b))?,
            "-" => e.sub(a, self.game(b))?,
            _ => {
                let pm = self.plus_minus(b)?;
                e.add(a, pm)?
            }
        }))
    }

    fn apply_prefix(&self, op: &str, a: Val) -> R<Val> {
        Ok(match op {
            "-" => Val::Game(self.e.neg(self.game(a))?),
            "+-" => Val::Game(self.plus_minus(a)?),
            _ => a,
        })
    }

    fn is_number(&self, v: &Val) -> bool {
        match v {
            Val::Game(g) => self.e.kind(*g) == crate::short::Kind::Number,
            Val::Options(_) => false,
        }
    }

    // --- expression machinery -------------------------------------------------------
    fn push_operand(&self, g: &mut Group, mut value: Val, mut is_number: bool) -> R<()> {
        let e = &mut g.expr;
        while let Some(&(op, 0, _)) = e.ops.last() {
            e.ops.pop();
            value = self.apply_prefix(op, value)?;
            if op != "+" {
                is_number = is_number && op == "-" && self.is_number(&value);
            }
        }
        e.vals.push(value);
        e.expect_operand = false;
        e.empty = false;
        e.last_number = is_number;
        Ok(())
    }

    fn reduce(&self, e: &mut Expr, prec: u8) -> R<()> {
        while let Some(&(op, p, _)) = e.ops.last() {
            if p < prec {
                break;
            }
            e.ops.pop();
            let b = e.vals.pop().unwrap();
            let a = e.vals.pop().unwrap();
            let v = self.apply_binary(op, a, b)?;
            e.vals.push(v);
        }
        Ok(())
    }

    fn finish(&self, g: &mut Group, tok: &Tok) -> R<Val> {
        if g.expr.expect_operand {
            return Err(self.unexpected(tok, ""));
        }
        self.reduce(&mut g.expr, 1)?;
        let value = g.expr.vals.pop().unwrap();
        g.expr.reset();
        Ok(value)
    }

    fn finish_game(&self, g: &mut Group, tok: &Tok) -> R<Id> {
        let v = self.finish(g, tok)?;
        match v {
            Val::Game(id) => Ok(id),
            Val::Options(_) => Err(self.unexpected(tok, "")),
        }
    }

    /// `Tiny(` or `Miny(`: open a group; its '(' token is consumed here.
    fn open_call(&mut self, stack: &mut Vec<Group>, tok: &Tok, index: usize) -> R<()> {
        let (name, col, text) = match &tok.kind {
            Kind::Name(n) => (*n, tok.col, tok.text(&self.chars)),
            _ => unreachable!(),
        };
        let paren = &self.toks[index + 1];
        if paren.kind != Kind::LParen {
            return Err(err(format!("expected '(' after {} at column {}", text, paren.col), paren.col));
        }
        let kind = if name == "Tiny" { GroupKind::Tiny } else { GroupKind::Miny };
        stack.push(self.group(kind, col, false));
        self.toks[index + 1].kind = Kind::Skip;
        Ok(())
    }

    /// A slash run, or the closing brace of the top group (its current item stored).
    fn close_or_bar(&self, stack: &mut Vec<Group>, tok: &Tok) -> R<()> {
        if let Kind::Bar(count) = tok.kind {
            let g = stack.last_mut().unwrap();
            g.bars.push((count, tok.col));
            g.segments.push(Vec::new());
            g.expr.reset();
            return Ok(());
        }
        let mut g = stack.pop().unwrap();
        let value = if g.bars.is_empty() {
            if g.after_pm && !g.segments[0].is_empty() {
                Val::Options(std::mem::take(&mut g.segments[0]))
            } else {
                return Err(err(format!("unexpected '}}' at column {}: braces need a '|' between Left's and Right's options", tok.col), tok.col));
            }
        } else {
            Val::Game(self.build_slashes(&mut g)?)
        };
        self.retire(g);
        self.push_operand(stack.last_mut().unwrap(), value, false)
    }

    /// Segments and slash runs to one game: fewer slashes bind tighter.  `a||b|c` is
    /// {a || {b|c}}; two runs of the same length with no longer run between them
    /// (`{3|2|1}`) are ambiguous.  Iterative (shunting-yard).
    fn build_slashes(&self, g: &mut Group) -> R<Id> {
        if g.bars.len() == 1 {
            // the common {a, b | c, d}: no slash levels to sort out
            let right = g.segments.pop().unwrap();
            let left = g.segments.pop().unwrap();
            return Ok(self.e.canonical(left, right)?);
        }
        enum Part {
            Raw(Vec<Id>),
            Built(Id),
        }
        let side = |p: Part| match p {
            Part::Raw(v) => v,
            Part::Built(id) => vec![id],
        };
        let mut operands: Vec<Part> = vec![Part::Raw(g.segments[0].clone())];
        let mut pending: Vec<(usize, usize)> = Vec::new();
        let reduce_top = |operands: &mut Vec<Part>, pending: &mut Vec<(usize, usize)>| -> R<()> {
            pending.pop();
            let right = operands.pop().unwrap();
            let left = operands.pop().unwrap();
            operands.push(Part::Built(self.e.canonical(side(left), side(right))?));
            Ok(())
        };
        for (&(count, col), segment) in g.bars.iter().zip(g.segments[1..].iter()) {
            while pending.last().is_some_and(|p| p.0 < count) {
                reduce_top(&mut operands, &mut pending)?;
            }
            if let Some(&(c, other)) = pending.last() {
                if c == count {
                    let bar = "|".repeat(count);
                    return Err(err(
                        format!(
                            "ambiguous slashes: '{bar}' at column {col} is at the same level as '{bar}' at column {other}; write {}",
                            self.disambiguation_hint(g, count)
                        ),
                        col,
                    ));
                }
            }
            pending.push((count, col));
            operands.push(Part::Raw(segment.clone()));
        }
        while !pending.is_empty() {
            reduce_top(&mut operands, &mut pending)?;
        }
        match operands.pop().unwrap() {
            Part::Built(id) => Ok(id),
            Part::Raw(_) => unreachable!("a brace with bars builds a game"),
        }
    }

    /// For {3|2|1}: '{3||2|1} or {3|2||1}' (only for the simple three-part case).
    fn disambiguation_hint(&self, g: &Group, count: usize) -> String {
        let chars = &self.chars;
        let after: String = chars[g.col.min(chars.len())..].iter().collect();
        let inner = match after.find('}') {
            Some(p) => after[..p].to_string(),
            None => String::new(),
        };
        let sep = "|".repeat(count);
        let parts: Vec<&str> = inner.split(sep.as_str()).collect();
        if parts.len() == 3 && parts.iter().all(|p| !p.contains('|')) {
            let (a, b, c) = (py_strip(parts[0]), py_strip(parts[1]), py_strip(parts[2]));
            let more = "|".repeat(count + 1);
            return format!("{{{a}{more}{b}{sep}{c}}} or {{{a}{sep}{b}{more}{c}}}");
        }
        "more slashes for the outer split".to_string()
    }

    // --- main loop ------------------------------------------------------------------
    pub fn parse(mut self) -> R<Id> {
        if self.toks[0].kind == Kind::End {
            return Err(err("empty input: expected a game such as 0, *, ^ or {1|0}".into(), 1));
        }
        let mut stack: Vec<Group> = vec![Group::new(GroupKind::Top, 0, false)];
        let mut index = 0;
        while index < self.toks.len() {
            let tok = std::mem::replace(&mut self.toks[index], Tok { kind: Kind::Skip, col: 0, end: 0 });
            crate::short::tick()?;
            let top = stack.len() - 1;
            if stack[top].expr.expect_operand {
                match &tok.kind {
                    Kind::Atom { number, ups, nim } => {
                        let mut number = number.clone();
                        let ops = &mut stack[top].expr.ops;
                        if number.is_some() {
                            if let Some(&("-", 0, at)) = ops.last() {
                                if index > 0 && at == index - 1 {
                                    // "-1/2v" is (-1/2) + v: the sign belongs to the number part
                                    ops.pop();
                                    number = number.map(|x| x.neg());
                                }
                            }
                        }
                        let plain = matches!(ups, Ups::Count(n) if n.is_zero()) && nim.is_zero();
                        let v = self.atom_value(number.as_ref(), ups, nim)?;
                        self.push_operand(&mut stack[top], Val::Game(v), plain)?;
                    }
                    Kind::Op(op) => {
                        let e = &mut stack[top].expr;
                        e.ops.push((op, 0, index));
                        e.empty = false;
                    }
                    Kind::Open => {
                        let e = &stack[top].expr;
                        let after_pm = e.ops.last().is_some_and(|&(op, _, at)| op == "+-" && index > 0 && at == index - 1);
                        stack.push(self.group(GroupKind::Brace, tok.col, after_pm));
                    }
                    Kind::LParen => stack.push(self.group(GroupKind::Paren, tok.col, false)),
                    Kind::Name(_) => self.open_call(&mut stack, &tok, index)?,
                    Kind::Skip => {}
                    Kind::End if stack[top].kind != GroupKind::Top => return Err(self.never_closed(&stack[top])),
                    k => {
                        let g = &stack[top];
                        let side_token = matches!(k, Kind::Bar(_) | Kind::Close);
                        if g.kind == GroupKind::Brace && g.expr.empty && side_token && g.segments.last().unwrap().is_empty() {
                            // an empty side: {|}, { | 1}, {1|}
                            self.close_or_bar(&mut stack, &tok)?;
                        } else if *k == Kind::Comma && g.kind == GroupKind::Brace {
                            return Err(err(format!("expected an option before ',' at column {}", tok.col), tok.col));
                        } else if side_token && g.kind == GroupKind::Brace && g.expr.empty {
                            return Err(err(format!("expected an option before '{}' at column {}", tok.text(&self.chars), tok.col), tok.col));
                        } else {
                            return Err(self.unexpected(&tok, ""));
                        }
                    }
                }
                index += 1;
                continue;
            }
            // an operand is complete: expect an operator or a closing token
            match &tok.kind {
                Kind::Op(op) => {
                    let e = &mut stack[top].expr;
                    self.reduce(e, PREC_BINARY)?;
                    e.ops.push((op, PREC_BINARY, index));
                    e.expect_operand = true;
                }
                Kind::Name(_) if stack[top].expr.last_number => {
                    // "2Tiny(1)" is 2 + Tiny(1)
                    let e = &mut stack[top].expr;
                    self.reduce(e, PREC_JUXTA)?;
                    e.ops.push(("+", PREC_JUXTA, index));
                    e.expect_operand = true;
                    self.open_call(&mut stack, &tok, index)?;
                }
                Kind::Comma => {
                    if stack[top].kind != GroupKind::Brace {
                        return Err(self.unexpected(&tok, " (a list of options belongs in braces)"));
                    }
                    let v = self.finish_game(&mut stack[top], &tok)?;
                    let g = &mut stack[top];
                    g.segments.last_mut().unwrap().push(v);
                    g.expr.empty = true;
                }
                Kind::Bar(_) | Kind::Close => {
                    if stack[top].kind != GroupKind::Brace {
                        return Err(self.unexpected(&tok, ""));
                    }
                    let v = self.finish_game(&mut stack[top], &tok)?;
                    stack[top].segments.last_mut().unwrap().push(v);
                    self.close_or_bar(&mut stack, &tok)?;
                }
                Kind::RParen => {
                    let kind = stack[top].kind;
                    if !matches!(kind, GroupKind::Paren | GroupKind::Tiny | GroupKind::Miny) {
                        return Err(self.unexpected(&tok, ""));
                    }
                    let mut value = self.finish_game(&mut stack[top], &tok)?;
                    if let Some(g) = stack.pop() {
                        self.retire(g);
                    }
                    let e = self.e;
                    if kind == GroupKind::Tiny {
                        let n = e.neg(value)?;
                        let inner = e.canonical(vec![e.zero], vec![n])?;
                        value = e.canonical(vec![e.zero], vec![inner])?;
                    } else if kind == GroupKind::Miny {
                        let inner = e.canonical(vec![value], vec![e.zero])?;
                        value = e.canonical(vec![inner], vec![e.zero])?;
                    }
                    let last = stack.len() - 1;
                    self.push_operand(&mut stack[last], Val::Game(value), false)?;
                }
                Kind::End => {
                    if stack[top].kind != GroupKind::Top {
                        return Err(self.never_closed(&stack[top]));
                    }
                    return self.finish_game(&mut stack[top], &tok);
                }
                _ => return Err(self.unexpected(&tok, "")),
            }
            index += 1;
        }
        unreachable!("the token list ends with End")
    }
}

/// Python's `str.strip()` (Unicode whitespace).
fn py_strip(s: &str) -> &str {
    s.trim_matches(super::lexer::is_space)
}
