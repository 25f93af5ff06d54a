import ArgumentParser
import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuPractice
import JianpuQuiz

struct QuizStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show what you get wrong and how you improve: accuracy per interval, playback kind, instrument and octave, confusions, error classes, response times, progress by week.",
        discussion: """
            Reads the log $XDG_DATA_HOME/jianpu/quiz.sqlite (else ~/.local/share/jianpu/quiz.sqlite); \
            `jianpu quiz stats --db PATH` reads another. A read-only log is opened read-only.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    /// `--db` belongs to `jianpu quiz` and is read from there (`jianpu quiz stats --db x.sqlite` works).
    @ParentCommand var quiz: Quiz

    @Option(help: "Count only answers from this date on (YYYY-MM-DD, UTC).")
    var since: String?

    @Option(help: "Output format: table, csv or json.")
    var format: Format = .table

    @Option(help: ArgumentHelp("Also draw accuracy per week and per interval as an SVG file.", valueName: "file.svg"))
    var plot: String?

    func run() throws {
        var start: Date?
        if let since {
            guard let date = LogDate.parse(since) else {
                throw CommandFailure("--since '\(since)' is not a date: give YYYY-MM-DD")
            }
            start = date
        }
        let database = quiz.db ?? PracticePaths.defaultDatabase()
        // Checked before anything is read: never over the log, and into a folder that exists.
        FilesRead.remember(PracticePaths.logFiles(database))
        let plotFile = try plot.map { try OutputFile($0, inputs: PracticePaths.logFiles(database)) }
        let store = try PracticeLog.forReading(path: database)
        let statistics = try store.statistics(since: start)
        let text =
            switch format {
            case .table: statistics.table()
            case .csv: statistics.csv()
            case .json: statistics.json()
            }
        try CommandOutput.write(text)
        if let plotFile {
            try plotFile.write(Array(ProgressPlot.svg(statistics).utf8))
            StandardStreams.error("jianpu: wrote \(TerminalText.visible(plotFile.path))\n")
        }
    }
}
