//! The Python face of the native core: functions over game ids, registered in the
//! `cgtkit._native` module.  Long work runs with the GIL released; Ctrl-C stops it
//! (the engine's interrupt hook asks Python for pending signals); a panic becomes a
//! Python exception, never an abort.

pub mod binary_fields;
pub mod convert;
pub mod facade;
pub mod heap;
pub mod impartial;
pub mod misere;
pub mod nimbers;
pub mod notation;
pub mod rulesets;
pub mod short;
pub mod sweep;

use crate::short::EngineError;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

thread_local! {
    /// the exception a signal handler raised while native work was running
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// The engine's interrupt hook: run Python's signal handlers (main thread only).
fn interrupt_hook() -> bool {
    Python::attach(|py| match py.check_signals() {
        Ok(()) => false,
        Err(e) => {
            PENDING.with(|p| *p.borrow_mut() = Some(e));
            true
        }
    })
}

pub fn install_hooks() {
    crate::short::set_interrupt_hook(interrupt_hook);
}

/// A cgtkit exception class by name (from `cgtkit.errors`).
pub fn cgt_error(py: Python<'_>, class: &str, message: String) -> PyErr {
    match py.import("cgtkit.errors").and_then(|m| m.getattr(class)) {
        Ok(cls) => PyErr::from_value(cls.call1((message,)).unwrap_or_else(|e| e.into_value(py).into_bound(py).into_any())),
        Err(e) => e,
    }
}

pub fn engine_err(py: Python<'_>, e: EngineError) -> PyErr {
    match e {
        EngineError::Interrupted => PENDING.with(|p| p.borrow_mut().take()).unwrap_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")),
        EngineError::TooManyOptions(m) => cgt_error(py, "ResourceLimitError", m),
    }
}

/// How many calls are working with the GIL released (`cgtkit.reset()` waits for none).
static RELEASED: AtomicUsize = AtomicUsize::new(0);

/// Counts one call working with the GIL released, while it lives.
pub struct Released;

impl Released {
    pub fn new() -> Released {
        RELEASED.fetch_add(1, Ordering::AcqRel);
        Released
    }

    /// Are any calls working with the GIL released?
    pub fn any() -> bool {
        RELEASED.load(Ordering::Acquire) > 0
    }
}

impl Default for Released {
    fn default() -> Self {
        Released::new()
    }
}

impl Drop for Released {
    fn drop(&mut self) {
        RELEASED.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Run `f` with the GIL released; a panic inside becomes a RuntimeError.
pub fn detached<T: Send, F: FnOnce() -> Result<T, EngineError> + Send>(py: Python<'_>, f: F) -> PyResult<T> {
    let _busy = Released::new();
    let out = py.detach(|| catch_unwind(AssertUnwindSafe(f)));
    settle(py, out)
}

/// Run `f` holding the GIL; a panic inside becomes a RuntimeError.
pub fn guarded<T, F: FnOnce() -> Result<T, EngineError>>(py: Python<'_>, f: F) -> PyResult<T> {
    settle(py, catch_unwind(AssertUnwindSafe(f)))
}

fn settle<T>(py: Python<'_>, out: std::thread::Result<Result<T, EngineError>>) -> PyResult<T> {
    match out {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(engine_err(py, e)),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            match msg.strip_prefix(crate::short::table::STALE_PREFIX) {
                Some(why) => Err(cgt_error(py, "StaleGameError", why.to_string())),
                None => Err(PyRuntimeError::new_err(format!("internal error in cgtkit's native core ({msg}); please report it"))),
            }
        }
    }
}

/// The error for a game id made before `cgtkit.reset()` and not kept.
pub fn stale_error(id: crate::short::Id) -> PyErr {
    Python::attach(|py| cgt_error(py, "StaleGameError", format!("game id {id} was made before cgtkit.reset() (not kept by a live Game)")))
}
