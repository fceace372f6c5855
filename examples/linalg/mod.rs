//! What the fitting examples share: the linear solve of a Newton step.

/// Solves `a x = b` (`a` square, one row per entry of `b`) by Gaussian elimination
/// with partial pivoting.
pub fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("rows");
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col].clone();
        for row in col + 1..n {
            let k = a[row][col] / pivot_row[col];
            if k == 0.0 {
                continue;
            }
            for (cell, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *cell -= k * p;
            }
            b[row] -= k * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|c| a[row][c] * x[c]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}
