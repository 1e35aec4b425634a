//! A small deterministic generator (xorshift64*) for tests that draw random cases: the same
//! seed gives the same cases, so a failure can be replayed from its seed.

pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A path on 4 to `3 + orders` vertices plus one chord, as a simple-graph object: distinct
/// objects, already canonical (for tests that store many artifacts).
pub(crate) fn path_with_chord(rng: &mut Rng, orders: u64) -> serde_json::Value {
    let n = 4 + rng.below(orders);
    let chord = 2 + rng.below(n - 2);
    let mut edges: Vec<[u64; 2]> = (0..n - 1).map(|v| [v, v + 1]).collect();
    edges.push([0, chord]);
    edges.sort();
    edges.dedup();
    serde_json::json!({"order": n, "edges": edges})
}
