//! Conjugacy classes of a small permutation group, natively: the elements by closure under the
//! generators, then the classes as the orbits of conjugation by the generators. Used by
//! `group.permutation.subgroups` when the group has at most [`MAX_ORDER`] elements; larger groups
//! go to GAP.
//!
//! [`of`] answers for any group: natively when small, else with GAP's ConjugacyClasses (at most
//! [`MAX_LISTED`] classes). Each class is listed with its lexicographically least element as representative, so the
//! answer does not depend on the generators chosen; classes come in increasing order of element
//! order, then by cycle type (longest cycles first, reversed lexicographic), then by
//! representative.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::objects::permutation::Generated;

use super::permutation::describe_perm;
use super::subgroups::{ClassEntry, MAX_LISTED};
use super::{Lines, program};

/// Most elements enumerated natively.
pub const MAX_ORDER: usize = 100_000;
/// Most stored points (elements × degree) enumerated natively.
pub const MAX_CELLS: usize = 4_000_000;

/// Elements checked between two checkpoints.
const STRIDE: usize = 4096;

/// Elements as 0-based images laid end to end, and the index of each element.
type Elements = (Vec<u16>, HashMap<Vec<u16>, u32>);

/// The elements of ⟨generators⟩, or None past the bounds.
fn elements(g: &Generated, ctx: &AdapterContext) -> Result<Option<Elements>, AdapterError> {
    let n = g.degree;
    if n > u16::MAX as usize {
        return Ok(None);
    }
    let gens: Vec<Vec<u16>> = g.generators.iter().map(|x| x.iter().map(|&v| (v - 1) as u16).collect()).collect();
    let identity: Vec<u16> = (0..n as u16).collect();
    let mut flat = identity.clone();
    let mut index = HashMap::from([(identity, 0u32)]);
    let mut next = 0;
    let mut product = vec![0u16; n];
    while next < index.len() {
        if next % STRIDE == 0 {
            ctx.checkpoint()?;
        }
        for s in &gens {
            // x·s: apply x first, then s.
            let x = &flat[next * n..(next + 1) * n];
            for (p, &v) in product.iter_mut().zip(x) {
                *p = s[v as usize];
            }
            if !index.contains_key(&product) {
                if index.len() >= MAX_ORDER || (index.len() + 1) * n > MAX_CELLS {
                    return Ok(None);
                }
                flat.extend_from_slice(&product);
                index.insert(product.clone(), index.len() as u32);
            }
        }
        next += 1;
    }
    Ok(Some((flat, index)))
}

/// The conjugacy classes of the group and its order, or None when it is too large to enumerate.
pub fn classes(g: &Generated, ctx: &AdapterContext) -> Result<Option<(usize, Vec<ClassEntry>)>, AdapterError> {
    let Some((flat, index)) = elements(g, ctx)? else { return Ok(None) };
    let n = g.degree;
    let order = index.len();
    let gens: Vec<Vec<u16>> = g.generators.iter().map(|x| x.iter().map(|&v| (v - 1) as u16).collect()).collect();
    let element = |k: usize| &flat[k * n..(k + 1) * n];
    let mut class_of = vec![u32::MAX; order];
    let mut found: Vec<(usize, usize)> = vec![];
    let mut conj = vec![0u16; n];
    let mut queue = vec![];
    for start in 0..order {
        if class_of[start] != u32::MAX {
            continue;
        }
        let c = found.len() as u32;
        class_of[start] = c;
        queue.push(start);
        let (mut size, mut least) = (0usize, start);
        while let Some(k) = queue.pop() {
            size += 1;
            if size % STRIDE == 0 {
                ctx.checkpoint()?;
            }
            if element(k) < element(least) {
                least = k;
            }
            for s in &gens {
                // s⁻¹·x·s maps s(i) to s(x(i)).
                let x = element(k);
                for i in 0..n {
                    conj[s[i] as usize] = s[x[i] as usize];
                }
                let j = index[&conj] as usize;
                if class_of[j] == u32::MAX {
                    class_of[j] = c;
                    queue.push(j);
                }
            }
        }
        found.push((least, size));
    }
    let mut out: Vec<ClassEntry> = found
        .into_iter()
        .map(|(least, size)| {
            let rep: Vec<u32> = element(least).iter().map(|&v| u32::from(v) + 1).collect();
            let d = describe_perm(&rep);
            ClassEntry {
                cycles: d.cycles,
                size: size.to_string(),
                element_order: d.order,
                cycle_type: d.cycle_type,
                representative: rep,
            }
        })
        .collect();
    out.sort_by(order_key);
    Ok(Some((order, out)))
}

/// |G| and the conjugacy classes of G: natively when G has at most [`MAX_ORDER`] elements, else
/// from GAP (then each representative is GAP's), in the same order.
pub fn of(g: &Generated, ctx: &AdapterContext) -> Result<(String, Vec<ClassEntry>), AdapterError> {
    if let Some((order, classes)) = classes(g, ctx)? {
        return Ok((order.to_string(), classes));
    }
    let p = program(g, ", L, c").code(
        "Print(Size(G), \"\\n\"); L := ConjugacyClasses(G); Print(Length(L), \"\\n\"); \
         if Length(L) <= 10000 then for c in L do Print(ListPerm(Representative(c), n), \"\\n\", Size(c), \"\\n\"); od; fi;",
    );
    let reply = ctx.backend(&p)?;
    let mut lines = Lines::of(&reply);
    let order = lines.int()?.as_str().to_owned();
    let count = lines.natural()?;
    if count > MAX_LISTED {
        return Err(AdapterError::Unsupported(format!("{count} classes; at most {MAX_LISTED} are listed")));
    }
    let mut out = vec![];
    for _ in 0..count {
        let rep: Vec<u32> = lines.naturals()?.into_iter().map(|x| x as u32).collect();
        let size = lines.int()?.as_str().to_owned();
        let d = describe_perm(&rep);
        out.push(ClassEntry {
            cycles: d.cycles,
            size,
            element_order: d.order,
            cycle_type: d.cycle_type,
            representative: rep,
        });
    }
    out.sort_by(order_key);
    Ok((order, out))
}

/// Increasing element order, then cycle type (longest cycles first, reversed), then representative.
fn order_key(a: &ClassEntry, b: &ClassEntry) -> std::cmp::Ordering {
    let key = |e: &ClassEntry| (e.element_order.len(), e.element_order.clone());
    key(a)
        .cmp(&key(b))
        .then_with(|| b.cycle_type.cmp(&a.cycle_type))
        .then_with(|| a.representative.cmp(&b.representative))
}
