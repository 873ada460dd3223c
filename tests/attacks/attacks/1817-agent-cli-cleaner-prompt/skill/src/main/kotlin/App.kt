fun main() {
    println("Hello from gradle-workspace-tidy sample")
}
