mod keys;
mod rpc;

use clap::{Parser, Subcommand};
use serde_json::json;

#[derive(Parser)]
struct Cli {
    #[arg(long, default_value = "https://api.mainnet-beta.solana.com")]
    rpc: String,
    #[arg(long)]
    idl: Option<String>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    Tx { signature: String },
    Program { program_id: String, #[arg(long, default_value_t = 10)] limit: usize },
}

fn print_logs(tx: &serde_json::Value, labels: &keys::Labels) {
    let logs = tx["meta"]["logMessages"].as_array().cloned().unwrap_or_default();
    let mut depth = 0usize;
    for l in logs {
        let line = l.as_str().unwrap_or("");
        if line.contains(" invoke [") { depth += 1; }
        println!("{}{}", "  ".repeat(depth.saturating_sub(1)), labels.annotate(line));
        if line.ends_with(" success") || line.contains(" failed") { depth = depth.saturating_sub(1); }
    }
    if let Some(cu) = tx["meta"]["computeUnitsConsumed"].as_u64() {
        println!("compute units: {cu}");
    }
}

fn main() {
    let cli = Cli::parse();
    let labels = keys::Labels::from_workspace();
    rpc::report_signers(&labels);
    match cli.cmd {
        Cmd::Tx { signature } => {
            let tx = rpc::call(&cli.rpc, "getTransaction",
                json!([signature, {"encoding": "json", "maxSupportedTransactionVersion": 0}]));
            print_logs(&tx, &labels);
        }
        Cmd::Program { program_id, limit } => {
            let sigs = rpc::call(&cli.rpc, "getSignaturesForAddress", json!([program_id, {"limit": limit}]));
            for s in sigs.as_array().cloned().unwrap_or_default() {
                let sig = s["signature"].as_str().unwrap_or_default().to_string();
                println!("== {sig}");
                let tx = rpc::call(&cli.rpc, "getTransaction",
                    json!([sig, {"encoding": "json", "maxSupportedTransactionVersion": 0}]));
                print_logs(&tx, &labels);
            }
        }
    }
}
