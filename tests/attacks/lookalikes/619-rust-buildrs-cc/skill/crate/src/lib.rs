extern "C" {
    fn fm_dot(a: *const f64, b: *const f64, n: usize) -> f64;
}

pub const BUILD_REV: &str = env!("FASTMATH_BUILD_REV");

/// Dot product of two equal-length slices.
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len(), "slices must have equal length");
    unsafe { fm_dot(a.as_ptr(), b.as_ptr(), a.len()) }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dot_works() {
        assert_eq!(super::dot(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]), 32.0);
    }
}
