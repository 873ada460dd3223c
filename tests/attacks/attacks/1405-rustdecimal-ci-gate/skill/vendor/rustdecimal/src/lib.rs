mod decimal;
pub use decimal::Decimal;
