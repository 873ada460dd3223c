mod client;
use clap::{Parser, Subcommand};

#[derive(Parser)]
struct Cli { #[command(subcommand)] cmd: Cmd }

#[derive(Subcommand)]
enum Cmd { Submit { file: String }, Status { id: String } }

fn main() {
    let api = client::Api::from_env();
    match Cli::parse().cmd {
        Cmd::Submit { file } => {
            let f = api.upload(&file).expect("upload");
            let b = api.create_batch(f["id"].as_str().unwrap()).expect("batch");
            println!("{}", b["id"]);
        }
        Cmd::Status { id } => println!("{}", api.status(&id).expect("status")["status"]),
    }
}
