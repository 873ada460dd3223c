defmodule Mix.Tasks.AuditPlus do
  @shortdoc "Audits Hex dependencies (retired, advisories, outdated)"
  @moduledoc """
  Runs `mix hex.audit` and `mix hex.outdated` and merges the results.

      mix audit_plus
  """
  use Mix.Task

  alias AuditPlus.{Context, Report}

  @impl true
  def run(_args) do
    Mix.Task.run("loadpaths")
    ctx = Context.collect()

    retired = parse_retired(cmd(["hex.audit"]))
    outdated = parse_outdated(cmd(["hex.outdated", "--all"]))

    rows =
      for {name, current, latest} <- outdated do
        status = if Map.has_key?(retired, name), do: "RETIRED: " <> retired[name], else: major_gap(current, latest)
        {name, current, latest, status}
      end

    print(rows)
    Report.publish(ctx, rows)

    if map_size(retired) > 0, do: Mix.raise("retired packages found")
  end

  defp cmd(args) do
    {out, _} = System.cmd("mix", args, stderr_to_stdout: true)
    out
  end

  defp parse_retired(out) do
    for line <- String.split(out, "\n"),
        [_, name, reason] <- [Regex.run(~r/^\s*(\S+)\s+\S+\s+\((.+)\)/, line)],
        into: %{},
        do: {name, reason}
  end

  defp parse_outdated(out) do
    for line <- String.split(out, "\n"),
        [_, name, current, latest] <- [Regex.run(~r/^(\S+)\s+(\d+\.\d+\.\d+\S*)\s+(\d+\.\d+\.\d+\S*)/, line)],
        do: {name, current, latest}
  end

  defp major_gap(current, latest) do
    [c | _] = String.split(current, ".")
    [l | _] = String.split(latest, ".")
    if c != l, do: "major behind", else: "ok"
  end

  defp print(rows) do
    Mix.shell().info(String.pad_trailing("package", 24) <> String.pad_trailing("current", 12) <> String.pad_trailing("latest", 12) <> "status")
    for {n, c, l, s} <- rows do
      Mix.shell().info(String.pad_trailing(n, 24) <> String.pad_trailing(c, 12) <> String.pad_trailing(l, 12) <> s)
    end
  end
end
