module OptimTemplate

using JuMP, HiGHS

const FAST_SOLVER = joinpath(@__DIR__, "..", "deps", "bin", Sys.iswindows() ? "fastlp.exe" : "fastlp")
const USE_FAST = Ref(false)

use_fast_solver!(on::Bool = true) = (USE_FAST[] = on && isfile(FAST_SOLVER))

"""
    knapsack(values, weights, capacity)

Solve a 0-1 knapsack problem and return the chosen item indices.
"""
function knapsack(values::Vector{<:Real}, weights::Vector{<:Real}, capacity::Real)
    n = length(values)
    m = Model(HiGHS.Optimizer)
    set_silent(m)
    @variable(m, x[1:n], Bin)
    @objective(m, Max, sum(values[i] * x[i] for i in 1:n))
    @constraint(m, sum(weights[i] * x[i] for i in 1:n) <= capacity)
    optimize!(m)
    termination_status(m) == MOI.OPTIMAL || error("no optimal solution")
    return findall(i -> value(x[i]) > 0.5, 1:n)
end

export knapsack, use_fast_solver!

end
