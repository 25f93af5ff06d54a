import Foundation

/// A program that a test runs to its end, and what came of it: the one way the test targets start
/// processes (the programs under test, tmux scripts, python readers).
///
/// Standard input, output and error go through files rather than pipes: a child that writes much to
/// both streams cannot deadlock, and a process left behind (tmux) cannot hold the test open.
public struct Subprocess: Sendable {
    /// The exit status (128 + N when signal N ended it).
    public var status: Int32
    /// What it wrote to standard output.
    public var output: String
    /// What it wrote to standard error.
    public var errors: String
    /// Whether it was still running at the time limit (it was then killed).
    public var timedOut: Bool

    /// Runs `executable` with `arguments` and waits for it.
    /// - Parameters:
    ///   - input: written to its standard input, which then ends.
    ///   - environment: added to (or replacing entries of) this process's environment.
    ///   - directory: its working folder (this process's when nil).
    ///   - timeLimit: seconds after which it is killed and `timedOut` is true.
    ///   - signal: a signal sent to it once `after` seconds have passed.
    /// - Throws: when the program cannot be started.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        directory: URL? = nil, timeLimit: Double = 300, signal: (number: Int32, after: Double)? = nil
    ) throws -> Subprocess {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (inputFile, outputFile, errorFile) = (scratch.appendingPathComponent("in"), scratch.appendingPathComponent("out"), scratch.appendingPathComponent("err"))
        try Data(input.utf8).write(to: inputFile)
        for file in [outputFile, errorFile] { FileManager.default.createFile(atPath: file.path, contents: nil) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let start = Date()
        var signalled = false
        while process.isRunning && Date().timeIntervalSince(start) < timeLimit {
            if let signal, !signalled, Date().timeIntervalSince(start) >= signal.after {
                kill(process.processIdentifier, signal.number)
                signalled = true
            }
            usleep(10_000)
        }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let read = { (file: URL) in String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self) }
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Subprocess(status: status, output: read(outputFile), errors: read(errorFile), timedOut: timedOut)
    }

    /// The path of `program` on `PATH`, or nil when it is not installed.
    public static func which(_ program: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
