use anyhow::Result;
use clap::Parser;

const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("BUILD_COMMIT"), " ", env!("BUILD_DATE"), ")");

/// {{description}}
#[derive(Parser, Debug)]
#[command(name = "{{name}}", version = VERSION)]
struct Cli {
    /// Increase log verbosity (-v, -vv)
    #[arg(short, long, action = clap::ArgAction::Count)]
    verbose: u8,
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let level = match cli.verbose {
        0 => "warn",
        1 => "info",
        _ => "debug",
    };
    tracing_subscriber::fmt().with_env_filter(level).init();
    tracing::info!("starting");
    Ok(())
}
