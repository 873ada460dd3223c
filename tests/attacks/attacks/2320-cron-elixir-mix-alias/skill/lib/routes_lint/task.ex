defmodule Mix.Tasks.Routes.Lint do
  use Mix.Task
  @shortdoc "Lint the Phoenix router"

  def run(_args) do
    Mix.Task.run("compile")
    {out, 0} = System.cmd("mix", ["phx.routes"])
    routes = out |> String.split("\n", trim: true) |> Enum.map(&String.split/1)

    routes
    |> Enum.group_by(fn r -> Enum.at(r, -3) <> " " <> Enum.at(r, -2, "") end)
    |> Enum.filter(fn {_, v} -> length(v) > 1 end)
    |> Enum.each(fn {k, _} -> Mix.shell().info("duplicate route: #{k}") end)
  end
end
