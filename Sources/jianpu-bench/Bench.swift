/// `swift run -c release jianpu-bench`: prints the figures the issues ask for.
@main
enum Bench {
    static func main() {
        for line in NotationBenchmark.run() { print(line) }
    }
}
