//! The Python face of the GF(2^n) kernels (`cgtkit.binary_fields`): elements, the
//! modulus and exponents are Python ints (their bits the polynomial's coefficients).

use num_bigint::BigUint;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::binary_fields::Modulus;

fn words(x: &BigUint) -> Vec<u64> {
    x.to_u64_digits()
}

fn padded(x: &BigUint, w: usize) -> Vec<u64> {
    let mut v = x.to_u64_digits();
    v.resize(v.len().max(w), 0);
    v
}

fn int(v: &[u64]) -> BigUint {
    let bytes: Vec<u32> = v.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect();
    BigUint::new(bytes)
}

fn modulus(m: &BigUint) -> PyResult<Modulus> {
    Modulus::from_words(&words(m)).ok_or_else(|| PyValueError::new_err("a modulus has degree at least 1"))
}

/// `a b mod m`.
#[pyfunction]
fn gf2_mul(py: Python<'_>, a: BigUint, b: BigUint, m: BigUint) -> PyResult<BigUint> {
    let m = modulus(&m)?;
    let (a, b) = (words(&a), words(&b));
    super::detached(py, || {
        let (a, b) = (m.reduce(&mut a.clone()), m.reduce(&mut b.clone()));
        Ok(int(&m.mul(&a, &b)))
    })
}

/// `a^e mod m`.
#[pyfunction]
fn gf2_power(py: Python<'_>, a: BigUint, e: BigUint, m: BigUint) -> PyResult<BigUint> {
    let m = modulus(&m)?;
    let (a, e) = (words(&a), words(&e));
    super::detached(py, || Ok(int(&m.power(&a, &e))))
}

/// `a^(2^k) mod m`.
#[pyfunction]
fn gf2_frobenius(py: Python<'_>, a: BigUint, k: u64, m: BigUint) -> PyResult<BigUint> {
    let m = modulus(&m)?;
    let a = words(&a);
    super::detached(py, || Ok(int(&m.frobenius(&a, k))))
}

/// The product of x and y in `GF(2)[X]/(m) [K] / (K^r - c)`, r = len(x) = len(y).
#[pyfunction]
fn gf2_radical_mul(py: Python<'_>, x: Vec<BigUint>, y: Vec<BigUint>, c: BigUint, m: BigUint) -> PyResult<Vec<BigUint>> {
    let m = modulus(&m)?;
    if x.len() != y.len() || x.is_empty() {
        return Err(PyValueError::new_err("a radical product needs two coefficient lists of one nonzero length"));
    }
    let w = m.words();
    let reduce = |v: &BigUint| {
        let mut p = padded(v, w);
        m.reduce(&mut p)
    };
    let xs: Vec<Vec<u64>> = x.iter().map(reduce).collect();
    let ys: Vec<Vec<u64>> = y.iter().map(reduce).collect();
    let c = reduce(&c);
    super::detached(py, || Ok(m.radical_mul(&xs, &ys, &c).iter().map(|v| int(v)).collect()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(gf2_mul, m)?)?;
    m.add_function(wrap_pyfunction!(gf2_power, m)?)?;
    m.add_function(wrap_pyfunction!(gf2_frobenius, m)?)?;
    m.add_function(wrap_pyfunction!(gf2_radical_mul, m)?)?;
    Ok(())
}
