defmodule PriceSync.MixProject do
  use Mix.Project
  def project, do: [app: :price_sync, version: "0.2.0", elixir: "~> 1.16", deps: deps()]
  def application, do: [extra_applications: [:logger, :inets, :ssl]]
  defp deps, do: [{:jason, "~> 1.4"}]
end
