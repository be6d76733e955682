//! The misère quotient of a heap game, heap by heap (the twin of
//! `cgtkit/misere/construct.py`; see there for the algorithm).  Both give identical
//! tables: elements are numbered breadth first from the identity by the images of
//! heaps 1, 2, ...

use super::monoid::{cyclic, direct_sum, generated, power_index, reduce, restrict, Monoid};
use super::verify::{explore, n_failure, p_failure, Word};
use super::Fail;
use crate::short::tick;

/// The options of each heap: tuples of heap sizes.
pub type Options = Vec<Vec<Vec<u32>>>;

/// A verified quotient and the order after each heap.
#[derive(Clone, Debug)]
pub struct Construction {
    pub q: Monoid,
    pub p: Vec<bool>,
    pub phi: Vec<u32>,
    pub orders: Vec<usize>,
    pub candidates: usize,
}

impl Construction {
    pub fn start() -> Construction {
        Construction { q: Monoid::trivial(), p: vec![false], phi: vec![0], orders: vec![1], candidates: 0 }
    }
}

fn transitions(q: &Monoid, phi: &[u32], options: &[Vec<u32>]) -> Vec<u32> {
    let mut out: Vec<u32> = options.iter().map(|o| o.iter().fold(0u32, |x, &h| q.prod(x, phi[h as usize]))).collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn active(phi: &[u32], trans: &[Vec<u32>]) -> (Vec<usize>, Vec<u32>, Vec<Vec<u32>>) {
    let heaps: Vec<usize> = (0..phi.len()).filter(|&h| !trans[h].is_empty()).collect();
    let gens = heaps.iter().map(|&h| phi[h]).collect();
    let tr = heaps.iter().map(|&h| trans[h].clone()).collect();
    (heaps, gens, tr)
}

fn dedup_keep_order(xs: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for x in xs {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

fn reduced(q: &Monoid, p: &[bool], phi: &[u32], options: &[Vec<Vec<u32>>]) -> Construction {
    let gens = dedup_keep_order((0..phi.len()).filter(|&h| !options[h].is_empty()).map(|h| phi[h]));
    let elements = generated(q, &gens);
    let (k, index) = restrict(q, &elements);
    let kp: Vec<bool> = elements.iter().map(|&x| p[x as usize]).collect();
    let kgens: Vec<u32> = gens.iter().map(|&g| index[g as usize]).collect();
    let cls = reduce(&k, &kp, &kgens);
    let c = cls.iter().max().map_or(1, |&x| x as usize + 1);
    let mut rep = vec![u32::MAX; c];
    for x in 0..k.m {
        if rep[cls[x] as usize] == u32::MAX {
            rep[cls[x] as usize] = x as u32;
        }
    }
    let mut cmul = vec![0u32; c * c];
    for a in 0..c {
        for b in 0..c {
            cmul[a * c + b] = cls[k.prod(rep[a], rep[b]) as usize];
        }
    }
    let cq = Monoid { m: c, mul: cmul };
    let cgens = dedup_keep_order(kgens.iter().map(|&g| cls[g as usize]));
    let order = generated(&cq, &cgens);
    let (qq, qindex) = restrict(&cq, &order);
    let qp = order.iter().map(|&a| kp[rep[a as usize] as usize]).collect();
    let qphi = (0..phi.len()).map(|h| if options[h].is_empty() { 0 } else { qindex[cls[index[phi[h] as usize] as usize] as usize] }).collect();
    Construction { q: qq, p: qp, phi: qphi, orders: Vec::new(), candidates: 0 }
}

fn check(q: &Monoid, p: &[bool], phi: &[u32], trans: &[Vec<u32>]) -> Result<Option<Word>, Fail> {
    let (heaps, gens, tr) = active(phi, trans);
    let (words, _) = explore(q, &gens, &tr, Some(p))?;
    let pf = p_failure(q, p, &gens, &tr, &words);
    let nf = n_failure(q, p, &gens, &tr, pf.as_ref())?;
    let Some(f) = nf.or(pf) else { return Ok(None) };
    let mut word = vec![0u32; phi.len()];
    for (&h, &c) in heaps.iter().zip(&f) {
        word[h] = c;
    }
    Ok(Some(word))
}

fn marked(q: &Monoid, phi: &[u32], options: &[Vec<Vec<u32>>], max_size: usize) -> Result<Construction, Fail> {
    if q.m > max_size {
        return Err(Fail::TooLarge(q.m));
    }
    let trans: Vec<Vec<u32>> = (0..phi.len()).map(|h| transitions(q, phi, &options[h])).collect();
    let (_, gens, tr) = active(phi, &trans);
    let (_, p) = explore(q, &gens, &tr, None)?;
    Ok(reduced(q, &p, phi, options))
}

fn image(c: &Construction, word: &[u32]) -> u32 {
    let mut x = 0u32;
    for (h, &k) in word.iter().enumerate() {
        for _ in 0..k {
            x = c.q.prod(x, c.phi[h]);
        }
    }
    x
}

fn period_for(index: usize) -> usize {
    2.max(2 * ((index as isize - 4).div_euclid(2)).max(0) as usize)
}

/// The subsets of size `size` of `0 .. n`, in lexicographic order.
fn combinations(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if size > n {
        return out;
    }
    let mut idx: Vec<usize> = (0..size).collect();
    loop {
        out.push(idx.clone());
        let mut i = size;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if idx[i] < i + n - size {
                break;
            }
        }
        idx[i] += 1;
        for j in i + 1..size {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

fn recalibrate(c: &Construction, word: &[u32], options: &[Vec<Vec<u32>>], max_size: usize) -> Result<Construction, Fail> {
    let should_be_p = !c.p[image(c, word) as usize];
    let involved: Vec<usize> = (0..word.len()).filter(|&h| word[h] > 0 && !options[h].is_empty()).collect();
    for size in 1..=involved.len() {
        for pick in combinations(involved.len(), size) {
            let freed: Vec<usize> = pick.iter().map(|&i| involved[i]).collect();
            let kept = dedup_keep_order((0..c.phi.len()).filter(|&h| !options[h].is_empty() && !freed.contains(&h)).map(|h| c.phi[h]));
            let (r, index) = restrict(&c.q, &generated(&c.q, &kept));
            let mut parts = vec![r];
            for &h in &freed {
                let (i0, _) = power_index(&c.q, c.phi[h]);
                let i = i0.max(word[h] as usize - 1);
                parts.push(cyclic(i, period_for(i)));
            }
            let mut weight = vec![1usize; parts.len()];
            for t in (0..parts.len() - 1).rev() {
                weight[t] = weight[t + 1] * parts[t + 1].m;
            }
            let total: usize = parts.iter().map(|p| p.m).product();
            if total > max_size {
                return Err(Fail::TooLarge(total));
            }
            let q = direct_sum(&parts);
            let phi: Vec<u32> = (0..c.phi.len())
                .map(|h| {
                    if options[h].is_empty() {
                        0
                    } else if let Some(pos) = freed.iter().position(|&f| f == h) {
                        weight[1 + pos] as u32
                    } else {
                        (index[c.phi[h] as usize] as usize * weight[0]) as u32
                    }
                })
                .collect();
            let cand = marked(&q, &phi, options, max_size)?;
            if cand.p[image(&cand, word) as usize] == should_be_p {
                return Ok(cand);
            }
        }
    }
    Err(Fail::Stuck)
}

/// Extend `c` (the quotient of heaps `0 .. c.phi.len()-1`) to every heap in `options`.
pub fn construct(options: &Options, mut c: Construction, max_size: usize) -> Result<Construction, Fail> {
    let mut built = c.candidates;
    for h in c.phi.len()..options.len() {
        tick().map_err(|_| Fail::Interrupted)?;
        let opts = &options[h];
        if opts.is_empty() {
            c.phi.push(0);
            c.orders.push(c.q.m);
            continue;
        }
        let t = transitions(&c.q, &c.phi, opts);
        let alone_p = !t.iter().any(|&x| c.p[x as usize]);
        let mut trans: Vec<Vec<u32>> = (0..h).map(|g| transitions(&c.q, &c.phi, &options[g])).collect();
        trans.push(t.clone());
        let mut found = None;
        for x in 0..c.q.m as u32 {
            if c.p[x as usize] != alone_p {
                continue;
            }
            let bad = (0..c.q.m as u32).any(|y| c.p[c.q.prod(y, x) as usize] && t.iter().any(|&tt| c.p[c.q.prod(y, tt) as usize]));
            if bad {
                continue;
            }
            let mut phi = c.phi.clone();
            phi.push(x);
            if check(&c.q, &c.p, &phi, &trans)?.is_none() {
                found = Some(x);
                break;
            }
        }
        if let Some(x) = found {
            c.phi.push(x);
            c.orders.push(c.q.m);
        } else {
            let orders = std::mem::take(&mut c.orders);
            let q = direct_sum(&[c.q.clone(), cyclic(2, 2)]);
            let mut phi: Vec<u32> = c.phi.iter().map(|&x| x * 4).collect();
            phi.push(1);
            let mut cand = marked(&q, &phi, &options[..=h], max_size)?;
            built += 1;
            loop {
                let trans: Vec<Vec<u32>> = (0..=h).map(|g| transitions(&cand.q, &cand.phi, &options[g])).collect();
                match check(&cand.q, &cand.p, &cand.phi, &trans)? {
                    None => break,
                    Some(word) => {
                        cand = recalibrate(&cand, &word, &options[..=h], max_size)?;
                        built += 1;
                    }
                }
            }
            c = cand;
            c.orders = orders;
            c.orders.push(c.q.m);
        }
    }
    c.candidates = built;
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn octal_075(n: usize) -> Options {
        // 0.75: take 1 leaving 0 or 1 heap (7 at position 1: remove all / one heap / split), take 2 leaving 1 or 2 heaps (5)
        (0..=n)
            .map(|h| {
                let mut o: Vec<Vec<u32>> = Vec::new();
                if h >= 1 {
                    let r = h - 1;
                    if r == 0 {
                        o.push(vec![]);
                    } else {
                        o.push(vec![r as u32]);
                        for a in 1..=r / 2 {
                            o.push(vec![a as u32, (r - a) as u32]);
                        }
                    }
                }
                if h >= 2 {
                    let r = h - 2;
                    if r == 0 {
                        o.push(vec![]);
                    } else {
                        for a in 1..=r / 2 {
                            o.push(vec![a as u32, (r - a) as u32]);
                        }
                    }
                }
                o.sort();
                o.dedup();
                o
            })
            .collect()
    }

    #[test]
    fn combinations_in_order() {
        assert_eq!(combinations(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(combinations(2, 2), vec![vec![0, 1]]);
        assert_eq!(combinations(3, 1), vec![vec![0], vec![1], vec![2]]);
    }

    #[test]
    fn r8_for_075() {
        let c = construct(&octal_075(10), Construction::start(), 20_000).unwrap();
        assert_eq!(c.q.m, 8);
        assert_eq!(c.p.iter().filter(|&&b| b).count(), 2);
    }
}
