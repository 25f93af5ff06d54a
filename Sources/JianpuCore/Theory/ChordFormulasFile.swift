/// Reads a chord-formula file: one chord type a line, `Minor: 1, 4, 8`.
///
/// The numbers count semitones with the root as 1: 1 root, 4 minor third, 5 major third,
/// 8 fifth, 11 minor seventh, 12 major seventh, 15 ninth. They start at 1 and rise, up to 25
/// (two octaves above the root). The name is one word of letters and digits.
public enum ChordFormulasFile {
    /// Every formula without errors, in file order, and a diagnostic for every problem found
    /// (missing colon, bad or duplicate name, not a number, number out of range, not starting at 1,
    /// not rising, fewer than two notes); a formula with the same notes as an earlier one is a warning.
    public static func parse(text: String, file: String) -> (formulas: [ChordFormula], diagnostics: [Diagnostic]) {
        let (lines, lineDiagnostics) = TableLine.read(text: text, file: file)
        var diagnostics = lineDiagnostics
        var formulas: [ChordFormula] = []
        var firstLine: [String: Int] = [:]
        for line in lines {
            let name = line.name
            func error(_ location: SourceLocation, _ message: String) { diagnostics.append(.error(at: location, message)) }

            guard let first = name.text.first, first.isLetter,
                name.text.allSatisfy({ $0.isLetter || $0.isNumber })
            else {
                error(name.location, "chord type name '\(name.text)' must be one word of letters and digits, starting with a letter")
                continue
            }
            if let earlier = firstLine[name.text] {
                error(name.location, "duplicate chord type '\(name.text)' (first at line \(earlier))")
                continue
            }
            firstLine[name.text] = name.location.line

            var numbers: [Int] = []
            var valid = true
            for entry in line.entries {
                guard entry.text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(entry.text) else {
                    error(entry.location, "'\(entry.text)' is not a number")
                    valid = false
                    continue
                }
                guard ChordFormula.numberRange.contains(number) else {
                    error(entry.location, "\(number) is out of range \(ChordFormula.numberRange.lowerBound)…\(ChordFormula.numberRange.upperBound) (1 is the root)")
                    valid = false
                    continue
                }
                if numbers.isEmpty, number != 1 {
                    error(entry.location, "a chord formula starts with 1 (the root), not \(number)")
                    valid = false
                } else if let previous = numbers.last, number <= previous {
                    error(entry.location, "\(number) does not rise above \(previous); the numbers must rise")
                    valid = false
                }
                numbers.append(number)
            }
            if line.entries.count < 2 {
                error(name.location, "'\(name.text)' has \(line.entries.count) note; a chord needs at least 2")
                valid = false
            }
            guard valid else { continue }
            let formula = ChordFormula(name: name.text, numbers: numbers)
            if let same = formulas.first(where: { $0.numbers == numbers }) {
                diagnostics.append(.warning(at: name.location, "'\(name.text)' has the same notes as '\(same.name)'"))
            }
            formulas.append(formula)
        }
        diagnostics = TableLine.inSourceOrder(diagnostics)
        return (formulas, diagnostics)
    }
}
