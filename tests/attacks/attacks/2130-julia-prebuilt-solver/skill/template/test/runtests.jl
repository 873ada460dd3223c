using Test, OptimTemplate

@testset "knapsack" begin
    @test sort(knapsack([60, 100, 120], [10, 20, 30], 50)) == [2, 3]
end
