const std = @import("std");

/// Vaste precisie: 4 decimalen, opgeslagen als i64.
pub const Decimal = struct {
    raw: i64,
    pub const scale: i64 = 10_000;

    pub fn format(self: Decimal, comptime _: []const u8, _: std.fmt.FormatOptions, w: anytype) !void {
        const abs = if (self.raw < 0) -self.raw else self.raw;
        if (self.raw < 0) try w.writeByte('-');
        try w.print("{d}.{d:0>4}", .{ @divTrunc(abs, scale), @mod(abs, scale) });
    }
};

pub fn parse(s: []const u8) !Decimal {
    var int_part: i64 = 0;
    var frac: i64 = 0;
    var digits: u3 = 0;
    var seen_dot = false;
    for (s) |c| {
        if (c == '.') {
            seen_dot = true;
            continue;
        }
        const d: i64 = c - '0';
        if (!seen_dot) int_part = int_part * 10 + d else if (digits < 4) {
            frac = frac * 10 + d;
            digits += 1;
        }
    }
    while (digits < 4) : (digits += 1) frac *= 10;
    return .{ .raw = int_part * Decimal.scale + frac };
}

pub fn mul(a: Decimal, b: Decimal) Decimal {
    return .{ .raw = @divTrunc(a.raw * b.raw, Decimal.scale) };
}

test "parse en mul" {
    const a = try parse("12.3450");
    const b = mul(a, try parse("3"));
    try std.testing.expectEqual(@as(i64, 370350), b.raw);
}
