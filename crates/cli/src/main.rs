//! `skills-guide`: the headless face of Skills Guide. It parses arguments,
//! calls the catalog engine and prints what it says; no rule, score or
//! decision lives here. `--json` prints machine-readable JSON on stdout and
//! nothing else there; messages go to stderr (`../shared/contract.md`).

mod catalog_cmd;
mod deadline;
mod eval_cmd;
mod fmt;
mod install_cmd;
mod progress_view;
mod report_cmd;
mod scan_accept;
mod scan_cmd;
mod scan_review;
mod scan_sarif;
mod site_cmd;
mod snapshot_cmd;
mod verify_cmd;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

// See the workspace manifest for why (BENCHMARKS.md has the figures).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
        /// Print a JSON array, one object per file (the same as --format json).
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// human (default), json, or sarif (SARIF 2.1.0, for code scanning).
        #[arg(long, value_enum, value_name = "FORMAT")]
        format: Option<scan_cmd::Format>,
        /// Exit with status 1 when a finding at or above this severity is not
        /// accepted: none, low, medium, high (default) or critical.
        #[arg(long, value_name = "SEVERITY", default_value = "high", value_parser = scan_cmd::parse_threshold)]
        fail_on: scan_cmd::Threshold,
        /// The accepted-findings file (default: .skills-guide.toml in the
        /// current folder or a parent, up to the git work tree's root).
        #[arg(long, value_name = "FILE")]
        accept: Option<PathBuf>,
        /// Date files by modification time only, even inside a git work tree.
        #[arg(long)]
        no_git: bool,
    },
    /// Run the pipeline over sources into the catalog. Exits 3 when model
    /// readings failed (the summary says how many and why).
    Sync {
        /// github, awesome, registry, dir:PATH, snapshot:URL_OR_PATH, installed (every agent's
        /// skills folder on this machine), examples (repeatable). Default: the verified catalog
        /// of the built-in publisher when GITHUB_TOKEN is unset (SKILLS_GUIDE_CATALOG=off: never),
        /// else awesome, registry and github.
        #[arg(long = "from", value_name = "SOURCE")]
        from: Vec<String>,
        /// Skip the model's readings (skills stay unverified).
        #[arg(long)]
        no_llm: bool,
        /// Date local files by modification time only.
        #[arg(long)]
        no_git: bool,
        /// Stop after N new skills.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
        /// Start no new work after this many seconds (a scheduled job's
        /// budget): what is stored stays, an unfinished code search resumes
        /// at the next sync.
        #[arg(long, value_name = "SECONDS")]
        max_time: Option<u64>,
        /// The snapshot publisher's public key: its base64 line (RWQ…) or its .pub file. The
        /// default publisher's address needs none (its key is built in).
        #[arg(long, env = "SKILLS_GUIDE_SNAPSHOT_PUBKEY", value_name = "KEY")]
        snapshot_key: Option<String>,
        /// Take a snapshot older than the one applied.
        #[arg(long)]
        allow_rollback: bool,
        #[arg(long)]
        json: bool,
    },
    /// Run the model's readings and the decision again for some skills
    /// (needs a configured model: SKILLS_GUIDE_LLM_URL and/or SKILLS_GUIDE_LLM_KEY).
    /// Exits 3 when readings failed (the summary says how many and why).
    Verify {
        /// Ids (or their first 4+ characters) or names.
        #[arg(value_name = "ID")]
        ids: Vec<String>,
        /// Every pending skill.
        #[arg(long)]
        pending: bool,
        /// Every admitted skill the model has not read (or whose reading failed).
        #[arg(long)]
        unverified: bool,
        /// Every admitted skill.
        #[arg(long)]
        all: bool,
        /// Start no new reading after this many seconds: the skills not
        /// reached stay unread for the next run.
        #[arg(long, value_name = "SECONDS")]
        max_time: Option<u64>,
        #[arg(long)]
        json: bool,
    },
    /// The model server: `model check` asks it what it is (models, context,
    /// slots) and sends one tiny structured request.
    Model {
        #[command(subcommand)]
        action: ModelAction,
    },
    /// Every catalog entry.
    List {
        /// excluded, unverified, published, pending or rejected.
        #[arg(long, value_name = "S")]
        status: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Full-text search, best first (or in the --sort order).
    Search {
        query: String,
        #[arg(long, value_name = "S")]
        status: Option<String>,
        /// safe, caution or risky.
        #[arg(long, value_name = "R")]
        safety: Option<String>,
        #[arg(long, value_name = "C")]
        category: Option<String>,
        #[arg(long, value_name = "T")]
        tag: Option<String>,
        /// A compatible tool named on the model's card (any case).
        #[arg(long, value_name = "T")]
        tool: Option<String>,
        /// beginner, intermediate or advanced (the model's card).
        #[arg(long, value_name = "L")]
        level: Option<String>,
        /// relevance (default), quality, stars or freshness; unknown values last.
        #[arg(long, value_name = "ORDER")]
        sort: Option<String>,
        #[arg(long, value_name = "N", default_value_t = 20)]
        limit: usize,
        #[arg(long)]
        json: bool,
    },
    /// One skill: card, safety analysis, source, and on request its whole SKILL.md.
    Show {
        /// An id (or its first 4+ characters), or a skill's name.
        id: String,
        #[arg(long, value_parser = ["en", "fr"], default_value = "en")]
        lang: String,
        /// Also print the whole SKILL.md, with line numbers.
        #[arg(long)]
        content: bool,
        /// Print only this file of the skill's folder (a path `show` lists),
        /// with line numbers; a binary or unread file is described, not printed.
        #[arg(long, value_name = "PATH")]
        file: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Write a vetted skill's SKILL.md into an agent's skills folder
    /// (published skills; others only with --allow-unverified, rejected never).
    Install {
        /// An id (or its first 4+ characters), or a skill's name.
        id: String,
        #[command(flatten)]
        place: PlaceArgs,
        /// Install a pending or unverified skill, after its findings are shown.
        #[arg(long)]
        allow_unverified: bool,
        /// Replace a SKILL.md that Skills Guide did not write, or that was edited since.
        #[arg(long)]
        force: bool,
        /// The skill folder's name, when the skill's own name is not a valid one.
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Remove a skill that Skills Guide installed (never files it did not write).
    Uninstall {
        /// The skill folder's name.
        name: String,
        #[command(flatten)]
        place: PlaceArgs,
        /// Remove the SKILL.md even if it was edited since it was installed.
        #[arg(long)]
        force: bool,
        #[arg(long)]
        json: bool,
    },
    /// Every install, and whether upstream has a newer version.
    Installed {
        #[arg(long)]
        json: bool,
    },
    /// Bring installs to the catalog's current version of their skill: new
    /// versions are read by the model first (when configured), and only
    /// clean installs are replaced.
    Update {
        /// Only these installs (folder names); all by default.
        #[arg(value_name = "NAME")]
        names: Vec<String>,
        #[command(flatten)]
        place: PlaceArgs,
        /// Take a new version that is pending or unverified.
        #[arg(long)]
        allow_unverified: bool,
        /// Replace installs that were edited since.
        #[arg(long)]
        force: bool,
        /// Do not ask the model to read new versions.
        #[arg(long)]
        no_llm: bool,
        #[arg(long)]
        json: bool,
    },
    /// The agents Skills Guide knows, whether each is on this machine, and its skills folders.
    Agents {
        /// The project whose folders to show (default: the current folder).
        #[arg(long, value_name = "DIR")]
        project_dir: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Publish the catalog as a signed snapshot others sync (`sync --from snapshot:…`).
    Snapshot {
        #[command(subcommand)]
        action: SnapshotAction,
    },
    /// Write the catalog as a static site: a page per published, pending or
    /// unread skill, copies redirecting, a sitemap of the indexable ones (R-SEO).
    ExportSite {
        /// A new or empty folder, or one an earlier export-site wrote (it is
        /// replaced in one step; nothing changes when the site is the same).
        dir: PathBuf,
        /// The address the site will be served from (https://…), for the
        /// sitemap, robots.txt and canonical links.
        #[arg(long, value_name = "URL")]
        base_url: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// The link that opens a prefilled issue about a skill on its upstream repository.
    Report {
        /// An id (or its first 4+ characters), or a skill's name.
        id: String,
        /// Open the link in the default browser ($BROWSER, else the platform's).
        #[arg(long)]
        open: bool,
        #[arg(long)]
        json: bool,
    },
    /// Agreement between the pipeline's decisions and a reference set (R-EVAL):
    /// status and rating agreement on the judgments the reference made the
    /// same way twice, confusion matrices, and how generous the pipeline is.
    Eval {
        /// A JSONL file: one skill a line, with "id" or "name", "status",
        /// "status_2", "safety" and "safety_2".
        #[arg(value_name = "REFERENCE.jsonl")]
        reference: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum SnapshotAction {
    /// Make a publisher key pair: snapshot.key (secret, keep it in your CI's
    /// secret store) and snapshot.pub (give it to the clients).
    Keygen {
        /// Where to write the two files (default: the current folder).
        #[arg(long, value_name = "DIR", default_value = ".")]
        dir: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Write the catalog's public skills as a signed, content-addressed
    /// snapshot in DIR (records already there are kept; only changes are added).
    Publish {
        dir: PathBuf,
        /// The secret key file from `snapshot keygen`.
        #[arg(long, value_name = "FILE", required_unless_present = "key_env")]
        key: Option<PathBuf>,
        /// Read the secret key's text from this environment variable instead
        /// (how CI systems hand secrets over).
        #[arg(long, value_name = "VAR")]
        key_env: Option<String>,
        /// Close a pack once it holds this many bytes, compressed (a static
        /// host with a smaller limit per file needs smaller packs).
        #[arg(long, value_name = "BYTES", default_value_t = 64 * 1024 * 1024,
              value_parser = clap::value_parser!(u64).range(4096..))]
        pack_bytes: u64,
        /// The public key the clients are given (its RWQ… line or .pub file):
        /// nothing is written unless the secret key is its pair.
        #[arg(long, value_name = "KEY")]
        public_key: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Copy a publication (a static host's address or a folder) into DIR,
    /// every object checked, so a publisher that lost its folder publishes
    /// on from it: `snapshot publish DIR` keeps what is there and continues
    /// its numbering. A DIR holding the same or a newer publication is left as it is.
    Mirror {
        address: String,
        dir: PathBuf,
        /// The publisher's public key: its base64 line (RWQ…) or its .pub file.
        #[arg(long, env = "SKILLS_GUIDE_SNAPSHOT_PUBKEY", value_name = "KEY")]
        snapshot_key: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

/// Which skills folder: an agent's (with a scope), or one the user names.
#[derive(clap::Args)]
struct PlaceArgs {
    /// claude-code, codex, agents, cursor, gemini, copilot, opencode, goose or windsurf.
    #[arg(long, value_name = "AGENT")]
    agent: Option<String>,
    /// user (default) or project.
    #[arg(long, value_name = "SCOPE")]
    scope: Option<String>,
    /// The project for --scope project (default: the current folder).
    #[arg(long, value_name = "DIR")]
    project_dir: Option<PathBuf>,
    /// A skills folder of your own, instead of an agent's.
    #[arg(long, value_name = "DIR")]
    folder: Option<PathBuf>,
}

impl PlaceArgs {
    fn into_where(self) -> install_cmd::Where {
        install_cmd::Where { agent: self.agent, scope: self.scope, project_dir: self.project_dir, folder: self.folder }
    }
}

#[derive(Subcommand)]
enum ModelAction {
    /// Check the configured model server (SKILLS_GUIDE_LLM_URL, _MODEL, _KEY):
    /// the models it lists, its context and slots, whether it follows a JSON
    /// schema, and its speed. Exits 1 when readings would not work.
    Check {
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    skills_guide_catalog::allocator::return_large_blocks();
    let cli = Cli::parse();
    let data_dir = cli.data_dir;
    let result = match cli.command {
        Command::Scan { paths, json, format, fail_on, accept, no_git } => {
            let format = if json { scan_cmd::Format::Json } else { format.unwrap_or(scan_cmd::Format::Human) };
            scan_cmd::run(&paths, &scan_cmd::Flags { format, fail_on, accept, use_git: !no_git })
        }
        Command::Sync { from, no_llm, no_git, limit, max_time, snapshot_key, allow_rollback, json } => {
            let flags = catalog_cmd::SyncFlags { from, no_llm, no_git, limit, max_time, snapshot_key, allow_rollback };
            catalog_cmd::data_dir(data_dir).and_then(|d| catalog_cmd::sync(&d, flags, json)).map(|()| ExitCode::SUCCESS)
        }
        Command::Verify { ids, pending, unverified, all, max_time, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| {
                let selection = skills_guide_catalog::verify::Selection { ids, pending, unverified, all };
                verify_cmd::verify(&d, &selection, max_time, json)
            })
            .map(|()| ExitCode::SUCCESS),
        Command::Model { action: ModelAction::Check { json } } => verify_cmd::check(json).map(|()| ExitCode::SUCCESS),
        Command::List { status, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| catalog_cmd::list(&d, status.as_deref(), json))
            .map(|()| ExitCode::SUCCESS),
        Command::Search { query, status, safety, category, tag, tool, level, sort, limit, json } => {
            let flags = catalog_cmd::SearchFlags { status, safety, category, tag, tool, level, sort, limit };
            catalog_cmd::data_dir(data_dir)
                .and_then(|d| catalog_cmd::search(&d, &query, flags, json))
                .map(|()| ExitCode::SUCCESS)
        }
        Command::Show { id, lang, content, file, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| catalog_cmd::show(&d, &id, &lang, content, file.as_deref(), json))
            .map(|()| ExitCode::SUCCESS),
        Command::Install { id, place, allow_unverified, force, name, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| {
                let flags = install_cmd::InstallFlags { allow_unverified, force, name };
                install_cmd::install(&d, &id, &place.into_where(), &flags, json)
            })
            .map(|()| ExitCode::SUCCESS),
        Command::Uninstall { name, place, force, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| install_cmd::uninstall(&d, &name, &place.into_where(), force, json))
            .map(|()| ExitCode::SUCCESS),
        Command::Installed { json } => {
            catalog_cmd::data_dir(data_dir).and_then(|d| install_cmd::installed(&d, json)).map(|()| ExitCode::SUCCESS)
        }
        Command::Update { names, place, allow_unverified, force, no_llm, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| {
                let flags = install_cmd::UpdateFlags { names, allow_unverified, force, no_llm };
                install_cmd::update(&d, &place.into_where(), flags, json)
            })
            .map(|()| ExitCode::SUCCESS),
        Command::Agents { project_dir, json } => {
            install_cmd::list_agents(project_dir, json).map(|()| ExitCode::SUCCESS)
        }
        Command::Snapshot { action: SnapshotAction::Keygen { dir, json } } => {
            snapshot_cmd::keygen(&dir, json).map(|()| ExitCode::SUCCESS)
        }
        Command::Snapshot { action: SnapshotAction::Publish { dir, key, key_env, pack_bytes, public_key, json } } => {
            let keys = snapshot_cmd::SecretKeyFlags { key, key_env, public_key };
            catalog_cmd::data_dir(data_dir)
                .and_then(|d| snapshot_cmd::publish(&d, &dir, keys, pack_bytes, json))
                .map(|()| ExitCode::SUCCESS)
        }
        Command::Snapshot { action: SnapshotAction::Mirror { address, dir, snapshot_key, json } } => {
            snapshot_cmd::mirror(&address, &dir, snapshot_key.as_deref(), json).map(|()| ExitCode::SUCCESS)
        }
        Command::ExportSite { dir, base_url, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| site_cmd::export_site(&d, &dir, base_url, json))
            .map(|()| ExitCode::SUCCESS),
        Command::Report { id, open, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| report_cmd::report(&d, &id, open, json))
            .map(|()| ExitCode::SUCCESS),
        Command::Eval { reference, json } => catalog_cmd::data_dir(data_dir)
            .and_then(|d| eval_cmd::eval(&d, &reference, json))
            .map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("skills-guide: {e:#}");
            if e.downcast_ref::<catalog_cmd::UsageError>().is_some() {
                ExitCode::from(2)
            } else if e.downcast_ref::<verify_cmd::ReadingsFailed>().is_some() {
                ExitCode::from(verify_cmd::READINGS_FAILED)
            } else {
                ExitCode::from(1)
            }
        }
    }
}
