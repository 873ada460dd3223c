#[derive(Clone, Copy)]
pub enum Rounding { HalfUp, HalfEven, Down }

/// Format `units` (an integer count of 10^-scale) with a thousands separator.
pub fn fmt_amount(units: i64, scale: u32, _mode: Rounding, sep: char) -> String {
    let p = 10i64.pow(scale);
    let (int, frac) = (units / p, (units % p).abs());
    let digits = int.abs().to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 { grouped.push(sep); }
        grouped.push(c);
    }
    let sign = if units < 0 { "-" } else { "" };
    if scale == 0 { format!("{sign}{grouped}") } else { format!("{sign}{grouped}.{:0w$}", frac, w = scale as usize) }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn groups() { assert_eq!(fmt_amount(1234567, 2, Rounding::HalfEven, ','), "12,345.67"); }
}
