//! `skills-guide`: the headless face of Skills Guide. It parses arguments,
//! calls the catalog engine and prints what it says; no rule, score or
//! decision lives here. `--json` prints machine-readable JSON on stdout and
//! nothing else there; messages go to stderr (`../shared/contract.md`).

mod scan_cmd;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "skills-guide", version, about = "Find, read, judge and install agent skills (SKILL.md), offline.")]
struct Cli {
    /// Folder holding the whole catalog (store, search index, caches, config).
    #[arg(long, global = true, env = "SKILLS_GUIDE_DATA_DIR", value_name = "DIR")]
    data_dir: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read SKILL.md files (folders are searched recursively) and print their
    /// starting score and fixed-rule findings. Needs no catalog; runs nothing.
    Scan {
        /// Files or folders.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Print a JSON array, one object per file.
        #[arg(long)]
        json: bool,
        /// Date files by modification time only, even inside a git work tree.
        #[arg(long)]
        no_git: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let _ = &cli.data_dir; // used by the catalog commands
    let result = match cli.command {
        Command::Scan { paths, json, no_git } => scan_cmd::run(&paths, json, !no_git),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("skills-guide: {e:#}");
            ExitCode::from(1)
        }
    }
}
