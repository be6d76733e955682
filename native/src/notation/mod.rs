//! CGSuite notation for short games: the reader ([`parse`]) and the printer
//! ([`format`]), the twins of `cgtkit.short.notation` (same texts, same errors).

pub mod lexer;
pub mod parser;
pub mod plain;
pub mod printer;

use crate::short::{Engine, Id};

/// A malformed text: the message, and the 1-based column of the offending character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub message: String,
    pub col: usize,
}

pub use parser::Fail;

/// The canonical game that `text` denotes.  `max_digits` is Python's limit on the
/// digits of an int read from text (0: none); `show` writes a character in an error
/// message as Python's reader does.
pub fn parse(e: &Engine, text: &str, max_digits: usize, show: &dyn Fn(char) -> String) -> Result<Id, Fail> {
    match plain::read(e, text) {
        Some(read) => read.map_err(Fail::Engine),
        None => parse_general(e, text, max_digits, show),
    }
}

/// [`parse`] by the full reader alone (the fast path's twin, for the tests).
pub fn parse_general(e: &Engine, text: &str, max_digits: usize, show: &dyn Fn(char) -> String) -> Result<Id, Fail> {
    parser::Parser::new(e, text, max_digits, show)?.parse()
}

/// The CGSuite text of a game.
pub fn format(e: &Engine, g: Id) -> Result<String, crate::short::EngineError> {
    printer::Printer::new(e).format(g)
}
