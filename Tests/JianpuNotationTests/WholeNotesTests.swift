import Testing

@testable import JianpuCore
@testable import JianpuNotation

@Suite("WholeNotes")
struct WholeNotesTests {
    @Test(
        "fractions are reduced and the sign lives in the numerator",
        arguments: [
            (Int64(2), Int64(4), Int64(1), Int64(2)), (6, 8, 3, 4), (-2, 4, -1, 2), (2, -4, -1, 2), (-3, -9, 1, 3), (0, 5, 0, 1), (7, 1, 7, 1),
        ])
    func reduction(n: Int64, d: Int64, rn: Int64, rd: Int64) {
        let value = WholeNotes(n, d)
        #expect(value.numerator == rn)
        #expect(value.denominator == rd)
    }

    @Test("equal fractions written differently are equal and hash alike")
    func equality() {
        #expect(WholeNotes(1, 3) == WholeNotes(2, 6))
        #expect(Set([WholeNotes(1, 3), WholeNotes(3, 9), WholeNotes(-1, -3)]).count == 1)
    }

    @Test(
        "sums and differences over powers of two are exact and in lowest terms",
        arguments: [
            (Int64(1), Int64(4), Int64(1), Int64(8)), (3, 8, 5, 8), (7, 16, -3, 4), (-5, 32, 5, 32), (1, 1, 1, 1024), (0, 1, 3, 64), (-1, 2, -1, 2),
        ])
    func binarySums(an: Int64, ad: Int64, bn: Int64, bd: Int64) {
        let a = WholeNotes(an, ad), b = WholeNotes(bn, bd)
        for (result, numerator) in [(a + b, an * bd + bn * ad), (a - b, an * bd - bn * ad)] {
            // The general path: cross-multiply, then reduce by the gcd.
            let expected = WholeNotes(numerator, ad * bd)
            #expect(result.numerator == expected.numerator && result.denominator == expected.denominator, "\(a) ± \(b)")
        }
    }

    @Test("sums and differences under triplets, quintuplets and grace slots are exact and in lowest terms")
    func oddPrimeSums() {
        let denominators: [Int64] = [1, 2, 3, 5, 6, 7, 9, 12, 14, 15, 20, 24, 48, 768, 1536, 3 << 20]
        for ad in denominators {
            for bd in denominators {
                for an in Int64(-13)...13 {
                    for bn: Int64 in [-7, -3, -1, 0, 1, 2, 5, 11] {
                        let a = WholeNotes(an, ad), b = WholeNotes(bn, bd)
                        for (result, numerator) in [(a + b, a.numerator * b.denominator + b.numerator * a.denominator), (a - b, a.numerator * b.denominator - b.numerator * a.denominator)] {
                            // The general path: cross-multiply, then reduce by the gcd.
                            let expected = WholeNotes(numerator, a.denominator * b.denominator)
                            #expect(result.numerator == expected.numerator && result.denominator == expected.denominator, "\(a) ± \(b)")
                        }
                    }
                }
            }
        }
    }

    @Test(
        "written lengths: a crotchet halved per beam, each dot adding half the last",
        arguments: [
            (0, 0, WholeNotes(1, 4)), (1, 0, WholeNotes(1, 8)), (0, 1, WholeNotes(3, 8)), (1, 2, WholeNotes(7, 32)), (4, 0, WholeNotes(1, 64)),
            (2, 3, WholeNotes(15, 128)),
        ])
    func writtenLengths(beams: Int, dots: Int, length: WholeNotes) {
        let computed = NoteWord.length(beams: beams, dots: dots)
        #expect(computed == length)
        #expect(computed.numerator == length.numerator && computed.denominator == length.denominator)
    }

    @Test("addition and subtraction are exact")
    func addSubtract() {
        #expect(WholeNotes(1, 3) + WholeNotes(1, 6) == WholeNotes(1, 2))
        #expect(WholeNotes(1, 4) - WholeNotes(1, 3) == WholeNotes(-1, 12))
        #expect(WholeNotes(1, 12) * 3 + WholeNotes(1, 4) == WholeNotes(1, 2))
        var x = WholeNotes.zero
        for _ in 0..<3 { x += WholeNotes(1, 3) }
        #expect(x == .whole)
        x -= .quarter
        #expect(x == WholeNotes(3, 4))
    }

    @Test("multiplication and division are exact; division by zero leaves the value unchanged")
    func multiplyDivide() {
        #expect(WholeNotes(1, 4) * WholeNotes(2, 3) == WholeNotes(1, 6))
        #expect(WholeNotes(3, 8) / 3 == WholeNotes(1, 8))
        #expect(WholeNotes(1, 2) / WholeNotes(1, 8) == WholeNotes(4))
        #expect(WholeNotes(1, 2) / WholeNotes.zero == WholeNotes(1, 2))
        #expect(WholeNotes(1, 2) / Int64(0) == WholeNotes(1, 2))
        #expect(WholeNotes(-1, 2) * WholeNotes(-1, 2) == WholeNotes(1, 4))
    }

    @Test(
        "comparisons order fractions by value",
        arguments: [
            (WholeNotes(1, 3), WholeNotes(1, 2)), (WholeNotes(-1, 2), WholeNotes.zero), (WholeNotes(2, 3), WholeNotes(3, 4)),
            (WholeNotes(Int64.max - 1, Int64.max), WholeNotes.whole), (WholeNotes(1, Int64.max), WholeNotes(1, Int64.max - 1)),
        ])
    func ordering(smaller: WholeNotes, larger: WholeNotes) {
        #expect(smaller < larger)
        #expect(!(larger < smaller))
        #expect(max(smaller, larger) == larger)
    }

    @Test(
        "description is n/d, or the integer when whole",
        arguments: [
            (WholeNotes(3, 4), "3/4"), (WholeNotes(2), "2"), (WholeNotes(-1, 6), "-1/6"), (WholeNotes.zero, "0"),
        ])
    func description(value: WholeNotes, text: String) {
        #expect(value.description == text)
    }

    @Test("doubleValue and quarterNotes convert exactly for simple fractions")
    func conversions() {
        #expect(WholeNotes(3, 8).doubleValue == 0.375)
        #expect(WholeNotes(3, 8).quarterNotes == 1.5)
        #expect(WholeNotes.quarter.quarterNotes == 1)
    }

    @Test("overflowing arithmetic never traps and stays finite and roughly right")
    func overflowSaturates() {
        let big = WholeNotes(Int64.max, 1), tiny = WholeNotes(1, Int64.max - 2)
        let sum = big + big
        #expect(sum.doubleValue > 0)
        _ = big - WholeNotes(Int64.min, 1)
        _ = WholeNotes(Int64.min, 1) - big
        _ = big * big
        _ = tiny * tiny
        _ = WholeNotes(1, 3) + tiny
        _ = WholeNotes(Int64.min, 1) * WholeNotes(-1)
        _ = WholeNotes(Int64.min, Int64.min)
        _ = WholeNotes(5, Int64.min)
        _ = WholeNotes(Int64.min, 3) / Int64.min
        _ = big < WholeNotes(Int64.max - 1, Int64.max)
        // Mutually prime denominators near the limit still add approximately.
        let a = WholeNotes(1, 4_294_967_291), b = WholeNotes(1, 4_294_967_279)
        let approx = (a + b).doubleValue
        #expect(abs(approx - (a.doubleValue + b.doubleValue)) < 1e-6)
    }

    @Test("a thousand nested triplet ratios degrade to some length without trapping")
    func deepTupletProduct() {
        var ratio = WholeNotes.whole
        for _ in 0..<1000 { ratio = ratio * WholeNotes(2, 3) }
        #expect(ratio >= .zero)
        #expect(ratio < .whole)
    }
}
