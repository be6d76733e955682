//! CGSuite notation: `parse(text, max_digits) -> id` and `format(id) -> str`.

use super::engine_err;
use crate::notation::{self, Fail};
use crate::short::{engine, Id};
use pyo3::prelude::*;

/// A character as an error message shows it: quoted when it prints, else its code
/// point (`U+0007`).  The Python reader words its messages its own way; the two agree
/// on the kind of error and its column.
fn show(c: char) -> String {
    if c == '\'' {
        "\"'\"".to_string()
    } else if c.is_control() || (c.is_whitespace() && c != ' ') {
        format!("U+{:04X}", c as u32)
    } else {
        format!("'{c}'")
    }
}

/// Texts at most this long are read holding the GIL: reading them takes less time
/// than releasing and taking it back.
const SHORT_TEXT: usize = 256;

/// Python's limit on the digits of an int, asked only when `text` has a run of
/// digits that could reach it (the smallest limit Python allows is 640).
fn digit_limit(py: Python<'_>, text: &str) -> PyResult<usize> {
    let mut run = 0usize;
    for b in text.bytes() {
        run = if b.is_ascii_digit() { run + 1 } else { 0 };
        if run >= 640 {
            return py.import("sys")?.getattr("get_int_max_str_digits")?.call0()?.extract();
        }
    }
    Ok(0)
}

/// The id of the canonical game `text` denotes, reading with `max_digits` as Python's
/// limit on the digits of an int (0: none); NotationError with the column if malformed.
fn read(py: Python<'_>, text: &str, max_digits: usize, general: bool) -> PyResult<Id> {
    let read = if general { notation::parse_general } else { notation::parse };
    let out = if text.len() <= SHORT_TEXT {
        std::panic::catch_unwind(|| read(&engine(), text, max_digits, &show)).map_err(|_| ())
    } else {
        let owned = text.to_string();
        let _busy = super::Released::new();
        py.detach(move || std::panic::catch_unwind(|| read(&engine(), &owned, max_digits, &show)).map_err(|_| ()))
    };
    match out {
        Ok(Ok(id)) => Ok(id),
        Ok(Err(Fail::Text(e))) => {
            let cls = py.import("cgtkit.errors")?.getattr("NotationError")?;
            Err(PyErr::from_value(cls.call1((e.message, text, e.col))?))
        }
        Ok(Err(Fail::Engine(e))) => Err(engine_err(py, e)),
        Err(()) => Err(pyo3::exceptions::PyRuntimeError::new_err("internal error in cgtkit's native notation reader; please report it")),
    }
}

/// The id of the canonical game `text` denotes; NotationError with the column if malformed.
/// `general=True` skips the fast path for plain texts (for the tests that compare them).
#[pyfunction]
#[pyo3(signature = (text, max_digits, general = false))]
pub fn parse(py: Python<'_>, text: &str, max_digits: usize, general: bool) -> PyResult<Id> {
    read(py, text, max_digits, general)
}

/// The Game that `text` denotes (`cgtkit.game` on a string, on the native engine).
#[pyfunction]
pub fn parse_game(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    let id = read(py, text, digit_limit(py, text)?, false)?;
    super::facade::facade(py, id)
}

/// The CGSuite text of game `id`.
#[pyfunction]
pub fn format(py: Python<'_>, id: Id) -> PyResult<String> {
    super::short::check_id(id)?;
    super::detached(py, move || notation::format(&engine(), id))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(parse_game, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    Ok(())
}
