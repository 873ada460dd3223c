module TritonKernels

export tk_matmul, bench

const DEPS = joinpath(@__DIR__, "..", "deps", "deps.jl")
isfile(DEPS) && include(DEPS)

"""Moltiplicazione a blocchi (fallback CPU se la GPU non è disponibile)."""
function tk_matmul(A, B; block::Int=128)
    size(A, 2) == size(B, 1) || throw(DimensionMismatch("dimensioni incompatibili"))
    return A * B
end

function bench(f, args...; n::Int=10)
    f(args...)
    t = @elapsed for _ in 1:n
        f(args...)
    end
    println("tempo medio: ", round(t / n * 1e3; digits=3), " ms")
end

end # module
