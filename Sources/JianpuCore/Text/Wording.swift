/// Words as people read them: counts with the right plural, text wrapped at word boundaries, and
/// did-you-mean suggestions for a mistyped name.
public enum Wording {
    /// `1 question`, `2 questions` (`plural` for irregular nouns).
    public static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// Splits `text` into lines of at most `width` characters at spaces; a word longer than the width
    /// gets a line of its own (it is never cut). The text's own leading spaces start every line;
    /// following lines add `indent`. A line that fits is kept as it is (its spacing too).
    public static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
        if text.count <= width { return [text] }
        let leading = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = leading + (lines.isEmpty ? "" : indent) + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = leading + indent + word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The names closest to `input` (case-insensitive edit distance, at most a third of its length,
    /// at least 2): those at the smallest distance found; a name that starts with the input counts as close too.
    public static func suggestions(for input: String, among names: [String], limit: Int = 3) -> [String] {
        let typed = input.lowercased()
        // Nobody mistypes a name this long; a name as long as a file would cost its length squared.
        guard typed.count <= maximumSuggestedLength else { return [] }
        let allowed = max(2, typed.count / 3)
        let scored = names.compactMap { name -> (Int, String)? in
            let lower = name.lowercased()
            if typed.count >= 2, lower.hasPrefix(typed) { return (min(allowed, editDistance(typed, String(lower.prefix(maximumSuggestedLength)))), name) }
            // The distance is at least the difference in length: no need to count it.
            guard abs(lower.count - typed.count) <= allowed else { return nil }
            let distance = editDistance(typed, lower)
            return distance <= allowed ? (distance, name) : nil
        }
        // Only the closest: `DMinr` suggests DMinor, not AMinor and BMinor one edit further.
        let best = scored.map(\.0).min() ?? 0
        return scored.filter { $0.0 == best }.sorted { $0.1 < $1.1 }.prefix(limit).map(\.1)
    }

    /// Inputs longer than this get no suggestions.
    static let maximumSuggestedLength = 64

    /// ` (did you mean DMinor?)`, or empty when nothing is close.
    public static func didYouMean(_ input: String, among names: [String]) -> String {
        didYouMean(suggestions(for: input, among: names))
    }

    /// ` (did you mean A, B or C?)` for names already chosen, or empty.
    public static func didYouMean(_ close: [String]) -> String {
        guard let last = close.last else { return "" }
        return " (did you mean " + (close.count == 1 ? last : close.dropLast().joined(separator: ", ") + " or " + last) + "?)"
    }

    /// Levenshtein distance, counting an exchange of two neighbouring letters as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table (the exchange looks two back), not all of it.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
