//! Native exact arithmetic on matrices: sums, products, powers, Kronecker products, and row
//! reduction over a field (Q for integer and rational matrices, F_p) with the transforms both
//! ways, polling the run's deadline.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::objects::matrix::{Dense, Ring, Scalar};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Arithmetic in a matrix's field of fractions (Q for Z and Q, F_p for F_p).
#[derive(Debug, Clone, Copy)]
pub struct Field(Option<u64>);

impl Field {
    /// The field of `ring`.
    pub fn of(ring: &Ring) -> Field {
        Field(if let Ring::Prime(p) = ring { Some(*p) } else { None })
    }

    fn reduce(self, n: BigInt) -> Scalar {
        match self.0 {
            Some(p) => Scalar::int(n.mod_floor(&BigInt::from(p))),
            None => Scalar::int(n),
        }
    }

    /// a + b.
    pub fn add(self, a: &Scalar, b: &Scalar) -> Scalar {
        if a.den.is_one() && b.den.is_one() {
            return self.reduce(&a.num + &b.num);
        }
        Scalar::fraction(&a.num * &b.den + &b.num * &a.den, &a.den * &b.den)
    }

    /// a · b.
    pub fn mul(self, a: &Scalar, b: &Scalar) -> Scalar {
        if a.den.is_one() && b.den.is_one() {
            return self.reduce(&a.num * &b.num);
        }
        Scalar::fraction(&a.num * &b.num, &a.den * &b.den)
    }

    /// −a.
    pub fn neg(self, a: &Scalar) -> Scalar {
        match self.0 {
            Some(_) => self.reduce(-&a.num),
            None => Scalar { num: -&a.num, den: a.den.clone() },
        }
    }

    /// 1/a (a ≠ 0).
    pub fn inv(self, a: &Scalar) -> Scalar {
        match self.0 {
            Some(p) => {
                let e = a.num.extended_gcd(&BigInt::from(p));
                self.reduce(e.x)
            }
            None => Scalar::fraction(a.den.clone(), a.num.clone()),
        }
    }
}

/// The n × n identity over `ring`.
pub fn identity(ring: &Ring, n: usize) -> Dense {
    let data = (0..n).map(|i| (0..n).map(|j| Scalar::int(u8::from(i == j))).collect()).collect();
    Dense { ring: ring.clone(), rows: n, cols: n, data }
}

/// a · b (shapes already checked to match).
pub fn product(a: &Dense, b: &Dense) -> Dense {
    let f = Field::of(&a.ring);
    let data = a
        .data
        .iter()
        .map(|r| {
            (0..b.cols)
                .map(|j| {
                    r.iter().enumerate().fold(Scalar::int(0), |acc, (k, x)| {
                        if x.num.is_zero() || b.data[k][j].num.is_zero() {
                            acc
                        } else {
                            f.add(&acc, &f.mul(x, &b.data[k][j]))
                        }
                    })
                })
                .collect()
        })
        .collect();
    Dense { ring: a.ring.clone(), rows: a.rows, cols: b.cols, data }
}

/// Entrywise `op` of two matrices of one shape.
pub fn zip(a: &Dense, b: &Dense, op: impl Fn(&Scalar, &Scalar) -> Scalar) -> Dense {
    let data = a.data.iter().zip(&b.data).map(|(r, s)| r.iter().zip(s).map(|(x, y)| op(x, y)).collect()).collect();
    Dense { data, ..a.clone() }
}

/// `op` of every entry.
pub fn map(a: &Dense, op: impl Fn(&Scalar) -> Scalar) -> Dense {
    Dense { data: a.data.iter().map(|r| r.iter().map(&op).collect()).collect(), ..a.clone() }
}

/// The transpose.
pub fn transpose(a: &Dense) -> Dense {
    let data = (0..a.cols).map(|j| a.data.iter().map(|r| r[j].clone()).collect()).collect();
    Dense { ring: a.ring.clone(), rows: a.cols, cols: a.rows, data }
}

/// The Kronecker product a ⊗ b.
pub fn kronecker(a: &Dense, b: &Dense) -> Dense {
    let f = Field::of(&a.ring);
    let (p, q) = (b.rows, b.cols);
    let data = (0..a.rows * p)
        .map(|i| (0..a.cols * q).map(|j| f.mul(&a.data[i / p][j / q], &b.data[i % p][j % q])).collect())
        .collect();
    Dense { ring: a.ring.clone(), rows: a.rows * p, cols: a.cols * q, data }
}

/// A row reduction: R = T·A and A = C·R, the pivot column of each non-zero row of R.
pub struct Reduction {
    /// The echelon form R.
    pub form: Dense,
    /// T, invertible, with R = T·A.
    pub transform: Dense,
    /// C = T⁻¹, with A = C·R.
    pub back: Dense,
    /// The pivot columns, increasing.
    pub pivots: Vec<usize>,
}

/// Gaussian elimination over the field of `a`'s ring (an integer matrix is reduced over Q);
/// `reduced` clears above the pivots and makes them 1 (the reduced row echelon form).
pub fn reduce(a: &Dense, reduced: bool, ctx: &AdapterContext) -> Result<Reduction, AdapterError> {
    let ring = if a.ring == Ring::Integer { Ring::Rational } else { a.ring.clone() };
    let f = Field::of(&ring);
    let m = a.rows;
    let mut r = Dense { ring: ring.clone(), ..a.clone() };
    let mut t = identity(&ring, m);
    let mut c = identity(&ring, m);
    let mut pivots = vec![];
    let mut row = 0;
    for col in 0..a.cols {
        ctx.checkpoint()?;
        let Some(p) = (row..m).find(|&i| !r.data[i][col].num.is_zero()) else { continue };
        if p != row {
            r.data.swap(p, row);
            t.data.swap(p, row);
            for k in 0..m {
                c.data[k].swap(p, row);
            }
        }
        if reduced {
            // Row ← row / pivot; C's column ← column · pivot.
            let pivot = r.data[row][col].clone();
            let inv = f.inv(&pivot);
            for x in r.data[row].iter_mut().chain(t.data[row].iter_mut()) {
                *x = f.mul(x, &inv);
            }
            for k in 0..m {
                c.data[k][row] = f.mul(&c.data[k][row], &pivot);
            }
        }
        let targets: Vec<usize> = if reduced { (0..m).filter(|&i| i != row).collect() } else { (row + 1..m).collect() };
        let inv = f.inv(&r.data[row][col]);
        for i in targets {
            if r.data[i][col].num.is_zero() {
                continue;
            }
            // Row i ← row i − factor · pivot row; C's pivot column ← + factor · column i.
            let factor = f.mul(&r.data[i][col], &inv);
            let (pr, pt) = (r.data[row].clone(), t.data[row].clone());
            for (x, y) in r.data[i].iter_mut().zip(&pr) {
                *x = f.add(x, &f.neg(&f.mul(&factor, y)));
            }
            for (x, y) in t.data[i].iter_mut().zip(&pt) {
                *x = f.add(x, &f.neg(&f.mul(&factor, y)));
            }
            for k in 0..m {
                let add = f.mul(&factor, &c.data[k][i]);
                c.data[k][row] = f.add(&c.data[k][row], &add);
            }
        }
        pivots.push(col);
        row += 1;
        if row == m {
            break;
        }
    }
    Ok(Reduction { form: r, transform: t, back: c, pivots })
}

/// The rank of `a` over its field.
pub fn rank(a: &Dense, ctx: &AdapterContext) -> Result<usize, AdapterError> {
    Ok(reduce(a, false, ctx)?.pivots.len())
}

/// The solution x of a·x = b for a square `a` over its field, or None when `a` is singular.
pub fn solve(a: &Dense, b: &[Scalar], ctx: &AdapterContext) -> Result<Option<Vec<Scalar>>, AdapterError> {
    let n = a.rows;
    let data = a.data.iter().zip(b).map(|(row, y)| row.iter().chain([y]).cloned().collect()).collect();
    let red = reduce(&Dense { ring: a.ring.clone(), rows: n, cols: n + 1, data }, true, ctx)?;
    Ok((red.pivots == (0..n).collect::<Vec<_>>()).then(|| red.form.data.iter().map(|row| row[n].clone()).collect()))
}

/// Solutions Z of A·Z = B over the field of A's ring (free variables 0), or None when some
/// column is inconsistent.
pub fn solve_columns(a: &Dense, b: &Dense, ctx: &AdapterContext) -> Result<Option<Dense>, AdapterError> {
    let (n, k) = (a.cols, b.cols);
    let data = a.data.iter().zip(&b.data).map(|(x, y)| x.iter().chain(y).cloned().collect()).collect();
    let red = reduce(&Dense { ring: a.ring.clone(), rows: a.rows, cols: n + k, data }, true, ctx)?;
    if red.pivots.iter().any(|&p| p >= n) {
        return Ok(None);
    }
    let mut z = vec![vec![Scalar::int(0); k]; n];
    for (row, &p) in red.pivots.iter().enumerate() {
        z[p] = red.form.data[row][n..].to_vec();
    }
    Ok(Some(Dense { ring: red.form.ring.clone(), rows: n, cols: k, data: z }))
}

/// The columns of a matrix.
pub fn columns(d: &Dense) -> Vec<Vec<Scalar>> {
    (0..d.cols).map(|j| d.data.iter().map(|r| r[j].clone()).collect()).collect()
}

/// Vectors of length `rows` as the columns of a matrix.
pub fn from_columns(ring: &Ring, rows: usize, cols: &[Vec<Scalar>]) -> Dense {
    let data = (0..rows).map(|i| cols.iter().map(|c| c[i].clone()).collect()).collect();
    Dense { ring: ring.clone(), rows, cols: cols.len(), data }
}

/// A·v for each vector v, in one product.
pub fn apply(a: &Dense, vs: &[Vec<Scalar>]) -> Vec<Vec<Scalar>> {
    if vs.is_empty() {
        return vec![];
    }
    columns(&product(a, &from_columns(&a.ring, a.cols, vs)))
}

/// A quotient U / W of subspaces of F^size, W ⊆ U: representatives of a basis, and the frame
/// [basis of W | representatives] in which vectors of U get their coordinates.
pub struct Quotient {
    /// Representatives of a basis of U / W.
    pub reps: Vec<Vec<Scalar>>,
    frame: Dense,
    below: usize,
}

impl Quotient {
    /// U and W by spanning sets.
    pub fn of_spans(
        size: usize,
        top: &[Vec<Scalar>],
        bottom: &[Vec<Scalar>],
        ring: &Ring,
        ctx: &AdapterContext,
    ) -> Result<Quotient, AdapterError> {
        let below: Vec<Vec<Scalar>> = if bottom.is_empty() || size == 0 {
            vec![]
        } else {
            let red = reduce(&from_columns(ring, size, bottom), false, ctx)?;
            red.pivots.iter().map(|&j| bottom[j].clone()).collect()
        };
        let all: Vec<Vec<Scalar>> = below.iter().chain(top).cloned().collect();
        let reps: Vec<Vec<Scalar>> = if all.is_empty() || size == 0 {
            vec![]
        } else {
            let red = reduce(&from_columns(ring, size, &all), false, ctx)?;
            red.pivots.iter().filter(|&&j| j >= below.len()).map(|&j| all[j].clone()).collect()
        };
        let frame = from_columns(ring, size, &below.iter().chain(&reps).cloned().collect::<Vec<_>>());
        Ok(Quotient { reps, frame, below: below.len() })
    }

    /// ker(out) / im(inc) on F^size (no map: everything, or nothing).
    pub fn homology(
        size: usize,
        out: Option<&Dense>,
        inc: Option<&Dense>,
        ring: &Ring,
        ctx: &AdapterContext,
    ) -> Result<Quotient, AdapterError> {
        let cycles: Vec<Vec<Scalar>> = match out {
            Some(d) if d.rows > 0 => columns(&kernel_from(&reduce(d, true, ctx)?).0),
            _ => columns(&identity(ring, size)),
        };
        let bounds: Vec<Vec<Scalar>> = match inc {
            Some(d) if d.cols > 0 && d.rows > 0 => columns(d),
            _ => vec![],
        };
        Quotient::of_spans(size, &cycles, &bounds, ring, ctx)
    }

    /// Coordinates in the basis of representatives of vectors of U (columns).
    pub fn coordinates(
        &self,
        vs: &[Vec<Scalar>],
        ring: &Ring,
        ctx: &AdapterContext,
    ) -> Result<Vec<Vec<Scalar>>, AdapterError> {
        if self.reps.is_empty() || vs.is_empty() {
            return Ok(vs.iter().map(|_| vec![]).collect());
        }
        let z = solve_columns(&self.frame, &from_columns(ring, self.frame.rows, vs), ctx)?
            .ok_or_else(|| AdapterError::Backend("a vector outside the subspace of the quotient".into()))?;
        Ok(columns(&z).into_iter().map(|c| c[self.below..].to_vec()).collect())
    }
}

/// A basis of the right kernel over the field (one column per free column, 1 in its place),
/// from the reduced row echelon form.
pub fn kernel_from(red: &Reduction) -> (Dense, Vec<usize>) {
    let r = &red.form;
    let f = Field::of(&r.ring);
    let free: Vec<usize> = (0..r.cols).filter(|c| !red.pivots.contains(c)).collect();
    let mut data = vec![vec![Scalar::int(0); free.len()]; r.cols];
    for (k, &fc) in free.iter().enumerate() {
        data[fc][k] = Scalar::int(1);
        for (i, &pc) in red.pivots.iter().enumerate() {
            data[pc][k] = f.neg(&r.data[i][fc]);
        }
    }
    (Dense { ring: r.ring.clone(), rows: r.cols, cols: free.len(), data }, free)
}

/// Each column scaled by the lcm of its denominators (then divided by the gcd of its entries),
/// so a rational basis becomes a primitive integer one spanning the same space.
pub fn integral_columns(d: &Dense) -> Dense {
    let mut out = d.clone();
    for j in 0..d.cols {
        let l = d.data.iter().fold(BigInt::one(), |l, r| l.lcm(&r[j].den));
        let ints: Vec<BigInt> = d.data.iter().map(|r| &r[j].num * (&l / &r[j].den)).collect();
        let g = ints.iter().fold(BigInt::zero(), |g, x| g.gcd(x));
        for (i, x) in ints.into_iter().enumerate() {
            out.data[i][j] = Scalar::int(if g.is_zero() { x } else { x / &g });
        }
    }
    out.ring = Ring::Integer;
    out
}
