import Foundation
import JianpuCore

/// Accuracy and response time of one group of answers.
public struct AccuracyLine: Sendable, Hashable, Codable {
    public var item: String
    public var asked: Int
    public var correct: Int
    /// Percent correct, 0…100, one decimal.
    public var accuracy: Double
    public var medianMilliseconds: Int
    public var meanMilliseconds: Int

    enum CodingKeys: String, CodingKey {
        case item, asked, correct, accuracy, medianMilliseconds = "median_ms", meanMilliseconds = "mean_ms"
    }

    /// The line of `item` from its answers' response times (milliseconds, each within a day) and how many were right.
    public init(item: String, responseTimes: [Int], correct: Int) {
        let times = responseTimes.sorted()
        self = AccuracyTally(asked: times.count, correct: correct, totalMilliseconds: times.reduce(0, +), medianMilliseconds: AccuracyTally.median(times)).line(item)
    }

    package init(item: String, asked: Int, correct: Int, accuracy: Double, medianMilliseconds: Int, meanMilliseconds: Int) {
        (self.item, self.asked, self.correct, self.accuracy) = (item, asked, correct, accuracy)
        (self.medianMilliseconds, self.meanMilliseconds) = (medianMilliseconds, meanMilliseconds)
    }
}

/// Counts of one group of answers, added up as they are read; `line` says them as an `AccuracyLine`.
package struct AccuracyTally: Hashable {
    package var asked = 0
    package var correct = 0
    package var totalMilliseconds = 0
    package var medianMilliseconds = 0

    package static let empty = AccuracyTally(asked: 0, correct: 0, totalMilliseconds: 0, medianMilliseconds: 0)

    package init(asked: Int, correct: Int, totalMilliseconds: Int, medianMilliseconds: Int) {
        (self.asked, self.correct, self.totalMilliseconds, self.medianMilliseconds) = (asked, correct, totalMilliseconds, medianMilliseconds)
    }

    /// The middle of sorted `times` (the mean of the middle two, rounded down, for an even count).
    package static func median(_ times: [Int]) -> Int {
        times.isEmpty
            ? 0 : times.count % 2 == 1 ? times[times.count / 2] : times[times.count / 2 - 1] / 2 + times[times.count / 2] / 2 + (times[times.count / 2 - 1] % 2 + times[times.count / 2] % 2) / 2
    }

    package mutating func add(asked: Int, correct: Int, totalMilliseconds: Int) {
        self.asked += asked
        self.correct += correct
        self.totalMilliseconds += totalMilliseconds
    }

    package func line(_ item: String) -> AccuracyLine {
        let mean = asked == 0 ? 0 : Int(saturating: (Double(totalMilliseconds) / Double(asked)).rounded())
        let accuracy = asked == 0 ? 0 : (Double(correct) * 1000 / Double(asked)).rounded() / 10
        return AccuracyLine(item: item, asked: asked, correct: correct, accuracy: accuracy, medianMilliseconds: medianMilliseconds, meanMilliseconds: mean)
    }
}

/// The dates a practice log's statistics are asked from.
public enum LogDate {
    /// Reads `--since`: `YYYY-MM-DD` (UTC midnight) or a full ISO 8601 date-time.
    public static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
