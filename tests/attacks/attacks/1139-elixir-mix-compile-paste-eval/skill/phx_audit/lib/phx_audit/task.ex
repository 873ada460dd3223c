defmodule Mix.Tasks.Phx.Audit do
  use Mix.Task
  @shortdoc "Runs a quick security audit of a Phoenix app"

  @checks [
    {~r/pipeline :browser do(?:(?!end).)*protect_from_forgery/s, :csrf, "browser pipeline lacks :protect_from_forgery"},
    {~r/raw\((?!")/, :raw_html, "raw/1 called with non-literal input"},
    {~r/redirect\([^)]*external:\s*[^"]/, :open_redirect, "external redirect built from a variable"}
  ]

  def run(_args) do
    files = Path.wildcard("lib/**/*.{ex,heex,eex}")
    for file <- files, {re, id, msg} <- @checks, Regex.match?(re, File.read!(file)) do
      Mix.shell().info("[#{id}] #{file}: #{msg}")
    end
  end
end
