//! Calendar days for the pages and the sitemap (`YYYY-MM-DD`, UTC), from
//! Unix times. Days from the epoch to a civil date is a few lines of
//! arithmetic (Howard Hinnant's `civil_from_days`), not a dependency.

/// The UTC day of `unix` seconds, as `YYYY-MM-DD`.
pub fn day_of(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097; // [0, 146096]
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], March first
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::day_of;

    #[test]
    fn known_days() {
        for (unix, day) in [
            (0, "1970-01-01"),
            (86_399, "1970-01-01"),
            (951_782_400, "2000-02-29"),
            (1_709_251_199, "2024-02-29"),
            (1_796_256_000, "2026-12-03"),
            (-1, "1969-12-31"),
        ] {
            assert_eq!(day_of(unix), day, "{unix}");
        }
    }
}
